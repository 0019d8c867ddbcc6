package dev.caliber.eval;

import dev.caliber.engine.MeasureMean;
import dev.caliber.engine.MergedRun;
import dev.caliber.engine.ProtocolParts;
import dev.caliber.engine.QueryScorer;
import dev.caliber.engine.RepeatedDocuments;
import dev.caliber.engine.RowTable;
import dev.caliber.engine.RunMerge;
import dev.caliber.engine.ScoringContext;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Judgments;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.Coverage;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.OrderDisagreement;
import dev.caliber.result.QueryResult;
import dev.caliber.result.QueryRows;
import dev.caliber.result.RunResult;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * Evaluates a run held in memory under an {@link EvalProtocol}: any measures from the registry,
 * graded judgments, and the protocol's policies. Under {@link dev.caliber.policy.Policy#trecEval()}
 * it reproduces {@code trec_eval -c}.
 *
 * <p>A run held in memory goes through the same engine as a TREC run evaluated while it is read
 * ({@link StreamingEvaluation}): each query's entries are written into a block of UTF-8 bytes,
 * scored by the one per-query scorer, and merged by the one ordered list of checks, so a rule is
 * never written twice and the two paths agree by construction. Every check runs before anything
 * is returned: a run that breaks the protocol is rejected whole, never partly scored.
 */
public final class Evaluation {
  private Evaluation() {}

  /**
   * Validates, then scores every query of the protocol's query set.
   *
   * @param protocol what the run is scored under, not null
   * @param run the run, not null; queries outside the query set are rejected or listed as the
   *     policy says
   * @return the run's result: one row per query of the set, in its order, and one mean per measure
   * @throws ProtocolViolationException at the first violation, in the order the engine's checks
   *     list (docs/ARCHITECTURE.md); nothing is scored then
   */
  public static RunResult evaluate(EvalProtocol protocol, ScoredRun run) {
    return evaluate(protocol, run, null, false);
  }

  /**
   * {@link #evaluate(EvalProtocol, ScoredRun)}, as one of several runs that {@code workers} share
   * when given (a sweep, a tuning grid: while the runs are scored under the same protocol, each
   * query's judged table is made once, from the second run on, instead of once per run), and with
   * each mean's bounds under holes when asked ({@link MeasureSummary#bounds()}). Every value and
   * mean is the same either way.
   *
   * @param protocol what the run is scored under, not null
   * @param run the run, not null
   * @param workers what the runs of one call share, not closed; null for a run scored alone
   * @param bounds whether each summary also has its bounds under holes
   * @return the run's result
   * @throws ProtocolViolationException at the first violation; nothing is scored then
   */
  public static RunResult evaluate(EvalProtocol protocol, ScoredRun run, EvaluationWorkers workers, boolean bounds) {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(run, "run");
    return evaluate(protocol, run, workers == null ? newContext(protocol, bounds) : workers.context(protocol, bounds));
  }

  private static RunResult evaluate(EvalProtocol protocol, ScoredRun run, ScoringContext context) {
    Origin origin = run.origin();
    RunMerge merge = new RunMerge(context, (q, entry, line) -> entry < 0 ? origin.locate(q) : origin.locate(q, entry));
    QueryScorer scorer = merge.scorer();
    EntryBlock block = null;
    for (Map.Entry<String, RankedList> e : run.asMap().entrySet()) {
      block = write(block, e.getKey(), e.getValue());
      merge.add(scorer.score(block, 0), 0);
    }
    return result(protocol, merge.finish(), run.name(), run.tag());
  }

  /** A new engine context for runs scored under {@code protocol}: what one evaluation, or a sweep's runs, share. */
  static ScoringContext newContext(EvalProtocol p) {
    return newContext(p, false);
  }

  /** A new engine context for runs scored under {@code p}, with or without bounds under holes. */
  static ScoringContext newContext(EvalProtocol p, boolean bounds) {
    return new ScoringContext(new ProtocolParts(p.qrels(), p.judgmentGroups(), p.preferences(), p.querySet(),
        p.querySetSource(), p.corpus(), p.policy(), p.measures()), bounds);
  }

  /**
   * A run's result from the engine's totals: the rows as they are, each mean as a summary, the
   * coverage and the order disagreement; the protocol's fingerprint, hashed once per protocol.
   */
  static RunResult result(EvalProtocol protocol, MergedRun m, String name, String tag) {
    List<MeasureSummary> summaries = new ArrayList<>(m.means().size());
    for (int k = 0; k < m.means().size(); k++) {
      MeasureSummary s = summary(m.means().get(k));
      summaries.add(m.lowMeans() == null ? s : new MeasureSummary(s.measure(), s.count(), s.mean(), s.decimalMean(),
          s.decimalSum(), bounds(m.lowMeans().get(k), m.highMeans().get(k))));
    }
    Coverage coverage = Coverage.of(m.coverageCutoffs(), m.judgedSums(), protocol.querySet().size(),
        protocol.policy().judgments() == Judgments.POOLED);
    return new RunResult(name, protocol, protocol.sha256(), new RowTable(m.rows()), summaries, m.missing(), m.ignored(),
        m.noRelevant(), tag, new OrderDisagreement(m.disagreeingQueries(), m.disagreeingLines(), m.disagreeingByScore(),
            m.disagreeingByRank()), coverage);
  }

  /** A measure's mean over the rows of a table, as {@link #evaluate} reports it. */
  static MeasureSummary summarize(Measure m, RowTable rows) {
    return summary(MeasureMean.of(m, rows.columns()));
  }

  /**
   * Rows built elsewhere (values kept in a file or a database, say) held as the engine holds its
   * own: as columns, about half the memory of the records, each row made again on {@code get}.
   *
   * @param rows the rows, each with the same measures in the same order, not null
   * @return the rows as a table, to give to {@link RunResult}'s constructor
   * @throws IllegalArgumentException if the rows' measures differ
   */
  public static QueryRows rows(List<QueryResult> rows) {
    return RowTable.copyOf(rows);
  }

  /**
   * A measure's mean over rows built elsewhere (values kept in a file, say), averaged as {@link
   * #evaluate} averages: over the rows with a value, exact where the measure is rational.
   *
   * @param m the measure, one of every row's measures
   * @param rows the rows, each with the same measures in the same order, not null
   * @return the summary; its mean is NaN (and null exactly) when no row has a value
   * @throws IllegalArgumentException if the rows' measures differ or {@code m} is not among them
   */
  public static MeasureSummary summarize(Measure m, List<QueryResult> rows) {
    RowTable table = RowTable.copyOf(rows);
    if (!table.isEmpty() && !table.get(0).values().containsKey(m)) {
      throw new IllegalArgumentException("the rows have no " + m + "; they have " + table.get(0).values().keySet());
    }
    return summarize(m, table);
  }

  private static MeasureSummary summary(MeasureMean m) {
    return new MeasureSummary(m.measure(), m.count(), m.mean(), m.decimalMean(), m.decimalSum());
  }

  /** A mean's bounds from the means of its bounds, read as its mean is ({@link MeasureSummary#value()}); none for null. */
  private static MeasureSummary.Bounds bounds(MeasureMean low, MeasureMean high) {
    return low == null ? MeasureSummary.Bounds.NONE
        : new MeasureSummary.Bounds(summary(low).value(), summary(high).value());
  }

  /**
   * Checks the run against the protocol without keeping its result.
   *
   * @param protocol what the run is checked against, not null
   * @param run the run, not null
   * @return the run queries outside the query set, which the policy lists rather than rejects
   * @throws ProtocolViolationException at the first violation
   */
  public static List<String> validate(EvalProtocol protocol, ScoredRun run) {
    return evaluate(protocol, run).ignoredQueries();
  }

  /**
   * Checks that no query of the run ranks a document twice, the one check of a run that needs no
   * protocol: for callers that rank a run without scoring it ({@code caliber diff}). The check and
   * its wording are the engine's, as {@link #evaluate} applies them: the first repetition in the
   * input, located at its line (or its entry, for a run from no file).
   *
   * @param run the run, not null
   * @throws ProtocolViolationException with reason {@link dev.caliber.error.Violations#DUPLICATE_DOCUMENT}
   *     if a query ranks a document twice
   */
  public static void requireEachDocumentOnce(ScoredRun run) {
    Origin origin = run.origin();
    RepeatedDocuments repeated = new RepeatedDocuments((q, entry, line) -> origin.locate(q, entry));
    EntryBlock block = null;
    for (Map.Entry<String, RankedList> e : run.asMap().entrySet()) {
      block = write(block, e.getKey(), e.getValue());
      repeated.add(block);
    }
    repeated.throwFirst();
  }

  /** One query's entries as a block of UTF-8 bytes (reusing {@code reuse}'s arrays), as a file's parser writes them. */
  static EntryBlock write(EntryBlock reuse, String query, RankedList list) {
    return write(reuse, query, list.size(), list::doc, list::score, list::rank, i -> 0);
  }

  /**
   * One query's entries as a block of UTF-8 bytes (reusing {@code reuse}'s arrays): entry {@code i}
   * is document {@code doc(i)} with its score, rank column and line (0 for none).
   */
  static EntryBlock write(EntryBlock reuse, String query, int n, IntFunction<String> doc, IntToDoubleFunction score,
      IntToLongFunction rank, IntUnaryOperator line) {
    byte[][] ids = new byte[n][];
    int total = 0;
    for (int i = 0; i < n; i++) {
      ids[i] = doc.apply(i).getBytes(StandardCharsets.UTF_8);
      total += ids[i].length;
    }
    byte[] data = new byte[total];
    EntryBlock block = reuse == null ? new EntryBlock(data, "", Math.max(n, 16)) : reuse.reset(data);
    block.startQuery(query);
    int at = 0;
    for (int i = 0; i < n; i++) {
      System.arraycopy(ids[i], 0, data, at, ids[i].length);
      block.add(at, at + ids[i].length, EntryBlock.hash(data, at, at + ids[i].length), score.applyAsDouble(i), rank.applyAsLong(i),
          line.applyAsInt(i));
      at += ids[i].length;
    }
    block.parsed(0, null);
    return block;
  }
}
