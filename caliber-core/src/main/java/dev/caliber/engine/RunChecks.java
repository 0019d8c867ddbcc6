package dev.caliber.engine;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import dev.caliber.error.Violations;
import dev.caliber.json.PyJson;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.result.ScoredQuery;
import dev.caliber.result.ScoredQuery.Repetition;
import dev.caliber.result.ScoredQuery.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one ordered list of a run's checks, for every path: scored queries arrive in the run's order
 * (file order, or the order of an in-memory run's map), from one or many blocks, and every
 * violation is kept until the whole run has been seen ({@link #throwFirst}), so what is reported
 * does not depend on the order in which queries arrive or the number of threads that scored them.
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
 * A malformed line comes before all of them: the reader throws it while the run is read.
 */
final class RunChecks {
  private final ProtocolParts parts;
  private final RunMerge.Locator locator;
  private final List<String> ignored = new ArrayList<>();
  private ProtocolViolationException duplicate;
  private String unknownQuery;
  private Location unknownAt;
  /** The earliest query's first unjudged entry (exhaustive judgments): its query's index, query, document and location. */
  private int unjudgedIndex = Integer.MAX_VALUE;
  private String unjudgedQuery;
  private String unjudgedDoc;
  private Location unjudgedAt;
  /** The earliest query's first entry outside the corpus: its query, document and location. */
  private int unknownDocIndex = Integer.MAX_VALUE;
  private String unknownDocQuery;
  private String unknownDoc;
  private Location unknownDocAt;

  RunChecks(ProtocolParts parts, RunMerge.Locator locator) {
    this.parts = parts;
    this.locator = locator;
  }

  /**
   * Checks one scored query.
   *
   * @param index the query's position in the query set, or -1
   * @param lineOffset the lines before the query's block, so that its lines become the input's
   * @return whether the query passed, so that its row counts
   */
  boolean add(ScoredQuery s, int index, long lineOffset) {
    String query = s.query();
    Repetition r = s.repetition();
    if (r != null) {
      Location at = locator.locate(query, r.entry(), lineOffset + r.line());
      if (duplicate == null || before(at, duplicate.location())) {
        Location first = locator.locate(query, r.firstEntry(), lineOffset + r.firstLine());
        duplicate = duplicate(query, r.document(), at, r.entry(), at.line(), r.firstEntry(), first.line());
      }
      return false;
    }
    if (index < 0) {
      if (parts.policy().unknownQueries() == UnknownQueries.LIST) {
        ignored.add(query);
      } else if (unknownQuery == null) {
        unknownQuery = query;
        unknownAt = locator.locate(query, -1, lineOffset + s.firstLine());
      }
      return false;
    }
    Violation v = s.violation();
    if (v == null) {
      return true;
    }
    if (v.outsideCorpus()) {
      unknownDocument(index, query, v.document(), locator.locate(query, v.entry(), lineOffset + v.line()));
      return false;
    }
    if (index < unjudgedIndex) {
      unjudgedIndex = index;
      unjudgedQuery = query;
      unjudgedDoc = v.document();
      unjudgedAt = locator.locate(query, v.entry(), lineOffset + v.line());
    }
    Violation later = s.laterOutsideCorpus();
    if (later != null) {
      unknownDocument(index, query, later.document(), locator.locate(query, later.entry(), lineOffset + later.line()));
    }
    return false;
  }

  /** The run's queries outside the query set that the policy lists, in the run's order. */
  List<String> ignored() {
    return ignored;
  }

  /**
   * Throws the first violation in the order of the class comment, once every scored query is in.
   *
   * @throws ProtocolViolationException the first violation, if there is one
   */
  void throwFirst() {
    if (duplicate != null) {
      throw duplicate;
    }
    if (parts.querySet().isEmpty()) {
      // "split has no queries" where a split fixed the set; judgments alone have no split to name
      boolean split = parts.querySetSource().startsWith("split ");
      throw new ProtocolViolationException(Location.NONE, split ? Violations.EMPTY_SPLIT : "no queries to evaluate",
          "the query set (" + parts.querySetSource() + ") is empty" + (split ? "" : "; expected at least one query"));
    }
    if (unknownDoc != null) {
      throw new ProtocolViolationException(unknownDocAt, Violations.UNKNOWN_DOCUMENT,
          "query " + PyJson.canonical(unknownDocQuery) + ": document " + PyJson.canonical(unknownDoc) + " is not in the corpus");
    }
    List<ProtocolViolationException> broken = new ArrayList<>(2); // one per policy, in the class comment's order
    if (unknownQuery != null) {
      broken.add(new ProtocolViolationException(unknownAt, Violations.WRONG_SPLIT_QUERY,
          "query " + PyJson.canonical(unknownQuery) + " is not in the query set (" + parts.querySetSource() + ")",
          Remedy.LIST_UNKNOWN_QUERIES));
    }
    ProtocolViolationException uncovered = parts.policy().judgments() == Judgments.EXHAUSTIVE && parts.corpus() != null
        ? qrelsNotCoveringCorpus() : null;
    if (uncovered != null) {
      broken.add(uncovered);
    } else if (unjudgedQuery != null) {
      broken.add(new ProtocolViolationException(unjudgedAt, Violations.UNJUDGED, "query " + PyJson.canonical(unjudgedQuery)
          + ": document " + PyJson.canonical(unjudgedDoc) + " has no judgment", Remedy.POOLED_JUDGMENTS));
    }
    if (!broken.isEmpty()) {
      throw ProtocolViolationException.of(broken);
    }
  }

  /**
   * Whether {@code a} comes before {@code b} in the input: an earlier line. Queries merge in the
   * order of their first entry, so only a run read whole whose queries' lines interleave can bring
   * an earlier repetition later; entries from no line (line 0) keep the order they were merged in.
   */
  static boolean before(Location a, Location b) {
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
    Set<String> ids = parts.corpus().ids();
    for (String q : parts.querySet()) {
      Map<String, Integer> row = parts.qrels().row(q);
      if (row == null || !row.keySet().equals(ids)) {
        return new ProtocolViolationException(parts.qrels().origin().locate(q), Violations.UNJUDGED,
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
}
