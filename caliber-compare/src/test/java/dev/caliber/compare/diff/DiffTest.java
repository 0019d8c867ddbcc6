package dev.caliber.compare.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.api.Eval;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.math.Fraction;
import dev.caliber.policy.Ordering;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a diff of two runs says, query by query and on average, on small runs worked by hand. */
class DiffTest {
  /** A run in the given order: query, then its documents best first. */
  private static ScoredRun ranked(String name, Object... queryThenDocs) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (int i = 0; i < queryThenDocs.length; i += 2) {
      @SuppressWarnings("unchecked")
      List<String> docs = (List<String>) queryThenDocs[i + 1];
      m.put((String) queryThenDocs[i], docs);
    }
    return Eval.rankings(name, m);
  }

  private static DocumentRanks doc(String id, Integer a, Integer b) {
    return new DocumentRanks(id, a, b, null);
  }

  @Test
  void should_list_what_stayed_moved_arrived_and_left_the_top_k() {
    // GIVEN q1: A ranks d1 d2 d3 d4, B ranks d2 d1 d5 d3
    ScoredRun a = ranked("A", "q1", List.of("d1", "d2", "d3", "d4"));
    ScoredRun b = ranked("B", "q1", List.of("d2", "d1", "d5", "d3"));
    // WHEN at k = 3
    TopK top = Diff.of(a, b).settings(DiffSettings.defaults().withCutoffs(3)).compute().queries().get(0).at(3);
    // THEN d1 and d2 swapped, d5 arrived (A does not rank it), d3 left (B ranks it 4th)
    assertThat(top.common()).containsExactly(doc("d1", 1, 2), doc("d2", 2, 1));
    assertThat(top.moved()).isEqualTo(2);
    assertThat(top.added()).containsExactly(doc("d5", null, 3));
    assertThat(top.dropped()).containsExactly(doc("d3", 3, 4));
    assertThat(top.overlap()).isEqualTo(2);
    assertThat(top.overlapFraction()).isEqualTo(Fraction.of(2, 3));
    assertThat(top.jaccard()).isEqualTo(Fraction.of(2, 4));
    assertThat(top.recall()).isNull(); // not asked for
  }

  @Test
  void should_count_a_query_one_run_lacks_as_an_empty_ranking_over_the_union_in_code_point_order() {
    ScoredRun a = ranked("A", "q2", List.of("d1", "d2"), "q10", List.of("d1"));
    ScoredRun b = ranked("B", "q2", List.of("d1", "d2"), "q1", List.of("d9"));
    RunDiff d = Diff.runs(a, b);
    assertThat(d.queries()).extracting(QueryDiff::query).containsExactly("q1", "q10", "q2");
    assertThat(d.querySetSource()).isEqualTo("the union of both runs' queries (3)");
    assertThat(d.missingFromA()).containsExactly("q1");
    assertThat(d.missingFromB()).containsExactly("q10");
    QueryDiff q10 = d.queries().get(1);
    assertThat(q10.inA()).isTrue();
    assertThat(q10.inB()).isFalse();
    assertThat(q10.rankedB()).isZero();
    assertThat(q10.rbo()).isEqualTo(new Rbo(0.0, 1.0, 0.0));
    assertThat(q10.at(10).dropped()).containsExactly(doc("d1", 1, null));
    assertThat(q10.at(10).jaccard()).isEqualTo(Fraction.ZERO);
    // AND the means are over the three queries, exact where rational
    assertThat(d.mean().queries()).isEqualTo(3);
    assertThat(d.mean().at(10).overlap()).isEqualTo(Fraction.of(2, 3));
    assertThat(d.mean().at(10).overlapFraction()).isEqualTo(Fraction.of(2, 30));
    assertThat(d.mean().at(10).jaccard()).isEqualTo(Fraction.of(1, 3));
    assertThat(d.mean().rbo().ext()).isCloseTo(1.0 / 3, within(1e-15));
  }

  @Test
  void should_take_a_given_query_set_in_its_order_and_list_the_run_queries_outside_it() {
    ScoredRun a = ranked("A", "q1", List.of("d1"), "q3", List.of("d3"));
    ScoredRun b = ranked("B", "q1", List.of("d1"), "q4", List.of("d4"));
    RunDiff d = Diff.of(a, b).querySet(List.of("q2", "q1"), "the 2 queries listed in set.txt").compute();
    assertThat(d.queries()).extracting(QueryDiff::query).containsExactly("q2", "q1");
    assertThat(d.querySetSource()).isEqualTo("the 2 queries listed in set.txt");
    assertThat(d.missingFromA()).containsExactly("q2");
    assertThat(d.missingFromB()).containsExactly("q2");
    assertThat(d.ignored()).containsExactly("q3", "q4");
    // two empty rankings are the same ranking
    assertThat(d.queries().get(0).rbo()).isEqualTo(new Rbo(0.0, 1.0, 1.0));
    assertThat(d.queries().get(0).at(10).jaccard()).isEqualTo(Fraction.ONE);
    assertThatIllegalArgumentException().isThrownBy(() -> Diff.of(a, b).querySet(List.of("q1", "q1"), "twice"))
        .withMessage("illegal query set: \"q1\" is given twice");
  }

  @Test
  void should_rank_entries_by_score_with_trec_eval_s_tie_rule_unless_asked_for_file_order() {
    // GIVEN A in file order d1 d2 d3 with scores 1, 2, 2: by score d3 and d2 tie, d3 (the later ID) first
    Map<String, RankedList> lists = new LinkedHashMap<>();
    lists.put("q1", RankedList.of(new String[] {"d1", "d2", "d3"}, new double[] {1, 2, 2}, new long[] {1, 2, 3}));
    ScoredRun a = ScoredRun.of("A", lists, Origin.NONE);
    ScoredRun b = ranked("B", "q1", List.of("d3", "d2", "d1"));
    assertThat(Diff.runs(a, b).queries().get(0).at(10).moved()).isZero();
    assertThat(Diff.runs(a, b).queries().get(0).rbo().ext()).isCloseTo(1.0, within(1e-15));
    // WHEN the file's order counts
    TopK given = Diff.of(a, b).settings(DiffSettings.defaults().withOrdering(Ordering.GIVEN)).compute().queries().get(0).at(10);
    assertThat(given.common()).containsExactly(doc("d1", 1, 3), doc("d2", 2, 2), doc("d3", 3, 1));
  }

  @Test
  void should_cut_each_ranking_at_the_depth() {
    ScoredRun a = ranked("A", "q1", List.of("d1", "d2", "d3"));
    ScoredRun b = ranked("B", "q1", List.of("d1", "d9", "d2"));
    QueryDiff q = Diff.of(a, b).settings(DiffSettings.defaults().withDepth(2)).compute().queries().get(0);
    assertThat(q.rankedA()).isEqualTo(2);
    assertThat(q.at(10).dropped()).containsExactly(doc("d2", 2, null)); // B's d2 is beyond the depth
    assertThat(q.rbo()).isEqualTo(Rbo.of(List.of("d1", "d2"), List.of("d1", "d9"), 0.9));
  }

  @Test
  void should_say_which_new_documents_are_judged() {
    ScoredRun a = ranked("A", "q1", List.of("d1"));
    ScoredRun b = ranked("B", "q1", List.of("d1", "d2", "d3"), "q9", List.of("d4"));
    RunDiff d = Diff.of(a, b).judgments(Eval.qrels(Map.of("q1", Map.of("d2", 0)))).compute();
    assertThat(d.judged()).isTrue();
    assertThat(d.queries().get(0).at(10).added()).containsExactly(new DocumentRanks("d2", null, 2, true),
        new DocumentRanks("d3", null, 3, false));
    assertThat(d.queries().get(0).at(10).unjudged()).isEqualTo(1);
    // a query the judgments do not know: every new document is unjudged
    assertThat(d.queries().get(1).at(10).added()).containsExactly(new DocumentRanks("d4", null, 1, false));
    // AND without judgments, nothing is said
    assertThat(Diff.runs(a, b).queries().get(0).at(10).added().get(0).judged()).isNull();
  }

  @Test
  void should_give_ann_recall_against_a_s_top_k_and_leave_out_queries_without_true_neighbours() {
    // GIVEN exact neighbours (A) and approximate ones (B)
    ScoredRun exact = ranked("exact", "q1", List.of("n1", "n2", "n3", "n4"), "q2", List.of("n1", "n2"), "q3", List.of());
    ScoredRun approx = ranked("approx", "q1", List.of("n1", "x", "n3", "n2"), "q2", List.of("n2", "y", "n1"), "q3",
        List.of("z"));
    RunDiff d = Diff.of(exact, approx).settings(DiffSettings.defaults().withCutoffs(3).withAnn(true)).compute();
    // THEN q1: {n1, n3} of {n1, n2, n3}; q2: A has 2 true neighbours, B finds n2 in its top 3 and n1: 2 of min(3, 2)
    assertThat(d.queries().get(0).at(3).recall()).isEqualTo(Fraction.of(2, 3));
    assertThat(d.queries().get(1).at(3).recall()).isEqualTo(Fraction.ONE);
    // AND q3 has no true neighbour: no recall, and the mean is over the two others
    assertThat(d.queries().get(2).at(3).recall()).isNull();
    assertThat(d.mean().at(3).recall()).isEqualTo(Fraction.of(5, 6));
    assertThat(d.mean().at(3).recallQueries()).isEqualTo(2);
  }

  @Test
  void should_refuse_a_run_that_ranks_a_document_twice_as_evaluate_does() {
    ScoredRun a = ranked("A", "q1", List.of("d1", "d2", "d1"));
    ScoredRun b = ranked("B", "q1", List.of("d1"));
    assertThatExceptionOfType(ProtocolViolationException.class).isThrownBy(() -> Diff.runs(a, b))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.DUPLICATE_DOCUMENT))
        .withMessageContaining("query \"q1\": document \"d1\" at entry 3 repeats entry 1");
  }

  @Test
  void should_refuse_settings_out_of_range() {
    for (double p : new double[] {0, 1, -0.5, 1.5, Double.NaN}) {
      assertThatIllegalArgumentException().isThrownBy(() -> DiffSettings.defaults().withP(p))
          .withMessage("illegal persistence " + p + ", must be strictly between 0 and 1");
    }
    assertThatIllegalArgumentException().isThrownBy(() -> DiffSettings.defaults().withCutoffs(0))
        .withMessage("illegal cutoff 0, must be 1 or more");
    assertThatIllegalArgumentException().isThrownBy(() -> DiffSettings.defaults().withCutoffs(5, 10, 5))
        .withMessage("illegal cutoffs [5, 10, 5]: 5 is given twice");
    assertThatIllegalArgumentException().isThrownBy(() -> DiffSettings.defaults().withCutoffs())
        .withMessage("illegal cutoffs []: give at least one k");
    assertThatIllegalArgumentException().isThrownBy(() -> DiffSettings.defaults().withDepth(-1));
    assertThatIllegalArgumentException().isThrownBy(() -> Rbo.of(List.of("d1", "d1"), List.of(), 0.9))
        .withMessage("illegal ranking: document \"d1\" at ranks 1 and 2, must be ranked once");
  }

  @Test
  void should_have_no_means_without_a_query() {
    RunDiff d = Diff.runs(ScoredRun.of("A", Map.of(), Origin.NONE), ScoredRun.of("B", Map.of(), Origin.NONE));
    assertThat(d.mean().queries()).isZero();
    assertThat(d.mean().rbo()).isNull();
    assertThat(d.mean().at(10).overlap()).isNull();
  }
}
