package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/**
 * AP's exact precision sum, k / rank_k over the relevant ranks: in longs while they suffice, in
 * fractions when the common denominator overflows. Both must give the exact sum.
 */
class AveragePrecisionSumTest {
  /** The sum computed with BigIntegers only, as the reference. */
  private static Fraction reference(int[] ranks, int found) {
    BigInteger num = BigInteger.ZERO;
    BigInteger den = BigInteger.ONE;
    for (int k = 1; k <= found; k++) {
      BigInteger r = BigInteger.valueOf(ranks[k - 1]);
      num = num.multiply(r).add(BigInteger.valueOf(k).multiply(den));
      den = den.multiply(r);
    }
    return Fraction.of(num, den);
  }

  @Test
  void should_sum_small_ranks_exactly() {
    int[] ranks = {1, 3, 6};
    // 1/1 + 2/3 + 3/6 = 13/6
    assertThat(AveragePrecision.precisionSum(ranks, 3)).isEqualTo(Fraction.of(13, 6));
  }

  @Test
  void should_sum_only_the_first_found_ranks() {
    int[] ranks = {2, 4, 5, 7};
    assertThat(AveragePrecision.precisionSum(ranks, 2)).isEqualTo(Fraction.of(1, 1)); // 1/2 + 2/4
    assertThat(AveragePrecision.precisionSum(ranks, 0)).isEqualTo(Fraction.of(0, 1));
  }

  @Test
  void should_stay_exact_when_the_common_denominator_overflows_a_long() {
    // GIVEN relevant documents at ten distinct primes near a million: their product (about 10^60)
    // is far beyond a long, so the sum falls back to fractions
    int[] ranks = {999_773, 999_809, 999_853, 999_863, 999_883, 999_907, 999_917, 999_931, 999_953, 999_959};
    // THEN it equals the BigInteger reference, for every prefix
    for (int found = 1; found <= ranks.length; found++) {
      assertThat(AveragePrecision.precisionSum(ranks, found)).as("found %d", found).isEqualTo(reference(ranks, found));
    }
  }
}
