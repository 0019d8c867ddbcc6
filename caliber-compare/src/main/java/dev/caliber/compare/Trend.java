package dev.caliber.compare;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A measure's mean over time: one series per protocol fingerprint, each a list of recorded
 * evaluations in the order they were made. Pure data for {@link
 * dev.caliber.compare.report.TrendHtml}; an evaluation history makes it.
 *
 * @param measure the measure's canonical name, e.g. {@code nDCG@10}
 * @param series one per protocol, in the order of each one's first evaluation
 */
public record Trend(String measure, List<Series> series) {
  /**
   * Copies the series.
   *
   * @param measure the measure's name, not null
   * @param series the series, not null, no null element
   * @throws NullPointerException if {@code measure}, the list or a series is null
   */
  public Trend {
    Objects.requireNonNull(measure, "measure");
    series = List.copyOf(series);
  }

  /**
   * The evaluations under one protocol.
   *
   * @param protocolSha256 the protocol fingerprint
   * @param querySet how its query set was fixed, e.g. {@code split test of beir-format}
   * @param points the evaluations, oldest first
   */
  public record Series(String protocolSha256, String querySet, List<Point> points) {
    /**
     * Copies the points.
     *
     * @param protocolSha256 the fingerprint, not null
     * @param querySet how the query set was fixed, not null
     * @param points the evaluations, not null, no null element
     * @throws NullPointerException if a part or a point is null
     */
    public Series {
      Objects.requireNonNull(protocolSha256, "protocolSha256");
      Objects.requireNonNull(querySet, "querySet");
      points = List.copyOf(points);
    }
  }

  /**
   * One evaluation's mean.
   *
   * @param id the history entry's ID
   * @param time when it was made
   * @param run the run's name
   * @param mean the measure's mean (NaN when no query counted)
   */
  public record Point(long id, Instant time, String run, double mean) {
    /**
     * Requires a time and a run name.
     *
     * @param id the entry's ID
     * @param time when it was made, not null
     * @param run the run's name, not null
     * @param mean the mean
     * @throws NullPointerException if {@code time} or {@code run} is null
     */
    public Point {
      Objects.requireNonNull(time, "time");
      Objects.requireNonNull(run, "run");
    }
  }
}
