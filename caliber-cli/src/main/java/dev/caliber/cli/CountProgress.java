package dev.caliber.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress display on standard error for work counted in items (documents indexed,
 * queries searched) whose end is known as a position (bytes of the corpus, queries of the topics):
 * the items done, the share done, the recent rate of items and the time left, under the rules of
 * {@link ProgressPace}: shown only on a terminal and not with {@code --quiet}, only once the work has
 * taken half a second, redrawn at most five times a second, the time left only once there is a
 * basis for it (rounded up), and erased when the work is done.
 */
final class CountProgress {
  private final ProgressPace pace;
  private final String label;
  private final String units;
  private final long total;
  private long lastCount;
  private long lastPosition;
  private double rate = Double.NaN;
  private double positionRate = Double.NaN;

  /**
   * @param label what is being done, such as {@code index docs.jsonl}
   * @param units the items' name in the plural, such as {@code documents}
   * @param total the position at the end (bytes, queries), at least 1
   * @param clock nanoseconds, {@link System#nanoTime} but in tests
   */
  CountProgress(PrintWriter err, String label, String units, long total, LongSupplier clock) {
    this.pace = new ProgressPace(err, clock);
    this.label = label;
    this.units = units;
    this.total = Math.max(1, total);
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
    long now = pace.due();
    if (now < 0) {
      return;
    }
    double seconds = pace.mark(now);
    if (!Double.isNaN(seconds)) { // rates from after the warm-up
      rate = ProgressPace.smooth(rate, (count - lastCount) / seconds);
      positionRate = ProgressPace.smooth(positionRate, (position - lastPosition) / seconds);
    }
    lastCount = count;
    lastPosition = position;
    if (!pace.shows(now)) {
      return;
    }
    double shownRate = Double.isNaN(rate) ? count / pace.sinceStart(now) : rate;
    long left = pace.basis(position, total) && positionRate > 0 && position < total
        ? (long) Math.ceil((total - position) / positionRate) : -1;
    pace.draw(line(label, count, units, position, total, shownRate, left));
  }

  /** Erases the line, if one was drawn. */
  void done() {
    pace.done();
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
      sb.append(", ").append(ProgressPace.left(left)).append(" left");
    }
    return sb.toString();
  }
}
