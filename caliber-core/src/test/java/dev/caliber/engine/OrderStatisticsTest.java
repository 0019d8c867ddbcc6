package dev.caliber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The c-th and (c+1)-th largest scores without a sort, by bounded insertion (small c) or
 * quickselect (large c), against a full sort.
 */
class OrderStatisticsTest {
  /** The c-th and (c+1)-th largest of {@code a[from, from + n)} by sorting a copy, -0.0 read as 0.0. */
  private static double[] sorted(double[] a, int from, int n, int c) {
    double[] copy = Arrays.copyOfRange(a, from, from + n);
    for (int i = 0; i < n; i++) {
      copy[i] += 0.0; // -0.0 + 0.0 is 0.0: the two are one score
    }
    Arrays.sort(copy);
    return new double[] {copy[n - c], copy[n - c - 1]};
  }

  private static double[] plain(double[] pair) {
    return new double[] {pair[0] + 0.0, pair[1] + 0.0};
  }

  @Test
  void finds_the_scores_around_a_small_cutoff() {
    double[] scores = {9, 1, 5, 7, 7, 3, 8, 2};
    OrderStatistics stats = new OrderStatistics();
    assertThat(stats.largest(scores, 0, 8, 1)).containsExactly(9, 8);
    assertThat(stats.largest(scores, 0, 8, 2)).containsExactly(8, 7);
    assertThat(stats.largest(scores, 0, 8, 3)).containsExactly(7, 7);
    assertThat(stats.largest(scores, 0, 8, 4)).containsExactly(7, 5);
    assertThat(stats.largest(scores, 0, 8, 7)).containsExactly(2, 1);
    assertThat(stats.largest(scores, 2, 4, 1)).containsExactly(7, 7); // 5, 7, 7, 3
    assertThat(stats.largest(scores, 2, 4, 3)).containsExactly(5, 3);
  }

  @Test
  void finds_the_scores_around_a_large_cutoff_by_selection() {
    double[] scores = new double[300];
    for (int i = 0; i < scores.length; i++) {
      scores[i] = (i * 37) % 300; // a permutation of 0..299
    }
    OrderStatistics stats = new OrderStatistics();
    assertThat(stats.largest(scores, 0, 300, 64)).containsExactly(236, 235);
    assertThat(stats.largest(scores, 0, 300, 63)).containsExactly(237, 236);
    assertThat(stats.largest(scores, 0, 300, 299)).containsExactly(1, 0);
    assertThat(stats.largest(scores, 100, 150, 100)).isEqualTo(sorted(scores, 100, 150, 100));
  }

  @Test
  void grows_its_scratch_space_for_long_rankings() {
    double[] scores = new double[5000];
    SplittableRandom rng = new SplittableRandom(7);
    for (int i = 0; i < scores.length; i++) {
      scores[i] = rng.nextInt(2000) / 4.0;
    }
    OrderStatistics stats = new OrderStatistics();
    for (int c : new int[] {1, 10, 64, 100, 1000, 4999}) {
      assertThat(stats.largest(scores, 0, 5000, c)).as("c = %d", c).isEqualTo(sorted(scores, 0, 5000, c));
    }
    assertThat(stats.largest(scores, 3, 10, 5)).isEqualTo(sorted(scores, 3, 10, 5)); // and still works when short
  }

  @Test
  void reads_minus_zero_and_zero_as_one_score() {
    double[] scores = {-0.0, 1, 0.0, -0.0, -1};
    OrderStatistics stats = new OrderStatistics();
    double[] pair = stats.largest(scores, 0, 5, 2);
    assertThat(pair[0] == pair[1]).isTrue();
    assertThat(pair[0]).isZero();
  }

  @Test
  void selects_the_element_at_a_position_of_the_descending_order() {
    double[] a = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5};
    double[] desc = {9, 6, 5, 5, 5, 4, 3, 3, 2, 1, 1};
    for (int p = 0; p < a.length; p++) {
      assertThat(OrderStatistics.select(a.clone(), a.length, p)).as("p = %d", p).isEqualTo(desc[p]);
    }
    assertThat(OrderStatistics.select(new double[] {4, 8, 0}, 1, 0)).isEqualTo(4); // only the first n count
  }

  @Property(tries = 300)
  void agrees_with_a_full_sort(@ForAll("cases") double[] scores, @ForAll("fractions") double at,
      @ForAll("fractions") double start) {
    int from = (int) (start * Math.min(scores.length - 2, 5));
    int n = scores.length - from;
    int c = Math.min(n - 1, 1 + (int) (at * (n - 1)));
    double[] desc = descending(scores, from, n);
    assertThat(plain(new OrderStatistics().largest(scores, from, n, c))).containsExactly(desc[c - 1], desc[c]);
    for (int p = 0; p < n; p++) {
      double[] copy = Arrays.copyOfRange(scores, from, from + n);
      assertThat(OrderStatistics.select(copy, n, p) + 0.0).as("p = %d", p).isEqualTo(desc[p]);
    }
  }

  /** {@code a[from, from + n)} sorted descending, -0.0 read as 0.0. */
  private static double[] descending(double[] a, int from, int n) {
    double[] copy = Arrays.copyOfRange(a, from, from + n);
    for (int i = 0; i < n; i++) {
      copy[i] += 0.0;
    }
    Arrays.sort(copy);
    double[] desc = new double[n];
    for (int i = 0; i < n; i++) {
      desc[i] = copy[n - 1 - i];
    }
    return desc;
  }

  @Provide
  Arbitrary<double[]> cases() {
    Arbitrary<Double> score = Arbitraries.oneOf(Arbitraries.of(-0.0, 0.0, 1.0, -1.0, 2.5),
        Arbitraries.integers().between(-50, 50).map(i -> i / 2.0));
    return score.array(double[].class).ofMinSize(2).ofMaxSize(200);
  }

  @Provide
  Arbitrary<Double> fractions() {
    return Arbitraries.doubles().between(0, 1);
  }
}
