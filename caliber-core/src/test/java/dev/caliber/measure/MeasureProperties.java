package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.math.Fraction;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Invariants of Recall@k and RR@k: bounded by 0 and 1, 1 for an ideal ranking, blind to anything
 * below the cutoff. Rankings are random permutations of random prefixes of a random corpus, so
 * they never hold a duplicate (which the protocol rejects).
 */
class MeasureProperties {
  private static final Fraction ZERO = Fraction.ZERO;
  private static final Fraction ONE = Fraction.ONE;

  /** One query: its corpus, relevant documents, ranking and cutoff. */
  record Case(List<String> corpus, Set<String> relevant, List<String> ranking, int k) {}

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.integers().between(1, 12).flatMap(n -> {
      List<String> corpus = IntStream.rangeClosed(1, n).mapToObj(i -> "d" + i).toList();
      Arbitrary<List<String>> ranking = Arbitraries.shuffle(corpus)
          .flatMap(p -> Arbitraries.integers().between(0, n).map(len -> List.copyOf(p.subList(0, len))));
      return Combinators.combine(Arbitraries.subsetOf(corpus), ranking, Arbitraries.integers().between(1, n + 3))
          .as((relevant, r, k) -> new Case(corpus, relevant, r, k));
    });
  }

  @Property
  void recall_and_rr_lie_between_zero_and_one(@ForAll("cases") Case c) {
    Fraction recall = SeedRows.of(c.ranking(), c.relevant(), c.k()).recall();
    Fraction rr = SeedRows.of(c.ranking(), c.relevant(), c.k()).rr();
    if (c.relevant().isEmpty()) {
      assertThat(recall).isNull();
      assertThat(rr).isNull();
      return;
    }
    assertThat(recall).isBetween(ZERO, ONE);
    assertThat(rr).isBetween(ZERO, ONE);
    // hits is the numerator and never exceeds k nor the relevant count
    int hits = SeedRows.of(c.ranking(), c.relevant(), c.k()).hits();
    assertThat(hits).isBetween(0, Math.min(c.k(), c.relevant().size()));
    assertThat(recall).isEqualTo(Fraction.of(hits, c.relevant().size()));
  }

  @Property
  void a_ranking_that_starts_with_every_relevant_document_scores_one(@ForAll("cases") Case c, @ForAll Random random) {
    if (c.relevant().isEmpty()) {
      return;
    }
    // GIVEN the relevant documents (in any order) first, then the rest
    List<String> relevantFirst = new ArrayList<>(c.relevant());
    Collections.shuffle(relevantFirst, random);
    List<String> rest = new ArrayList<>(c.corpus());
    rest.removeAll(c.relevant());
    Collections.shuffle(rest, random);
    List<String> ideal = new ArrayList<>(relevantFirst);
    ideal.addAll(rest);
    int k = c.relevant().size() + random.nextInt(3);
    // THEN
    assertThat(SeedRows.of(ideal, c.relevant(), k).recall()).isEqualTo(ONE);
    assertThat(SeedRows.of(ideal, c.relevant(), k).rr()).isEqualTo(ONE);
    assertThat(SeedRows.of(ideal, c.relevant(), k).firstRelevantRank()).isEqualTo(1);
  }

  @Property
  void reordering_below_the_cutoff_changes_neither_measure(@ForAll("cases") Case c, @ForAll Random random) {
    // GIVEN the same ranking with everything after position k shuffled
    int cut = Math.min(c.k(), c.ranking().size());
    List<String> tail = new ArrayList<>(c.ranking().subList(cut, c.ranking().size()));
    Collections.shuffle(tail, random);
    List<String> reordered = new ArrayList<>(c.ranking().subList(0, cut));
    reordered.addAll(tail);
    // THEN
    assertThat(SeedRows.of(reordered, c.relevant(), c.k()).recall()).isEqualTo(SeedRows.of(c.ranking(), c.relevant(), c.k()).recall());
    assertThat(SeedRows.of(reordered, c.relevant(), c.k()).hits()).isEqualTo(SeedRows.of(c.ranking(), c.relevant(), c.k()).hits());
    assertThat(SeedRows.of(reordered, c.relevant(), c.k()).rr())
        .isEqualTo(SeedRows.of(c.ranking(), c.relevant(), c.k()).rr());
    assertThat(SeedRows.of(reordered, c.relevant(), c.k()).firstRelevantRank())
        .isEqualTo(SeedRows.of(c.ranking(), c.relevant(), c.k()).firstRelevantRank());
  }

  /** A whole random exhaustive protocol, and a run that may skip queries. */
  record Evaluation(Protocol protocol, Run run, int k) {}

  @Provide
  Arbitrary<Evaluation> evaluations() {
    return Combinators.combine(Arbitraries.integers().between(1, 8), Arbitraries.integers().between(1, 6),
        Arbitraries.integers().between(1, 10), Arbitraries.randoms())
        .as((docs, queries, k, random) -> randomEvaluation(docs, queries, k, random));
  }

  private static Evaluation randomEvaluation(int docs, int queries, int k, Random random) {
    Map<String, String> corpus = new LinkedHashMap<>();
    IntStream.rangeClosed(1, docs).forEach(i -> corpus.put("d" + i, "text " + i));
    Map<String, Query> qs = new LinkedHashMap<>();
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    Map<String, List<String>> run = new LinkedHashMap<>();
    for (int q = 1; q <= queries; q++) {
      String id = "q" + q;
      qs.put(id, new Query(null, "test"));
      Map<String, Integer> row = new LinkedHashMap<>();
      corpus.keySet().forEach(d -> row.put(d, random.nextInt(3) == 0 ? 1 : 0));
      qrels.put(id, row);
      if (random.nextInt(4) != 0) {
        List<String> ranking = new ArrayList<>(corpus.keySet());
        Collections.shuffle(ranking, random);
        run.put(id, ranking.subList(0, random.nextInt(docs + 1)));
      }
    }
    return new Evaluation(new Protocol(Corpus.of(corpus), Queries.of(qs), Qrels.of(qrels)), Run.of("random", run), k);
  }

  @Property(tries = 300)
  void every_row_and_both_means_lie_between_zero_and_one(@ForAll("evaluations") Evaluation e) {
    EvaluationReport report = Evaluator.evaluate(e.protocol(), e.run(), "test", e.k());
    for (QueryRow row : report.rows()) {
      if (row.eligible()) {
        assertThat(row.recall()).isBetween(ZERO, ONE);
        assertThat(row.rr()).isBetween(ZERO, ONE);
      } else {
        assertThat(row.recall()).isNull();
        assertThat(row.rr()).isNull();
      }
    }
    if (report.eligibleQueries() == 0) {
      assertThat(report.recallAtK()).isNull();
      assertThat(report.mrrAtK()).isNull();
    } else {
      assertThat(report.recallAtK()).isBetween(ZERO, ONE);
      assertThat(report.mrrAtK()).isBetween(ZERO, ONE);
    }
    // the denominator is the split, not the queries that came back
    assertThat(report.totalQueries()).isEqualTo(e.protocol().queries().size());
  }
}
