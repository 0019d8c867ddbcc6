package dev.caliber.eval;

import dev.caliber.engine.QueryScorer;
import dev.caliber.engine.RunMerge;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The engine split in two for callers that score a run's queries apart from one another (on a
 * cluster's workers) and merge them elsewhere (its driver): {@link #score} scores one query of a
 * run through the one per-query scorer, into a {@link ScoredQuery} that can travel (it is {@link
 * Serializable}); {@link #merge} turns a run's scored queries into the {@link RunResult} that
 * {@link Evaluation#evaluate} would have made, through the one ordered list of checks and the one
 * mean: the same rows, means, violations and messages, whatever the order in which the queries
 * arrive or where they were scored.
 *
 * <p>{@link #score} needs only what concerns its query: the policy, the measures, whether the query
 * is in the query set and its judgments. Under a corpus (which only {@link Evaluation} and {@link
 * StreamingEvaluation} take) a query could not be checked alone, so these protocols have none.
 */
public final class QueryScoring {
  private QueryScoring() {}

  /**
   * Scores one query of a run.
   *
   * @param policy the protocol's policy, not null
   * @param measures the protocol's measures, in its order (at least one)
   * @param query the query ID, not null
   * @param inQuerySet whether the query is in the protocol's query set
   * @param judgments the query's judgments (document to label); ignored when the query is not in
   *     the set; not null
   * @param docs the query's ranked document IDs, in the run's order
   * @param scores each entry's score
   * @param ranks each entry's rank column (0 where the run has none)
   * @param lines each entry's line in its file (1-based), or null when the entries come from no
   *     file
   * @return what the scorer found: the row, or the query's violation
   * @throws IllegalArgumentException if the arrays differ in length
   */
  public static ScoredQuery score(Policy policy, List<Measure> measures, String query, boolean inQuerySet,
      Map<String, Integer> judgments, String[] docs, double[] scores, long[] ranks, long[] lines) {
    Objects.requireNonNull(query, "query");
    int n = docs.length;
    if (scores.length != n || ranks.length != n || (lines != null && lines.length != n)) {
      throw new IllegalArgumentException("illegal entries: " + n + " documents, " + scores.length + " scores, "
          + ranks.length + " ranks" + (lines == null ? "" : ", " + lines.length + " lines"));
    }
    Qrels qrels = Qrels.of(inQuerySet ? Map.of(query, judgments) : Map.of());
    EvalProtocol one = new EvalProtocol(qrels, inQuerySet ? List.of(query) : List.of(), "", null, policy, measures);
    long base = 0;
    if (lines != null && n > 0) {
      base = Long.MAX_VALUE;
      for (long l : lines) {
        base = Math.min(base, l - 1);
      }
    }
    long offset = base;
    EntryBlock block = Evaluation.write(null, query, n, i -> docs[i], i -> scores[i], i -> ranks[i],
        lines == null ? i -> 0 : i -> Math.toIntExact(lines[i] - offset));
    return new QueryScorer(Evaluation.newContext(one)).score(block, 0, offset);
  }

  /**
   * A run's result from its scored queries, as {@link Evaluation#evaluate} makes it: every check in
   * the engine's order (the first repetition of a document by line, else the first query by
   * line that is outside the set, the earliest query's unjudged document), a row for every query of
   * the set in its order (missing ones scored as empty rankings), and each mean summed in
   * query-set order.
   *
   * @param protocol the protocol the queries were scored under (its policy and measures; no
   *     corpus), not null
   * @param name the run's name
   * @param tag the run's TREC tag, or null
   * @param source what violations name: the run's file (with the entry's line where it has one), or
   *     null to name nothing, as {@link Evaluation#evaluate} does for a run built in code
   * @param queries the run's scored queries, one per query the run has, in its order (by first line
   *     where the entries came from lines)
   * @return the run's result
   * @throws ProtocolViolationException at the first violation in the engine's order
   * @throws IllegalArgumentException if the protocol has a corpus, or a query was scored with
   *     other measures
   */
  public static RunResult merge(EvalProtocol protocol, String name, String tag, String source, Iterable<ScoredQuery> queries) {
    if (protocol.corpus() != null) {
      throw new IllegalArgumentException("illegal protocol: a corpus is checked only by Evaluation and StreamingEvaluation");
    }
    RunMerge merge = new RunMerge(Evaluation.newContext(protocol), (q, entry, line) -> source == null ? Location.NONE
        : line > 0 ? Location.ofLine(source, line) : Location.ofFile(source));
    for (ScoredQuery s : queries) {
      merge.add(s, 0); // its lines are its file's
    }
    return Evaluation.result(protocol, merge.finish(), name, tag);
  }

  /**
   * The measures' names, for a caller that sends them to where {@link #score} runs and parses them
   * there with {@link dev.caliber.measure.Measures#parse}.
   *
   * @param protocol a protocol
   * @return its measures' canonical names, in its order
   */
  public static List<String> measureNames(EvalProtocol protocol) {
    List<String> names = new ArrayList<>();
    protocol.measures().forEach(m -> names.add(m.name()));
    return names;
  }
}
