package dev.caliber.cli;

import dev.caliber.io.ProtocolFiles;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Queries;
import java.io.IOException;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/**
 * The protocol a command works under: either one protocol file, or its parts in separate files;
 * plus the split and k when the protocol file does not fix them.
 */
final class ProtocolOptions {
  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  static final class Source {
    @Option(names = "--protocol", paramLabel = "FILE",
        description = "Protocol file: {corpus, queries, qrels, split?, k?} (see docs/FORMATS.md).")
    String protocol;

    @ArgGroup(exclusive = false)
    Parts parts;
  }

  static final class Parts {
    @Option(names = "--corpus", required = true, paramLabel = "FILE", description = "Corpus file: {doc ID: text}.")
    String corpus;

    @Option(names = "--queries", required = true, paramLabel = "FILE", description = "Queries file: {query ID: {text, split}}.")
    String queries;

    @Option(names = "--qrels", paramLabel = "FILE", description = "Judgments file: {query ID: {doc ID: 0|1}}.")
    String qrels;
  }

  @Option(names = "--split", paramLabel = "NAME", description = "The split whose queries count (unless the protocol file fixes it).")
  String split;

  @Option(names = "--k", paramLabel = "N", description = "The cutoff k, a positive integer (unless the protocol file fixes it).")
  String k;

  /** What the files say, with split and k resolved against the command line. */
  record Resolved(Protocol protocol, String split, int k) {}

  /** Reads corpus and queries only (the adapter needs no judgments). */
  record CorpusAndQueries(Corpus corpus, Queries queries, String split) {}

  CorpusAndQueries readCorpusAndQueries(CommandLine cl) throws IOException {
    if (source.protocol != null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(Inputs.json(source.protocol));
      return new CorpusAndQueries(file.protocol().corpus(), file.protocol().queries(), resolveSplit(cl, file.split()));
    }
    Corpus corpus = ProtocolFiles.corpus(Inputs.json(source.parts.corpus));
    Queries queries = ProtocolFiles.queries(Inputs.json(source.parts.queries));
    return new CorpusAndQueries(corpus, queries, resolveSplit(cl, null));
  }

  Resolved read(CommandLine cl) throws IOException {
    if (source.protocol != null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(Inputs.json(source.protocol));
      return new Resolved(file.protocol(), resolveSplit(cl, file.split()), resolveK(cl, file.k()));
    }
    if (source.parts.qrels == null) {
      throw new CommandLine.ParameterException(cl, "--qrels is required with --corpus and --queries");
    }
    String split = resolveSplit(cl, null);
    int k = resolveK(cl, null);
    Protocol protocol = new Protocol(
        ProtocolFiles.corpus(Inputs.json(source.parts.corpus)),
        ProtocolFiles.queries(Inputs.json(source.parts.queries)),
        ProtocolFiles.qrels(Inputs.json(source.parts.qrels)));
    return new Resolved(protocol, split, k);
  }

  private String resolveSplit(CommandLine cl, String fixed) {
    if (fixed != null && split != null && !fixed.equals(split)) {
      throw new CommandLine.ParameterException(cl,
          "--split " + split + " contradicts the protocol file, which fixes split " + fixed);
    }
    String s = fixed != null ? fixed : split;
    if (s == null) {
      throw new CommandLine.ParameterException(cl, "no split: give --split or fix \"split\" in the protocol file");
    }
    if (s.isEmpty()) {
      throw new CommandLine.ParameterException(cl, "--split: split must be a nonempty string");
    }
    return s;
  }

  private int resolveK(CommandLine cl, Integer fixed) {
    Integer given = k == null ? null : parseK(cl, k);
    if (fixed != null && given != null && !fixed.equals(given)) {
      throw new CommandLine.ParameterException(cl, "--k " + given + " contradicts the protocol file, which fixes k " + fixed);
    }
    Integer resolved = fixed != null ? fixed : given;
    if (resolved == null) {
      throw new CommandLine.ParameterException(cl, "no k: give --k or fix \"k\" in the protocol file");
    }
    return resolved;
  }

  static int parseK(CommandLine cl, String text) {
    if (text.matches("[0-9]{1,9}") && Integer.parseInt(text) >= 1) {
      return Integer.parseInt(text);
    }
    throw new CommandLine.ParameterException(cl,
        "--k: k must be a positive integer (got \"" + text + "\"; expected an integer >= 1 such as 10)");
  }
}
