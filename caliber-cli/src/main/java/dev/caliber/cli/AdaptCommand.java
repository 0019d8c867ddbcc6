package dev.caliber.cli;

import dev.caliber.api.RunFile;
import dev.caliber.api.source.CorpusAndQueries;
import dev.caliber.api.source.GeneralInputs;
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
            + "rank. No k: the document cutoff stays with 'evaluate'. Missing queries stay missing.",
        "The queries are the protocol's as evaluate reads them: a protocol file, a BEIR folder, corpus and queries with a "
            + "split, or --qrels (every judged query, or --query-set), where a corpus is optional."},
    footer = {"", HelpSections.SEED})
final class AdaptCommand implements java.util.concurrent.Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Option(names = "--mapping", required = true, paramLabel = "FILE", description = "chunk_to_doc file: {chunk ID: doc ID}.")
  String mapping;

  @Option(names = "--run", required = true, paramLabel = "FILE",
      description = "Chunk run file: JSON {query ID: [chunk ID, ...]} or TREC lines (qid Q0 chunkid rank score tag, or qid chunkid rank), in file order.")
  String run;

  @Option(names = "--run-format", paramLabel = "FORMAT", defaultValue = "auto",
      description = "auto (JSON when the name ends in .json or .json.gz, CSV when it ends in .csv or .csv.gz, else TREC, as for evaluate's runs; standard input is JSON; default), json, trec or csv.")
  RunOptions.Format format;

  /** What to print. */
  enum Emit { full, run }

  @Option(names = "--emit", paramLabel = "WHAT", defaultValue = "full",
      description = "full: {adapter_sha256, document_runs, evidence} (default); run: only the document run, ready for 'evaluate --run'.")
  Emit emit;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> inputs = new ArrayList<>(protocolOptions.filesRead());
    inputs.add(mapping);
    inputs.add(run);
    output.requireSafeTarget(cl, inputs);
    // With judgments (TREC or JSON qrels), their query set is the queries that count, as evaluate's;
    // a corpus, when one is given, the documents the mapping may name.
    boolean withQrels = protocolOptions.source().qrels() != null;
    GeneralInputs judged = withQrels ? protocolOptions.general(cl, root.stdin()) : null;
    CorpusAndQueries p = withQrels ? null : protocolOptions.corpusAndQueries(cl, root.stdin());
    ChunkMapping map = ProtocolFiles.chunkMapping(Inputs.json(mapping, root.stdin(), protocolOptions.limits()));
    // Standard input has no name to tell: JSON, the seed's chunk-run form, unless --run-format says trec
    RunFile.Format f = format == RunOptions.Format.auto && dev.caliber.io.read.InputFiles.STDIN.equals(run)
        ? RunFile.Format.JSON : RunOptions.runFormat(format);
    Run chunks = new RunFile(run, null, f, false, protocolOptions.limits()).readChunkRun(root.stdin());
    AdaptedRun adapted = judged != null ? ChunkAdapter.adapt(judged.corpus(), judged.querySet(), judged.querySetSource(), map, chunks)
        : ChunkAdapter.adapt(p.corpus(), p.queries(), map, chunks, p.split());
    Object data = emit == Emit.full ? ReportJson.toData(adapted) : adapted.documentRun().asMap();
    output.write(cl.getOut(), ReportJson.render(data));
    return ExitCodes.OK;
  }
}
