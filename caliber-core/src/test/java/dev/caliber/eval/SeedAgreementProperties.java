package dev.caliber.eval;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * On any exhaustive binary protocol and any valid run, the seed's report and the engine under the
 * strict policy with R@k and RR@k give the seed's numbers ({@link SeedOracle}), row by row and in
 * both means.
 */
class SeedAgreementProperties {

  /**
   * One query: in the test split or not, its label for each corpus document, and its ranking
   * (document indexes, distinct) or null when the run does not answer it.
   */
  record QuerySpec(boolean test, List<Integer> labels, List<Integer> ranking) {}

  /** A protocol of {@code documents} documents and its run, with the cutoff k. */
  record Case(int documents, List<QuerySpec> queries, int k) {
    SeedOracle.Inputs inputs() {
      Map<String, String> corpus = new LinkedHashMap<>();
      for (int d = 0; d < documents; d++) {
        corpus.put("d" + d, "text " + d);
      }
      Map<String, String> splitOf = new LinkedHashMap<>();
      Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
      for (int q = 0; q < this.queries.size(); q++) {
        QuerySpec spec = this.queries.get(q);
        splitOf.put("q" + q, inTest(q) ? "test" : "dev");
        Map<String, Integer> row = new LinkedHashMap<>();
        for (int d = 0; d < documents; d++) {
          row.put("d" + d, spec.labels().get(d));
        }
        qrels.put("q" + q, row);
      }
      return new SeedOracle.Inputs(corpus, splitOf, qrels, run());
    }

    /** The first query is always in the test split, so that the split is never empty. */
    boolean inTest(int q) {
      return q == 0 || queries.get(q).test();
    }

    private Map<String, List<String>> run() {
      Map<String, List<String>> rankings = new LinkedHashMap<>();
      for (int q = 0; q < queries.size(); q++) {
        List<Integer> ranking = queries.get(q).ranking();
        if (inTest(q) && ranking != null) {
          List<String> docs = new ArrayList<>();
          ranking.forEach(d -> docs.add("d" + d));
          rankings.put("q" + q, docs);
        }
      }
      return rankings;
    }
  }

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.integers().between(1, 8).flatMap(n -> Combinators.combine(
            query(n).list().ofMinSize(1).ofMaxSize(6), Arbitraries.integers().between(1, 10))
        .as((queries, k) -> new Case(n, queries, k)));
  }

  private static Arbitrary<QuerySpec> query(int documents) {
    Arbitrary<List<Integer>> labels = Arbitraries.integers().between(0, 1).list().ofSize(documents);
    Arbitrary<List<Integer>> ranking = Arbitraries.integers().between(0, documents - 1).list().uniqueElements()
        .ofMaxSize(documents).injectNull(0.2);
    return Combinators.combine(Arbitraries.of(true, false), labels, ranking).as(QuerySpec::new);
  }

  @Property(tries = 500)
  void the_strict_general_evaluator_gives_the_seed_evaluator_s_numbers(@ForAll("cases") Case c) {
    SeedAgreement.assertAgree(c.inputs(), "test", c.k());
  }
}
