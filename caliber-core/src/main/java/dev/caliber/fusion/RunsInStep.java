package dev.caliber.fusion;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.RankedList;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * TREC runs read query by query in step, for fusing runs too large to hold: each input is read by
 * {@link TrecRunStream} (the run readers' format, rules, limits and errors) in blocks of whole
 * queries, and {@link #next()} hands out the next query of every input at once. What is held is a
 * block of each input (about {@link TrecRunStream#BLOCK_BYTES}, or one query if larger, bounded
 * by {@link dev.caliber.io.InputLimits#maxQueryBytes()}) and the IDs of the queries passed, which
 * is how a run not grouped by query is found.
 *
 * <p>The inputs must be grouped by query and have the same queries in the same order: the first
 * query where they differ is an error ({@link OutOfStepException}) naming both files and lines.
 * Runs that differ (a query missing from one, another order) are fused in memory instead, read
 * whole ({@link Fusion#fuse(String, List)}), within the input limits.
 */
public final class RunsInStep implements Closeable {
  /**
   * One input.
   *
   * @param source the name errors give (a path as given, or {@code -})
   * @param bytes the raw input (gzip is detected), closed by {@link #close()}
   * @param options the run's name, extra columns and limits
   */
  public record Input(String source, InputStream bytes, TrecRunOptions options) {}

  /**
   * One query of every input.
   *
   * @param queryId the query
   * @param lists each input's entries for it, in input order and file order
   * @param lines for each input, the line of each entry
   */
  public record Step(String queryId, List<RankedList> lists, List<int[]> lines) {
    /**
     * Where an input's entry was read.
     *
     * @param input the input's index
     * @param entry the entry's index in its list
     * @return the line number in the input
     */
    public long line(int input, int entry) {
      return lines.get(input)[entry];
    }
  }

  /** Inputs whose queries differ, or a run not grouped by query. */
  public static final class OutOfStepException extends dev.caliber.error.CaliberInputException {
    private static final long serialVersionUID = 1L;

    OutOfStepException(Location at, String reason, String detail) {
      super(at, reason, detail, dev.caliber.error.Remedy.READ_WHOLE);
    }
  }

  private static final String SAME_ORDER = "; expected the same queries in the same order in every run";

  private final List<Cursor> cursors;

  private RunsInStep(List<Cursor> cursors) {
    this.cursors = cursors;
  }

  /**
   * Opens the inputs and reads the first line of each.
   *
   * @param inputs at least one
   * @return the reader
   * @throws InputSyntaxException if an input is empty or its first line is malformed
   * @throws IOException if reading fails
   */
  public static RunsInStep open(List<Input> inputs) throws IOException {
    List<Cursor> cursors = new ArrayList<>();
    try {
      for (Input in : inputs) {
        cursors.add(new Cursor(TrecRunStream.open(in.source(), in.bytes(), in.options(), TrecRunStream.BLOCK_BYTES)));
      }
    } catch (IOException | RuntimeException e) {
      for (Cursor c : cursors) {
        c.stream.close();
      }
      throw e;
    }
    return new RunsInStep(cursors);
  }

  /**
   * The inputs' run names.
   *
   * @return each input's name (its option's, else its file's), in input order
   */
  public List<String> names() {
    return cursors.stream().map(c -> c.stream.name()).toList();
  }

  /**
   * The next query of every input.
   *
   * @return the step, or null once every input has ended
   * @throws OutOfStepException if the inputs' next queries differ, one input ends before another,
   *     or a query comes back after another one
   * @throws InputSyntaxException if a line is malformed
   * @throws IOException if reading fails
   */
  public Step next() throws IOException {
    for (Cursor c : cursors) {
      c.advance();
    }
    Cursor first = cursors.get(0);
    for (Cursor c : cursors) {
      String a = first.queryId();
      String b = c.queryId();
      if (a == null ? b != null : !a.equals(b)) {
        if (a == null || b == null) {
          Cursor has = a == null ? c : first;
          Cursor ended = a == null ? first : c;
          throw new OutOfStepException(has.location(), "runs out of step", "query " + PyJson.canonical(has.queryId())
              + " where " + ended.stream.source() + " has ended" + SAME_ORDER);
        }
        throw new OutOfStepException(c.location(), "runs out of step", "query " + PyJson.canonical(b) + " where "
            + first.stream.source() + ":" + first.line() + " has query " + PyJson.canonical(a) + SAME_ORDER);
      }
    }
    if (first.queryId() == null) {
      return null;
    }
    List<RankedList> lists = new ArrayList<>(cursors.size());
    List<int[]> lines = new ArrayList<>(cursors.size());
    for (Cursor c : cursors) {
      c.take(lists, lines);
    }
    return new Step(first.queryId(), lists, lines);
  }

  @Override
  public void close() throws IOException {
    IOException failed = null;
    for (Cursor c : cursors) {
      try {
        c.stream.close();
      } catch (IOException e) {
        failed = failed == null ? e : failed;
      }
    }
    if (failed != null) {
      throw failed;
    }
  }

  /** One input's place: its current block and query. */
  private static final class Cursor {
    final TrecRunStream stream;
    LineBlocks.Block block;
    EntryBlock entries;
    /** The current query's index in the block; the block is used up at {@code entries.queries()}. */
    int q;
    /** The line number of the block's first line. */
    long firstLine = 1;
    boolean ended;
    /** Whether the current query has been handed out. */
    boolean taken = true;
    final Set<String> seen = new HashSet<>();

    Cursor(TrecRunStream stream) {
      this.stream = stream;
    }

    /** Moves to the next query, once the current one has been taken. */
    void advance() throws IOException {
      if (!taken || ended) {
        return;
      }
      if (entries != null) {
        q++;
      }
      while (entries == null || q == entries.queries()) {
        if (entries != null) {
          firstLine += entries.lines();
          stream.recycle(block);
        }
        block = stream.next();
        if (block == null) {
          ended = true;
          entries = null;
          return;
        }
        entries = stream.parse(block);
        if (entries.error() != null) {
          throw LineBlocks.relocate(entries.error(), firstLine);
        }
        q = 0;
      }
      taken = false;
      if (!seen.add(entries.queryId(q))) {
        throw new OutOfStepException(location(), "run not grouped by query",
            "query " + PyJson.canonical(entries.queryId(q)) + " again, after other queries; expected each query's lines together"
                + " (sort -s -k1,1 groups them)");
      }
    }

    String queryId() {
      return ended ? null : entries.queryId(q);
    }

    long line() {
      return firstLine + entries.lineNumbers()[entries.queryStart(q)] - 1;
    }

    Location location() {
      return Location.ofLine(stream.source(), line());
    }

    void take(List<RankedList> lists, List<int[]> lines) {
      int from = entries.queryStart(q);
      int to = entries.queryStart(q + 1);
      int n = to - from;
      String[] docs = new String[n];
      double[] scores = new double[n];
      long[] ranks = new long[n];
      int[] at = new int[n];
      for (int i = 0; i < n; i++) {
        docs[i] = entries.doc(from + i);
        scores[i] = entries.scores()[from + i];
        ranks[i] = entries.ranks()[from + i];
        at[i] = (int) (firstLine + entries.lineNumbers()[from + i] - 1);
      }
      lists.add(RankedList.of(docs, scores, ranks));
      lines.add(at);
      taken = true;
    }
  }
}
