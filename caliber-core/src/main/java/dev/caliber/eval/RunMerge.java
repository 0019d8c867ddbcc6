package dev.caliber.eval;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import dev.caliber.error.Violations;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import dev.caliber.measure.Mean;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.UnknownQueries;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one ordered list of a run's checks and the one way a run's scored queries become a {@link
 * RunResult}, for every path: outcomes of {@link QueryScorer} arrive in the run's order (file
 * order, or the order of an in-memory run's map), from one or many blocks.
 *
 * <h2>The checks, in the order they are reported</h2>
 *
 * <ol>
 *   <li>a document ranked twice for one query: the first repetition in the input (by line where
 *       the run came from a file, else in the run's order);
 *   <li>an empty query set;
 *   <li>a run query outside the query set, the first in the run's order (unless the policy lists
 *       such queries: {@link UnknownQueries#LIST});
 *   <li>under exhaustive judgments with a corpus, a query of the set not judged against every
 *       corpus document, the first in query-set order;
 *   <li>a ranked document outside the corpus, or (exhaustive judgments) without a judgment: the
 *       first such entry of the earliest query in query-set order.
 * </ol>
 *
 * A malformed line comes before all of them: the reader throws it while the run is read. Every
 * violation is kept until the whole run has been merged, so the first of this list is reported
 * whatever the order in which queries arrive or the number of threads that scored them.
 *
 * <h2>The result</h2>
 *
 * Rows go in query-set order (a query the run has no entry for is scored as an empty ranking and
 * marked missing), and each measure's mean is summed in query-set order over the queries with a
 * value: the macro mean whose denominator the protocol fixes ({@link #summarize}).
 */
final class RunMerge {
  /** Where an entry of the run came from, for the location of its violations. */
  @FunctionalInterface
  interface Locator {
    /**
     * The location of entry {@code entry} (0-based, in the query's order) of {@code query}, read on
     * {@code line} (0 when it came from no line).
     */
    Location locate(String query, int entry, long line);
  }

  final EvalProtocol protocol;
  final QuerySetIndex setIndex;
  private final QueryScorer scorer;
  private final Locator locator;
  /** The rows merged so far, placed by query-set index: as columns, compact while the run is read. */
  private final RowTable.Builder rows;
  private final boolean[] seenInSet;
  private final Set<String> seenOthers = new HashSet<>();
  private final List<String> ignored = new ArrayList<>();
  private ProtocolViolationException duplicate;
  private String unknownQuery;
  private Location unknownAt;
  private QueryScorer.Outcome violation;
  private Location violationAt;

  RunMerge(EvalProtocol protocol, Locator locator) {
    this.protocol = protocol;
    this.locator = locator;
    List<String> set = protocol.querySet();
    protocol.runStarted();
    this.setIndex = protocol.setIndex();
    this.scorer = new QueryScorer(protocol, setIndex);
    this.rows = new RowTable.Builder(set.size(), protocol.measures());
    this.seenInSet = new boolean[set.size()];
  }

  /** A scorer for this merge's protocol and query set (one per thread). */
  QueryScorer newScorer() {
    return new QueryScorer(protocol, setIndex);
  }

  /** The scorer of the calling thread, when one thread does all the work. */
  QueryScorer scorer() {
    return scorer;
  }

  /**
   * Whether the outcome's query was merged before (then the run is not grouped by query); marks it
   * merged.
   */
  boolean seenBefore(QueryScorer.Outcome o) {
    if (o.index >= 0) {
      boolean before = seenInSet[o.index];
      seenInSet[o.index] = true;
      return before;
    }
    return !seenOthers.add(o.query);
  }

  /**
   * Merges one query's outcome.
   *
   * @param lineOffset the lines before the outcome's block, so that its lines become the input's
   *     (0 for a run in memory, whose entries have line 0)
   */
  void add(QueryScorer.Outcome o, long lineOffset) {
    if (o.duplicate != null) {
      Location at = locator.locate(o.query, o.duplicateEntry, lineOffset + o.duplicateLine);
      if (duplicate == null || before(at, duplicate.location())) {
        Location first = locator.locate(o.query, o.duplicateOfEntry, lineOffset + o.duplicateOf);
        duplicate = duplicate(o.query, o.duplicate, at, o.duplicateEntry, at.line(), o.duplicateOfEntry, first.line());
      }
      return;
    }
    if (o.index < 0) {
      if (protocol.policy().unknownQueries() == UnknownQueries.LIST) {
        ignored.add(o.query);
      } else if (unknownQuery == null) {
        unknownQuery = o.query;
        unknownAt = locator.locate(o.query, -1, lineOffset + o.firstLine);
      }
    } else if (o.violatingDoc != null) {
      if (violation == null || o.index < violation.index) {
        violation = o;
        violationAt = locator.locate(o.query, o.violatingEntry, lineOffset + o.violatingLine);
      }
    } else {
      rows.set(o.index, o.result);
    }
  }

  /**
   * The run's result, once every outcome has been merged.
   *
   * @param name the run's name
   * @throws ProtocolViolationException the first violation in the order of the class comment
   */
  RunResult finish(String name) {
    if (duplicate != null) {
      throw duplicate;
    }
    if (protocol.querySet().isEmpty()) {
      throw new ProtocolViolationException(Location.NONE, Violations.EMPTY_SPLIT,
          "the query set (" + protocol.querySetSource() + ") is empty");
    }
    if (unknownQuery != null) {
      throw new ProtocolViolationException(unknownAt, Violations.WRONG_SPLIT_QUERY,
          "query " + PyJson.canonical(unknownQuery) + " is not in the query set (" + protocol.querySetSource() + ")",
          Remedy.LIST_UNKNOWN_QUERIES);
    }
    if (protocol.policy().judgments() == Judgments.EXHAUSTIVE && protocol.corpus() != null) {
      checkQrelsCoverCorpus();
    }
    if (violation != null) {
      String q = PyJson.canonical(violation.query) + ": document " + PyJson.canonical(violation.violatingDoc);
      throw violation.violationIsUnknownDocument
          ? new ProtocolViolationException(violationAt, Violations.UNKNOWN_DOCUMENT, "query " + q + " is not in the corpus")
          : new ProtocolViolationException(violationAt, Violations.UNJUDGED, "query " + q + " has no judgment",
              Remedy.POOLED_JUDGMENTS);
    }
    List<String> set = protocol.querySet();
    for (int i = 0; i < set.size(); i++) {
      if (!rows.isSet(i)) {
        rows.set(i, scorer.missing(set.get(i)));
      }
    }
    RowTable table = rows.build();
    List<String> missing = new ArrayList<>();
    List<String> noRelevant = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      if (table.missing(i)) {
        missing.add(table.query(i));
      }
      if (table.relevant(i) == 0) {
        noRelevant.add(table.query(i));
      }
    }
    List<MeasureSummary> summaries = new ArrayList<>();
    for (Measure m : protocol.measures()) {
      summaries.add(summarize(m, table));
    }
    return new RunResult(name, protocol, protocol.sha256(), table, summaries, missing, ignored, noRelevant);
  }

  /**
   * Whether {@code a} comes before {@code b} in the input: an earlier line. Queries merge in the
   * order of their first entry, so only a run read whole whose queries' lines interleave can bring
   * an earlier repetition later; entries from no line (line 0) keep the order they were merged in.
   */
  private static boolean before(Location a, Location b) {
    return a.line() < b.line();
  }

  /**
   * The duplicate-document violation. Where the entries came from lines (a location with a line
   * and no JSON path) the repetition is named by its lines, otherwise by its entries (1-based).
   */
  static ProtocolViolationException duplicate(String query, String doc, Location at, int entry, long line,
      int firstEntry, long firstLine) {
    boolean byLine = at.path().isEmpty() && at.line() > 0;
    String where = byLine ? "on line " + line + " repeats line " + firstLine
        : "at entry " + (entry + 1) + " repeats entry " + (firstEntry + 1);
    return new ProtocolViolationException(at, Violations.DUPLICATE_DOCUMENT,
        "query " + PyJson.canonical(query) + ": document " + PyJson.canonical(doc) + " " + where);
  }

  private void checkQrelsCoverCorpus() {
    Set<String> ids = protocol.corpus().ids();
    for (String q : protocol.querySet()) {
      Map<String, Integer> row = protocol.qrels().row(q);
      if (row == null || !row.keySet().equals(ids)) {
        throw new ProtocolViolationException(protocol.qrels().origin().locate(q), Violations.UNJUDGED,
            "query " + PyJson.canonical(q) + " is not judged against every corpus document ("
                + (row == null ? 0 : row.size()) + " of " + ids.size() + ")",
            Remedy.POOLED_JUDGMENTS);
      }
    }
  }

  /**
   * The mean of a measure over the rows with a value, summed in row order (so that the double sum
   * is trec_eval's), read by column; exact for a rational measure (a common denominator, reduced
   * once).
   */
  static MeasureSummary summarize(Measure m, RowTable rows) {
    int j = rows.measures().indexOf(m);
    int count = 0;
    boolean geometric = m.mean() == Mean.GEOMETRIC;
    FractionSum exact = m.rational() && !geometric ? new FractionSum() : null;
    double sum = 0.0;
    double logs = 0.0;
    for (int i = 0; i < rows.size(); i++) {
      double d = rows.decimal(i, j);
      if (Double.isNaN(d)) {
        continue; // no value: the query is excluded
      }
      count++;
      sum += d;
      if (geometric) {
        logs += Math.log(Math.max(d, Mean.GEOMETRIC_FLOOR));
      }
      if (exact != null) {
        exact.add(rows.exact(i, j));
      }
    }
    Fraction mean = exact == null || count == 0 ? null : exact.snapshot().dividedBy(count);
    double decimalMean = count == 0 ? Double.NaN : geometric ? Math.exp(logs / count) : sum / count;
    return new MeasureSummary(m, count, mean, decimalMean, sum);
  }
}
