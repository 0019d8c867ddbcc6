package dev.caliber.api.source;

import dev.caliber.api.source.ProtocolSourceException.Problem;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.InputFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Where a protocol comes from, as files, and which queries count: one seed protocol file, a BEIR
 * folder, or separate files (TREC or JSON qrels, with an optional JSON corpus and JSON queries);
 * a split, an explicit query list, or (for bare qrels) every judged query. Every path may be
 * {@code -}, standard input. Nothing is read until one of the three loads asks:
 *
 * <ul>
 *   <li>{@link #general} for any measure and policy ({@link GeneralInputs#protocol} makes the {@link
 *       dev.caliber.protocol.EvalProtocol});
 *   <li>{@link #seed} for the seed's report (the seed's JSON shapes, a split and a k: {@link SeedProtocol});
 *   <li>{@link #corpusAndQueries} for the chunk adapter (no judgments).
 * </ul>
 *
 * <p>A combination of parts that does not make a protocol is a {@link ProtocolSourceException}
 * naming the rule; the checks run in a fixed order, some only once the protocol file has been read
 * (what it fixes decides), so a malformed file is reported before what it would have settled.
 * Start from {@link #none()} or a factory and add parts with the {@code with} methods; each path
 * given to one is a path or {@code -}, and null removes the part.
 *
 * @param protocol a seed protocol file ({@code {corpus, queries, qrels, split?, k?}}), or null
 * @param beir a BEIR dataset folder (corpus.jsonl, queries.jsonl, qrels/SPLIT.tsv), or null
 * @param corpus a JSON corpus file ({@code {doc ID: text}}), or null
 * @param queries a JSON queries file ({@code {query ID: {text, split}}}), or null
 * @param qrels a judgments file, read by its name ({@link JudgmentFiles#read}): TREC ({@code qid
 *     iter docid label}), JSON ({@code {query: {doc: label}}}) when the name ends in {@code .json}
 *     or {@code .json.gz}, CSV or JSON Lines; or null
 * @param split the split whose queries count, or null (a protocol file may fix it); an empty one is
 *     rejected when loaded
 * @param k the seed report's cutoff, at least 1 (only {@link #seed} takes one), or null (a protocol
 *     file may fix it)
 * @param querySet a file of query IDs, one per line, that count with bare qrels, or null
 * @param limits what each file may cost ({@link InputLimits}; a corpus's lines get {@link
 *     InputLimits#forDocuments()}); not null
 * @param subtopicQrels whether {@code qrels} holds subtopic judgments ({@code qid subtopic docid
 *     label}, the TREC Web track's diversity qrels) rather than trec_eval's or JSON
 * @param labelSources for judgments with sources (a labels table or JSON Lines), the sources that
 *     count, highest precedence first: where several label one pair, the first listed wins, and
 *     labels of unlisted sources do not count; empty for every source, with no pair labelled by
 *     two. Not null
 * @param judgments the kind of judgments, as the caller states it, which decides the report and
 *     the rules a front end chooses ({@link #judgmentKind()}); null to infer it from the parts
 */
public record ProtocolSource(
    String protocol, String beir, String corpus, String queries, String qrels, String split, Integer k, String querySet,
    InputLimits limits, boolean subtopicQrels, List<String> labelSources, JudgmentKind judgments) {

  /**
   * Validates, and copies the label sources. Each part is as its component says, above.
   *
   * @param protocol the component
   * @param beir the component
   * @param corpus the component
   * @param queries the component
   * @param qrels the component
   * @param split the component
   * @param k the component
   * @param querySet the component
   * @param limits the component
   * @param subtopicQrels the component
   * @param labelSources the component
   * @param judgments the component
   * @throws NullPointerException if {@code limits} or {@code labelSources} is null
   * @throws IllegalArgumentException if a label source is empty or listed twice
   * @throws ProtocolSourceException ({@link Problem#ILLEGAL_K}) if {@code k} is below 1
   */
  public ProtocolSource {
    Objects.requireNonNull(limits, "limits");
    labelSources = List.copyOf(labelSources);
    if (new HashSet<>(labelSources).size() != labelSources.size() || labelSources.contains("")) {
      throw new IllegalArgumentException("illegal label sources: " + labelSources + ", expected distinct non-empty names");
    }
    if (k != null && k < 1) {
      throw new ProtocolSourceException(Problem.ILLEGAL_K, k.toString(), null);
    }
  }

  /**
   * A source with {@link InputLimits#DEFAULT}, trec_eval's or JSON qrels, every source of
   * judgments counting, and the kind of judgments inferred; each part as its component says.
   *
   * @param protocol a seed protocol file, or null
   * @param beir a BEIR dataset folder, or null
   * @param corpus a JSON corpus file, or null
   * @param queries a JSON queries file, or null
   * @param qrels a judgments file, or null
   * @param split the split whose queries count, or null
   * @param k the seed report's cutoff, or null
   * @param querySet a file of query IDs that count with bare qrels, or null
   * @throws ProtocolSourceException ({@link Problem#ILLEGAL_K}) if {@code k} is below 1
   */
  public ProtocolSource(
      String protocol, String beir, String corpus, String queries, String qrels, String split, Integer k, String querySet) {
    this(protocol, beir, corpus, queries, qrels, split, k, querySet, InputLimits.DEFAULT, false, List.of(), null);
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
   * k as a command line gives it, parsed: the one reading of k's text.
   *
   * @param text the text, not null
   * @return k, at least 1
   * @throws ProtocolSourceException ({@link Problem#ILLEGAL_K}, quoting the text) unless the text is
   *     a whole number from 1 to 999999999
   */
  public static int parseK(String text) {
    if (text.matches("[0-9]{1,9}") && Integer.parseInt(text) >= 1) {
      return Integer.parseInt(text);
    }
    throw new ProtocolSourceException(Problem.ILLEGAL_K, text, null);
  }

  /**
   * This source with another protocol file.
   *
   * @param path see {@link #protocol()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withProtocol(String path) {
    return new ProtocolSource(path, beir, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another BEIR folder.
   *
   * @param folder see {@link #beir()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withBeir(String folder) {
    return new ProtocolSource(protocol, folder, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another corpus file.
   *
   * @param path see {@link #corpus()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withCorpus(String path) {
    return new ProtocolSource(protocol, beir, path, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another queries file.
   *
   * @param path see {@link #queries()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withQueries(String path) {
    return new ProtocolSource(protocol, beir, corpus, path, qrels, split, k, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another qrels file.
   *
   * @param path see {@link #qrels()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withQrels(String path) {
    return new ProtocolSource(protocol, beir, corpus, queries, path, split, k, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another split.
   *
   * @param name see {@link #split()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withSplit(String name) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, name, k, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another cutoff for the seed report.
   *
   * @param cutoff see {@link #k()}
   * @return a new source, otherwise equal to this one
   * @throws ProtocolSourceException ({@link Problem#ILLEGAL_K}) if {@code cutoff < 1}
   */
  public ProtocolSource withK(Integer cutoff) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, cutoff, querySet, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with another query list file.
   *
   * @param path see {@link #querySet()}
   * @return a new source, otherwise equal to this one; nothing is checked or read yet
   */
  public ProtocolSource withQuerySet(String path) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, path, limits, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with other input limits.
   *
   * @param bounds see {@link #limits()}
   * @return a new source, otherwise equal to this one
   */
  public ProtocolSource withLimits(InputLimits bounds) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, bounds, subtopicQrels, labelSources, judgments);
  }

  /**
   * This source with the qrels file read as subtopic judgments, for the intent-aware measures, or not.
   *
   * @param subtopics see {@link #subtopicQrels()}
   * @return a new source, otherwise equal to this one
   */
  public ProtocolSource withSubtopicQrels(boolean subtopics) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, subtopics, labelSources, judgments);
  }

  /**
   * This source with a source precedence for judgments that name their sources.
   *
   * @param sources see {@link #labelSources()}
   * @return a new source, otherwise equal to this one
   * @throws IllegalArgumentException if a source is empty or listed twice
   */
  public ProtocolSource withLabelSources(List<String> sources) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, sources, judgments);
  }

  /**
   * This source with the kind of its judgments stated, or left to be inferred.
   *
   * @param kind see {@link #judgments()}
   * @return a new source, otherwise equal to this one
   */
  public ProtocolSource withJudgmentKind(JudgmentKind kind) {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k, querySet, limits, subtopicQrels, labelSources, kind);
  }

  /**
   * The kind of the judgments: the one stated ({@link #judgments()}), else the one the parts imply
   * ({@link JudgmentKind#inferred}). Reads nothing; a front end asks this to choose the rules
   * ({@link dev.caliber.api.Preset#chosen}) and to word its note.
   *
   * @return the kind, never null
   */
  public JudgmentKind judgmentKind() {
    return judgments != null ? judgments : JudgmentKind.inferred(this);
  }

  /**
   * Whether the parts are the seed's JSON shapes: a protocol file, or corpus, queries and qrels
   * whose judgments are {@link JudgmentKind#JSON}. Reads nothing; a front end asks this to choose
   * between the seed report and the general one.
   *
   * @return true when {@link #seed} may accept the parts; false with a BEIR folder or a query set
   */
  public boolean seedShaped() {
    return beir == null && querySet == null
        && (protocol != null || corpus != null && queries != null && qrels != null && judgmentKind() == JudgmentKind.JSON);
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
   * @throws ProtocolSourceException if the parts are not the seed's, or split or k is missing or
   *     contradicts the protocol file, or the split is empty
   * @throws dev.caliber.error.CaliberInputException if a file is malformed
   * @throws IOException if a file cannot be read
   */
  public SeedProtocol seed(InputStream stdin) throws IOException {
    return new SourceLoads(this, stdin).seed();
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
    return new SourceLoads(this, stdin).corpusAndQueries();
  }

  /**
   * {@link #general(InputStream)} with {@link System#in} as what {@code -} reads.
   *
   * @return the judgments, the query set and its description, and the corpus when there is one
   * @throws ProtocolSourceException as {@link #general(InputStream)}
   * @throws IOException if a file cannot be read
   */
  public GeneralInputs general() throws IOException {
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
  public GeneralInputs general(InputStream stdin) throws IOException {
    return new SourceLoads(this, stdin).general();
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

  /**
   * Requires exactly one source: a protocol file, a BEIR folder, or files (qrels with corpus and
   * queries). Every load checks it first.
   *
   * @throws ProtocolSourceException ({@link Problem#NO_SOURCE}, {@link Problem#SEVERAL_SOURCES}) otherwise
   */
  public void requireOneSource() {
    int sources = (protocol != null ? 1 : 0) + (beir != null ? 1 : 0)
        + (corpus != null || queries != null || qrels != null ? 1 : 0);
    if (sources != 1) {
      throw new ProtocolSourceException(sources == 0 ? Problem.NO_SOURCE : Problem.SEVERAL_SOURCES);
    }
  }
}
