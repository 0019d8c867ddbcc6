package dev.caliber.cli;

import java.io.PrintWriter;
import java.util.function.LongSupplier;

/**
 * The rules every progress line on standard error keeps, in one place for {@link Progress} (a run
 * read, by bytes) and {@link CountProgress} (items indexed or searched): drawn only once the work
 * has taken half a second, redrawn at most five times a second, rates measured between redraws
 * from the end of the first half second on and smoothed (an exponential average, each redraw
 * weighted {@value #SMOOTHING}: the mean since the start is distorted by the JVM's warm-up), the
 * time left said only once there is a basis ({@value #BASIS_SAMPLES} rates measured and a
 * twentieth of the work done), rounded up, and the line erased when the work is done.
 */
final class ProgressPace {
  private static final long DELAY = 500_000_000L;
  private static final long PERIOD = 200_000_000L;
  /** The weight of the newest rate in a smoothed rate. */
  static final double SMOOTHING = 0.3;
  /** Redraws before the time left is said. */
  static final int BASIS_SAMPLES = 3;
  private static final int BASIS_SHARE = 20;

  private final PrintWriter err;
  private final LongSupplier clock;
  private final long start;
  private long last;
  private int samples;
  private boolean shown;

  /**
   * @param err where the line is drawn
   * @param clock nanoseconds, {@link System#nanoTime} but in tests
   */
  ProgressPace(PrintWriter err, LongSupplier clock) {
    this.err = err;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.last = start;
  }

  /** The time now when a redraw is due (the last was a fifth of a second ago or more), else -1. */
  long due() {
    long now = clock.getAsLong();
    return now - last < PERIOD ? -1 : now;
  }

  /**
   * Marks a redraw at {@code now}: the seconds since the previous mark when that was after the
   * warm-up (a rate may be measured over them, and counts towards the basis), else NaN.
   */
  double mark(long now) {
    double seconds = last - start >= DELAY ? (now - last) / 1e9 : Double.NaN;
    if (!Double.isNaN(seconds)) {
      samples++;
    }
    last = now;
    return seconds;
  }

  /** Whether the work has taken long enough, at {@code now}, for a line to be drawn. */
  boolean shows(long now) {
    return now - start >= DELAY;
  }

  /** Seconds from the start to {@code now}: the rate's basis before a smoothed rate exists. */
  double sinceStart(long now) {
    return (now - start) / 1e9;
  }

  /** Whether the time left may be said, {@code position} of {@code total} being done; never when the total is unknown (not positive). */
  boolean basis(long position, long total) {
    return samples >= BASIS_SAMPLES && total > 0 && position * BASIS_SHARE >= total;
  }

  /** A smoothed rate with the newest measured: the newest itself when there was none. */
  static double smooth(double rate, double recent) {
    return Double.isNaN(rate) ? recent : SMOOTHING * recent + (1 - SMOOTHING) * rate;
  }

  /** {@code 8 s}, {@code 2 min 5 s}: never 0 (the caller rounds up). */
  static String left(long seconds) {
    return seconds < 120 ? seconds + " s" : seconds / 60 + " min " + seconds % 60 + " s";
  }

  /** Draws the line over the one before. */
  void draw(String line) {
    err.print("\r" + line + "\u001b[K");
    err.flush();
    shown = true;
  }

  /** Erases the line, if one was drawn. */
  void done() {
    if (shown) {
      err.print("\r\u001b[K");
      err.flush();
      shown = false;
    }
  }
}
