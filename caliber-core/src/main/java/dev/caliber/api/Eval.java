package dev.caliber.api;

import dev.caliber.api.source.JudgmentFiles;
import dev.caliber.eval.Evaluation;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * caliber from Java in a few lines: judgments and runs from maps (the shapes pytrec_eval, ranx
 * and ir_measures take), from a retriever's output or from files ({@link EvalFiles}); a protocol under a {@link
 * Preset} or a {@link Policy}; results with each measure's mean and each query's row.
 *
 * <pre>{@code
 * RunResult r = Eval.evaluate(Eval.qrels(labels), Eval.run("bm25", scores), Preset.TREC_EVAL, "nDCG@10", "AP");
 * r.summaries();        // one MeasureSummary per measure: the mean over the query set
 * r.row("q1").values(); // one query's values
 * }</pre>
 *
 * <p>The query set, the denominator of every mean, is every judged query (in code point order,
 * as the command line takes it for bare qrels) unless one is given: a judged query the run does
 * not return counts, as an empty ranking. Every result is {@link Evaluation}'s, the engine behind
 * {@code caliber evaluate}, so the same inputs give the same numbers and fingerprint as the
 * command line. Input errors are {@link IllegalArgumentException}s naming the bad part; a run that
 * breaks the protocol (an unjudged document under {@link Preset#STRICT}, a query outside the
 * query set) is a {@link dev.caliber.error.ProtocolViolationException}; a malformed file a {@link
 * dev.caliber.error.InputSyntaxException} naming file, line and column. For {@code
 * Comparisons} of two results, see caliber-compare's {@code dev.caliber.compare.Compare}.
 */
public final class Eval {
  private Eval() {}

  // ---- inputs in memory ----

  /**
   * Judgments from query ID to (document ID to integer label); a label at or above the policy's
   * threshold (1 unless changed) is relevant, and nDCG's gain is the label. A missing cell is
   * unjudged, not 0.
   *
   * @param labels query ID to (document ID to label), deep-copied; any integer label, negative ones
   *     meaning "in the pool, not judged" as in trec_eval
   * @return the judgments, queries in code point order (a map has no order of its own)
   * @throws IllegalArgumentException if the map is null or empty, or holds a null ID, row or label
   */
  public static Qrels qrels(Map<String, ? extends Map<String, Integer>> labels) {
    return MapInputs.qrels(labels);
  }

  /**
   * A run from query ID to (document ID to score). A map has no order, so each query's documents
   * are ranked by score descending, ties broken by document ID descending (code points, as
   * trec_eval), under every policy; the rank column is that ranking's position.
   *
   * @param name the run's name in results
   * @param scores query ID to (document ID to score), copied; any Number, read as a double. A
   *     query that retrieved nothing maps to an empty map
   * @return the run, queries in code point order, each ranked by score
   * @throws IllegalArgumentException if the name is null or empty, the map null or empty, or it
   *     holds a null ID or row or a null, NaN or infinite score
   */
  public static ScoredRun run(String name, Map<String, ? extends Map<String, ? extends Number>> scores) {
    return MapInputs.scores(name, scores);
  }

  /**
   * A run from query ID to document IDs, best first: the given order is the ranking (scores are
   * minus the position, so score ordering agrees with it).
   *
   * @param name the run's name in results
   * @param rankings query ID to document IDs, best first, copied; a query that retrieved nothing
   *     maps to an empty list
   * @return the run, queries in code point order, each list in the given order
   * @throws IllegalArgumentException if the name is null or empty, the map null or empty, or it
   *     holds a null ID or list
   */
  public static ScoredRun rankings(String name, Map<String, ? extends List<String>> rankings) {
    return MapInputs.rankings(name, rankings);
  }

  /**
   * A builder for a retriever's output, one {@code add(query, doc, score)} at a time.
   *
   * @param name the run's name in results, non-empty
   * @return a new, empty builder
   * @throws IllegalArgumentException if the name is null or empty
   */
  public static RunBuilder runBuilder(String name) {
    return new RunBuilder(name);
  }

  // ---- the protocol ----

  /**
   * Measures by name: canonical ({@code nDCG@10}, {@code P(rel=2)@5}), aliases ({@code MRR@10})
   * or trec_eval's ({@code map}, {@code ndcg_cut_10}, {@code P.5,10}, which gives two).
   *
   * @param names one or more measure names
   * @return a new list of the measures in the given order, a dotted list expanded in place;
   *     repeats are kept here and dropped by the protocol
   * @throws IllegalArgumentException if none is given, or a name is null or no measure
   */
  public static List<Measure> measures(String... names) {
    if (names == null || names.length == 0) {
      throw new IllegalArgumentException("illegal measures: none given, at least one is required");
    }
    List<Measure> out = new ArrayList<>();
    for (String n : names) {
      if (n == null) {
        throw new IllegalArgumentException("illegal measure name: null");
      }
      out.addAll(Measures.parseAll(n));
    }
    return out;
  }

  /**
   * Every judged query in code point order: the default query set.
   *
   * @param qrels the judgments, not null
   * @return a new list of every query the qrels judge, those with an empty row included
   * @throws IllegalArgumentException if {@code qrels} is null
   */
  public static List<String> judgedQueries(Qrels qrels) {
    return JudgmentFiles.judgedQueries(require(qrels, "qrels"));
  }

  /**
   * The protocol over every judged query under a preset.
   *
   * @param qrels the judgments, not null
   * @param preset the named policy, not null
   * @param measures one or more measure names, as {@link #measures(String...)} reads them
   * @return the protocol, with no corpus and every judged query in code point order as the query
   *     set
   * @throws IllegalArgumentException if an argument is null, or the measures are none or unknown
   */
  public static EvalProtocol protocol(Qrels qrels, Preset preset, String... measures) {
    return protocol(qrels, require(preset, "preset").policy(), measures(measures));
  }

  /**
   * The protocol over every judged query under a policy.
   *
   * @param qrels the judgments, not null
   * @param policy every rule that changes a number, not null
   * @param measures one or more measure names, as {@link #measures(String...)} reads them
   * @return the protocol, with no corpus and every judged query in code point order as the query
   *     set
   * @throws IllegalArgumentException if an argument is null, or the measures are none or unknown
   */
  public static EvalProtocol protocol(Qrels qrels, Policy policy, String... measures) {
    return protocol(qrels, policy, measures(measures));
  }

  /**
   * The protocol over every judged query under a policy.
   *
   * @param qrels the judgments, not null
   * @param policy every rule that changes a number, not null
   * @param measures the measures, at least one, none null; repeats are dropped
   * @return the protocol, with no corpus and every judged query in code point order as the query
   *     set
   * @throws IllegalArgumentException if an argument is null or there is no measure
   */
  public static EvalProtocol protocol(Qrels qrels, Policy policy, List<Measure> measures) {
    List<String> judged = judgedQueries(qrels);
    return build(qrels, judged, "every judged query (" + judged.size() + ")", policy, measures);
  }

  /**
   * The protocol over the given queries, in the given order: the denominator of every mean. A
   * query without judgments has no relevant document (what it then counts for is the policy's
   * no-relevant rule).
   *
   * @param qrels the judgments, not null
   * @param querySet the query IDs that count, in report order; none null or repeated
   * @param policy every rule that changes a number, not null
   * @param measures the measures, at least one, none null; repeats are dropped
   * @return the protocol, with no corpus
   * @throws IllegalArgumentException if an argument is null, a query repeats or there is no measure
   */
  public static EvalProtocol protocol(Qrels qrels, List<String> querySet, Policy policy, List<Measure> measures) {
    require(querySet, "query set");
    return build(qrels, querySet, "the " + querySet.size() + " queries given", policy, measures);
  }

  private static EvalProtocol build(Qrels qrels, List<String> querySet, String source, Policy policy, List<Measure> measures) {
    require(qrels, "qrels");
    require(policy, "policy");
    require(measures, "measures");
    if (querySet.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("illegal query set: holds a null query ID");
    }
    if (measures.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("illegal measures: holds null");
    }
    return new EvalProtocol(qrels, querySet, source, null, policy, measures);
  }

  // ---- evaluating ----

  /**
   * Evaluates a run over every judged query under a preset.
   *
   * @param qrels the judgments, not null
   * @param run the run, not null
   * @param preset the named policy, not null
   * @param measures one or more measure names, as {@link #measures(String...)} reads them
   * @return the result: one row per judged query, in code point order, and one mean per measure
   * @throws IllegalArgumentException if an argument is null, or the measures are none or unknown
   * @throws dev.caliber.error.ProtocolViolationException if the run breaks the protocol
   */
  public static RunResult evaluate(Qrels qrels, ScoredRun run, Preset preset, String... measures) {
    return evaluate(protocol(qrels, preset, measures), run);
  }

  /**
   * Evaluates a run over every judged query under a policy.
   *
   * @param qrels the judgments, not null
   * @param run the run, not null
   * @param policy every rule that changes a number, not null
   * @param measures one or more measure names, as {@link #measures(String...)} reads them
   * @return the result: one row per judged query, in code point order, and one mean per measure
   * @throws IllegalArgumentException if an argument is null, or the measures are none or unknown
   * @throws dev.caliber.error.ProtocolViolationException if the run breaks the protocol
   */
  public static RunResult evaluate(Qrels qrels, ScoredRun run, Policy policy, String... measures) {
    return evaluate(protocol(qrels, policy, measures), run);
  }

  /**
   * Evaluates a run over every judged query under a policy.
   *
   * @param qrels the judgments, not null
   * @param run the run, not null
   * @param policy every rule that changes a number, not null
   * @param measures the measures, at least one, none null; repeats are dropped
   * @return the result: one row per judged query, in code point order, and one mean per measure
   * @throws IllegalArgumentException if an argument is null or there is no measure
   * @throws dev.caliber.error.ProtocolViolationException if the run breaks the protocol
   */
  public static RunResult evaluate(Qrels qrels, ScoredRun run, Policy policy, List<Measure> measures) {
    return evaluate(protocol(qrels, policy, measures), run);
  }

  /**
   * Evaluates a run under a protocol: validates the whole run first, then scores every query of
   * the query set (one row each, in its order) and averages each measure over it.
   *
   * @param protocol what the run is scored under, not null
   * @param run the run, not null
   * @return the result, carrying the protocol and its fingerprint
   * @throws IllegalArgumentException if an argument is null
   * @throws dev.caliber.error.ProtocolViolationException at the first violation; nothing is scored
   */
  public static RunResult evaluate(EvalProtocol protocol, ScoredRun run) {
    return Evaluation.evaluate(require(protocol, "protocol"), require(run, "run"));
  }

  /**
   * {@link #evaluate(EvalProtocol, ScoredRun)}, with each mean's bounds under holes when asked: for
   * pooled judgments, its lowest and highest value if every unjudged document within the evaluated
   * depth were judged non-relevant or relevant ({@link dev.caliber.result.MeasureSummary#bounds()}).
   * The values and means are the same either way.
   *
   * @param protocol what the run is scored under, not null
   * @param run the run, not null
   * @param bounds whether each summary also has its bounds under holes
   * @return the result, carrying the protocol and its fingerprint
   * @throws IllegalArgumentException if an argument is null
   * @throws dev.caliber.error.ProtocolViolationException at the first violation; nothing is scored
   */
  public static RunResult evaluate(EvalProtocol protocol, ScoredRun run, boolean bounds) {
    return Evaluation.evaluate(require(protocol, "protocol"), require(run, "run"), null, bounds);
  }

  /**
   * Evaluates a run file under a protocol: a TREC file while it is read, on every processor, in
   * memory that does not grow with its length (the same numbers as reading it whole); a JSON file
   * ({@code .json}, {@code .json.gz}) read whole.
   *
   * @param protocol what the run is scored under, not null
   * @param runFile the run file, not null; format told by its name, strict about extra columns
   * @return the result, the run named by its TREC tag or its file name
   * @throws IllegalArgumentException if an argument is null
   * @throws dev.caliber.error.CaliberInputException if the file is malformed or breaks the protocol
   * @throws IOException if it cannot be read
   */
  public static RunResult evaluate(EvalProtocol protocol, Path runFile) throws IOException {
    return evaluate(protocol, runFile, false);
  }

  /**
   * {@link #evaluate(EvalProtocol, Path)}, with each mean's bounds under holes when asked ({@link
   * #evaluate(EvalProtocol, ScoredRun, boolean)}).
   *
   * @param protocol what the run is scored under, not null
   * @param runFile the run file, not null; format told by its name, strict about extra columns
   * @param bounds whether each summary also has its bounds under holes
   * @return the result, the run named by its TREC tag or its file name
   * @throws IllegalArgumentException if an argument is null
   * @throws dev.caliber.error.CaliberInputException if the file is malformed or breaks the protocol
   * @throws IOException if it cannot be read
   */
  public static RunResult evaluate(EvalProtocol protocol, Path runFile, boolean bounds) throws IOException {
    require(protocol, "protocol");
    return RunFile.of(require(runFile, "run file"))
        .evaluate(protocol, System.in, StreamingEvaluation.Options.defaults().withBounds(bounds)).get();
  }

  /**
   * Sends every topic to a retriever, in the topics' order, and collects its hits as a run in the
   * order it ranked them. A topic it finds nothing for is in the run with an empty ranking (not
   * missing).
   *
   * @param name the run's name, non-empty
   * @param retriever the retriever, not null
   * @param topics what to send, not null
   * @param depth the most hits per query, at least 1
   * @return the run
   * @throws IllegalArgumentException if an argument is null, the depth is below 1, or the retriever
   *     breaks its contract (a null list or hit, more hits than the depth): the message names the
   *     query
   * @throws IOException if the retriever cannot answer a query; the message names the query once
   *     (a {@link QueryFailure} is passed on as it is)
   */
  public static ScoredRun retrieve(String name, Retriever retriever, Topics topics, int depth) throws IOException {
    require(retriever, "retriever");
    require(topics, "topics");
    return Retrieval.retrieve(name, retriever, topics, depth, 1);
  }

  /**
   * As {@link #retrieve(String, Retriever, Topics, int)}, with up to {@code threads} queries in
   * flight at once, for a retriever that may be called from several threads (a search server's, a
   * Lucene index's). The run is the same whatever the number of threads: its hits are collected in
   * the topics' order. On a failure no query after it in the topics' order is started, and the
   * failure thrown is that of the first topic, in order, that failed, as one at a time.
   *
   * @param name the run's name, non-empty
   * @param retriever the retriever, safe to call from several threads, not null
   * @param topics what to send, not null
   * @param depth the most hits per query, at least 1
   * @param threads the most queries in flight at once, at least 1 (1: one at a time, on this thread)
   * @return the run
   * @throws IllegalArgumentException if an argument is null or out of range, or the retriever breaks
   *     its contract: the message names the query
   * @throws IOException if the retriever cannot answer a query (the message names it once: a {@link
   *     QueryFailure} is passed on as it is), or if interrupted
   */
  public static ScoredRun retrieve(String name, Retriever retriever, Topics topics, int depth, int threads)
      throws IOException {
    require(retriever, "retriever");
    require(topics, "topics");
    return Retrieval.retrieve(name, retriever, topics, depth, threads);
  }

  /**
   * Evaluates a retriever in one call: {@link #retrieve} every topic, then {@link
   * #evaluate(EvalProtocol, ScoredRun)}.
   *
   * @param protocol what the run is scored under, not null
   * @param name the run's name, non-empty
   * @param retriever the retriever, not null
   * @param topics what to send it, not null; a topic outside the protocol's query set is treated as
   *     the policy treats unknown queries
   * @param depth the most hits per query, at least 1
   * @return the result
   * @throws IOException if the retriever cannot answer a query
   * @throws dev.caliber.error.ProtocolViolationException if the run breaks the protocol
   */
  public static RunResult evaluate(EvalProtocol protocol, String name, Retriever retriever, Topics topics, int depth)
      throws IOException {
    require(protocol, "protocol");
    return evaluate(protocol, retrieve(name, retriever, topics, depth));
  }

  /** The value, or an {@link IllegalArgumentException} naming what is null. */
  static <T> T require(T value, String what) {
    if (value == null) {
      throw new IllegalArgumentException("illegal " + what + ": null");
    }
    return value;
  }
}
