package dev.caliber.cli;

import dev.caliber.api.ProtocolSource;
import dev.caliber.chunk.AdaptedRun;
import dev.caliber.chunk.ChunkAdapter;
import dev.caliber.chunk.ChunkMapping;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.protocol.Run;
import dev.caliber.report.ReportJson;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber adapt}: collapse a chunk-level run into a document-level run with provenance. */
@Command(
    name = "adapt",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Turn a chunk-level run into a document-level run, with the provenance of every position.",
        "Each document takes the rank of its first chunk (first-occurrence-document-v1); the evidence records every chunk "
            + "rank. No k: the document cutoff stays with 'evaluate'. Missing queries stay missing."},
    footer = {"", HelpSections.SEED})
final class AdaptCommand implements java.util.concurrent.Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Option(names = "--mapping", required = true, paramLabel = "FILE", description = "chunk_to_doc file: {chunk ID: doc ID}.")
  String mapping;

  @Option(names = "--run", required = true, paramLabel = "FILE", description = "Chunk run file: {query ID: [chunk ID, ...]}.")
  String run;

  /** What to print. */
  enum Emit { full, run }

  @Option(names = "--emit", paramLabel = "WHAT", defaultValue = "full",
      description = "full: {adapter_sha256, document_runs, evidence} (default); run: only the document run, ready for 'evaluate --run'.")
  Emit emit;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> inputs = new ArrayList<>(protocolOptions.inputs());
    inputs.add(mapping);
    inputs.add(Inputs.runFile(run));
    output.requireSafeTarget(cl, inputs);
    ProtocolSource.CorpusAndQueries p = protocolOptions.corpusAndQueries(cl, root.stdin());
    ChunkMapping map = ProtocolFiles.chunkMapping(Inputs.json(mapping, root.stdin(), protocolOptions.limits()));
    Run chunks = ProtocolFiles.chunkRun(Inputs.runName(run), Inputs.json(run, root.stdin(), protocolOptions.limits()));
    AdaptedRun adapted = ChunkAdapter.adapt(p.corpus(), p.queries(), map, chunks, p.split());
    Object data = emit == Emit.full ? ReportJson.toData(adapted) : adapted.documentRun().asMap();
    output.write(cl.getOut(), ReportJson.render(data));
    return ExitCodes.OK;
  }
}
