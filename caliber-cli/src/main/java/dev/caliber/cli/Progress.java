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
 * <p>The time left is the bytes still to read over the recent rate. The rate is measured between
 * redraws from the end of the first half second on, and smoothed (an exponential average, each
 * redraw weighted {@value #SMOOTHING}); it is not the mean since the start, which the JVM's warm-up
 * and a start already in the page cache distort (56% read in half a second said "0 s left" of a
 * run that had seconds to go). The time left is said only once there is a basis ({@value
 * #BASIS_SAMPLES} rates measured that way and a twentieth of the input read), it is rounded up (a
 * run not finished never has "0 s" left), and it is never said for standard input, whose size is
 * unknown.
 */
final class Progress implements StreamingEvaluation.Progress {
  private static final long DELAY = 500_000_000L;
  private static final long PERIOD = 200_000_000L;
  /** The weight of the newest rate in the smoothed rate. */
  static final double SMOOTHING = 0.3;
  /** Redraws before the time left is said. */
  static final int BASIS_SAMPLES = 3;
  private static final int BASIS_SHARE = 20;

  private final PrintWriter err;
  private final String name;
  private final long total;
  private final LongSupplier clock;
  private final long start;
  private long last;
  private long lastBytes;
  private double rate = Double.NaN;
  private int samples;
  private boolean shown;

  /**
   * @param total the input's size in bytes, or -1 when unknown (standard input)
   * @param clock nanoseconds, {@link System#nanoTime} but in tests
   */
  Progress(PrintWriter err, String name, long total, LongSupplier clock) {
    this.err = err;
    this.name = name;
    this.total = total;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.last = start;
  }

  @Override
  public void update(long bytes, int queries) {
    long now = clock.getAsLong();
    if (now - last < PERIOD) {
      return;
    }
    if (last - start >= DELAY) { // a rate from after the warm-up
      double recent = (bytes - lastBytes) / ((now - last) / 1e9);
      rate = Double.isNaN(rate) ? recent : SMOOTHING * recent + (1 - SMOOTHING) * rate;
      samples++;
    }
    last = now;
    lastBytes = bytes;
    if (now - start < DELAY) {
      return;
    }
    boolean basis = samples >= BASIS_SAMPLES && total > 0 && bytes * BASIS_SHARE >= total;
    double shownRate = Double.isNaN(rate) ? bytes / ((now - start) / 1e9) : rate;
    err.print("\r" + line(name, queries, bytes, total, shownRate, basis) + "\u001b[K");
    err.flush();
    shown = true;
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
    if (shown) {
      err.print("\r\u001b[K");
      err.flush();
    }
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
      sb.append(", ").append(left((long) Math.ceil((total - bytes) / rate))).append(" left");
    }
    return sb.toString();
  }

  /** {@code 8 s}, {@code 2 min 5 s}: never 0 (the caller rounds up). */
  private static String left(long seconds) {
    return seconds < 120 ? seconds + " s" : seconds / 60 + " min " + seconds % 60 + " s";
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
