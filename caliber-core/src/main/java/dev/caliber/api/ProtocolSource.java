package dev.caliber.api;

import dev.caliber.api.ProtocolSourceException.Problem;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.BeirDataset;
import dev.caliber.io.read.BeirReader;
import dev.caliber.io.read.CsvReader;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.LabelsReader;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.io.read.QueryListReader;
import dev.caliber.io.read.SubtopicQrelsReader;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a protocol comes from, as files, and which queries count: one seed protocol file, a BEIR
 * folder, or separate files (TREC or JSON qrels, with an optional JSON corpus and JSON queries);
 * a split, an explicit query list, or (for bare qrels) every judged query. Every path may be
 * {@code -}, standard input. Nothing is read until one of the three loads asks:
 *
 * <ul>
 *   <li>{@link #general} for any measure and policy ({@link General#protocol} makes the {@link
 *       dev.caliber.protocol.EvalProtocol});
 *   <li>{@link #seed} for the seed's report (the seed's JSON shapes, a split and a k: {@link SeedProtocol});
 *   <li>{@link #corpusAndQueries} for the chunk adapter (no judgments).
 * </ul>
 *
 * <p>A combination of parts that does not make a protocol is a {@link ProtocolSourceException}
 * naming the rule; the checks run in a fixed order, some only once the protocol file has been read
 * (what it fixes decides), so a malformed file is reported before what it would have settled.
 *
 * @param protocol a seed protocol file ({@code {corpus, queries, qrels, split?, k?}}), or null
 * @param beir a BEIR dataset folder (corpus.jsonl, queries.jsonl, qrels/SPLIT.tsv), or null
 * @param corpus a JSON corpus file ({@code {doc ID: text}}), or null
 * @param queries a JSON queries file ({@code {query ID: {text, split}}}), or null
 * @param qrels qrels: TREC ({@code qid iter docid label}), or JSON ({@code {query: {doc: label}}})
 *     when the name ends in {@code .json} or {@code .json.gz}; or null
 * @param split the split whose queries count, or null (a protocol file may fix it)
 * @param k the seed report's cutoff as text (as a command line gives it; parsed only where the
 *     seed report needs it, and then a positive integer), or null (a protocol file may fix it)
 * @param querySet a file of query IDs, one per line, that count with bare qrels, or null
 * @param limits what each file may cost ({@link InputLimits}; a corpus's lines get {@link
 *     InputLimits#forDocuments()}); not null
 * @param subtopicQrels whether {@code qrels} holds subtopic judgments ({@code qid subtopic docid
 *     label}, the TREC Web track's diversity qrels) rather than trec_eval's or JSON
 * @param labelSources for judgments with sources (a labels table or JSON Lines), the sources that
 *     count, highest precedence first: where several label one pair, the first listed wins, and
 *     labels of unlisted sources do not count; empty for every source, with no pair labelled by
 *     two. Not null
 */
public record ProtocolSource(
    String protocol, String beir, String corpus, String queries, String qrels, String split, String k, String querySet,
    InputLimits limits, boolean subtopicQrels, List<String> labelSources) {

  /**
   * Validates.
   *
   * @param protocol a seed protocol file, or null
   * @param beir a BEIR dataset folder, or null
   * @param corpus a JSON corpus file, or null
   * @param queries a JSON queries file, or null
   * @param qrels a TREC or JSON qrels file, or null
   * @param split the split whose queries count, or null
   * @param k the seed report's cutoff as text, or null
   * @param querySet a file of query IDs that count with bare qrels, or null
   * @param limits what each file may cost, not null
   * @param subtopicQrels whether the qrels file holds subtopic judgments
   * @param labelSources the sources that count, highest first; empty for every source
   * @throws NullPointerException if {@code limits} or {@code labelSources} is null
   * @throws IllegalArgumentException if a source is empty or listed twice
   */
  public ProtocolSource {
    java.util.Objects.requireNonNull(limits, "limits");
    labelSources = List.copyOf(labelSources);
    if (new java.util.HashSet<>(labelSources).size() != labelSources.size() || labelSources.contains("")) {
      throw new IllegalArgumentException("illegal label sources: " + labelSources + ", expected distinct non-empty names");
    }
  }

  /**
   * A source whose judgments, if they name sources, all count.
   *
   * @param protocol a seed protocol file, or null
   * @param beir a BEIR dataset folder, or null
   * @param corpus a JSON corpus file, or null
   * @param queries a JSON queries file, or null
   * @param qrels a judgments file, or null
   * @param split the split whose queries count, or null
   * @param k the seed report's cutoff as text, or null
   * @param querySet a file of query IDs that count with bare qrels, or null
   * @param limits what each file may cost, not null
   * @param subtopicQrels whether the qrels file holds subtopic judgments
   */
  public ProtocolSource(
      String protocol, String beir, String corpus, String queries, String qrels, String split, String k, String querySet,
      InputLimits limits, boolean subtopicQrels) {
    this(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, List.of());
  }

  /**
   * This source with a source precedence for judgments that name their sources.
   *
   * @param sources the sources that count, highest first; empty for every source
   * @return a new source, otherwise equal to this one
   * @throws IllegalArgumentException if a source is empty or listed twice
   */
  public ProtocolSource withLabelSources(List<String> sources) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, sources);
  }

  /**
   * A source whose qrels, if any, are trec_eval's or JSON.
   *
   * @param protocol a seed protocol file, or null
   * @param beir a BEIR dataset folder, or null
   * @param corpus a JSON corpus file, or null
   * @param queries a JSON queries file, or null
   * @param qrels a TREC or JSON qrels file, or null
   * @param split the split whose queries count, or null
   * @param k the seed report's cutoff as text, or null
   * @param querySet a file of query IDs that count with bare qrels, or null
   * @param limits what each file may cost, not null
   */
  public ProtocolSource(
      String protocol, String beir, String corpus, String queries, String qrels, String split, String k, String querySet,
      InputLimits limits) {
    this(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, false);
  }

  /**
   * This source with the qrels file read as subtopic judgments ({@code qid subtopic docid label}),
   * for the intent-aware measures, or not.
   *
   * @param subtopics whether the qrels file holds subtopic judgments
   * @return a new source, otherwise equal to this one
   */
  public ProtocolSource withSubtopicQrels(boolean subtopics) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, subtopics, labelSources);
  }

  /**
   * A source with {@link InputLimits#DEFAULT}.
   *
   * @param protocol a seed protocol file, or null
   * @param beir a BEIR dataset folder, or null
   * @param corpus a JSON corpus file, or null
   * @param queries a JSON queries file, or null
   * @param qrels a TREC or JSON qrels file, or null
   * @param split the split whose queries count, or null
   * @param k the seed report's cutoff as text, or null
   * @param querySet a file of query IDs that count with bare qrels, or null
   */
  public ProtocolSource(
      String protocol, String beir, String corpus, String queries, String qrels, String split, String k, String querySet) {
    this(protocol, beir, corpus, queries, qrels, split, k, querySet, InputLimits.DEFAULT);
  }

  /**
   * This source with other input limits.
   *
   * @param bounds what each file may cost, not null
   * @return a new source, otherwise equal to this one
   */
  public ProtocolSource withLimits(InputLimits bounds) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, bounds, subtopicQrels, labelSources);
  }

  /**
   * No part yet: start here and add parts with the {@code with} methods.
   *
   * @return a source with every part null, which no load accepts as it is
   */
  public static ProtocolSource none() {
    return new ProtocolSource(null, null, null, null, null, null, null, null);
  }

  /**
   * A seed protocol file, which may fix the split and k.
   *
   * @param file the protocol file, not null; not read yet
   * @return a source with only the protocol file
   */
  public static ProtocolSource protocolFile(Path file) {
    return none().withProtocol(file.toString());
  }

  /**
   * A BEIR folder and the split whose queries and qrels count.
   *
   * @param folder the dataset folder, not null; not read yet
   * @param split the split, such as {@code "test"}; its qrels are {@code qrels/SPLIT.tsv}
   * @return a source with the folder and the split
   */
  public static ProtocolSource beir(Path folder, String split) {
    return none().withBeir(folder.toString()).withSplit(split);
  }

  /**
   * Bare qrels (TREC, or JSON by name): every judged query counts unless a query set is given.
   *
   * @param file the qrels file, not null; not read yet
   * @return a source with only the qrels
   */
  public static ProtocolSource qrels(Path file) {
    return none().withQrels(file.toString());
  }

  /**
   * This source with a protocol file (a path or {@code -}).
   *
   * @param path a seed protocol file's path or {@code -}; null to remove it
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withProtocol(String path) {
    return new ProtocolSource(path, beir, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with a BEIR folder.
   *
   * @param folder a BEIR dataset folder's path; null to remove it
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withBeir(String folder) {
    return new ProtocolSource(protocol, folder, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with a JSON corpus file (a path or {@code -}).
   *
   * @param path a JSON corpus file's path or {@code -}; null to remove it
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withCorpus(String path) {
    return new ProtocolSource(protocol, beir, path, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with a JSON queries file (a path or {@code -}).
   *
   * @param path a JSON queries file's path or {@code -}; null to remove it
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withQueries(String path) {
    return new ProtocolSource(protocol, beir, corpus, path, qrels, split, k, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with a qrels file (a path or {@code -}).
   *
   * @param path a qrels file's path or {@code -}, JSON by name; null to remove it
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withQrels(String path) {
    return new ProtocolSource(protocol, beir, corpus, queries, path, split, k, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with a split.
   *
   * @param name the split whose queries count; null for none (a protocol file may fix it). An
   *     empty one is rejected when loaded
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withSplit(String name) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, name, k, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with the seed report's cutoff as text, checked when it is used.
   *
   * @param text k as a command line gives it; null for none. Parsed only by {@link #seed}, which
   *     needs a positive integer
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withK(String text) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, text, querySet, limits, subtopicQrels, labelSources);
  }

  /**
   * This source with the seed report's cutoff.
   *
   * @param cutoff k, positive
   * @return a new source, otherwise equal to this one
   * @throws ProtocolSourceException ({@link Problem#ILLEGAL_K}) if {@code cutoff < 1}
   */
  public ProtocolSource withK(int cutoff) {
    if (cutoff < 1) {
      throw new ProtocolSourceException(Problem.ILLEGAL_K, Integer.toString(cutoff), null);
    }
    return withK(Integer.toString(cutoff));
  }

  /**
   * This source with a query list file (a path or {@code -}).
   *
   * @param path a file of query IDs, one per line, or {@code -}; null to remove it
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withQuerySet(String path) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, path, limits, subtopicQrels, labelSources);
  }

  /**
   * Corpus and queries, for the chunk adapter.
   *
   * @param corpus the documents
   * @param queries the queries with their splits
   * @param split the split the adapter keeps
   */
  public record CorpusAndQueries(Corpus corpus, Queries queries, String split) {}

  /**
   * What the general evaluator needs besides the policy and the measures.
   *
   * @param qrels the judgments
   * @param querySet the query IDs that count, in report order
   * @param querySetSource how the query set was fixed, e.g. {@code every query judged in qrels.txt (52)}
   * @param corpus the corpus, or null when there is none (TREC files)
   */
  public record General(Qrels qrels, List<String> querySet, String querySetSource, Corpus corpus) {
    /**
     * Copies the query set.
     *
     * @param qrels the judgments
     * @param querySet the query IDs that count, in report order; not null, no null element
     * @param querySetSource how the query set was fixed
     * @param corpus the corpus, or null when there is none
     * @throws NullPointerException if {@code querySet} or one of its IDs is null
     */
    public General {
      querySet = List.copyOf(querySet);
    }

    /**
     * The protocol under a policy with measures.
     *
     * @param policy every rule that changes a number, not null
     * @param measures the measures in report order, at least one; repeats are dropped
     * @return the protocol over this query set, with this corpus
     * @throws IllegalArgumentException if no measure is given, or a query of the set repeats
     * @throws NullPointerException if {@code policy}, {@code measures} or a measure is null
     */
    public EvalProtocol protocol(Policy policy, List<Measure> measures) {
      return new EvalProtocol(qrels, querySet, querySetSource, corpus, policy, measures);
    }

    /**
     * Bare qrels' query set: every judged query, in code point order, described as {@code every
     * query judged in NAME (N)}.
     *
     * @param qrels the judgments, not null
     * @param fileName the qrels file's name (without its directory), as reports name it
     * @param corpus the corpus, or null when there is none
     * @return the judgments with every judged query as the query set
     */
    public static General everyJudgedQuery(Qrels qrels, String fileName, Corpus corpus) {
      return new General(qrels, judgedQueries(qrels),
          "every query judged in " + fileName + " (" + qrels.queryCount() + ")", corpus);
    }
  }

  /**
   * Whether the parts are the seed's JSON shapes: a protocol file, or JSON corpus, queries and
   * qrels. Reads nothing; a front end asks this to choose between the seed report and the general
   * one.
   *
   * @return true when {@link #seed} may accept the parts; false with a BEIR folder or a query set
   */
  public boolean seedShaped() {
    return beir == null && querySet == null
        && (protocol != null || (corpus != null && queries != null && qrels != null && InputFiles.isJsonName(qrels)));
  }

  /**
   * Whether the judgments are TREC, BEIR or CSV qrels, the pooled judgments trec_eval users (and
   * Quepid's) have, rather than the seed's JSON: a BEIR folder, or a qrels file not named as JSON,
   * without a protocol file. Reads nothing; a front end asks this to choose the rules those users
   * expect ({@link Preset#chosen}). JSON judgments, of either shape, keep the seed's strict rules.
   *
   * @return true for a BEIR folder, TREC or CSV qrels (with or without corpus, queries or a query
   *     set)
   */
  public boolean trecJudgments() {
    return protocol == null && (beir != null || qrels != null && !InputFiles.isJsonName(qrels));
  }

  /**
   * How the judgments came, in a note's words: {@code BEIR qrels}, {@code TREC qrels}, {@code CSV
   * judgments} or {@code JSON judgments}.
   *
   * @return a short phrase, never null
   */
  public String judgmentsKind() {
    return beir != null ? "BEIR qrels" : !trecJudgments() ? "JSON judgments"
        : InputFiles.isCsvName(qrels) ? "CSV judgments" : "TREC qrels";
  }

  /**
   * Every input file named (not the BEIR folder), in a fixed order: a caller checks that at most
   * one is {@code -}.
   *
   * @return a new list of the non-null paths among protocol, corpus, queries, qrels and query set,
   *     in that order; empty when none is given
   */
  public List<String> files() {
    List<String> files = new ArrayList<>();
    for (String f : new String[] {protocol, corpus, queries, qrels, querySet}) {
      if (f != null) {
        files.add(f);
      }
    }
    return files;
  }

  /**
   * {@link #seed(InputStream)} with {@link System#in} as what {@code -} reads.
   *
   * @return the seed's protocol, split and k
   * @throws ProtocolSourceException as {@link #seed(InputStream)}
   * @throws IOException if a file cannot be read
   */
  public SeedProtocol seed() throws IOException {
    return seed(System.in);
  }

  /**
   * Reads the seed's inputs.
   *
   * @param stdin what {@code -} reads
   * @return the protocol with the split and k resolved (given, or fixed by the protocol file); not
   *     yet checked against the seed's rules
   * @throws ProtocolSourceException if the parts are not the seed's, or split or k is missing,
   *     contradicts the protocol file or is malformed
   * @throws dev.caliber.error.CaliberInputException if a file is malformed
   * @throws IOException if a file cannot be read
   */
  public SeedProtocol seed(InputStream stdin) throws IOException {
    requireOneSource();
    if ((corpus != null || queries != null) && qrels == null) {
      throw new ProtocolSourceException(Problem.QRELS_REQUIRED);
    }
    if (!seedShaped() || subtopicQrels) {
      throw new ProtocolSourceException(Problem.NOT_SEED_SHAPED);
    }
    if (protocol != null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(ProtocolFiles.readJson(protocol, stdin, limits));
      String s = resolveSplit(file.split());
      return new SeedProtocol(file.protocol(), s, resolveK(file.k()), splitSource(s));
    }
    String s = resolveSplit(null);
    int kk = resolveK(null);
    Protocol p = new Protocol(
        ProtocolFiles.corpus(ProtocolFiles.readJson(corpus, stdin, limits)),
        ProtocolFiles.queries(ProtocolFiles.readJson(queries, stdin, limits)),
        ProtocolFiles.qrels(ProtocolFiles.readJson(qrels, stdin, limits)));
    return new SeedProtocol(p, s, kk, splitSource(s));
  }

  /**
   * {@link #corpusAndQueries(InputStream)} with {@link System#in} as what {@code -} reads.
   *
   * @return the corpus, the queries and the resolved split
   * @throws ProtocolSourceException as {@link #corpusAndQueries(InputStream)}
   * @throws IOException if a file cannot be read
   */
  public CorpusAndQueries corpusAndQueries() throws IOException {
    return corpusAndQueries(System.in);
  }

  /**
   * Reads corpus and queries for the chunk adapter.
   *
   * @param stdin what {@code -} reads
   * @return the corpus, the queries and the split (given, or fixed by the protocol file)
   * @throws ProtocolSourceException if k, qrels or a query set is given, the sources are not one
   *     protocol file, one BEIR folder or both corpus and queries, or the split is missing,
   *     contradicts the protocol file or is empty
   * @throws dev.caliber.error.CaliberInputException if a file is malformed
   * @throws IOException if a file cannot be read
   */
  public CorpusAndQueries corpusAndQueries(InputStream stdin) throws IOException {
    if (k != null) {
      throw new ProtocolSourceException(Problem.K_NOT_FOR_ADAPTER);
    }
    if (qrels != null) {
      throw new ProtocolSourceException(Problem.QRELS_NOT_FOR_ADAPTER);
    }
    if (querySet != null) {
      throw new ProtocolSourceException(Problem.QUERY_SET_NOT_FOR_ADAPTER);
    }
    if (protocol != null && beir == null && corpus == null && queries == null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(ProtocolFiles.readJson(protocol, stdin, limits));
      return new CorpusAndQueries(file.protocol().corpus(), file.protocol().queries(), resolveSplit(file.split()));
    }
    if (beir != null && protocol == null && corpus == null && queries == null) {
      String s = resolveSplit(onlySplit());
      BeirDataset data = BeirReader.read(Path.of(beir), s, limits);
      return new CorpusAndQueries(data.corpus(), data.queries(), s);
    }
    if (corpus == null || queries == null || protocol != null || beir != null) {
      throw new ProtocolSourceException(Problem.ADAPTER_NEEDS_CORPUS_AND_QUERIES);
    }
    Corpus c = ProtocolFiles.corpus(ProtocolFiles.readJson(corpus, stdin, limits));
    Queries q = ProtocolFiles.queries(ProtocolFiles.readJson(queries, stdin, limits));
    return new CorpusAndQueries(c, q, resolveSplit(null));
  }

  /**
   * {@link #general(InputStream)} with {@link System#in} as what {@code -} reads.
   *
   * @return the judgments, the query set and its description, and the corpus when there is one
   * @throws ProtocolSourceException as {@link #general(InputStream)}
   * @throws IOException if a file cannot be read
   */
  public General general() throws IOException {
    return general(System.in);
  }

  /**
   * Reads what the general evaluator needs. The query set is the split's queries when the queries
   * have splits (protocol file, BEIR folder, queries file); with bare qrels, the query list file's
   * queries, or else every judged query in code point order.
   *
   * @param stdin what {@code -} reads
   * @return the judgments, the query set and its description, and the corpus (null for bare qrels
   *     without a corpus file)
   * @throws ProtocolSourceException if there is no source or several, k is given, qrels are
   *     missing, a query set is given with splits or a split without them, or the split is
   *     missing, contradicts the protocol file or is empty
   * @throws dev.caliber.error.CaliberInputException if a file is malformed
   * @throws IOException if a file cannot be read
   */
  public General general(InputStream stdin) throws IOException {
    requireOneSource();
    if ((corpus != null || queries != null) && qrels == null) {
      throw new ProtocolSourceException(Problem.QRELS_REQUIRED);
    }
    if (k != null) {
      throw new ProtocolSourceException(Problem.K_WITHOUT_SEED_REPORT);
    }
    if (subtopicQrels && qrels == null) {
      throw new ProtocolSourceException(Problem.SUBTOPICS_NEED_QRELS_FILE);
    }
    if (protocol != null) {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(ProtocolFiles.readJson(protocol, stdin, limits));
      rejectQuerySet();
      String s = resolveSplit(file.split());
      return new General(file.protocol().qrels(), file.protocol().queries().inSplit(s), splitSource(s), file.protocol().corpus());
    }
    if (beir != null) {
      rejectQuerySet();
      String s = resolveSplit(onlySplit());
      BeirDataset data = BeirReader.read(Path.of(beir), s, limits);
      return new General(data.qrels(), data.queries().inSplit(s), splitSource(s), data.corpus());
    }
    if (qrels == null) {
      throw new ProtocolSourceException(Problem.QRELS_REQUIRED);
    }
    Qrels judgments = readQrels(stdin);
    Corpus c = corpus == null ? null : ProtocolFiles.corpus(ProtocolFiles.readJson(corpus, stdin, limits));
    if (queries != null) {
      rejectQuerySet();
      String s = resolveSplit(null);
      Queries q = ProtocolFiles.queries(ProtocolFiles.readJson(queries, stdin, limits));
      return new General(judgments, q.inSplit(s), splitSource(s), c);
    }
    if (split != null) {
      throw new ProtocolSourceException(Problem.SPLIT_WITHOUT_SPLITS, split, null);
    }
    if (querySet != null) {
      List<String> ids = QueryListReader.read(querySet, stdin, limits);
      return new General(judgments, ids, QueryListReader.source(querySet, ids), c);
    }
    return General.everyJudgedQuery(judgments, InputFiles.fileName(qrels), c);
  }

  /** Every judged query of {@code qrels}, in code point order: the query set of bare qrels. */
  static List<String> judgedQueries(Qrels qrels) {
    List<String> ids = new ArrayList<>(qrels.queryIds());
    ids.sort(PyJson.CODE_POINT_ORDER);
    return ids;
  }

  /**
   * How a split-based query set is named in results: the split and the file's name (not its
   * path), so that reports do not depend on where the files lie.
   *
   * @param s the split's name
   * @return {@code "split S of NAME"}, NAME being the protocol file's, BEIR folder's or queries
   *     file's name, or {@code standard input}
   */
  public String splitSource(String s) {
    String file = protocol != null ? protocol : beir != null ? beir : queries;
    String name = file == null || InputFiles.STDIN.equals(file) ? "standard input" : InputFiles.fileName(file);
    return "split " + s + " of " + name;
  }

  /** Exactly one source: a protocol file, a BEIR folder, or files (qrels with corpus and queries). */
  void requireOneSource() {
    int sources = (protocol != null ? 1 : 0) + (beir != null ? 1 : 0)
        + (corpus != null || queries != null || qrels != null ? 1 : 0);
    if (sources != 1) {
      throw new ProtocolSourceException(sources == 0 ? Problem.NO_SOURCE : Problem.SEVERAL_SOURCES);
    }
  }

  private void rejectQuerySet() {
    if (querySet != null) {
      throw new ProtocolSourceException(Problem.QUERY_SET_WITH_SPLITS);
    }
  }

  /**
   * The BEIR folder's one split when no split is given (a folder with one split uses it), else
   * null; with several splits and none given, {@link Problem#NO_SPLIT} naming them.
   */
  private String onlySplit() throws IOException {
    if (split != null) {
      return null;
    }
    java.util.Set<String> splits = BeirReader.splits(Path.of(beir));
    if (splits.size() == 1) {
      return splits.iterator().next();
    }
    throw new ProtocolSourceException(Problem.NO_SPLIT, null, splits.isEmpty() ? null : String.join(", ", splits));
  }

  private String resolveSplit(String fixed) {
    if (fixed != null && split != null && !fixed.equals(split)) {
      throw new ProtocolSourceException(Problem.SPLIT_CONTRADICTS, split, fixed);
    }
    String s = fixed != null ? fixed : split;
    if (s == null) {
      throw new ProtocolSourceException(Problem.NO_SPLIT);
    }
    if (s.isEmpty()) {
      throw new ProtocolSourceException(Problem.EMPTY_SPLIT, s, null);
    }
    return s;
  }

  private int resolveK(Integer fixed) {
    Integer given = k == null ? null : parseK(k);
    if (fixed != null && given != null && !fixed.equals(given)) {
      throw new ProtocolSourceException(Problem.K_CONTRADICTS, given.toString(), fixed.toString());
    }
    Integer resolved = fixed != null ? fixed : given;
    if (resolved == null) {
      throw new ProtocolSourceException(Problem.NO_K);
    }
    return resolved;
  }

  private static int parseK(String text) {
    if (text.matches("[0-9]{1,9}") && Integer.parseInt(text) >= 1) {
      return Integer.parseInt(text);
    }
    throw new ProtocolSourceException(Problem.ILLEGAL_K, text, null);
  }

  /**
   * The qrels file as this source reads it: subtopic judgments when asked, else {@link
   * #readJudgments}. For the protocol and for the split check.
   */
  Qrels readQrels(InputStream stdin) throws IOException {
    if (subtopicQrels) {
      return SubtopicQrelsReader.read(qrels, stdin, limits);
    }
    Qrels q = readJudgments(qrels, stdin, limits, labelSources);
    if (!labelSources.isEmpty() && q.sources().isEmpty()) {
      throw new dev.caliber.error.InputSyntaxException(dev.caliber.error.Location.ofFile(qrels), "no sources to choose from",
          "a source precedence " + labelSources + " was given, and the judgments name no source; expected judgments"
              + " with sources (a table whose header names query, doc, label and source, or JSON Lines), or no precedence");
    }
    return q;
  }

  /**
   * The one choice of a judgments file's reader, by its name: JSON ({@code .json}, {@code
   * .json.gz}: the object {@code {query: {doc: label}}} or pandas' records array, told by shape),
   * CSV with a header ({@code .csv}, {@code .csv.gz}), else trec_eval's qrels.
   */
  static Qrels readJudgments(String path, InputStream stdin, InputLimits limits) throws IOException {
    return readJudgments(path, stdin, limits, List.of());
  }

  /**
   * Reads judgments as a file holds them, every source's labels kept apart, before any source
   * precedence: what {@code caliber pool merge} merges and writes back.
   *
   * @param path the judgments file (any form {@code --qrels} reads), or {@code -} for {@code stdin}
   * @param stdin standard input
   * @param limits what reading may cost, not null
   * @return for judgments with sources, one judgments per source in order of first appearance, each
   *     naming its one source, each in its own label unit; for others, one judgments that name no source
   * @throws dev.caliber.error.CaliberInputException if the file is malformed (file, line, column)
   * @throws IOException if it cannot be read
   */
  public static List<Qrels> readJudgmentsBySource(String path, InputStream stdin, InputLimits limits) throws IOException {
    if (InputFiles.isJsonLinesName(path)) {
      return LabelsReader.readJsonLinesBySource(path, stdin, limits);
    }
    if (InputFiles.isJsonName(path) || InputFiles.isCsvName(path)) {
      return List.of(readJudgments(path, stdin, limits));
    }
    return TrecQrelsReader.readBySource(path, stdin, limits);
  }

  /** {@link #readJudgments(String, InputStream, InputLimits)} with a source precedence for judgments with sources. */
  static Qrels readJudgments(String path, InputStream stdin, InputLimits limits, List<String> precedence) throws IOException {
    if (InputFiles.isJsonName(path)) {
      return ProtocolFiles.gradedQrels(ProtocolFiles.readJson(path, stdin, limits));
    }
    if (InputFiles.isCsvName(path)) {
      return CsvReader.readQrels(path, stdin, limits);
    }
    if (InputFiles.isJsonLinesName(path)) {
      return LabelsReader.readJsonLines(path, stdin, limits, precedence);
    }
    return TrecQrelsReader.read(path, stdin, limits, precedence);
  }
}
