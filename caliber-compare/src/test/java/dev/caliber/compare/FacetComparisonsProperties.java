package dev.caliber.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Facets;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Comparisons per facet value: a value that every query has is the overall comparison, number for
 * number; the values of a facet split the query set; Holm's family is measures x pairs x values.
 */
class FacetComparisonsProperties {
  private static final EvalProtocol PROTOCOL = Synthetic.protocol("P@5", "RR@10", "nDCG@10");
  private static final List<RunResult> RUNS = Synthetic.runs(PROTOCOL);

  @Provide
  Arbitrary<List<String>> kinds() {
    return Arbitraries.of("head", "torso", "tail").list().ofSize(PROTOCOL.querySet().size());
  }

  @Property(tries = 12)
  void a_value_every_query_has_gives_the_overall_comparison_and_a_facets_values_split_the_query_set(
      @ForAll @IntRange(min = 0, max = 1_000) int seed, @ForAll boolean allPairs, @ForAll("kinds") List<String> kinds,
      @ForAll boolean grouped) {
    // GIVEN a comparison of three runs (small budgets: the identity holds for any settings), its
    // queries resampled one by one or in groups of three
    Map<String, String> threes = new LinkedHashMap<>();
    Map<String, Long> lines = new LinkedHashMap<>();
    for (int i = 0; i < PROTOCOL.querySet().size(); i++) {
      threes.put(PROTOCOL.querySet().get(i), "need " + i / 3);
      lines.put(PROTOCOL.querySet().get(i), i + 1L);
    }
    CompareSettings settings = new CompareSettings(seed, 500, 300, 0.9, CompareSettings.Mode.BASELINE, null,
        grouped ? new dev.caliber.protocol.QueryGroups("groups.tsv", threes, lines) : null);
    Comparison c = Comparisons.compare(RUNS, allPairs ? settings.allPairs() : settings);
    // WHEN it is compared per value of a facet "all" with one value, and of a facet "kind" with random values
    Map<String, String> all = new LinkedHashMap<>();
    Map<String, String> kind = new LinkedHashMap<>();
    for (int i = 0; i < PROTOCOL.querySet().size(); i++) {
      all.put(PROTOCOL.querySet().get(i), "every query");
      kind.put(PROTOCOL.querySet().get(i), kinds.get(i));
    }
    FacetComparison f = FacetComparisons.of(c, facets(Map.of("all", all, "kind", kind)));
    // THEN the one value of "all" has every number of the overall comparison
    FacetComparison.FacetValue every = f.facets().get(0).values().get(0);
    assertThat(every.queries()).isEqualTo(PROTOCOL.querySet());
    assertThat(every.comparisons()).hasSameSizeAs(c.comparisons());
    for (int i = 0; i < c.comparisons().size(); i++) {
      PairedComparison overall = c.comparisons().get(i);
      PairedComparison facet = every.comparisons().get(i);
      // means, delta, wins/ties/losses, interval, randomization p, t-test, d_z, worse queries: all equal
      assertThat(facet.withHolmP(overall.holmP())).isEqualTo(overall);
      assertThat(facet.interval()).isEqualTo(overall.interval());
    }
    // AND the values of "kind" hold every query once, and each value's deltas are the overall ones of its queries
    FacetComparison.Facet k = f.facets().get(1);
    assertThat(k.values().stream().mapToInt(v -> v.queries().size()).sum()).isEqualTo(PROTOCOL.querySet().size());
    for (FacetComparison.FacetValue v : k.values()) {
      assertThat(v.queries()).allMatch(q -> kind.get(q).equals(v.value()));
      for (int i = 0; i < c.comparisons().size(); i++) {
        assertThat(v.comparisons().get(i).deltas())
            .isEqualTo(c.comparisons().get(i).deltas().stream().filter(d -> v.queries().contains(d.query())).toList());
      }
    }
    // AND Holm's family is every measure x pair x value, apart from the overall comparison's
    assertThat(f.family()).isEqualTo(c.comparisons().size() * (1 + k.values().size()));
  }

  @Test
  void a_facet_file_of_one_value_gives_the_overall_holm_p_values_too() {
    Comparison c = Comparisons.compare(RUNS, CompareSettings.defaults().withResamples(200).withPermutations(200));
    Map<String, String> all = new LinkedHashMap<>();
    PROTOCOL.querySet().forEach(q -> all.put(q, "x"));
    FacetComparison f = FacetComparisons.of(c, facets(Map.of("all", all)));
    assertThat(f.family()).isEqualTo(c.holmFamilySize());
    assertThat(f.facets().get(0).values().get(0).comparisons()).isEqualTo(c.comparisons());
  }

  @Test
  void a_query_of_the_query_set_without_a_value_is_refused_and_a_value_only_outside_it_is_left_out() {
    Comparison c = Comparisons.compare(RUNS, CompareSettings.defaults().withResamples(100).withPermutations(100));
    Map<String, String> some = new LinkedHashMap<>();
    PROTOCOL.querySet().subList(0, 28).forEach(q -> some.put(q, "x"));
    assertThatThrownBy(() -> FacetComparisons.of(c, facets(Map.of("kind", some))))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("facets.tsv: query without a facet value (query \"q29\" of the query set has no value of facet \"kind\""
            + " (nor have 1 more); expected one value of every facet for every query of the query set)");
    Map<String, String> more = new LinkedHashMap<>();
    PROTOCOL.querySet().forEach(q -> more.put(q, "x"));
    more.put("elsewhere", "y");
    FacetComparison f = FacetComparisons.of(c, facets(Map.of("kind", more)));
    assertThat(f.outside()).isEqualTo(1);
    assertThat(f.facets().get(0).values()).extracting(FacetComparison.FacetValue::value).containsExactly("x");
  }

  private static Facets facets(Map<String, Map<String, String>> values) {
    Map<String, Map<String, String>> ordered = new LinkedHashMap<>();
    values.keySet().stream().sorted().forEach(k -> ordered.put(k, values.get(k)));
    return new Facets("facets.tsv", ordered, Map.of());
  }
}
