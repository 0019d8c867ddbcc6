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
 * First the violations no policy accepts, the first of them alone:
 *
 * <ol>
 *   <li>a document ranked twice for one query: the first repetition in the input (by line where
 *       the run came from a file, else in the run's order);
 *   <li>an empty query set;
 *   <li>a ranked document outside the corpus: the first such entry of the earliest query in
 *       query-set order.
 * </ol>
 *
 * Then the policies, each violation with the {@link Remedy} that declares the leniency accepting
 * it; every policy the run breaks is reported at once, each with its first location, in this
 * order ({@link ProtocolViolationException#of}: one violation alone keeps its own message):
 *
 * <ol>
 *   <li>a run query outside the query set, the first in the run's order (unless the policy lists
 *       such queries: {@link UnknownQueries#LIST});
 *   <li>under exhaustive judgments: with a corpus, a query of the set not judged against every
 *       corpus document, the first in query-set order; else a ranked document without a judgment,
 *       the first such entry of the earliest query in query-set order.
 * </ol>
 *
 * A malformed line comes before all of them: the reader throws it while the run is read. Every
 * violation is kept until the whole run has been merged, so what is reported does not depend on
 * the order in which queries arrive or the number of threads that scored them.
 *
 * <h2>The result</h2>
 *
 * Rows go in query-set order (a query the run has no entry for is scored as an empty ranking and
 * marked missing), and each measure's mean is summed in query-set order over the queries with a
 * value: the macro mean whose denominator the protocol fixes ({@link #summarize}). The entries
 * whose given order disagrees with their scores or rank column are counted here, over the scored
 * queries ({@link OrderDisagreement}).
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
  /** Per coverage cutoff, the judged documents among the top k, summed over the merged queries. */
  private final long[] judgedSums;
  private ProtocolViolationException duplicate;
  private String unknownQuery;
  private Location unknownAt;
  /** The earliest query's first unjudged entry (exhaustive judgments), and where it is. */
  private QueryScorer.Outcome unjudged;
  private Location unjudgedAt;
  /** The earliest query's first entry outside the corpus: its query, document and location. */
  private int unknownDocIndex = Integer.MAX_VALUE;
  private String unknownDocQuery;
  private String unknownDoc;
  private Location unknownDocAt;
  private int disagreeingQueries;
  private long disagreeingLines;
  private long disagreeingByScore;
  private long disagreeingByRank;

  RunMerge(EvalProtocol protocol, Locator locator) {
    this.protocol = protocol;
    this.locator = locator;
    List<String> set = protocol.querySet();
    protocol.runStarted();
    this.setIndex = protocol.setIndex();
    this.scorer = new QueryScorer(protocol, setIndex);
    this.rows = new RowTable.Builder(set.size(), protocol.measures());
    this.seenInSet = new boolean[set.size()];
    this.judgedSums = new long[scorer.coverageCutoffs.length];
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
      if (o.violationIsUnknownDocument) {
        unknownDocument(o.index, o.query, o.violatingDoc, locator.locate(o.query, o.violatingEntry, lineOffset + o.violatingLine));
        return;
      }
      if (unjudged == null || o.index < unjudged.index) {
        unjudged = o;
        unjudgedAt = locator.locate(o.query, o.violatingEntry, lineOffset + o.violatingLine);
      }
      if (o.laterUnknownDoc != null) {
        unknownDocument(o.index, o.query, o.laterUnknownDoc, locator.locate(o.query, o.laterUnknownEntry, lineOffset + o.laterUnknownLine));
      }
    } else {
      rows.set(o.index, o.result);
      if (o.disagreeing[0] > 0) {
        disagreeingQueries++;
        disagreeingLines += o.disagreeing[0];
        disagreeingByScore += o.disagreeing[1];
        disagreeingByRank += o.disagreeing[2];
      }
      for (int c = 0; c < judgedSums.length; c++) {
        judgedSums[c] += o.judgedAtCutoff[c]; // a missing query adds 0: it ranks nothing
      }
    }
  }

  /**
   * The run's result, once every outcome has been merged.
   *
   * @param name the run's name
   * @param tag the run's TREC tag, or null
   * @throws ProtocolViolationException the first violation in the order of the class comment
   */
  RunResult finish(String name, String tag) {
    if (duplicate != null) {
      throw duplicate;
    }
    if (protocol.querySet().isEmpty()) {
      // "split has no queries" where a split fixed the set; judgments alone have no split to name
      boolean split = protocol.querySetSource().startsWith("split ");
      throw new ProtocolViolationException(Location.NONE, split ? Violations.EMPTY_SPLIT : "no queries to evaluate",
          "the query set (" + protocol.querySetSource() + ") is empty" + (split ? "" : "; expected at least one query"));
    }
    if (unknownDoc != null) {
      throw new ProtocolViolationException(unknownDocAt, Violations.UNKNOWN_DOCUMENT,
          "query " + PyJson.canonical(unknownDocQuery) + ": document " + PyJson.canonical(unknownDoc) + " is not in the corpus");
    }
    List<ProtocolViolationException> broken = new ArrayList<>(2); // one per policy, in the class comment's order
    if (unknownQuery != null) {
      broken.add(new ProtocolViolationException(unknownAt, Violations.WRONG_SPLIT_QUERY,
          "query " + PyJson.canonical(unknownQuery) + " is not in the query set (" + protocol.querySetSource() + ")",
          Remedy.LIST_UNKNOWN_QUERIES));
    }
    ProtocolViolationException uncovered = protocol.policy().judgments() == Judgments.EXHAUSTIVE && protocol.corpus() != null
        ? qrelsNotCoveringCorpus() : null;
    if (uncovered != null) {
      broken.add(uncovered);
    } else if (unjudged != null) {
      broken.add(new ProtocolViolationException(unjudgedAt, Violations.UNJUDGED, "query " + PyJson.canonical(unjudged.query)
          + ": document " + PyJson.canonical(unjudged.violatingDoc) + " has no judgment", Remedy.POOLED_JUDGMENTS));
    }
    if (!broken.isEmpty()) {
      throw ProtocolViolationException.of(broken);
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
    Coverage coverage = Coverage.of(scorer.coverageCutoffs, judgedSums, set.size(),
        protocol.policy().judgments() == Judgments.POOLED);
    return new RunResult(name, protocol, protocol.sha256(), table, summaries, missing, ignored, noRelevant, tag,
        new OrderDisagreement(disagreeingQueries, disagreeingLines, disagreeingByScore, disagreeingByRank), coverage);
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

  /** The first query of the set (in its order) not judged against every corpus document, or null. */
  private ProtocolViolationException qrelsNotCoveringCorpus() {
    Set<String> ids = protocol.corpus().ids();
    for (String q : protocol.querySet()) {
      Map<String, Integer> row = protocol.qrels().row(q);
      if (row == null || !row.keySet().equals(ids)) {
        return new ProtocolViolationException(protocol.qrels().origin().locate(q), Violations.UNJUDGED,
            "query " + PyJson.canonical(q) + " is not judged against every corpus document ("
                + (row == null ? 0 : row.size()) + " of " + ids.size() + ")",
            Remedy.POOLED_JUDGMENTS);
      }
    }
    return null;
  }

  /** Keeps the entry outside the corpus of the earliest query in query-set order. */
  private void unknownDocument(int index, String query, String doc, Location at) {
    if (index < unknownDocIndex) {
      unknownDocIndex = index;
      unknownDocQuery = query;
      unknownDoc = doc;
      unknownDocAt = at;
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
