package dev.caliber.result;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.List;
import java.util.Objects;

/**
 * How much of a run's top k was judged, for each cutoff k among the protocol's measures: the mean
 * of Judged@k over the query set (a missing query has Judged@k = 0), computed by the engine for
 * every run whatever the measures asked for, so that every readable report can show it beside the
 * means that rest on it.
 *
 * <p>Coverage is <em>low</em> at k when the judgments are pooled (unjudged documents count as
 * non-relevant) and under half of the top k positions hold a judged document on average
 * ({@link #LOW_BELOW}): then the means at that cutoff are likely underestimates. Under exhaustive
 * judgments every ranked document is judged, so coverage is never low there; Judged@k below 1
 * then only says that rankings are shorter than k.
 *
 * @param cutoffs one entry per cutoff, smallest first; empty when no measure has a cutoff
 */
public record Coverage(List<Cutoff> cutoffs) {
  /** The share of judged positions below which coverage is low: one half. */
  public static final Fraction LOW_BELOW = Fraction.of(1, 2);

  /** No cutoff, no coverage to report. */
  public static final Coverage NONE = new Coverage(List.of());

  /**
   * Copies the list.
   *
   * @param cutoffs one entry per cutoff; not null, no null element
   * @throws NullPointerException if the list or an element is null
   */
  public Coverage {
    cutoffs = List.copyOf(cutoffs);
  }

  /**
   * One cutoff's coverage.
   *
   * @param k the cutoff
   * @param judged the mean Judged@k over the query set, exact
   * @param low whether coverage at k is low (see the class comment)
   */
  public record Cutoff(int k, Value judged, boolean low) {
    /**
     * Validates.
     *
     * @param k the cutoff, positive
     * @param judged the mean Judged@k, not null
     * @param low whether coverage at k is low
     * @throws IllegalArgumentException if {@code k} is not positive
     * @throws NullPointerException if {@code judged} is null
     */
    public Cutoff {
      if (k < 1) {
        throw new IllegalArgumentException("illegal cutoff: " + k + ", must be >= 1");
      }
      Objects.requireNonNull(judged, "judged");
    }
  }

  /**
   * Whether coverage is low at some cutoff.
   *
   * @return true when any cutoff's coverage is low
   */
  public boolean low() {
    return cutoffs.stream().anyMatch(Cutoff::low);
  }

  /**
   * The coverage at a cutoff.
   *
   * @param k a cutoff
   * @return its entry, or null when {@code k} is not one of the cutoffs
   */
  public Cutoff at(int k) {
    return cutoffs.stream().filter(c -> c.k() == k).findFirst().orElse(null);
  }

  /**
   * The coverage of judged positions summed over the query set.
   *
   * @param cutoffs the cutoffs, in order
   * @param judgedSums per cutoff, the judged documents among the top k summed over the query set
   * @param queries the size of the query set, at least 1
   * @param pooled whether the judgments are pooled (only then can coverage be low)
   * @return the coverage, one entry per cutoff
   */
  public static Coverage of(int[] cutoffs, long[] judgedSums, int queries, boolean pooled) {
    Cutoff[] out = new Cutoff[cutoffs.length];
    for (int c = 0; c < cutoffs.length; c++) {
      Fraction mean = Fraction.of(judgedSums[c], (long) cutoffs[c] * queries);
      out[c] = new Cutoff(cutoffs[c], Value.of(mean), pooled && mean.compareTo(LOW_BELOW) < 0);
    }
    return new Coverage(List.of(out));
  }
}
