package dev.caliber.compare.agreement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.compare.CompareSettings;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.Qrels;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Judgment agreement: hand-worked tables with published values, and fixed tables whose values
 * {@code src/test/resources/agreement/agreement_check.py} computes independently (numpy and
 * fractions from the definitions, Krippendorff's alpha from the coincidence matrix unit by unit,
 * scipy.stats.kendalltau for tau-b, tau_AP by its formula): its printed values are copied here.
 */
class AgreementTest {
  private static Fraction f(long n, long d) {
    return Fraction.of(n, d);
  }

  private static Fraction exact(Coefficient c) {
    assertThat(c.defined()).as("defined: %s", c.undefined()).isTrue();
    return c.value().exact();
  }

  @Test
  void should_give_krippendorffs_published_alpha_for_his_two_observer_example() {
    // GIVEN Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability", section A: ten units,
    // observer A 0100000010, observer B 1110010000; published alpha = 0.095
    LabelAgreement a = LabelAgreement.of(List.of(0, 1), new long[][] {{5, 3}, {1, 1}}, 1);
    // THEN alpha = 1 - (20 - 1) * 4 / (14 * 6) = 2/21 under every metric (two values)
    assertThat(exact(a.alphaNominal())).isEqualTo(f(2, 21));
    assertThat(exact(a.alphaNominal()).doubleValue()).isCloseTo(0.095, within(0.0005));
    assertThat(exact(a.alphaOrdinal())).isEqualTo(f(2, 21));
    assertThat(exact(a.alphaInterval())).isEqualTo(f(2, 21));
    // agreement_check.py: kappa 1/11, raw agreement 3/5
    assertThat(exact(a.kappa())).isEqualTo(f(1, 11));
    assertThat(a.agreement()).isEqualTo(f(3, 5));
  }

  @Test
  void should_give_the_textbook_kappa_of_fleiss_psychiatric_diagnoses() {
    // GIVEN Fleiss, Levin and Paik, Statistical Methods for Rates and Proportions (3rd ed., 2003),
    // ch. 18: two raters, 100 subjects, diagnoses psychotic / neurotic / organic; p_o = .89,
    // p_e = .66, published kappa .676
    long[][] counts = {{75, 1, 4}, {5, 4, 1}, {0, 0, 10}};
    // WHEN
    Coefficient kappa = Coefficients.kappa(counts, Coefficients.NOMINAL, List.of("psychotic", "neurotic", "organic"));
    // THEN (.89 - .66) / (1 - .66) = 23/34
    assertThat(exact(kappa)).isEqualTo(f(23, 34));
    assertThat(exact(kappa).doubleValue()).isCloseTo(0.676, within(0.0005));
  }

  @Test
  void should_match_the_independent_check_on_graded_labels() {
    // GIVEN agreement_check.py's table "graded" (labels 0..3)
    LabelAgreement a = LabelAgreement.of(List.of(0, 1, 2, 3),
        new long[][] {{30, 6, 2, 0}, {5, 14, 6, 1}, {1, 4, 11, 3}, {0, 1, 3, 7}}, 1);
    // THEN its printed values
    assertThat(a.pairs()).isEqualTo(94);
    assertThat(a.agreement()).isEqualTo(f(31, 47));
    assertThat(exact(a.kappa())).isEqualTo(f(726, 1055));
    assertThat(exact(a.linearKappa())).isEqualTo(f(3255, 4994));
    assertThat(exact(a.quadraticKappa())).isEqualTo(f(7308, 9517));
    assertThat(exact(a.alphaNominal())).isEqualTo(f(597, 1141));
    assertThat(exact(a.alphaOrdinal())).isEqualTo(f(144941243, 188853144));
    assertThat(exact(a.alphaInterval())).isEqualTo(f(29254, 38043));
    assertThat(exact(a.quadraticKappa()).doubleValue()).isCloseTo(0.7678890406640748, within(1e-15));
    assertThat(Coefficients.kappa(new long[][] {{30, 6, 2, 0}, {5, 14, 6, 1}, {1, 4, 11, 3}, {0, 1, 3, 7}},
        Coefficients.NOMINAL, List.of("0", "1", "2", "3")).value().exact()).isEqualTo(f(3271, 6279));
  }

  @Test
  void should_weigh_kappa_by_place_and_interval_alpha_by_value_when_a_label_is_skipped() {
    // GIVEN agreement_check.py's table "gap" (labels 0, 1, 3)
    LabelAgreement a = LabelAgreement.of(List.of(0, 1, 3), new long[][] {{12, 3, 1}, {2, 6, 2}, {0, 3, 5}}, 1);
    // THEN
    assertThat(a.agreement()).isEqualTo(f(23, 34));
    assertThat(exact(a.kappa())).isEqualTo(f(92, 143));
    assertThat(exact(a.linearKappa())).isEqualTo(f(145, 247));
    assertThat(exact(a.quadraticKappa())).isEqualTo(f(248, 367));
    assertThat(exact(a.alphaNominal())).isEqualTo(f(755, 1492));
    assertThat(exact(a.alphaOrdinal())).isEqualTo(f(531081, 772616));
    assertThat(exact(a.alphaInterval())).isEqualTo(f(2055, 3194));
  }

  @Test
  void should_say_why_kappa_is_undefined_instead_of_printing_nan() {
    // GIVEN both sets say 2 for every common pair
    LabelAgreement a = LabelAgreement.of(List.of(0, 2), new long[][] {{0, 0}, {0, 4}}, 1);
    // THEN agreement is 1, and no chance-corrected coefficient has a value
    assertThat(a.agreement()).isEqualTo(Fraction.ONE);
    assertThat(a.kappa().defined()).isFalse();
    assertThat(a.kappa().undefined()).isEqualTo("both sets put every common pair in one category (relevant: at least 1),"
        + " so chance agreement is 1");
    assertThat(a.linearKappa().undefined()).contains("(2)");
    assertThat(a.alphaInterval().undefined()).endsWith("(2), so chance agreement is 1");
    // and with no pair at all
    LabelAgreement none = LabelAgreement.of(List.of(0, 2), new long[][] {{0, 0}, {0, 0}}, 1);
    assertThat(none.agreement()).isNull();
    assertThat(none.quadraticKappa().undefined()).isEqualTo("no pair is judged in both sets");
  }

  @Test
  void should_refuse_a_matrix_that_is_not_square_or_labels_out_of_order() {
    assertThatThrownBy(() -> LabelAgreement.of(List.of(1, 0), new long[][] {{1, 0}, {0, 1}}, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal labels [1, 0], must be ascending and distinct");
    assertThatThrownBy(() -> LabelAgreement.of(List.of(0, 1), new long[][] {{1, 0}}, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal confusion matrix: 1 rows for 2 labels");
  }

  @Test
  void should_compare_only_the_pairs_both_sets_judge_and_count_the_rest() {
    // GIVEN A judges q1 and q2, B judges q1 and q3, and each judges a document of q1 the other does not
    Qrels a = Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 0, "d3", 2), "q2", Map.of("d1", 1)));
    Qrels b = Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 1, "d4", 0), "q3", Map.of("d1", 0, "d2", 0)));
    // WHEN
    QrelsAgreement r = Agreement.of(a, b, 1);
    // THEN
    assertThat(r.queriesOnlyA()).containsExactly("q2");
    assertThat(r.queriesOnlyB()).containsExactly("q3");
    assertThat(r.pairsOnlyA()).isEqualTo(2); // q1 d3, q2 d1
    assertThat(r.pairsOnlyB()).isEqualTo(3); // q1 d4, q3 d1, q3 d2
    assertThat(r.overall().pairs()).isEqualTo(2);
    assertThat(r.overall().labels()).containsExactly(java.math.BigDecimal.ZERO, java.math.BigDecimal.ONE);
    assertThat(r.overall().confusion()).containsExactly(List.of(0L, 1L), List.of(0L, 1L));
    assertThat(r.queries()).singleElement().satisfies(q -> {
      assertThat(q.query()).isEqualTo("q1");
      assertThat(q.pairsOnlyA()).isEqualTo(1);
      assertThat(q.pairsOnlyB()).isEqualTo(1);
    });
    // B calls both relevant: chance agreement is p_e = 1/2 * 1 + 1/2 * 0 = 1/2, p_o = 1/2, kappa 0
    assertThat(exact(r.overall().kappa())).isEqualTo(Fraction.ZERO);
  }

  @Test
  void should_use_the_comparisons_categories_in_every_query() {
    // GIVEN q1 uses labels 0 and 2 only, q2 adds 1
    Qrels a = Eval.qrels(Map.of("q1", Map.of("d1", 0, "d2", 2), "q2", Map.of("d1", 1, "d2", 0)));
    Qrels b = Eval.qrels(Map.of("q1", Map.of("d1", 2, "d2", 0), "q2", Map.of("d1", 1, "d2", 0)));
    // WHEN
    QrelsAgreement r = Agreement.of(a, b, 1);
    // THEN q1's matrix is 3 x 3 and its linear kappa weighs 0 against 2 as two steps
    QueryAgreement q1 = r.queries().get(0);
    assertThat(q1.agreement().labels()).containsExactly(java.math.BigDecimal.ZERO, java.math.BigDecimal.ONE,
        java.math.BigDecimal.valueOf(2));
    // observed 2 pairs at distance 2 = 4; expected: margins (1, 0, 1) both, 1 * 1 * 2 twice = 4; N = 2
    assertThat(exact(q1.agreement().linearKappa())).isEqualTo(f(-1, 1));
  }

  /** Signs of every pair's difference, as SystemOrderings makes them. */
  private static int[][] signs(double... means) {
    int[][] s = new int[means.length][means.length];
    for (int i = 0; i < means.length; i++) {
      for (int j = 0; j < means.length; j++) {
        s[i][j] = Double.compare(means[i], means[j]);
      }
    }
    return s;
  }

  private static int[] bestFirst(double... means) {
    return java.util.stream.IntStream.range(0, means.length).boxed()
        .sorted((x, y) -> Double.compare(means[y], means[x])).mapToInt(i -> i).toArray();
  }

  private static final double[] SYSTEMS_A = {0.61, 0.55, 0.58, 0.40, 0.47, 0.52};
  private static final double[] SYSTEMS_B = {0.57, 0.57, 0.49, 0.38, 0.50, 0.45};
  private static final double[] SYSTEMS_C = {0.53, 0.60, 0.44, 0.41, 0.51, 0.56};

  @Test
  void should_match_scipys_tau_b_with_and_without_ties() {
    // agreement_check.py: scipy.stats.kendalltau(A, B, variant="b") (B has a tie) and (A, C)
    Coefficient ab = RankCorrelation.tauB(signs(SYSTEMS_A), signs(SYSTEMS_B));
    assertThat(ab.value().isExact()).isFalse(); // 13 * 14 is no square: sqrt stays irrational
    assertThat(ab.value().decimal()).isCloseTo(0.5520524474738833, within(1e-15));
    Coefficient ac = RankCorrelation.tauB(signs(SYSTEMS_A), signs(SYSTEMS_C));
    assertThat(exact(ac)).isEqualTo(f(1, 3));
    assertThat(ac.value().decimal()).isCloseTo(0.3333333333333333, within(1e-15));
  }

  @Test
  void should_match_tau_ap_by_its_formula_in_both_directions() {
    // agreement_check.py: tau_AP(C against A) = 3/10, tau_AP(A against C) = 7/30
    assertThat(exact(RankCorrelation.tauAp(signs(SYSTEMS_A), signs(SYSTEMS_C), bestFirst(SYSTEMS_C), "A", "C")))
        .isEqualTo(f(3, 10));
    assertThat(exact(RankCorrelation.tauAp(signs(SYSTEMS_C), signs(SYSTEMS_A), bestFirst(SYSTEMS_A), "C", "A")))
        .isEqualTo(f(7, 30));
    // identical orderings give 1; ties leave tau_AP undefined, with the reason
    assertThat(exact(RankCorrelation.tauAp(signs(SYSTEMS_A), signs(SYSTEMS_A), bestFirst(SYSTEMS_A), "A", "A")))
        .isEqualTo(Fraction.ONE);
    assertThat(RankCorrelation.tauAp(signs(SYSTEMS_A), signs(SYSTEMS_B), bestFirst(SYSTEMS_B), "A", "B").undefined())
        .isEqualTo("two systems have the same mean under B; tau_AP is defined for orderings without ties");
    assertThat(RankCorrelation.tauB(signs(1, 1), signs(1, 2)).undefined())
        .isEqualTo("every system has the same mean under A, so tau-b is 0/0");
  }

  @Test
  void should_find_the_swaps_and_the_significance_that_changes_with_the_judgments() {
    // GIVEN 12 queries; A calls d1 relevant, B calls d2 relevant; run x ranks d1 first, y d2
    // first, z ranks d3 first then d1 and d2
    Map<String, Map<String, Integer>> la = new java.util.LinkedHashMap<>();
    Map<String, Map<String, Integer>> lb = new java.util.LinkedHashMap<>();
    Map<String, List<String>> x = new java.util.HashMap<>();
    Map<String, List<String>> y = new java.util.HashMap<>();
    Map<String, List<String>> z = new java.util.HashMap<>();
    for (int i = 1; i <= 12; i++) {
      String q = "q" + (i < 10 ? "0" : "") + i;
      la.put(q, Map.of("d1", 1, "d2", 0));
      lb.put(q, Map.of("d1", 0, "d2", 1));
      x.put(q, List.of("d1", "d2"));
      y.put(q, List.of("d2", "d1"));
      z.put(q, List.of("d3", "d1", "d2"));
    }
    // WHEN
    SystemOrderings o = SystemOrderings.of(Eval.qrels(la), Eval.qrels(lb),
        List.of(Eval.rankings("x", x), Eval.rankings("y", y), Eval.rankings("z", z)),
        Preset.TREC_EVAL.policy(), Measures.parse("RR@10"), CompareSettings.defaults().withPermutations(1000));
    // THEN under A: x 1, z 1/2, y 1/2; under B: y 1, x 1/2, z 1/3
    assertThat(o.queries()).isEqualTo(12);
    assertThat(o.systems()).extracting(SystemOrderings.SystemMean::placeA).containsExactly(1, 2, 2);
    assertThat(o.systems()).extracting(SystemOrderings.SystemMean::placeB).containsExactly(2, 1, 3);
    assertThat(o.swaps()).containsExactly(new SystemOrderings.Swap("x", "y"));
    assertThat(o.comparisons()).isEqualTo(3);
    // x - y is significant both ways (opposite signs); y - z is 0 under A and significant under B
    assertThat(o.significance()).singleElement().satisfies(c -> {
      assertThat(c.baseline() + "," + c.system()).isEqualTo("y,z");
      assertThat(c.significantUnderA()).isFalse();
      assertThat(c.deltaB().exact()).isEqualTo(f(-2, 3));
    });
    // tau-b: (x,y) discordant, (x,z) concordant, (y,z) tied under A: (1 - 1) / sqrt((3 - 1) * 3)
    assertThat(exact(o.tauB())).isEqualTo(Fraction.ZERO);
    assertThat(o.tauApA().undefined()).contains("under A");
  }
}
