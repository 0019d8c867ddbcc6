package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Scores near a double's range: the normalisations whose result is bounded stay finite and exact,
 * and a fused score that does overflow is refused with the query, the document and the scores.
 */
class NormalizationRangeTest {
  static double[] norm(Normalization n, double... scores) {
    String[] docs = new String[scores.length];
    for (int i = 0; i < docs.length; i++) {
      docs[i] = "d" + i;
    }
    RankedList l = RankedList.byScore(docs, scores);
    double[] byEntry = n.apply(l, RankingOrder.order(l, Ordering.SCORE));
    // back in the order the scores were given (byScore ranks them)
    double[] out = new double[scores.length];
    for (int i = 0; i < l.size(); i++) {
      out[Integer.parseInt(l.doc(i).substring(1))] = byEntry[i];
    }
    return out;
  }

  @Test
  void min_max_z_score_and_sum_of_scores_whose_spread_is_beyond_a_double_are_finite() {
    assertThat(norm(Normalization.MIN_MAX, 1e308, -1e308, 0)).containsExactly(1, 0, 0.5);
    double z = Math.sqrt(1.5); // population z-scores of (1, -1, 0), up to the rounding of 1e308's scaled sums
    assertThat(norm(Normalization.Z_SCORE, 1e308, -1e308, 0)).containsExactly(new double[] {z, -z, 0}, within(1e-15));
    // sum: (s - min) / (sum - min * n) = (2, 0, 1) / 3
    assertThat(norm(Normalization.SUM, 1e308, -1e308, 0)).containsExactly(2.0 / 3, 0, 1.0 / 3);
  }

  @Test
  void z_score_of_scores_whose_squares_overflow_is_the_z_score_of_the_same_scores_scaled() {
    // (3, 1, 2) times 2^700: the squares of the deviations would be near 2^1400
    double u = Math.scalb(1.0, 700);
    assertThat(norm(Normalization.Z_SCORE, 3 * u, u, 2 * u)).containsExactly(norm(Normalization.Z_SCORE, 3, 1, 2));
  }

  @Test
  void equal_huge_scores_still_normalise_to_zeros_by_the_floor() {
    assertThat(norm(Normalization.MIN_MAX, 1e308, 1e308)).containsExactly(0, 0);
    assertThat(norm(Normalization.Z_SCORE, -1e308, -1e308)).containsExactly(0, 0);
    assertThat(norm(Normalization.SUM, 1e300, 1e300)).containsExactly(0, 0);
  }

  /**
   * Every operation of min-max, z-score and sum commutes with multiplying by a power of two, so
   * scores scaled up by 2^k normalise to exactly the same values, whether or not the scaled list
   * is large enough to be scaled down first.
   */
  @Property
  void scaling_the_scores_by_a_power_of_two_changes_nothing(
      @ForAll @Size(min = 2, max = 12) List<@IntRange(min = -1_000_000, max = 1_000_000) Integer> ints,
      @ForAll @IntRange(min = 0, max = 1000) int k) {
    double[] s = new double[ints.size()];
    double[] big = new double[ints.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = ints.get(i) / 8.0;
      big[i] = Math.scalb(s[i], k);
    }
    boolean spread = ints.stream().distinct().count() > 1; // a spread of 1/8 is far above the floor
    for (Normalization n : List.of(Normalization.MIN_MAX, Normalization.Z_SCORE, Normalization.SUM)) {
      double[] expected = norm(n, s);
      double[] actual = norm(n, big);
      if (spread) {
        assertThat(actual).as(n.label()).containsExactly(expected);
      } else {
        assertThat(actual).as(n.label()).containsOnly(0.0);
      }
    }
  }

  @Test
  void a_fused_score_beyond_a_double_is_refused_naming_the_query_the_document_and_its_scores() {
    RankedList a = RankedList.byScore(new String[] {"x", "y"}, new double[] {1e308, 1});
    RankedList b = RankedList.byScore(new String[] {"x"}, new double[] {1.5e308});
    Fusion f = new Fusion(new CombSum(), Normalization.NONE);
    assertThatThrownBy(() -> f.fuse(List.of(a, b))).isInstanceOf(NonFiniteScoreException.class)
        .satisfies(e -> assertThat(((NonFiniteScoreException) e).doc()).isEqualTo("x"));
    ScoredRun ra = ScoredRun.of("a", Map.of("q1", a), Origin.NONE);
    ScoredRun rb = ScoredRun.of("b", Map.of("q1", b), Origin.NONE);
    assertThatThrownBy(() -> f.fuse("f", List.of(ra, rb))).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("fused score out of range (query \"q1\", document \"x\": fuse:combsum:norm=none of run \"a\" 1e+308,"
            + " run \"b\" 1.5e+308 gives Infinity; expected input scores whose fusion is finite (at most about 1.8e308"
            + " in magnitude): scale the inputs' scores down, or choose a normalisation)");
  }

  @Test
  void the_refusal_names_the_scores_of_the_inputs_that_rank_the_document_only() {
    RankedList a = RankedList.byScore(new String[] {"y", "x"}, new double[] {1e308, 1.7e308});
    RankedList b = RankedList.byScore(new String[] {"z"}, new double[] {1});
    RankedList c = RankedList.byScore(new String[] {"w", "x"}, new double[] {2, 1.7e308});
    Fusion f = new Fusion(new CombSum(), Normalization.NONE);
    NonFiniteScoreException e = org.assertj.core.api.Assertions.catchThrowableOfType(() -> f.fuse(List.of(a, b, c)),
        NonFiniteScoreException.class);
    assertThat(f.nonFinite(List.of("a", "b", "c"), "q", List.of(a, b, c), e)).hasMessageContaining(
        "document \"x\": fuse:combsum:norm=none of run \"a\" 1.7e+308, run \"c\" 1.7e+308 gives Infinity;");
  }

  @Test
  void max_normalisation_of_scores_far_below_its_floor_is_refused_not_ranked() {
    RankedList a = RankedList.byScore(new String[] {"x", "y"}, new double[] {-1e300, -2e300});
    RankedList b = RankedList.byScore(new String[] {"x"}, new double[] {1});
    assertThatThrownBy(() -> new Fusion(new CombSum(), Normalization.MAX).fuse(List.of(a, b)))
        .isInstanceOf(NonFiniteScoreException.class);
  }

  @Test
  void scores_within_range_fuse_as_before() {
    RankedList a = RankedList.byScore(new String[] {"x", "y"}, new double[] {1e307, 1});
    RankedList b = RankedList.byScore(new String[] {"x"}, new double[] {1e307});
    RankedList l = new Fusion(new CombSum(), Normalization.NONE).fuse(List.of(a, b));
    assertThat(l.doc(0)).isEqualTo("x");
    assertThat(l.score(0)).isEqualTo(2e307);
  }
}
