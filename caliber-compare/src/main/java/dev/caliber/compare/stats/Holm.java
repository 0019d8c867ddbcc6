package dev.caliber.compare.stats;

/**
 * The Holm-Bonferroni step-down adjustment of m p-values (Holm, S. (1979). A simple sequentially
 * rejective multiple test procedure. Scandinavian Journal of Statistics 6(2), 65-70).
 *
 * <p>With the p-values sorted ascending, {@code p(1) <= ... <= p(m)}:
 *
 * <pre>
 *   adjusted(i) = max over j &lt;= i of min(1, (m - j + 1) * p(j))
 * </pre>
 *
 * Rejecting where {@code adjusted <= alpha} controls the family-wise error rate at alpha under any
 * dependence between the tests. Equal p-values get equal adjusted values whatever their order.
 */
public final class Holm {
  private Holm() {}

  /**
   * The adjusted p-values, in the order of the input.
   *
   * @param p the raw p-values, each in [0, 1], in any order; not changed. May be empty
   * @return a new array of the adjusted p-values, {@code adjusted[i]} for {@code p[i]}; each at
   *     least its raw value and at most 1
   * @throws IllegalArgumentException if a p-value is not in [0, 1]
   */
  public static double[] adjust(double[] p) {
    int m = p.length;
    Integer[] order = new Integer[m];
    for (int i = 0; i < m; i++) {
      if (!(p[i] >= 0.0 && p[i] <= 1.0)) {
        throw new IllegalArgumentException("illegal p value: " + p[i] + " at index " + i + ", must be in [0, 1]");
      }
      order[i] = i;
    }
    java.util.Arrays.sort(order, (a, b) -> a.equals(b) ? 0 : Double.compare(p[a], p[b]) != 0 ? Double.compare(p[a], p[b]) : Integer.compare(a, b));
    double[] adjusted = new double[m];
    double running = 0.0;
    for (int rank = 0; rank < m; rank++) {
      int i = order[rank];
      running = Math.max(running, Math.min(1.0, (m - rank) * p[i]));
      adjusted[i] = running;
    }
    return adjusted;
  }
}
