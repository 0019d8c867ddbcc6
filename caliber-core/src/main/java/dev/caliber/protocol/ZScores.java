package dev.caliber.protocol;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * trec_eval's z-score reference ({@code -Z file}, get_zscores.c, convert_zscores.c): for each
 * query and trec_eval measure name ({@code P_5}, {@code map}, {@code iprec_at_recall_0.10}), the
 * mean and standard deviation of that measure over a reference set of runs, against which each
 * value is then expressed: {@code z = (value - mean) / stddev}.
 *
 * <p>As trec_eval converts: a value whose query or measure the file lacks becomes {@link #MISSING}
 * (-1000000); a standard deviation of 0 gives 0 when the value equals the mean, else {@link
 * #MISSING}. Immutable; build it with {@link Builder}.
 */
public final class ZScores {
  /** trec_eval's MISSING_ZSCORE_VALUE: the z-score of a value the file has no mean for. */
  public static final double MISSING = -1000000;

  private final Map<String, Map<String, double[]>> table;

  private ZScores(Map<String, Map<String, double[]>> table) {
    this.table = table;
  }

  /**
   * The z-score of one value.
   *
   * @param query the query's ID, not null
   * @param name the measure's name as trec_eval prints it, not null
   * @param value the value
   * @return {@code (value - mean) / stddev}, 0 when the standard deviation is 0 and the value is
   *     the mean, {@link #MISSING} when the file has no mean for them or the standard deviation is
   *     0 and the value another
   */
  public double of(String query, String name, double value) {
    double[] ms = table.getOrDefault(query, Map.of()).get(name);
    if (ms == null) {
      return MISSING;
    }
    if (ms[1] != 0) {
      return (value - ms[0]) / ms[1];
    }
    return value == ms[0] ? 0 : MISSING;
  }

  /**
   * Whether the file gives a query and measure a mean.
   *
   * @param query the query's ID
   * @param name the measure's name as trec_eval prints it
   * @return true when {@link #of} does not return {@link #MISSING} for want of a line
   */
  public boolean has(String query, String name) {
    return table.getOrDefault(query, Map.of()).containsKey(name);
  }

  /** Collects the file's lines, each query and measure once. */
  public static final class Builder {
    private final Map<String, Map<String, double[]>> table = new HashMap<>();

    /** An empty reference. */
    public Builder() {}

    /**
     * Adds one line.
     *
     * @param query the query's ID, not null
     * @param name the measure's name as trec_eval prints it, not null
     * @param mean the reference mean, finite
     * @param stddev the reference standard deviation, finite
     * @return false, adding nothing, when the query and measure have a line already
     */
    public boolean add(String query, String name, double mean, double stddev) {
      Objects.requireNonNull(name, "name");
      return table.computeIfAbsent(Objects.requireNonNull(query, "query"), q -> new HashMap<>())
          .putIfAbsent(name, new double[] {mean, stddev}) == null;
    }

    /**
     * The reference as built so far.
     *
     * @return an immutable snapshot
     */
    public ZScores build() {
      Map<String, Map<String, double[]>> copy = new HashMap<>();
      table.forEach((q, row) -> copy.put(q, Map.copyOf(row)));
      return new ZScores(Map.copyOf(copy));
    }
  }
}
