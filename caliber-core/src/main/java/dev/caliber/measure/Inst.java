package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * INST(T): the adaptive C/W/L measure of Moffat, Bailey, Scholer and Thomas ("INST: An Adaptive
 * Metric for Information Retrieval Evaluation", ADCS 2015; ir_measures' citation is Bailey et al.,
 * SIGIR 2015), as ir_measures computes it through cwl_eval ({@code INST(T=1,max_rel=N)};
 * terrierteam/ir_measures, ir_measures/measures/inst.py and providers/cwl_eval.py, cwl_eval's
 * {@code INSTCWLMetric}). The user wants T units of gain and is likelier to stop the closer they
 * come to it.
 *
 * <pre>
 *   C_i  = ((i + T + T_i - 1) / (i + T + T_i))^2,   T_i = T - (g_1 + ... + g_i)
 *   W_1  = 1 / sum over j = 0 .. n-1 of (C_1 * ... * C_j),   W_i = W_1 * C_1 * ... * C_(i-1)
 *   INST = sum over i &lt;= n of W_i * g_i
 * </pre>
 *
 * <p>g_i is the {@link CwlGains scaled gain} at rank i, 0 for unjudged documents and past the
 * ranking's end; n = 1,000, cwl_eval's fixed ranking length (documents beyond it are not read), so
 * that a short ranking is padded with gain 0 exactly as cwl_eval pads it. A double. Checked
 * against ir_measures' cwl_eval test (tests/test_cwl_eval.py: {@code INST(T=1.0,max_rel=1)} =
 * 0.7934, 0.9226, 0.0888 and {@code INST(T=2.0,max_rel=1)} = 0.5994, 0.6924, 0.1397).
 */
public final class Inst extends BaseMeasure {
  private final double t;
  private final CwlGains gains;

  /**
   * INST(T=t,min_rel=a,max_rel=b); T is left out of the name when 1, min_rel when 0.
   *
   * @param target T, the gain the user wants, positive
   * @param minRel the label that gains 0 (and below), 0 or more
   * @param maxRel the label that gains 1 (and above), above {@code minRel}
   * @throws IllegalArgumentException if a value is out of range
   */
  public Inst(BigDecimal target, int minRel, int maxRel) {
    super("INST", null, 0, target(target) + new CwlGains(minRel, maxRel).parameters(), null);
    this.t = target.doubleValue();
    this.gains = new CwlGains(minRel, maxRel);
  }

  private static String target(BigDecimal t) {
    if (t.signum() <= 0) {
      throw new IllegalArgumentException("illegal T value: " + Levels.text(t) + ", must be positive");
    }
    return t.compareTo(BigDecimal.ONE) == 0 ? "" : "T=" + Levels.text(t) + ",";
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int n = CwlGains.POSITIONS;
    double[] g = new double[n];
    for (int i = 0; i < Math.min(n, r.size()); i++) {
      g[i] = gains.of(r.label(i));
    }
    // examine[i] = C_1 * ... * C_i (examine[0] = 1): the chance of reaching rank i + 1
    double[] examine = new double[n];
    examine[0] = 1.0;
    double sum = 1.0;
    double gained = 0.0;
    for (int i = 1; i < n; i++) {
      gained += g[i - 1];
      double ti = t - gained;
      double c = (i + t + ti - 1.0) / (i + t + ti);
      examine[i] = examine[i - 1] * c * c;
      sum += examine[i];
    }
    double value = 0.0;
    for (int i = 0; i < n; i++) {
      value += examine[i] / sum * g[i];
    }
    return Value.ofDouble(value);
  }
}
