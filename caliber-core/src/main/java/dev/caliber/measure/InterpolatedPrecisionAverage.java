package dev.caliber.measure;

import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import java.math.BigDecimal;
import java.util.List;
import java.util.StringJoiner;

/**
 * IPrecAvg: interpolated precision averaged over recall levels, by default the 11 points 0, 0.1,
 * ..., 1 (trec_eval's {@code 11pt_avg}, "obsolete, only use for comparisons of old runs").
 *
 * <pre>  IPrecAvg(at=r_1;...;r_n) = (1/n) * sum of IPrec@r_j</pre>
 *
 * <p>Each point is {@link InterpolatedPrecision}'s, edge cases included. Levels may be given
 * ({@code IPrecAvg(at=0.2;0.5;0.8)} is trec_eval 8's 3-point average, trec_eval's
 * {@code 11pt_avg.0.2,0.5,0.8}); they are kept in the order given, as trec_eval averages them, and
 * the canonical name leaves the default 11 out. Exact; the double is summed from the last level
 * to the first, as trec_eval sums it.
 */
public final class InterpolatedPrecisionAverage extends BaseMeasure {
  /** The default levels: 0, 0.1, ..., 1. */
  public static final List<BigDecimal> ELEVEN_POINTS = List.of(
      new BigDecimal("0"), new BigDecimal("0.1"), new BigDecimal("0.2"), new BigDecimal("0.3"), new BigDecimal("0.4"),
      new BigDecimal("0.5"), new BigDecimal("0.6"), new BigDecimal("0.7"), new BigDecimal("0.8"), new BigDecimal("0.9"),
      new BigDecimal("1"));

  private final List<BigDecimal> levels;

  /**
   * IPrecAvg over the given recall levels; named {@code IPrecAvg} for the 11 points, else
   * {@code IPrecAvg(at=0.25;0.5;0.75)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param levels the recall levels, each between 0 and 1; not empty
   * @throws IllegalArgumentException if {@code levels} is empty or a level is outside [0, 1]
   */
  public InterpolatedPrecisionAverage(Integer rel, List<BigDecimal> levels) {
    super("IPrecAvg", rel, 0, atParameter(levels), null);
    for (BigDecimal l : levels) {
      if (l.signum() < 0 || l.compareTo(BigDecimal.ONE) > 0) {
        throw new IllegalArgumentException("illegal recall level: " + Levels.text(l) + ", must be between 0 and 1");
      }
    }
    this.levels = List.copyOf(levels);
  }

  private static String atParameter(List<BigDecimal> levels) {
    if (levels.isEmpty()) {
      throw new IllegalArgumentException("IPrecAvg needs at least one recall level");
    }
    if (levels.size() == ELEVEN_POINTS.size()
        && java.util.stream.IntStream.range(0, levels.size()).allMatch(i -> levels.get(i).compareTo(ELEVEN_POINTS.get(i)) == 0)) {
      return "";
    }
    StringJoiner j = new StringJoiner(";", "at=", "");
    levels.forEach(l -> j.add(Levels.text(l)));
    return j.toString();
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    FractionSum sum = new FractionSum();
    double decimal = 0.0;
    for (int j = levels.size() - 1; j >= 0; j--) {
      Value v = InterpolatedPrecision.at(r, t, Math.round(levels.get(j).doubleValue() * relevant));
      sum.add(v.exact());
      decimal += v.decimal();
    }
    Fraction mean = sum.snapshot().dividedBy(levels.size());
    return new Value(mean, decimal / levels.size());
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
