package dev.caliber.api;

import dev.caliber.api.source.JudgmentFiles;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TopicField;
import dev.caliber.io.read.SubtopicQrelsReader;
import dev.caliber.io.read.TopicsReader;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The facade's inputs from files: judgments, runs, topics, facets and query groups, read as the
 * command line reads them ({@code -} being standard input where a path may be given), for {@link
 * Eval}'s protocols and evaluations.
 *
 * <pre>{@code
 * RunResult r = Eval.evaluate(EvalFiles.readQrels(qrels), EvalFiles.readRun(run), Preset.TREC_EVAL, "AP");
 * }</pre>
 */
public final class EvalFiles {
  private EvalFiles() {}

  /**
   * Reads qrels: JSON ({@code {query: {doc: label}}}, or pandas' records {@code [{"query_id": ...,
   * "doc_id": ..., "relevance": ...}, ...]}) when the name ends in {@code .json} or {@code
   * .json.gz}, CSV with a header ({@code query,docid,rating}) when it ends in {@code .csv} or
   * {@code .csv.gz}, else TREC ({@code qid iter docid label}); gzip is read transparently.
   *
   * @param file the qrels file, not null
   * @return the judgments in file order, located for error messages
   * @throws dev.caliber.error.CaliberInputException if the file is malformed (file, line, column)
   * @throws IOException if it cannot be read
   */
  public static Qrels readQrels(Path file) throws IOException {
    return JudgmentFiles.read(file.toString(), System.in, dev.caliber.io.InputLimits.DEFAULT);
  }

  /**
   * Reads judgments with sources (a table whose header names {@code query}, {@code doc}, {@code
   * label} and {@code source}, or JSON Lines named {@code .jsonl}; docs/FORMATS.md, "Judgments with
   * sources") under a source precedence; any other judgments file as {@link #readQrels(Path)}
   * does, which refuses a precedence for judgments that name no source.
   *
   * @param file the judgments file, not null
   * @param sources the sources that count, highest first: where several label one pair the first
   *     listed wins, and labels of unlisted sources do not count; empty for every source, with no
   *     pair labelled by two
   * @return the judgments, with {@link Qrels#sources()} and exact labels ({@link Qrels#labelScale()})
   * @throws dev.caliber.error.CaliberInputException if the file is malformed, a pair is labelled
   *     twice against the rule, or a precedence is given for judgments without sources
   * @throws IOException if it cannot be read
   */
  public static Qrels readQrels(Path file, java.util.List<String> sources) throws IOException {
    return JudgmentFiles.readQrels(ProtocolSource.none().withQrels(file.toString()).withLabelSources(sources), System.in);
  }

  /**
   * Reads subtopic qrels ({@code qid subtopic docid label}, the TREC Web track's diversity
   * judgments) for the intent-aware measures ({@code alpha_nDCG@20}, {@code ERR_IA@20},
   * {@code StRecall@20}); every other measure reads each document's largest label over its
   * subtopics. gzip is read transparently.
   *
   * @param file the subtopic qrels file, not null; a path of {@code -} reads {@link System#in}
   * @return the document-level judgments with {@link Qrels#subtopics()} attached
   * @throws dev.caliber.error.CaliberInputException if the file is malformed (file, line, column)
   * @throws IOException if it cannot be read
   */
  public static Qrels readSubtopicQrels(Path file) throws IOException {
    return SubtopicQrelsReader.read(file.toString(), System.in, dev.caliber.io.InputLimits.DEFAULT);
  }

  /**
   * Reads a whole run: JSON ({@code {query: [doc, ...]}}, in that order, or {@code {query: {doc:
   * score}}}, ranked by score, or pandas' records array) when the name ends in {@code .json} or
   * {@code .json.gz}, CSV with a header ({@code query,docid,score}) when it ends in {@code .csv}
   * or {@code .csv.gz}, else TREC (six columns, or three); see {@link
   * RunFile} for other names and options, and {@link Eval#evaluate(EvalProtocol, Path)} to evaluate a
   * large TREC file while reading it.
   *
   * @param file the run file, not null; a path of {@code -} reads {@link System#in}
   * @return the run, named after its file ({@link RunFile#runName()}), with its TREC tag, if any, as
   *     {@link ScoredRun#tag()}
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public static ScoredRun readRun(Path file) throws IOException {
    return RunFile.of(file).read(System.in);
  }

  /**
   * Reads a topics file: TREC topics, BEIR {@code queries.jsonl} or {@code ID<TAB>text}, told by
   * its first line ({@link TopicsReader}); gzip told by its first bytes.
   *
   * @param file the file, not null
   * @param field the part of a TREC topic sent (null: the title, or the only text of the other
   *     forms)
   * @return the topics in file order
   * @throws IllegalArgumentException if the file is null
   * @throws dev.caliber.error.InputSyntaxException naming the line of the first problem
   * @throws IOException if it cannot be read
   */
  public static Topics readTopics(Path file, TopicField field) throws IOException {
    return TopicsReader.read(Eval.require(file, "topics file"), field, InputLimits.DEFAULT);
  }

  /**
   * Reads a facet file (docs/FORMATS.md, "Facets"): {@code query-id<TAB>facet<TAB>value} lines,
   * for means per facet value ({@link dev.caliber.eval.FacetMeans#of}); gzip is read transparently.
   *
   * @param file the facet file, not null
   * @return the facets, in file order
   * @throws dev.caliber.error.CaliberInputException if the file is malformed (file and line), or
   *     gives a query two values of one facet
   * @throws IOException if it cannot be read
   */
  public static dev.caliber.protocol.Facets readFacets(Path file) throws IOException {
    return readFacets(Eval.require(file, "facet file").toString(), System.in, InputLimits.DEFAULT);
  }

  /**
   * {@link #readFacets(Path)} from a path as given on a command line ({@code -} reads {@code
   * stdin}), within {@code limits}.
   *
   * @param pathOrDash the file, or {@code -}
   * @param stdin what {@code -} reads
   * @param limits what reading it may cost
   * @return the facets, in file order
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public static dev.caliber.protocol.Facets readFacets(String pathOrDash, java.io.InputStream stdin, InputLimits limits)
      throws IOException {
    return dev.caliber.io.read.FacetReader.read(pathOrDash, stdin, limits);
  }

  /**
   * Reads a query group file (docs/FORMATS.md, "Query groups"): {@code query-id<TAB>group} lines
   * naming the queries that are paraphrases of one need, for a comparison that resamples whole
   * groups ({@code CompareSettings.withGroups}); gzip is read transparently. Any query may be
   * listed; a query not listed is a group of its own.
   *
   * @param file the group file, not null
   * @return the groups, in file order
   * @throws dev.caliber.error.CaliberInputException if the file is malformed or empty (file and
   *     line), or lists a query twice
   * @throws IOException if it cannot be read
   */
  public static dev.caliber.protocol.QueryGroups readGroups(Path file) throws IOException {
    return readGroups(Eval.require(file, "group file").toString(), System.in, InputLimits.DEFAULT);
  }

  /**
   * {@link #readGroups(Path)} from a path as given on a command line ({@code -} reads {@code
   * stdin}), within {@code limits}.
   *
   * @param pathOrDash the file, or {@code -}
   * @param stdin what {@code -} reads
   * @param limits what reading it may cost
   * @return the groups, in file order
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public static dev.caliber.protocol.QueryGroups readGroups(String pathOrDash, java.io.InputStream stdin, InputLimits limits)
      throws IOException {
    return dev.caliber.io.read.QueryGroupReader.read(pathOrDash, stdin, limits, null, null);
  }
}
