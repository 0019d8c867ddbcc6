package dev.caliber.eval;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.TrecRunStream;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.UnknownQueries;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link StreamingEvaluation}'s merge of blocks in file order, on the calling thread: line numbers
 * across blocks, whether the run is grouped, the errors kept for the end in the order {@link
 * Evaluation} would report them, and the rows in query-set order.
 */
final class StreamingMerge {
  final EvalProtocol protocol;
  final String source;
  final boolean canReopen;
  final QuerySetIndex setIndex;
  /** The rows merged so far, placed by query-set index: as columns, compact while the run is read. */
  final RowTable.Builder rows;
  final boolean[] seenInSet;
  final Set<String> seenOthers = new HashSet<>();
  final List<String> ignored = new ArrayList<>();
  String name;
  long firstLine = 1;
  RunNotGroupedException notGrouped;
  ProtocolViolationException duplicate;
  String unknownQuery;
  long unknownLine;
  QueryScorer.Outcome violation;
  long violationLine;

  StreamingMerge(EvalProtocol protocol, String source, boolean canReopen) {
    this.protocol = protocol;
    this.source = source;
    this.canReopen = canReopen;
    List<String> set = protocol.querySet();
    this.setIndex = QuerySetIndex.of(set);
    this.rows = new RowTable.Builder(set.size(), protocol.measures());
    this.seenInSet = new boolean[set.size()];
  }

  /** Whether the query was seen before (then the run is not grouped); marks it seen. */
  private boolean seenBefore(QueryScorer.Outcome o) {
    if (o.index >= 0) {
      boolean before = seenInSet[o.index];
      seenInSet[o.index] = true;
      return before;
    }
    return !seenOthers.add(o.query);
  }

  /** Merges the next block; false when the stream should stop (to be read again whole). */
  boolean add(StreamingEvaluation.BlockResult r) {
    long last = firstLine + r.lines() - 1;
    if (r.error() != null) {
      InputSyntaxException e = LineBlocks.relocate(r.error(), firstLine);
      throw e.location().line() > Integer.MAX_VALUE + 1L ? TrecRunStream.tooManyLines(source) : e;
    }
    if (last > Integer.MAX_VALUE) {
      throw TrecRunStream.tooManyLines(source);
    }
    for (QueryScorer.Outcome o : r.queries()) {
      if (seenBefore(o)) {
        if (notGrouped == null) {
          notGrouped = new RunNotGroupedException(source, o.query, firstLine + o.firstLine - 1);
        }
        if (canReopen) {
          return false;
        }
      }
      if (notGrouped != null) {
        continue; // only a malformed line can still come first
      }
      if (o.duplicate != null) {
        if (duplicate == null) {
          duplicate = TrecRunStream.duplicate(source, o.query, o.duplicate, firstLine + o.duplicateLine - 1,
              firstLine + o.duplicateOf - 1);
        }
        continue;
      }
      if (o.index < 0) {
        if (protocol.policy().unknownQueries() == UnknownQueries.LIST) {
          ignored.add(o.query);
        } else if (unknownQuery == null) {
          unknownQuery = o.query;
          unknownLine = firstLine + o.firstLine - 1;
        }
      } else if (o.violatingDoc != null) {
        if (violation == null || o.index < violation.index) {
          violation = o;
          violationLine = firstLine + o.violatingLine - 1;
        }
      } else {
        rows.set(o.index, o.result);
      }
    }
    firstLine = last + 1;
    return true;
  }

  StreamingEvaluation.Outcome finish() {
    if (duplicate != null) {
      throw duplicate;
    }
    try {
      return new StreamingEvaluation.Outcome(result(), null);
    } catch (ProtocolViolationException e) {
      return new StreamingEvaluation.Outcome(null, e);
    }
  }

  private RunResult result() {
    if (protocol.querySet().isEmpty()) {
      throw Evaluation.emptyQuerySet(protocol);
    }
    if (unknownQuery != null) {
      throw Evaluation.unknownQuery(protocol, Location.ofLine(source, unknownLine), unknownQuery);
    }
    if (protocol.policy().judgments() == Judgments.EXHAUSTIVE && protocol.corpus() != null) {
      Evaluation.validateQrelsCoverCorpus(protocol);
    }
    if (violation != null) {
      Location at = Location.ofLine(source, violationLine);
      throw violation.violationIsUnknownDocument
          ? Evaluation.unknownDocument(at, violation.query, violation.violatingDoc)
          : Evaluation.unjudged(at, violation.query, violation.violatingDoc);
    }
    List<String> missing = new ArrayList<>();
    List<String> noRelevant = new ArrayList<>();
    List<String> set = protocol.querySet();
    for (int i = 0; i < set.size(); i++) {
      if (!rows.isSet(i)) {
        rows.set(i, Evaluation.score(protocol, null, set.get(i))); // a query the run has no entry for
      }
    }
    RowTable table = rows.build();
    for (int i = 0; i < table.size(); i++) {
      if (table.missing(i)) {
        missing.add(table.query(i));
      }
      if (table.relevant(i) == 0) {
        noRelevant.add(table.query(i));
      }
    }
    return Evaluation.result(name, protocol, table, missing, ignored, noRelevant);
  }
}
