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

  @Test
  void should_give_each_ap_its_own_value_on_one_ranking_when_several_ask_in_turn() {
    // labels 2, 0, 1, U, 2, 0, 1 and one unranked relevant document: AP, AP(rel=2), AP@3 and GMAP
    // differ, and a ranking remembers one AP at a time
    java.util.function.Supplier<JudgedRanking> fresh = () -> Rankings.ranked(Rankings.labels(2, 0, 1, Rankings.U, 2, 0, 1), 1);
    JudgedRanking shared = fresh.get();
    for (String name : new String[] {"AP", "GMAP", "AP(rel=2)", "AP", "AP@3", "GMAP", "AP(rel=2)@3", "AP"}) {
      assertThat(Rankings.m(name).compute(shared)).as(name).isEqualTo(Rankings.m(name).compute(fresh.get()));
    }
    assertThat(Rankings.value("AP", shared)).isEqualTo("298/525"); // (1 + 2/3 + 3/5 + 4/7) / 5
  }
}
