package dev.caliber.compare.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.math.Fraction;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/** RBO's and the top-k comparisons' defining properties, on rankings of any lengths. */
class DiffProperties {
  private static final double ROUNDING = 1e-12;

  /** Rankings of up to 30 distinct documents drawn from 40, so that two of them often share some. */
  @Provide
  Arbitrary<List<String>> rankings() {
    return Arbitraries.integers().between(0, 39).list().ofMaxSize(30).uniqueElements()
        .map(ids -> ids.stream().map(i -> "d" + i).toList());
  }

  @Provide
  Arbitrary<List<String>> nonEmptyRankings() {
    return rankings().filter(r -> !r.isEmpty());
  }

  @Property
  void a_non_empty_ranking_agrees_with_itself(@ForAll("nonEmptyRankings") List<String> a,
      @ForAll @DoubleRange(min = 0.01, max = 0.99) double p) {
    Rbo rbo = Rbo.of(a, a, p);
    assertThat(rbo.ext()).isCloseTo(1.0, within(ROUNDING));
    assertThat(rbo.max()).isCloseTo(1.0, within(ROUNDING));
  }

  @Property
  void rbo_is_symmetric(@ForAll("rankings") List<String> a, @ForAll("rankings") List<String> b,
      @ForAll @DoubleRange(min = 0.01, max = 0.99) double p) {
    Rbo ab = Rbo.of(a, b, p);
    Rbo ba = Rbo.of(b, a, p);
    assertThat(ab.min()).isCloseTo(ba.min(), within(ROUNDING));
    assertThat(ab.res()).isCloseTo(ba.res(), within(ROUNDING));
    assertThat(ab.ext()).isCloseTo(ba.ext(), within(ROUNDING));
  }

  @Property
  void the_estimate_lies_between_the_bounds(@ForAll("rankings") List<String> a, @ForAll("rankings") List<String> b,
      @ForAll @DoubleRange(min = 0.01, max = 0.99) double p) {
    Rbo rbo = Rbo.of(a, b, p);
    assertThat(rbo.min()).isGreaterThanOrEqualTo(0.0);
    assertThat(rbo.ext()).isGreaterThanOrEqualTo(rbo.min() - ROUNDING);
    assertThat(rbo.ext()).isLessThanOrEqualTo(rbo.max() + ROUNDING);
    assertThat(rbo.max()).isLessThanOrEqualTo(1.0);
  }

  @Property
  void disjoint_rankings_have_no_lower_bound(@ForAll("rankings") List<String> a, @ForAll("rankings") List<String> b,
      @ForAll @DoubleRange(min = 0.01, max = 0.99) double p) {
    List<String> other = b.stream().map(d -> "other-" + d).toList();
    Rbo rbo = Rbo.of(a, other, p);
    assertThat(rbo.min()).isZero();
    // two empty rankings are the same ranking; otherwise nothing seen agrees
    assertThat(rbo.ext()).isEqualTo(a.isEmpty() && b.isEmpty() ? 1.0 : 0.0);
  }

  @Property
  void the_closed_forms_are_the_definition_summed(@ForAll("rankings") List<String> a, @ForAll("rankings") List<String> b,
      @ForAll @DoubleRange(min = 0.05, max = 0.95) double p) {
    Rbo rbo = Rbo.of(a, b, p);
    double[] byDefinition = definition(a, b, p);
    assertThat(rbo.min()).isCloseTo(byDefinition[0], within(1e-9));
    assertThat(rbo.max()).isCloseTo(byDefinition[1], within(1e-9));
    assertThat(rbo.ext()).isCloseTo(byDefinition[2], within(1e-9));
  }

  @Property
  void overlap_and_jaccard_stay_in_range(@ForAll("rankings") List<String> a, @ForAll("rankings") List<String> b,
      @ForAll @IntRange(min = 1, max = 40) int k) {
    QueryDiff q = Diff.rankings("q", a, b, DiffSettings.defaults().withCutoffs(k).withAnn(true));
    TopK top = q.at(k);
    assertThat(top.overlap()).isBetween(0, k);
    assertThat(top.jaccard()).isBetween(Fraction.ZERO, Fraction.ONE);
    assertThat(top.common().size() + top.added().size()).isEqualTo(Math.min(k, b.size()));
    assertThat(top.common().size() + top.dropped().size()).isEqualTo(Math.min(k, a.size()));
    if (top.recall() != null) {
      assertThat(top.recall()).isBetween(Fraction.ZERO, Fraction.ONE);
    }
  }

  /**
   * RBO_min, RBO_max and RBO_ext by the definition, (1 - p) sum p^(d-1) X_d / d, term by term to a
   * depth past which every term is negligible, with X_d as each assumes it beyond what is seen.
   */
  private static double[] definition(List<String> a, List<String> b, double p) {
    List<String> s = a.size() <= b.size() ? a : b;
    List<String> l = s == a ? b : a;
    int sn = s.size();
    int ln = l.size();
    int depth = ln + sn + (int) Math.ceil(Math.log(1e-18) / Math.log(p)) + 1;
    int xs = seen(s, l, sn);
    int xl = seen(s, l, ln);
    double[] sums = new double[3];
    for (int d = 1; d <= depth; d++) {
      double x = seen(s, l, Math.min(d, ln));
      double max = d <= sn ? x : d <= ln ? x + (d - sn) : Math.min(d, xl + (d - sn) + (d - ln));
      double ext = sn == 0 ? (ln == 0 ? d : 0) : d <= sn ? x : d <= ln ? x + (d - sn) * (double) xs / sn
          : d * ((double) (xl - xs) / ln + (double) xs / sn);
      double w = (1 - p) * Math.pow(p, d - 1) / d;
      sums[0] += w * x;
      sums[1] += w * max;
      sums[2] += w * ext;
    }
    return sums;
  }

  /** The overlap of the short list's first min(d, s) and the long list's first d documents. */
  private static int seen(List<String> s, List<String> l, int d) {
    Set<String> left = new HashSet<>(s.subList(0, Math.min(d, s.size())));
    int n = 0;
    for (String doc : l.subList(0, d)) {
      n += left.contains(doc) ? 1 : 0;
    }
    return n;
  }
}
