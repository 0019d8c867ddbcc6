package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.math.Fraction;
import dev.caliber.protocol.Facets;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Means per facet value: each facet splits the query set, so the means of its values weighted by
 * their counts give the run's mean, exactly, whatever the judgments, the run and the facet.
 */
class FacetMeansProperties {
  /** Judgments, a run and a facet value for each of 1 to 12 queries. */
  record Case(Map<String, Map<String, Integer>> qrels, Map<String, Map<String, Double>> run, Map<String, String> facet) {}

  @Provide
  Arbitrary<Case> cases() {
    Arbitrary<Integer> queries = Arbitraries.integers().between(1, 12);
    return queries.flatMap(n -> Combinators.combine(
        Arbitraries.integers().between(0, 2).list().ofSize(n * 6),
        Arbitraries.integers().between(0, 9).list().ofSize(n * 6),
        Arbitraries.of("head", "torso", "tail").list().ofSize(n)).as((labels, scores, values) -> {
          Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
          Map<String, Map<String, Double>> run = new LinkedHashMap<>();
          Map<String, String> facet = new LinkedHashMap<>();
          for (int q = 0; q < n; q++) {
            Map<String, Integer> judged = new LinkedHashMap<>();
            Map<String, Double> ranked = new LinkedHashMap<>();
            for (int d = 0; d < 6; d++) {
              judged.put("d" + d, labels.get(q * 6 + d));
              if (scores.get(q * 6 + d) > 3) {
                ranked.put("d" + d, (double) scores.get(q * 6 + d));
              }
            }
            qrels.put("q" + q, judged);
            run.put("q" + q, ranked);
            facet.put("q" + q, values.get(q));
          }
          return new Case(qrels, run, facet);
        }));
  }

  @Property(tries = 300)
  void the_count_weighted_means_of_a_facet_give_the_runs_exact_mean(@ForAll("cases") Case c) {
    RunResult r = Eval.evaluate(Eval.protocol(Eval.qrels(c.qrels()), Preset.TREC_EVAL, "AP", "P@5", "RR@10", "R@3"),
        Eval.run("r", c.run()));
    FacetMeans m = FacetMeans.of(r, facets(Map.of("kind", c.facet())));
    assertThat(m.facets()).hasSize(1);
    FacetMeans.Facet f = m.facets().get(0);
    assertThat(f.values().stream().mapToInt(v -> v.queries().size()).sum()).isEqualTo(r.rows().size());
    for (int i = 0; i < r.measures().size(); i++) {
      MeasureSummary all = r.summaries().get(i);
      Fraction weighted = Fraction.ZERO;
      int count = 0;
      for (FacetMeans.FacetValue v : f.values()) {
        MeasureSummary s = v.summaries().get(i);
        assertThat(s.measure()).isEqualTo(all.measure());
        if (s.count() > 0) {
          weighted = weighted.plus(s.mean().times(Fraction.of(s.count())));
          count += s.count();
        }
      }
      assertThat(count).isEqualTo(all.count());
      if (all.count() > 0) {
        assertThat(weighted.dividedBy(count)).as(all.measure().name()).isEqualTo(all.mean());
      }
    }
  }

  @Test
  void a_query_of_the_query_set_without_a_value_is_refused_naming_it_and_a_query_outside_is_counted() {
    RunResult r = Eval.evaluate(Eval.protocol(Eval.qrels(Map.of("q1", Map.of("d1", 1), "q2", Map.of("d1", 1))),
        Preset.TREC_EVAL, "AP"), Eval.run("r", Map.of("q1", Map.of("d1", 1.0))));
    assertThatThrownBy(() -> FacetMeans.of(r, facets(Map.of("kind", Map.of("q1", "head")))))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("facets.tsv: query without a facet value (query \"q2\" of the query set has no value of facet \"kind\";"
            + " expected one value of every facet for every query of the query set)");
    assertThatThrownBy(() -> FacetMeans.of(r, facets(Map.of("kind", Map.of("q2", "head", "q9", "head")))))
        .hasMessageContaining("query \"q1\" of the query set has no value of facet \"kind\"; expected");
    assertThatThrownBy(() -> FacetMeans.of(r, facets(Map.of("kind", Map.of("q9", "head")))))
        .hasMessageContaining("query \"q1\" of the query set has no value of facet \"kind\" (nor have 1 more); expected");
    // a value only a query outside the query set has is not listed: there is nothing to average
    FacetMeans m = FacetMeans.of(r, facets(Map.of("kind", Map.of("q1", "head", "q2", "tail", "q9", "other"))));
    assertThat(m.outside()).isEqualTo(1);
    assertThat(m.facets().get(0).values()).extracting(FacetMeans.FacetValue::value).containsExactly("head", "tail");
    assertThat(m.facets().get(0).values().get(0).summaries().get(0).mean()).isEqualTo(Fraction.ONE);
    assertThat(m.facets().get(0).values().get(1).summaries().get(0).mean()).isEqualTo(Fraction.ZERO);
  }

  private static Facets facets(Map<String, Map<String, String>> values) {
    Map<String, Map<String, String>> ordered = new LinkedHashMap<>();
    values.forEach((k, v) -> ordered.put(k, new java.util.TreeMap<>(v)));
    return new Facets("facets.tsv", ordered, Map.of());
  }
}
