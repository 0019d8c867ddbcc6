package dev.caliber.bench;

import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 03: the exact mean of AP over 6,980 queries, whose per-query values are sums of k/rank over
 * ranks up to 1,000 (the sum's denominator grows towards lcm(1..1000), some 1,400 bits): folding
 * with {@link Fraction#plus}, which reduces every step with a big gcd, against {@link
 * FractionSum}, which keeps a common denominator and reduces once. Same result; time per mean.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class B03ExactMeans {
  private Fraction[] values;

  @Setup
  public void setUp() {
    SplittableRandom rng = new SplittableRandom(3);
    values = new Fraction[6980];
    for (int q = 0; q < values.length; q++) {
      int relevant = rng.nextInt(15) == 0 ? 2 : 1;
      Fraction sum = Fraction.ZERO;
      int rank = 0;
      for (int k = 1; k <= relevant; k++) {
        rank += 1 + rng.nextInt(400);
        sum = sum.plus(Fraction.of(k, rank));
      }
      values[q] = sum.dividedBy(relevant);
    }
  }

  @Benchmark
  public Fraction foldWithPlus() {
    Fraction sum = Fraction.ZERO;
    for (Fraction f : values) {
      sum = sum.plus(f);
    }
    return sum;
  }

  @Benchmark
  public Fraction fractionSum() {
    FractionSum sum = new FractionSum();
    for (Fraction f : values) {
      sum.add(f);
    }
    return sum.snapshot();
  }
}
