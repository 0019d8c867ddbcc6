package dev.caliber.eval;

import dev.caliber.engine.QueryScorer;
import dev.caliber.engine.Row;
import dev.caliber.engine.RunMerge;
import dev.caliber.engine.ScoringContext;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Qrels;
import java.io.Serial;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
    QueryScorer.Outcome o = new QueryScorer(one.context()).score(block, 0);
    return new ScoredQuery(o, offset);
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
    RunMerge merge = new RunMerge(protocol.context(), (q, entry, line) -> source == null ? Location.NONE
        : line > 0 ? Location.ofLine(source, line) : Location.ofFile(source));
    List<Measure> measures = protocol.measures();
    ScoringContext context = protocol.context();
    for (ScoredQuery s : queries) {
      merge.add(s.outcome(context.indexOf(s.query), measures), s.lineOffset);
    }
    return Evaluation.result(protocol, merge.finish(), name, tag);
  }

  /**
   * One query of a run as the scorer left it: its row (each measure's value, exact where the
   * measure is rational), or the violation it found (a repeated document, a query outside the set,
   * an unjudged document). Serializable, so that it can be scored on one machine and merged on
   * another; read by {@link #merge}. Its serialized form is for caliber of the same version on
   * both sides (a cluster's driver and executors), not for storage.
   *
   * @serial exclude
   */
  public static final class ScoredQuery implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private final String query;
    private final long lineOffset;
    private final int firstLine;
    private final String duplicate;
    private final int[] duplicateAt; // entry, line, first entry, first line
    private final String violatingDoc;
    private final int violatingEntry;
    private final int violatingLine;
    private final boolean unknownDocument;
    // The row, when there is one.
    private final boolean scored;
    private final int returned;
    private final int relevant;
    private final int unjudged;
    private final String[] exact;
    private final double[] decimal;
    private final boolean[] present;
    private final int[] tieCutoffs;
    private final int[] tieSizes;
    private final Integer firstRelevantRank;
    private final int[] disagreeing;
    private final int[] judgedAtCutoff;

    ScoredQuery(QueryScorer.Outcome o, long lineOffset) {
      this.query = o.query;
      this.lineOffset = lineOffset;
      this.firstLine = o.firstLine;
      this.duplicate = o.duplicate;
      this.duplicateAt = new int[] {o.duplicateEntry, o.duplicateLine, o.duplicateOfEntry, o.duplicateOf};
      this.violatingDoc = o.violatingDoc;
      this.violatingEntry = o.violatingEntry;
      this.violatingLine = o.violatingLine;
      this.unknownDocument = o.violationIsUnknownDocument;
      Row r = o.result;
      this.scored = r != null;
      this.disagreeing = o.disagreeing.clone();
      this.judgedAtCutoff = o.judgedAtCutoff;
      if (r == null) {
        returned = relevant = unjudged = 0;
        exact = new String[0];
        decimal = new double[0];
        present = new boolean[0];
        tieCutoffs = tieSizes = new int[0];
        firstRelevantRank = null;
        return;
      }
      returned = r.returned();
      relevant = r.relevant();
      unjudged = r.unjudged();
      firstRelevantRank = r.firstRelevantRank();
      int m = r.values().size();
      exact = new String[m];
      decimal = new double[m];
      present = new boolean[m];
      int k = 0;
      for (Value v : r.values()) {
        present[k] = v != null;
        if (v != null) {
          exact[k] = v.isExact() ? v.exact().toString() : null;
          decimal[k] = v.decimal();
        }
        k++;
      }
      tieCutoffs = r.tiesAtCutoff().keySet().stream().mapToInt(Integer::intValue).toArray();
      tieSizes = r.tiesAtCutoff().values().stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The query ID.
     *
     * @return the query ID
     */
    public String query() {
      return query;
    }

    /**
     * Whether the query was scored: false when it broke the protocol or is outside the query set.
     *
     * @return true when the query has a row
     */
    public boolean scored() {
      return scored;
    }

    /**
     * The line of the query's first entry in its file, or 0 when it came from no line: the order in
     * which {@link #merge} wants a run's queries.
     *
     * @return a 1-based line, or 0
     */
    public long firstLine() {
      return firstLine == 0 ? 0 : lineOffset + firstLine;
    }

    /**
     * A measure's value as a double.
     *
     * @param measure the measure's position among the protocol's measures
     * @return the value; NaN when the query has none (not scored, or left out by the policy)
     */
    public double decimal(int measure) {
      return scored && present[measure] ? decimal[measure] : Double.NaN;
    }

    /**
     * A measure's exact value, as a fraction's text ({@code 5/6}).
     *
     * @param measure the measure's position among the protocol's measures
     * @return the fraction; null when the measure is not rational or the query has no value
     */
    public String exact(int measure) {
      return scored && present[measure] ? exact[measure] : null;
    }

    QueryScorer.Outcome outcome(int index, List<Measure> measures) {
      QueryScorer.Outcome o = new QueryScorer.Outcome(query, index, firstLine);
      o.duplicate = duplicate;
      o.duplicateEntry = duplicateAt[0];
      o.duplicateLine = duplicateAt[1];
      o.duplicateOfEntry = duplicateAt[2];
      o.duplicateOf = duplicateAt[3];
      o.violatingDoc = violatingDoc;
      o.violatingEntry = violatingEntry;
      o.violatingLine = violatingLine;
      o.violationIsUnknownDocument = unknownDocument;
      System.arraycopy(disagreeing, 0, o.disagreeing, 0, disagreeing.length);
      o.judgedAtCutoff = judgedAtCutoff;
      if (scored && index >= 0) {
        if (measures.size() != exact.length) {
          throw new IllegalArgumentException("illegal scored query " + query + ": " + exact.length
              + " values for " + measures.size() + " measures");
        }
        Value[] values = new Value[exact.length];
        for (int k = 0; k < exact.length; k++) {
          values[k] = !present[k] ? null : new Value(exact[k] == null ? null : Fraction.parse(exact[k]), decimal[k]);
        }
        Map<Integer, Integer> ties = new LinkedHashMap<>();
        for (int k = 0; k < tieCutoffs.length; k++) {
          ties.put(tieCutoffs[k], tieSizes[k]);
        }
        o.result = new Row(returned, relevant, unjudged, Arrays.asList(values), ties, firstRelevantRank);
      }
      return o;
    }
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
