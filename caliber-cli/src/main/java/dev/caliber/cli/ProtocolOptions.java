package dev.caliber.cli;

import dev.caliber.io.BeirDataset;
import dev.caliber.io.BeirReader;
import dev.caliber.io.InputFiles;
import dev.caliber.io.text.InputLimits;
import dev.caliber.io.ProtocolFiles;
import dev.caliber.io.QueryListReader;
import dev.caliber.io.TrecQrelsReader;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Where the protocol comes from: one seed protocol file, a BEIR folder, or separate files (TREC or
 * JSON qrels, with optional JSON corpus and queries); and which queries count: a split, an explicit
 * query list, or (for bare qrels) every judged query.
 */
final class ProtocolOptions {
  @Option(names = "--protocol", paramLabel = "FILE",
      description = "Seed protocol file: {corpus, queries, qrels, split?, k?} (see docs/FORMATS.md).")
  String protocol;

  @Option(names = "--beir", paramLabel = "DIR", description = "BEIR dataset folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv.")
  String beir;

  @Option(names = "--corpus", paramLabel = "FILE", description = "Corpus file: {doc ID: text}.")
  String corpus;

  @Option(names = "--queries", paramLabel = "FILE", description = "Queries file: {query ID: {text, split}}.")
  String queries;

  @Option(names = "--qrels", paramLabel = "FILE",
      description = "Judgments: TREC qrels (qid iter docid label), or JSON {query ID: {doc ID: label}} when the name ends in .json(.gz). Gzip is read transparently.")
  String qrels;

  @Option(names = "--split", paramLabel = "NAME", description = "The split whose queries count (unless the protocol file fixes it).")
  String split;

  @Option(names = "--k", paramLabel = "N", description = "The seed report's cutoff k (unless the protocol file fixes it).")
  String k;

  @Option(names = "--query-set", paramLabel = "FILE",
      description = "The queries that count, one ID per line, when there is no queries file. Default with bare qrels: every judged query.")
  String querySet;

  /** The seed's inputs. */
  record Resolved(Protocol protocol, String split, int k) {}

  /** Corpus and queries (the adapter needs no judgments). */
  record CorpusAndQueries(Corpus corpus, Queries queries, String split) {}

  /** What the general evaluator needs. */
  record General(Qrels qrels, List<String> querySet, String querySetSource, Corpus corpus) {}

  /** Whether the inputs are the seed's JSON shapes (a protocol file, or JSON corpus/queries/qrels). */
  boolean seedShaped() {
    return beir == null && querySet == null
        && (protocol != null || (corpus != null && queries != null && qrels != null && isJson(qrels)));
  }

  static boolean isJson(String path) {
    String p = path.toLowerCase(java.util.Locale.ROOT);
    return p.endsWith(".json") || p.endsWith(".json.gz");
  }

  private void requireOneSource(CommandLine cl) {
    int sources = (protocol != null ? 1 : 0) + (beir != null ? 1 : 0)
        + (corpus != null || queries != null || qrels != null ? 1 : 0);
    if (sources != 1) {
      throw new CommandLine.ParameterException(cl, sources == 0
          ? "no protocol: give --protocol FILE, --beir DIR, or --qrels FILE (with optional --corpus and --queries)"
          : "give only one of --protocol, --beir, or --qrels/--corpus/--queries");
    }
  }

  /** Every input file named, for the one-stdin check. */
  List<String> inputs() {
    List<String> files = new ArrayList<>();
    for (String f : new String[] {protocol, corpus, queries, qrels, querySet}) {
      if (f != null) {
        files.add(f);
      }
    }
    return files;
  }

  Resolved read(CommandLine cl) throws IOException {
    requireOneSource(cl);
    if ((corpus != null || queries != null) && qrels == null) {
      throw new CommandLine.ParameterException(cl, "--qrels is required with --corpus and --queries");
    }
    if (!seedShaped()) {
      throw new CommandLine.ParameterException(cl,
          "the seed report needs the seed's JSON protocol (--protocol, or JSON --corpus, --queries and --qrels); "
              + "for other inputs give --measure or --compat trec_eval");
    }
    if (protocol != null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(Inputs.json(protocol));
      return new Resolved(file.protocol(), resolveSplit(cl, file.split()), resolveK(cl, file.k()));
    }
    String s = resolveSplit(cl, null);
    int kk = resolveK(cl, null);
    Protocol p = new Protocol(
        ProtocolFiles.corpus(Inputs.json(corpus)),
        ProtocolFiles.queries(Inputs.json(queries)),
        ProtocolFiles.qrels(Inputs.json(qrels)));
    return new Resolved(p, s, kk);
  }

  CorpusAndQueries readCorpusAndQueries(CommandLine cl) throws IOException {
    if (k != null || qrels != null || querySet != null) {
      throw new CommandLine.ParameterException(cl, (k != null ? "--k" : qrels != null ? "--qrels" : "--query-set")
          + " does not apply here: the adapter has no cutoff and needs no judgments");
    }
    if (protocol != null && beir == null && corpus == null && queries == null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(Inputs.json(protocol));
      return new CorpusAndQueries(file.protocol().corpus(), file.protocol().queries(), resolveSplit(cl, file.split()));
    }
    if (beir != null && protocol == null && corpus == null && queries == null) {
      String s = resolveSplit(cl, null);
      BeirDataset data = BeirReader.read(Path.of(beir), s);
      return new CorpusAndQueries(data.corpus(), data.queries(), s);
    }
    if (corpus == null || queries == null || protocol != null || beir != null) {
      throw new CommandLine.ParameterException(cl, "give --protocol FILE, --beir DIR, or both --corpus and --queries");
    }
    Corpus c = ProtocolFiles.corpus(Inputs.json(corpus));
    Queries q = ProtocolFiles.queries(Inputs.json(queries));
    return new CorpusAndQueries(c, q, resolveSplit(cl, null));
  }

  General readGeneral(CommandLine cl) throws IOException {
    requireOneSource(cl);
    if (k != null) {
      throw new CommandLine.ParameterException(cl,
          "--k sets the seed report's cutoff; with --measure, put the cutoff in the measure name (R@10, nDCG@10)");
    }
    if (protocol != null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(Inputs.json(protocol));
      rejectQuerySet(cl);
      String s = resolveSplit(cl, file.split());
      return new General(file.protocol().qrels(), file.protocol().queries().inSplit(s),
          splitSource(s), file.protocol().corpus());
    }
    if (beir != null) {
      rejectQuerySet(cl);
      String s = resolveSplit(cl, null);
      BeirDataset data = BeirReader.read(Path.of(beir), s);
      return new General(data.qrels(), data.queries().inSplit(s), splitSource(s), data.corpus());
    }
    if (qrels == null) {
      throw new CommandLine.ParameterException(cl, "--qrels is required with --corpus and --queries");
    }
    Qrels judgments = isJson(qrels)
        ? ProtocolFiles.qrels(Inputs.json(qrels))
        : TrecQrelsReader.read(qrels, Caliber.stdin, InputLimits.DEFAULT);
    Corpus c = corpus == null ? null : ProtocolFiles.corpus(Inputs.json(corpus));
    if (queries != null) {
      rejectQuerySet(cl);
      String s = resolveSplit(cl, null);
      Queries q = ProtocolFiles.queries(Inputs.json(queries));
      return new General(judgments, q.inSplit(s), splitSource(s), c);
    }
    if (split != null) {
      throw new CommandLine.ParameterException(cl, "--split needs queries with splits (--queries, --protocol or --beir); use --query-set FILE for a list");
    }
    if (querySet != null) {
      List<String> ids = QueryListReader.read(querySet, Caliber.stdin, InputLimits.DEFAULT);
      return new General(judgments, ids, "the " + ids.size() + " queries listed in " + InputFiles.fileName(querySet), c);
    }
    List<String> ids = new ArrayList<>(judgments.queryIds());
    ids.sort(PyJson.CODE_POINT_ORDER);
    return new General(judgments, ids, "every query judged in " + InputFiles.fileName(qrels) + " (" + ids.size() + ")", c);
  }

  /**
   * How a split-based query set is named in results: the split and the file's name (not its
   * path), so reports do not depend on where the files lie.
   */
  String splitSource(String s) {
    String file = protocol != null ? protocol : beir != null ? beir : queries;
    String name = file == null || "-".equals(file) ? "standard input" : InputFiles.fileName(file);
    return "split " + s + " of " + name;
  }

  private void rejectQuerySet(CommandLine cl) {
    if (querySet != null) {
      throw new CommandLine.ParameterException(cl, "--query-set applies to bare qrels; with queries that have splits, use --split");
    }
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
