package dev.caliber.eval;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.QueryBoundary;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.Compression;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A TREC run file cut into parts of about equal bytes that separate workers score alone (a
 * cluster's tasks), each reading only its own bytes, and merged into the result one evaluation of
 * the whole file makes, with the same rows, means, first error and messages.
 *
 * <p>Part {@code k} of {@code n} runs from {@link QueryBoundary#partStart} of {@code k}'s cut to
 * that of {@code k + 1}'s (the file's end for the last): every query's lines are in one part, and
 * two neighbouring parts find the same place on their own. A part is read under the rules of the
 * file's first line, scored by {@link StreamingEvaluation}'s own blocks and per-query scorer, and
 * keeps its queries as {@link ScoredQuery} values with lines counted from its first line, its
 * number of lines, and its first malformed line, if any. {@link #merge} counts the lines before
 * each part, and merges in file order through {@link QueryScoring#merge}, the one merge of every
 * path. Hand-written because a line-based split (Hadoop's) cuts inside a query and hands out one
 * object per line, which is what this avoids.
 *
 * <p>A file whose queries are not grouped (a query's lines come back after another query's, in a
 * part or across two) cannot be scored in parts: {@link #merge} says so by returning null, and the
 * caller reads the run whole, as {@link StreamingEvaluation} does.
 */
public final class RunParts {
  private RunParts() {}

  /** A run file's bytes, readable from any position (a local file, a distributed file system's). */
  @FunctionalInterface
  public interface Positioned {
    /**
     * Opens the file's bytes from {@code position} on.
     *
     * @param position a byte offset from 0 to the file's length
     * @return a new stream, which the caller closes
     * @throws IOException if the bytes cannot be opened
     */
    InputStream openAt(long position) throws IOException;
  }

  /**
   * One part of a run, scored: what travels from a worker to where the run is merged.
   *
   * @param index the part's place in the file, from 0
   * @param lines the lines the part holds (0 for an empty part)
   * @param tag the run's TREC tag, as its first line sets it (null for three columns, or a part that
   *     found an error)
   * @param error the part's first malformed line (its line counted from the part's first), or null
   * @param notGrouped whether a query's lines come back after another query's within the part
   * @param scored the part's queries in file order, their lines counted from the part's first
   * @serial exclude
   */
  public record Part(int index, long lines, String tag, InputSyntaxException error, boolean notGrouped,
      List<ScoredQuery> scored)
      implements Serializable {
    @java.io.Serial
    private static final long serialVersionUID = 1L;

    /**
     * Copies the list.
     *
     * @param index the part's place, from 0
     * @param lines the lines it holds
     * @param tag the run's TREC tag, or null
     * @param error its first malformed line, or null
     * @param notGrouped whether it is not grouped by query
     * @param scored its queries, in file order
     */
    public Part {
      if (index < 0 || lines < 0) {
        throw new IllegalArgumentException("illegal part: index " + index + ", lines " + lines + "; expected both at least 0");
      }
      scored = List.copyOf(scored);
    }
  }

  /** How many first bytes of a file {@link #canCut} reads. */
  public static final int HEAD_BYTES = 10;

  /**
   * Whether a file may be cut into parts: plain text, as its first bytes say ({@link
   * Compression#isPlain}). Gzip cannot be cut (its bytes from the middle are not a stream of their
   * own), nor can what caliber refuses to read (another compression), which one reader of the whole
   * file reports.
   *
   * @param first the file's first {@link #HEAD_BYTES} bytes, or fewer when it is shorter
   * @return true for plain text
   */
  public static boolean canCut(byte[] first) {
    return Compression.isPlain(first);
  }

  /**
   * Where the parts of a file of {@code size} bytes are cut before they move to query boundaries:
   * 0, {@code partBytes}, {@code 2 * partBytes}, ... below {@code size}.
   *
   * @param size the file's length in bytes
   * @param partBytes the bytes a part should hold, at least 1
   * @return the cuts, at least {@code [0]}
   */
  public static long[] cuts(long size, long partBytes) {
    if (partBytes < 1 || size < 0) {
      throw new IllegalArgumentException("illegal cuts: size " + size + ", part bytes " + partBytes
          + "; expected a size from 0 and part bytes from 1");
    }
    int n = (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(1, (size + partBytes - 1) / partBytes));
    long[] cuts = new long[n];
    for (int k = 0; k < n; k++) {
      cuts[k] = k * partBytes;
    }
    return cuts;
  }

  /**
   * Scores part {@code index} of a run: the queries from {@link QueryBoundary#partStart} of {@code
   * cut} to that of {@code nextCut}, under the rules of the file's first line. Part 0 (cut 0) reads
   * the file's beginning as every reader does; the others read their bytes as plain text.
   *
   * @param protocol what the run is scored under, not null
   * @param source the run's file, as errors and violations name it
   * @param file the run's bytes
   * @param index the part's place, from 0
   * @param cut where the part is cut ({@link #cuts}), 0 for the first
   * @param nextCut where the next part is cut, or the file's length for the last
   * @param runOptions how to read the run
   * @return the part scored, or with its first malformed line
   * @throws IOException if reading fails
   */
  public static Part score(EvalProtocol protocol, String source, Positioned file, int index, long cut, long nextCut,
      TrecRunOptions runOptions) throws IOException {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(source, "source");
    long from = start(file, cut);
    long to = start(file, nextCut);
    List<ScoredQuery> scored = new ArrayList<>();
    StreamingEvaluation.Options options = StreamingEvaluation.Options.defaults().withThreads(1);
    try {
      BlockPipeline.Scan scan;
      if (from == 0) {
        scan = BlockPipeline.score(protocol, source, () -> bounded(file.openAt(0), to),
            (raw, buffers) -> TrecRunStream.open(source, raw, runOptions, options.blockBytes(), buffers), options, q -> true,
            scored::add);
      } else if (from >= to) {
        return new Part(index, 0, null, null, false, List.of());
      } else {
        TrecRunStream.Head head;
        try (TrecRunStream first = TrecRunStream.open(source, file.openAt(0), runOptions, 1)) {
          head = first.head();
        } catch (InputSyntaxException e) {
          return new Part(index, 0, null, null, false, List.of()); // the first part has this error, at its line
        }
        scan = BlockPipeline.score(protocol, source, () -> bounded(file.openAt(from), to - from),
            (raw, buffers) -> TrecRunStream.openPart(source, head, raw, runOptions, options.blockBytes(), buffers), options,
            q -> true, scored::add);
      }
      return new Part(index, scan.lines(), scan.tag(), null, false, scored);
    } catch (InputSyntaxException e) {
      return new Part(index, 0, null, e, false, List.of());
    } catch (RunNotGroupedException e) {
      return new Part(index, 0, null, null, true, List.of());
    }
  }

  /** Where the part cut at {@code cut} begins: 0 for the first, the file's end for the end. */
  private static long start(Positioned file, long cut) throws IOException {
    if (cut == 0) {
      return 0;
    }
    try (InputStream in = file.openAt(cut - 1)) {
      return QueryBoundary.partStart(in, cut);
    }
  }

  /** At most {@code n} bytes of {@code in}, which it closes. */
  static InputStream bounded(InputStream in, long n) {
    return new InputStream() {
      private long left = n;

      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 1 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
          return 0;
        }
        if (left == 0) {
          return -1;
        }
        int r = in.read(b, off, (int) Math.min(len, left));
        if (r > 0) {
          left -= r;
        }
        return r;
      }

      @Override
      public void close() throws IOException {
        in.close();
      }
    };
  }

  /**
   * A run's result from its parts, as one evaluation of the whole file makes it: the first
   * malformed line in the file (a part's, counted from the file's first line), else every check and
   * mean of {@link QueryScoring#merge} over the parts' queries in file order.
   *
   * @param protocol the protocol the parts were scored under (no corpus), not null
   * @param name the run's name
   * @param source the run's file, as violations name it
   * @param parts every part of the run, in any order
   * @return the run's result; null when the run is not grouped by query, so that it must be read
   *     whole (after any malformed line, which would be the first error either way)
   * @throws InputSyntaxException at the file's first malformed line
   * @throws dev.caliber.error.ProtocolViolationException at the first violation in the engine's order
   * @throws IllegalArgumentException if the parts are not 0 to n - 1, each once
   */
  public static RunResult merge(EvalProtocol protocol, String name, String source, List<Part> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("illegal parts: none; expected at least the first");
    }
    Part[] inOrder = new Part[parts.size()];
    for (Part p : parts) {
      if (p.index() >= inOrder.length || inOrder[p.index()] != null) {
        throw new IllegalArgumentException("illegal parts: part " + p.index() + " of " + parts.size()
            + " is out of range or given twice");
      }
      inOrder[p.index()] = p;
    }
    long before = 0;
    boolean grouped = true;
    Set<String> seen = new HashSet<>();
    List<ScoredQuery> all = new ArrayList<>();
    for (Part p : inOrder) {
      if (p.error() != null) {
        InputSyntaxException e = LineBlocks.relocate(p.error(), before + 1);
        throw e.location().line() > Integer.MAX_VALUE + 1L ? TrecRunStream.tooManyLines(source) : e;
      }
      if (before + p.lines() > Integer.MAX_VALUE) {
        throw TrecRunStream.tooManyLines(source);
      }
      if (p.notGrouped()) {
        return null; // its lines are not counted: a later part's error is found by reading whole
      }
      for (ScoredQuery s : p.scored()) {
        grouped &= seen.add(s.query()); // a query in two parts came back after others
        all.add(Shards.withLineOffset(s, before));
      }
      before += p.lines();
    }
    return grouped ? QueryScoring.merge(protocol, name, inOrder[0].tag(), source, all) : null;
  }
}
