package dev.caliber.compare;

import dev.caliber.measure.Measure;
import java.util.List;

/**
 * One measure family at several cutoffs (P@5, P@10, P@20): plotted as mean against cutoff.
 *
 * @param family the measure's name without its cutoff, e.g. {@code P} or {@code P(rel=2)}
 * @param measures the measures, cutoffs ascending, at least two
 */
public record CutoffSeries(String family, List<Measure> measures) {
  /**
   * Copies the list; requires two or more measures, since one cutoff is no series.
   *
   * @param family the measure's name without its cutoff
   * @param measures the measures, cutoffs ascending (not checked), at least two; not null, no null
   *     element
   * @throws IllegalArgumentException if fewer than two measures are given
   * @throws NullPointerException if {@code measures} or a measure is null
   */
  public CutoffSeries {
    measures = List.copyOf(measures);
    if (measures.size() < 2) {
      throw new IllegalArgumentException("a cutoff series needs at least two cutoffs, got " + measures.size());
    }
  }
}
