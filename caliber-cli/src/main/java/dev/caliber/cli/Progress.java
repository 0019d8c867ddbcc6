package dev.caliber.cli;

import dev.caliber.eval.StreamingEvaluation;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress display on standard error while a long run is read: queries done, bytes
 * read, the recent rate and, when the size is known, the share done and the time left. Shown only
 * on a terminal (never on a pipe or a file, never with {@code --quiet}), only once a run has taken
 * half a second, redrawn at most five times a second, and erased when the run is done, so that
 * nothing stays behind.
 *
 * <p>The time left is the bytes still to read over the recent rate; it is never said for standard
 * input, whose size is unknown. When to draw, the smoothing and the basis: {@link ProgressPace}.
 */
final class Progress implements StreamingEvaluation.Progress {
  private final ProgressPace pace;
  private final String name;
  private final long total;
  private long lastBytes;
  private double rate = Double.NaN;

  /**
   * @param total the input's size in bytes, or -1 when unknown (standard input)
   * @param clock nanoseconds, {@link System#nanoTime} but in tests
   */
  Progress(PrintWriter err, String name, long total, LongSupplier clock) {
    this.pace = new ProgressPace(err, clock);
    this.name = name;
    this.total = total;
  }

  @Override
  public void update(long bytes, int queries) {
    long now = pace.due();
    if (now < 0) {
      return;
    }
    double seconds = pace.mark(now);
    if (!Double.isNaN(seconds)) { // a rate from after the warm-up
      rate = ProgressPace.smooth(rate, (bytes - lastBytes) / seconds);
    }
    lastBytes = bytes;
    if (!pace.shows(now)) {
      return;
    }
    double shownRate = Double.isNaN(rate) ? bytes / pace.sinceStart(now) : rate;
    pace.draw(line(name, queries, bytes, total, shownRate, pace.basis(bytes, total)));
  }

  /** Makes a display per input, or none. */
  @FunctionalInterface
  interface Factory {
    /** A display for the input {@code pathOrDash}, or null for none. */
    Progress open(String pathOrDash);

    /** On a terminal and not quiet: a display per input, sized when the input is a file. */
    static Factory of(PrintWriter err, boolean terminal, boolean quiet) {
      if (!terminal || quiet) {
        return file -> null;
      }
      return file -> {
        long size = -1;
        if (!"-".equals(file)) {
          try {
            size = java.nio.file.Files.size(java.nio.file.Path.of(file));
          } catch (java.io.IOException | RuntimeException e) {
            size = -1; // the read will report it
          }
        }
        return new Progress(err, file, size, System::nanoTime);
      };
    }
  }

  /** Erases the line, if one was drawn. */
  void done() {
    pace.done();
  }

  /**
   * The text of the line: {@code caliber: run.txt: 412 queries, 120.0 MB of 300.0 MB (40%), 25.0 MB/s, 8 s left}.
   *
   * @param rate bytes per second, smoothed
   * @param basis whether there is a basis for the time left
   */
  static String line(String name, int queries, long bytes, long total, double rate, boolean basis) {
    StringBuilder sb = new StringBuilder("caliber: ").append(name).append(": ").append(queries)
        .append(queries == 1 ? " query, " : " queries, ").append(mb(bytes));
    if (total > 0) {
      sb.append(" of ").append(mb(total)).append(String.format(Locale.ROOT, " (%d%%)", Math.min(100, bytes * 100 / total)));
    }
    sb.append(", ").append(mb((long) Math.max(0, rate))).append("/s");
    if (basis && rate > 0 && bytes < total) {
      sb.append(", ").append(ProgressPace.left((long) Math.ceil((total - bytes) / rate))).append(" left");
    }
    return sb.toString();
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
