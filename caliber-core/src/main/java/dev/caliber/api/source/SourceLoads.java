package dev.caliber.api.source;

import dev.caliber.api.source.ProtocolSourceException.Problem;
import dev.caliber.io.read.BeirDataset;
import dev.caliber.io.read.BeirReader;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.io.read.QueryListReader;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The three loads of a {@link ProtocolSource}, with the checks of which parts make a protocol, in
 * their fixed order: some run only once the protocol file has been read (what it fixes decides),
 * so a malformed file is reported before what it would have settled.
 */
final class SourceLoads {
  private final ProtocolSource s;
  private final InputStream stdin;

  SourceLoads(ProtocolSource source, InputStream stdin) {
    this.s = source;
    this.stdin = stdin;
  }

  /** See {@link ProtocolSource#seed(InputStream)}. */
  SeedProtocol seed() throws IOException {
    s.requireOneSource();
    if ((s.corpus() != null || s.queries() != null) && s.qrels() == null) {
      throw new ProtocolSourceException(Problem.QRELS_REQUIRED);
    }
    if (!s.seedShaped() || s.subtopicQrels()) {
      throw new ProtocolSourceException(Problem.NOT_SEED_SHAPED);
    }
    if (s.protocol() != null) {
      ProtocolFiles.ProtocolFile file = protocolFile();
      String split = resolveSplit(file.split());
      return new SeedProtocol(file.protocol(), split, resolveK(file.k()), s.splitSource(split));
    }
    String split = resolveSplit(null);
    int k = resolveK(null);
    Protocol p = new Protocol(corpus(s.corpus()), queries(s.queries()), ProtocolFiles.qrels(ProtocolFiles.readJson(s.qrels(), stdin, s.limits())));
    return new SeedProtocol(p, split, k, s.splitSource(split));
  }

  /** See {@link ProtocolSource#corpusAndQueries(InputStream)}. */
  CorpusAndQueries corpusAndQueries() throws IOException {
    if (s.k() != null) {
      throw new ProtocolSourceException(Problem.K_NOT_FOR_ADAPTER);
    }
    if (s.qrels() != null) {
      throw new ProtocolSourceException(Problem.QRELS_NOT_FOR_ADAPTER);
    }
    if (s.querySet() != null) {
      throw new ProtocolSourceException(Problem.QUERY_SET_NOT_FOR_ADAPTER);
    }
    boolean files = s.corpus() != null || s.queries() != null;
    if (s.protocol() != null && s.beir() == null && !files) {
      ProtocolFiles.ProtocolFile file = protocolFile();
      return new CorpusAndQueries(file.protocol().corpus(), file.protocol().queries(), resolveSplit(file.split()));
    }
    if (s.beir() != null && s.protocol() == null && !files) {
      String split = resolveSplit(onlySplit());
      BeirDataset data = BeirReader.read(Path.of(s.beir()), split, s.limits());
      return new CorpusAndQueries(data.corpus(), data.queries(), split);
    }
    if (s.corpus() == null || s.queries() == null || s.protocol() != null || s.beir() != null) {
      throw new ProtocolSourceException(Problem.ADAPTER_NEEDS_CORPUS_AND_QUERIES);
    }
    Corpus c = corpus(s.corpus());
    Queries q = queries(s.queries());
    return new CorpusAndQueries(c, q, resolveSplit(null));
  }

  /** See {@link ProtocolSource#general(InputStream)}. */
  GeneralInputs general() throws IOException {
    s.requireOneSource();
    if ((s.corpus() != null || s.queries() != null) && s.qrels() == null) {
      throw new ProtocolSourceException(Problem.QRELS_REQUIRED);
    }
    if (s.k() != null) {
      throw new ProtocolSourceException(Problem.K_WITHOUT_SEED_REPORT);
    }
    if (s.subtopicQrels() && s.qrels() == null) {
      throw new ProtocolSourceException(Problem.SUBTOPICS_NEED_QRELS_FILE);
    }
    if (s.protocol() != null) {
      ProtocolFiles.ProtocolFile file = protocolFile();
      rejectQuerySet();
      String split = resolveSplit(file.split());
      Protocol p = file.protocol();
      return new GeneralInputs(p.qrels(), p.queries().inSplit(split), s.splitSource(split), p.corpus());
    }
    if (s.beir() != null) {
      rejectQuerySet();
      String split = resolveSplit(onlySplit());
      BeirDataset data = BeirReader.read(Path.of(s.beir()), split, s.limits());
      return new GeneralInputs(data.qrels(), data.queries().inSplit(split), s.splitSource(split), data.corpus());
    }
    if (s.qrels() == null) {
      throw new ProtocolSourceException(Problem.QRELS_REQUIRED);
    }
    Qrels judgments = JudgmentFiles.readQrels(s, stdin);
    Corpus c = s.corpus() == null ? null : corpus(s.corpus());
    if (s.queries() != null) {
      rejectQuerySet();
      String split = resolveSplit(null);
      return new GeneralInputs(judgments, queries(s.queries()).inSplit(split), s.splitSource(split), c);
    }
    if (s.split() != null) {
      throw new ProtocolSourceException(Problem.SPLIT_WITHOUT_SPLITS, s.split(), null);
    }
    if (s.querySet() != null) {
      List<String> ids = QueryListReader.read(s.querySet(), stdin, s.limits());
      return new GeneralInputs(judgments, ids, QueryListReader.source(s.querySet(), ids), c);
    }
    return GeneralInputs.everyJudgedQuery(judgments, InputFiles.fileName(s.qrels()), c);
  }

  private ProtocolFiles.ProtocolFile protocolFile() throws IOException {
    return ProtocolFiles.protocol(ProtocolFiles.readJson(s.protocol(), stdin, s.limits()));
  }

  private Corpus corpus(String path) throws IOException {
    return ProtocolFiles.corpus(ProtocolFiles.readJson(path, stdin, s.limits()));
  }

  private Queries queries(String path) throws IOException {
    return ProtocolFiles.queries(ProtocolFiles.readJson(path, stdin, s.limits()));
  }

  private void rejectQuerySet() {
    if (s.querySet() != null) {
      throw new ProtocolSourceException(Problem.QUERY_SET_WITH_SPLITS);
    }
  }

  /**
   * The BEIR folder's one split when no split is given (a folder with one split uses it), else
   * null; with several splits and none given, {@link Problem#NO_SPLIT} naming them.
   */
  private String onlySplit() throws IOException {
    if (s.split() != null) {
      return null;
    }
    java.util.Set<String> splits = BeirReader.splits(Path.of(s.beir()));
    if (splits.size() == 1) {
      return splits.iterator().next();
    }
    throw new ProtocolSourceException(Problem.NO_SPLIT, null, splits.isEmpty() ? null : String.join(", ", splits));
  }

  private String resolveSplit(String fixed) {
    String split = s.split();
    if (fixed != null && split != null && !fixed.equals(split)) {
      throw new ProtocolSourceException(Problem.SPLIT_CONTRADICTS, split, fixed);
    }
    String resolved = fixed != null ? fixed : split;
    if (resolved == null) {
      throw new ProtocolSourceException(Problem.NO_SPLIT);
    }
    if (resolved.isEmpty()) {
      throw new ProtocolSourceException(Problem.EMPTY_SPLIT, resolved, null);
    }
    return resolved;
  }

  private int resolveK(Integer fixed) {
    Integer given = s.k();
    if (fixed != null && given != null && !fixed.equals(given)) {
      throw new ProtocolSourceException(Problem.K_CONTRADICTS, given.toString(), fixed.toString());
    }
    Integer resolved = fixed != null ? fixed : given;
    if (resolved == null) {
      throw new ProtocolSourceException(Problem.NO_K);
    }
    return resolved;
  }
}
