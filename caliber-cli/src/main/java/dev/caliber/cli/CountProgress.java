package dev.caliber.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress display on standard error for work counted in items (documents indexed,
 * queries searched) whose end is known as a position (bytes of the corpus, queries of the topics):
 * the items done, the share done, the recent rate of items and the time left, under the rules of
 * {@link Progress}: shown only on a terminal and not with {@code --quiet}, only once the work has
 * taken half a second, redrawn at most five times a second, the time left only once there is a
 * basis for it (rounded up), and erased when the work is done.
 */
final class CountProgress {
  private static final long DELAY = 500_000_000L;
  private static final long PERIOD = 200_000_000L;
  private static final int BASIS_SHARE = 20;

  private final PrintWriter err;
  private final String label;
  private final String units;
  private final long total;
  private final LongSupplier clock;
  private final long start;
  private long last;
  private long lastCount;
  private long lastPosition;
  private double rate = Double.NaN;
  private double positionRate = Double.NaN;
  private int samples;
  private boolean shown;

  /**
   * @param label what is being done, such as {@code index docs.jsonl}
   * @param units the items' name in the plural, such as {@code documents}
   * @param total the position at the end (bytes, queries), at least 1
   * @param clock nanoseconds, {@link System#nanoTime} but in tests
   */
  CountProgress(PrintWriter err, String label, String units, long total, LongSupplier clock) {
    this.err = err;
    this.label = label;
    this.units = units;
    this.total = Math.max(1, total);
    this.clock = clock;
    this.start = clock.getAsLong();
    this.last = start;
  }

  /** A display on {@code err} when it is a terminal and not {@code quiet}; else null. */
  static CountProgress of(PrintWriter err, boolean terminal, boolean quiet, String label, String units, long total) {
    return terminal && !quiet ? new CountProgress(err, label, units, total, System::nanoTime) : null;
  }

  /**
   * Records the work done so far and redraws the line when it is time to.
   *
   * @param count the items done
   * @param position how far towards {@code total}
   */
  void update(long count, long position) {
    long now = clock.getAsLong();
    if (now - last < PERIOD) {
      return;
    }
    if (last - start >= DELAY) { // rates from after the warm-up
      double seconds = (now - last) / 1e9;
      double recent = (count - lastCount) / seconds;
      double recentPosition = (position - lastPosition) / seconds;
      rate = Double.isNaN(rate) ? recent : Progress.SMOOTHING * recent + (1 - Progress.SMOOTHING) * rate;
      positionRate = Double.isNaN(positionRate) ? recentPosition
          : Progress.SMOOTHING * recentPosition + (1 - Progress.SMOOTHING) * positionRate;
      samples++;
    }
    last = now;
    lastCount = count;
    lastPosition = position;
    if (now - start < DELAY) {
      return;
    }
    boolean basis = samples >= Progress.BASIS_SAMPLES && position * BASIS_SHARE >= total;
    double shownRate = Double.isNaN(rate) ? count / ((now - start) / 1e9) : rate;
    long left = basis && positionRate > 0 && position < total ? (long) Math.ceil((total - position) / positionRate) : -1;
    err.print("\r" + line(label, count, units, position, total, shownRate, left) + "\u001b[K");
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

  /**
   * The text of the line: {@code caliber: search bm25: 12 queries (19%), 40.0 queries/s, 2 s left}.
   *
   * @param rate items per second, smoothed
   * @param left seconds left, or -1 when there is no basis to say
   */
  static String line(String label, long count, String units, long position, long total, double rate, long left) {
    StringBuilder sb = new StringBuilder("caliber: ").append(label).append(": ").append(count).append(' ').append(units)
        .append(String.format(Locale.ROOT, " (%d%%), %.1f %s/s", Math.min(100, position * 100 / total), Math.max(0, rate), units));
    if (left > 0) {
      sb.append(", ").append(left < 120 ? left + " s" : left / 60 + " min " + left % 60 + " s").append(" left");
    }
    return sb.toString();
  }
}
