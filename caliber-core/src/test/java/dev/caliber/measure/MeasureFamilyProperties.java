package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import dev.caliber.policy.Gain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Invariants of every measure on random rankings: graded, negative and unjudged labels, any
 * threshold and gain, cutoffs below, at and beyond the ranking's length.
 */
class MeasureFamilyProperties {
  private static final int U = JudgedRanking.UNJUDGED;

  /** A query's ranking and judgments, consistent as the evaluator builds them. */
  record Case(int[] ranked, int[] unranked, int threshold, Gain gain) {
    JudgedRanking ranking() {
      return Rankings.of(threshold, gain, ranked, unranked);
    }

    @Override
    public String toString() {
      return "ranked " + Arrays.toString(ranked) + ", unranked " + Arrays.toString(unranked) + ", threshold "
          + threshold + ", " + gain;
    }
  }

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<Integer> rankedLabel = Arbitraries.frequencyOf(
        Tuple.of(3, Arbitraries.just(0)), Tuple.of(3, Arbitraries.integers().between(1, 3)),
        Tuple.of(1, Arbitraries.just(-1)), Tuple.of(2, Arbitraries.just(U)));
    Arbitrary<int[]> ranked = rankedLabel.list().ofMaxSize(15).map(l -> l.stream().mapToInt(Integer::intValue).toArray());
    Arbitrary<int[]> unranked = Arbitraries.integers().between(-1, 3).list().ofMaxSize(8)
        .map(l -> l.stream().mapToInt(Integer::intValue).toArray());
    return Combinators.combine(ranked, unranked, Arbitraries.integers().between(1, 3), Arbitraries.of(Gain.class))
        .as(Case::new);
  }

  /** Every measure whose value is a share: its name with cutoff k and relevance level rel. */
  static List<Measure> normalised(int k, int rel) {
    List<Measure> out = new ArrayList<>();
    for (String name : List.of("P@k", "R@k", "R", "Success@k", "RR", "RR@k", "AP", "AP@k", "Rprec", "nDCG", "nDCG@k",
        "Bpref", "Judged@k", "P(rel=r)@k", "R(rel=r)", "RR(rel=r)@k", "AP(rel=r)", "Rprec(rel=r)", "Bpref(rel=r)",
        "Success(rel=r)@k", "IPrec@0", "IPrec@0.5", "IPrec@1", "IPrec(rel=r)@0.3", "IPrecAvg", "RprecMult@0.4",
        "RprecMult@2", "GMAP", "GMBpref", "infAP", "RelP@k", "RelP(rel=r)@k", "SetP", "SetR", "SetRelP", "SetAP", "SetF",
        "SetF(beta=0.5)", "Unjudged@k", "RBPScaled", "RBPScaled(p=0.5)", "RBPResid", "BinG", "ERR", "ERR@k",
        "RBP(rel=r)", "RBP(p=0.5,rel=r)@k", "SDCG(max_rel=2)@k", "SDCG(min_rel=1,max_rel=3)@k", "INST(max_rel=2)",
        "INST(T=3,max_rel=1)", "Compat", "Compat(p=0.5,normalize=False)")) {
      out.add(Measures.parse(name.replace("@k", "@" + k).replace("rel=r", "rel=" + rel)));
    }
    return out;
  }

  /** The measures that look only at the first k ranked documents. */
  static List<Measure> atK(int k, int rel) {
    return normalised(k, rel).stream().filter(m -> m.cutoff() == k).toList();
  }

  /** The straightforward count: relevant documents among the first k (all for 0). */
  private static int relevantInTopByScan(JudgedRanking r, int k, int t) {
    int end = k == 0 ? r.size() : Math.min(k, r.size());
    int n = 0;
    for (int i = 0; i < end; i++) {
      if (r.relevant(i, t)) {
        n++;
      }
    }
    return n;
  }

  /** Interpolated precision by two passes over the ranking, as it was first written. */
  private static Value interpolatedByScan(JudgedRanking r, int t, long c) {
    long wanted = Math.max(1, c);
    int found = 0;
    int from = -1;
    for (int i = 0; i < r.size() && from < 0; i++) {
      if (r.relevant(i, t) && ++found == wanted) {
        from = i;
      }
    }
    if (from < 0) {
      return Value.of(0);
    }
    long bestNum = 0;
    long bestDen = 1;
    long rel = found - 1;
    for (int i = from; i < r.size(); i++) {
      if (r.relevant(i, t)) {
        rel++;
        if (rel * bestDen > bestNum * (i + 1)) {
          bestNum = rel;
          bestDen = i + 1;
        }
      }
    }
    return Value.of(bestNum, bestDen);
  }

  @Property
  void the_kept_counts_give_what_a_pass_over_the_ranking_gives(@ForAll("cases") Case c,
      @ForAll @IntRange(min = -1, max = 20) int k, @ForAll @IntRange(min = 0, max = 4) int rel,
      @ForAll @IntRange(min = 0, max = 20) int wanted) {
    JudgedRanking r = c.ranking();
    // thresholds asked in turn, as measures with their own rel= do: the counts follow the threshold
    for (int t : new int[] {rel, c.threshold(), rel}) {
      assertThat(r.relevantInTop(k, t)).as("relevantInTop(%d, %d) on %s", k, t, c).isEqualTo(relevantInTopByScan(r, k, t));
      Value fast = InterpolatedPrecision.at(r, t, wanted);
      Value slow = interpolatedByScan(r, t, wanted);
      assertThat(fast.exact()).as("IPrec at %d, rel %d on %s", wanted, t, c).isEqualTo(slow.exact());
      assertThat(fast.decimal()).isEqualTo(slow.decimal());
    }
  }

  @Property
  void every_normalised_measure_lies_between_zero_and_one(@ForAll("cases") Case c,
      @ForAll @IntRange(min = 1, max = 20) int k, @ForAll @IntRange(min = 0, max = 4) int rel) {
    JudgedRanking r = c.ranking();
    for (Measure m : normalised(k, rel)) {
      Value v = m.compute(r);
      assertThat(v.decimal()).as("%s on %s", m, c).isBetween(0.0, 1.0);
      if (v.isExact()) {
        assertThat(v.exact()).as("%s on %s", m, c).isBetween(Fraction.ZERO, Fraction.ONE);
      }
      assertThat(v.isExact()).as("%s is exact", m).isEqualTo(m.rational());
    }
  }

  @Property
  void an_exact_value_s_double_is_within_a_few_ulps_of_the_fraction(@ForAll("cases") Case c,
      @ForAll @IntRange(min = 1, max = 20) int k) {
    JudgedRanking r = c.ranking();
    for (Measure m : normalised(k, 1)) {
      Value v = m.compute(r);
      if (v.isExact()) {
        double nearest = v.exact().doubleValue();
        assertThat(Math.abs(v.decimal() - nearest)).as("%s on %s", m, c).isLessThanOrEqualTo(4 * Math.ulp(nearest));
      }
    }
  }

  @Provide
  Arbitrary<Case> idealCases() {
    // judged labels with at least one relevant one at the threshold; ranked: every judged document,
    // label descending, then some unjudged documents; nothing judged is left unranked
    return Combinators.combine(
            Arbitraries.integers().between(-1, 3).list().ofMinSize(1).ofMaxSize(12),
            Arbitraries.integers().between(0, 4),
            Arbitraries.integers().between(1, 3),
            Arbitraries.of(Gain.class))
        .as((labels, unjudged, threshold, gain) -> {
          List<Integer> sorted = new ArrayList<>(labels);
          sorted.sort(Collections.reverseOrder());
          if (sorted.get(0) < threshold) {
            sorted.set(0, threshold);
          }
          int[] ranked = new int[sorted.size() + unjudged];
          for (int i = 0; i < ranked.length; i++) {
            ranked[i] = i < sorted.size() ? sorted.get(i) : U;
          }
          return new Case(ranked, new int[0], threshold, gain);
        });
  }

  @Property
  void an_ideal_ranking_scores_one(@ForAll("idealCases") Case c, @ForAll @IntRange(min = 1, max = 20) int k) {
    JudgedRanking r = c.ranking();
    assertThat(Measures.parse("nDCG").compute(r).decimal()).as("nDCG on %s", c).isEqualTo(1.0);
    assertThat(Measures.parse("nDCG@" + k).compute(r).decimal()).as("nDCG@%d on %s", k, c).isEqualTo(1.0);
    for (String name : List.of("AP", "RR", "Rprec", "R", "Bpref", "IPrec@0", "IPrec@0.5", "IPrec@1", "IPrecAvg",
        "RprecMult@1", "RelP@" + k, "SetR", "GMAP")) {
      Value v = Measures.parse(name).compute(r);
      assertThat(v.exact()).as("%s on %s", name, c).isEqualTo(Fraction.ONE);
      assertThat(v.decimal()).as("%s on %s", name, c).isEqualTo(1.0);
    }
  }

  @Property
  void shuffling_documents_after_position_k_changes_no_measure_at_k(@ForAll("cases") Case c,
      @ForAll @IntRange(min = 1, max = 16) int k, @ForAll @IntRange(min = 0, max = 4) int rel, @ForAll Random random) {
    // GIVEN the same ranking with every position after k shuffled
    int[] shuffled = c.ranked().clone();
    List<Integer> tail = new ArrayList<>();
    for (int i = k; i < shuffled.length; i++) {
      tail.add(shuffled[i]);
    }
    Collections.shuffle(tail, random);
    for (int i = k; i < shuffled.length; i++) {
      shuffled[i] = tail.get(i - k);
    }
    JudgedRanking before = c.ranking();
    JudgedRanking after = new Case(shuffled, c.unranked(), c.threshold(), c.gain()).ranking();
    // THEN
    for (Measure m : atK(k, rel)) {
      assertThat(m.compute(after)).as("%s on %s after shuffling to %s", m, c, Arrays.toString(shuffled))
          .isEqualTo(m.compute(before));
    }
  }

  @Property
  void precision_at_k_times_k_is_the_number_of_relevant_documents_in_the_top_k(@ForAll("cases") Case c,
      @ForAll @IntRange(min = 1, max = 20) int k) {
    int t = c.threshold();
    long relevant = Arrays.stream(c.ranked()).limit(k).filter(l -> l != U && l >= t).count();
    Value p = Measures.parse("P@" + k).compute(c.ranking());
    assertThat(p.exact().times(Fraction.of(k))).as("P@%d on %s", k, c).isEqualTo(Fraction.of(relevant));
  }

  @Property
  void recall_at_k_never_decreases_as_k_grows(@ForAll("cases") Case c) {
    JudgedRanking r = c.ranking();
    Fraction previous = Fraction.ZERO;
    for (int k = 1; k <= r.size() + 2; k++) {
      Fraction recall = Measures.parse("R@" + k).compute(r).exact();
      assertThat(recall).as("R@%d on %s", k, c).isGreaterThanOrEqualTo(previous);
      previous = recall;
    }
    assertThat(Measures.parse("R").compute(r).exact()).as("R on %s", c).isEqualTo(previous);
  }
}
