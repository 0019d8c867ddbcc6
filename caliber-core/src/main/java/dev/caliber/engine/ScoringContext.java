package dev.caliber.engine;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.protocol.Subtopics;
import dev.caliber.qrels.QrelsAccess;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the runs scored one after another under one protocol share: the protocol's parts, the query
 * set's index, the number of runs started, and each judged query's {@link JudgedTable} once a
 * second run is scored here (a sweep scores the same judgments again and again; a single run,
 * however large, keeps none, so that its memory does not grow by a table per query).
 *
 * <p>The doors open one per evaluation, or keep one in the {@code EvaluationWorkers} that a
 * sweep's runs share, while they are scored under the same protocol: the protocol itself stays a
 * value. Shared by the threads that score one run's blocks: two threads may make one table twice;
 * either is the same, and its fields are final, so a racy write is safe.
 */
public final class ScoringContext {
  private final ProtocolParts parts;
  /** The qrels' columns, taken once: the scorer reads each judgment's hash and bytes from them. */
  private final QrelsColumns qrels;
  private final Subtopics subtopics;
  private final QuerySetIndex setIndex;
  /** The label a hole takes in the high completion ({@link Holes}), or -1 when the runs are scored without bounds. */
  private final int holeLabel;
  /** Each judged query's table, kept once a second run starts; null until then. */
  private JudgedTable[] judged;
  /** How many runs have started to be scored here. */
  private final AtomicInteger runs = new AtomicInteger();

  /**
   * A context for runs scored under {@code parts}.
   *
   * @param parts the protocol's parts
   */
  public ScoringContext(ProtocolParts parts) {
    this(parts, false);
  }

  /**
   * A context for runs scored under {@code parts}, with or without each value's bounds under holes
   * ({@link Holes}): the value's lowest and highest if every unjudged document within the depth
   * were judged non-relevant, or relevant.
   *
   * @param parts the protocol's parts
   * @param bounds whether every row also has its bounds under holes
   */
  public ScoringContext(ProtocolParts parts, boolean bounds) {
    this.parts = parts;
    this.qrels = QrelsAccess.columns(parts.qrels());
    this.subtopics = parts.qrels().subtopics();
    this.setIndex = QuerySetIndex.of(parts.querySet());
    this.holeLabel = bounds ? Holes.highLabel(qrels, parts.policy().relevanceThreshold()) : -1;
  }

  /**
   * Whether the runs scored here have their bounds under holes.
   *
   * @return true when every row has them
   */
  public boolean bounds() {
    return holeLabel >= 0;
  }

  /** The label of a hole judged relevant, in the high completion; -1 without bounds. */
  int holeLabel() {
    return holeLabel;
  }

  /**
   * The protocol's parts.
   *
   * @return the parts, never null
   */
  public ProtocolParts parts() {
    return parts;
  }

  /**
   * A query's position in the query set.
   *
   * @param query a query ID
   * @return its position, or -1 when it is not in the set
   */
  public int indexOf(String query) {
    return setIndex.indexOf(query);
  }

  /** The index of the query set, for the scorer and the merge. */
  QuerySetIndex setIndex() {
    return setIndex;
  }

  /** The qrels' columns, for the scorer. */
  QrelsColumns qrels() {
    return qrels;
  }

  /** The judgments of the query at {@code position} in the qrels ({@link #qrels()}), for the scorer; none for -1. */
  JudgedTable judged(int position) {
    if (position < 0) {
      return JudgedTable.of(qrels, subtopics, -1);
    }
    JudgedTable[] tables = judged;
    if (tables == null && runs.get() < 2) {
      return JudgedTable.of(qrels, subtopics, position);
    }
    if (tables == null) {
      tables = new JudgedTable[qrels.queryCount()];
      judged = tables;
    }
    JudgedTable t = tables[position];
    if (t == null) {
      t = JudgedTable.of(qrels, subtopics, position);
      tables[position] = t;
    }
    return t;
  }

  /** Counts a run that starts to be scored here (see {@link #judged(int)}). */
  void runStarted() {
    runs.incrementAndGet();
  }
}
