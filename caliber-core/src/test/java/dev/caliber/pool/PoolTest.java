package dev.caliber.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.math.Fraction;
import dev.caliber.policy.Ordering;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pooling on a hand-made example whose answers are worked out below. Run A ranks q1: d1 d2 d3 and
 * q2: x1; run B ranks q1: d2 d4 d1. The judgments label q1's d3 with 0 and d4 with -1 (both judged)
 * and judge q9, which no run has.
 */
class PoolTest {
  @TempDir Path dir;

  private final ScoredRun a = Eval.rankings("A", Map.of("q1", List.of("d1", "d2", "d3"), "q2", List.of("x1")));
  private final ScoredRun b = Eval.rankings("B", Map.of("q1", List.of("d2", "d4", "d1")));
  private final Qrels qrels = Qrels.of(Map.of("q1", Map.of("d3", 0, "d4", -1), "q9", Map.of("z", 1)));

  private static PoolSettings settings(Strategy s, int depth, double p) {
    return PoolSettings.defaults().withStrategy(s).withDepth(depth).withPersistence(p);
  }

  private static List<String> pairs(PoolResult r) {
    return r.holes().stream().map(h -> h.query() + "/" + h.doc()).toList();
  }

  @Test
  void should_list_the_union_of_the_top_k_minus_the_judged_pairs_most_runs_first() {
    // GIVEN depth 2: A's top 2 of q1 is d1 d2, B's d2 d4 (d4 judged, with -1); q2: x1
    PoolResult r = Pooling.pool(List.of(a, b), qrels, settings(Strategy.DEPTH, 2, 0.8));
    // THEN d2 (two runs) first, then d1 and x1 (one run each, best rank 1) by query ID
    assertThat(pairs(r)).containsExactly("q1/d2", "q1/d1", "q2/x1");
    Hole d2 = r.holes().get(0);
    assertThat(d2.runs()).isEqualTo(2);
    assertThat(d2.bestRank()).isEqualTo(1);
    assertThat(d2.priority()).isEqualTo(2.0);
    assertThat(d2.exact()).isEqualTo(Fraction.of(2));
    assertThat(r.holes().get(1).runs()).isEqualTo(1);
    assertThat(r.runs()).containsExactly("A", "B");
    assertThat(r.unlisted()).isZero();
    assertThat(r.queryTexts()).isFalse();
    assertThat(r.docTexts()).isFalse();
    // AND coverage: 4 distinct pairs (q1: d1 d2 d4; q2: x1), 1 judged, all 4 once the 3 holes are
    assertThat(r.coverage()).isEqualTo(new PoolCoverage(2, 4, 1, 4,
        List.of(new PoolCoverage.Query("q1", 3, 1, 3), new PoolCoverage.Query("q2", 1, 0, 1))));
  }

  @Test
  void should_order_the_holes_of_every_query_together_and_cut_exactly_at_the_limits() {
    // GIVEN q1's holes in one run each, q2's top hole in both runs: the most valuable is q2's
    ScoredRun c = Eval.rankings("C", Map.of("q1", List.of("e1", "e2"), "q2", List.of("y1", "y2")));
    ScoredRun d = Eval.rankings("D", Map.of("q2", List.of("y1", "y3")));
    PoolResult all = Pooling.pool(List.of(c, d), Qrels.of(Map.of()), settings(Strategy.DEPTH, 2, 0.8));
    // then one run each: best rank 1 first, then rank 2 by query and document ID
    assertThat(pairs(all)).containsExactly("q2/y1", "q1/e1", "q1/e2", "q2/y2", "q2/y3");
    // WHEN limited to exactly the number of holes, or per query to exactly a query's number
    assertThat(pairs(Pooling.pool(List.of(c, d), Qrels.of(Map.of()), settings(Strategy.DEPTH, 2, 0.8).withLimits(5, 0))))
        .isEqualTo(pairs(all));
    assertThat(pairs(Pooling.pool(List.of(c, d), Qrels.of(Map.of()), settings(Strategy.DEPTH, 2, 0.8).withLimits(4, 0))))
        .isEqualTo(pairs(all).subList(0, 4));
    assertThat(pairs(Pooling.pool(List.of(c, d), Qrels.of(Map.of()), settings(Strategy.DEPTH, 2, 0.8).withLimits(0, 2))))
        .containsExactly("q2/y1", "q1/e1", "q1/e2", "q2/y2");
    assertThat(pairs(Pooling.pool(List.of(c, d), Qrels.of(Map.of()), settings(Strategy.DEPTH, 2, 0.8).withLimits(0, 3))))
        .isEqualTo(pairs(all));
  }

  @Test
  void should_count_labels_0_and_negative_as_judged() {
    // depth 3 brings d3 (label 0) and d4 (label -1): neither is a hole
    PoolResult r = Pooling.pool(List.of(a, b), qrels, settings(Strategy.DEPTH, 3, 0.8));
    assertThat(pairs(r)).containsExactly("q1/d1", "q1/d2", "q2/x1"); // d1 and d2 tie: two runs, best rank 1; by doc ID
    assertThat(r.coverage().judged()).isEqualTo(2);
    assertThat(r.coverage().pairs()).isEqualTo(5);
  }

  @Test
  void should_sum_the_rbp_weights_of_each_run_exactly() {
    // p = 0.5, k = 3: weights 1/2, 1/4, 1/8. d2: 1/4 (A, rank 2) + 1/2 (B, rank 1) = 3/4;
    // d1: 1/2 (A, rank 1) + 1/8 (B, rank 3) = 5/8; x1: 1/2
    PoolResult r = Pooling.pool(List.of(a, b), qrels, settings(Strategy.RBP, 3, 0.5));
    assertThat(pairs(r)).containsExactly("q1/d2", "q1/d1", "q2/x1");
    assertThat(r.holes()).extracting(Hole::exact).containsExactly(Fraction.of(3, 4), Fraction.of(5, 8), Fraction.of(1, 2));
    assertThat(r.holes()).extracting(Hole::priority).containsExactly(0.75, 0.625, 0.5);
  }

  @Test
  void should_take_the_default_persistence_as_the_decimal_0_8() {
    // p = 4/5, k = 10: d2 = 1/5 * 4/5 + 1/5 = 9/25; d1 = 1/5 + 1/5 * 16/25 = 41/125; x1 = 1/5
    PoolResult r = Pooling.pool(List.of(a, b), qrels, PoolSettings.defaults());
    assertThat(r.holes()).extracting(Hole::exact).containsExactly(Fraction.of(9, 25), Fraction.of(41, 125), Fraction.of(1, 5));
    assertThat(r.holes()).extracting(Hole::priority).containsExactly(0.36, 0.328, 0.2);
    assertThat(r.settings().exactPersistence()).isEqualTo(Fraction.of(4, 5));
  }

  @Test
  void should_break_a_tie_of_priority_by_more_runs_then_best_rank_then_ids() {
    // p = 0.5: one run at rank 1 gives 1/2, two runs at rank 2 give 1/4 + 1/4 = 1/2 as well
    ScoredRun c = Eval.rankings("C", Map.of("q1", List.of("s", "t"), "q0", List.of("u", "w"), "q3", List.of("v")));
    ScoredRun d = Eval.rankings("D", Map.of("q1", List.of("v", "t"), "q0", List.of("u", "w")));
    Qrels none = Qrels.of(Map.of("q9", Map.of("z", 1)));
    PoolResult r = Pooling.pool(List.of(c, d), none, settings(Strategy.RBP, 2, 0.5));
    // q0/u: 1; then 1/2 each: q0/w and q1/t (two runs, rank 2) before q1/s, q1/v, q3/v (one run, rank 1), by query then doc
    assertThat(pairs(r)).containsExactly("q0/u", "q0/w", "q1/t", "q1/s", "q1/v", "q3/v");
    assertThat(r.holes().get(1).exact()).isEqualTo(r.holes().get(3).exact());
    // under depth pooling the same pairs: two runs first, then best rank 1 before best rank 2
    PoolResult depth = Pooling.pool(List.of(c, d), none, settings(Strategy.DEPTH, 2, 0.5));
    assertThat(pairs(depth)).containsExactly("q0/u", "q0/w", "q1/t", "q1/s", "q1/v", "q3/v");
    ScoredRun e = Eval.rankings("E", Map.of("q1", List.of("m", "n")));
    ScoredRun f = Eval.rankings("F", Map.of("q1", List.of("o", "n")));
    PoolResult ranks = Pooling.pool(List.of(e, f), none, settings(Strategy.DEPTH, 2, 0.5));
    assertThat(pairs(ranks)).containsExactly("q1/n", "q1/m", "q1/o");
  }

  @Test
  void should_keep_the_most_valuable_holes_overall_or_per_query() {
    PoolSettings s = settings(Strategy.RBP, 3, 0.5);
    PoolResult two = Pooling.pool(List.of(a, b), qrels, s.withLimits(2, 0));
    assertThat(pairs(two)).containsExactly("q1/d2", "q1/d1");
    assertThat(two.unlisted()).isEqualTo(1);
    assertThat(two.coverage().after()).isEqualTo(4);
    assertThat(two.coverage().queries()).extracting(PoolCoverage.Query::after).containsExactly(4, 0);
    PoolResult perQuery = Pooling.pool(List.of(a, b), qrels, s.withLimits(0, 1));
    assertThat(pairs(perQuery)).containsExactly("q1/d2", "q2/x1");
    assertThat(perQuery.unlisted()).isEqualTo(1);
    PoolResult both = Pooling.pool(List.of(a, b), qrels, s.withLimits(1, 1));
    assertThat(pairs(both)).containsExactly("q1/d2");
    assertThat(both.unlisted()).isEqualTo(2);
    PoolResult wide = Pooling.pool(List.of(a, b), qrels, s.withLimits(3, 2));
    assertThat(pairs(wide)).containsExactly("q1/d2", "q1/d1", "q2/x1");
    assertThat(wide.unlisted()).isZero();
  }

  @Test
  void should_rank_a_run_by_the_ordering_given() {
    // file order a, b; scores put b first
    RankedList l = RankedList.of(new String[] {"a", "b"}, new double[] {1, 2}, new long[] {1, 2});
    ScoredRun run = ScoredRun.of("R", Map.of("q", l), Origin.NONE);
    Qrels none = Qrels.of(Map.of("q9", Map.of("z", 1)));
    PoolSettings one = settings(Strategy.DEPTH, 1, 0.8);
    assertThat(pairs(Pooling.pool(List.of(run), none, one))).containsExactly("q/b");
    assertThat(pairs(Pooling.pool(List.of(run), none, one.withOrdering(Ordering.GIVEN)))).containsExactly("q/a");
  }

  @Test
  void should_refuse_a_document_ranked_twice_in_a_top_k() {
    ScoredRun twice = ScoredRun.of("R", Map.of("q1", RankedList.ofOrder(List.of("d1", "d2", "d1"))), Origin.NONE);
    Qrels none = Qrels.of(Map.of("q9", Map.of("z", 1)));
    assertThatThrownBy(() -> Pooling.pool(List.of(twice), none, settings(Strategy.DEPTH, 3, 0.8)))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("document ranked twice (run \"R\", query \"q1\": document \"d1\" again in its top 3; expected each document once per query)");
    // beyond the top k it is not read
    assertThat(pairs(Pooling.pool(List.of(twice), none, settings(Strategy.DEPTH, 2, 0.8)))).containsExactly("q1/d1", "q1/d2");
  }

  @Test
  void should_refuse_no_runs_and_bad_settings() {
    assertThatThrownBy(() -> Pooling.pool(List.of(), qrels, PoolSettings.defaults()))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal runs: none, must be at least one");
    PoolSettings d = PoolSettings.defaults();
    assertThatThrownBy(() -> d.withDepth(0)).hasMessage("illegal depth 0, must be 1 or more");
    assertThat(PoolSettings.requireDepth(1)).isEqualTo(1);
    assertThatThrownBy(() -> d.withPersistence(0)).hasMessage("illegal persistence 0.0, must be strictly between 0 and 1");
    assertThatThrownBy(() -> d.withPersistence(1)).hasMessage("illegal persistence 1.0, must be strictly between 0 and 1");
    assertThatThrownBy(() -> d.withPersistence(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    assertThat(PoolSettings.requirePersistence(0.5)).isEqualTo(0.5);
    assertThatThrownBy(() -> d.withLimits(-1, 0)).hasMessage("illegal limit -1, must be 0 (every hole) or more");
    assertThatThrownBy(() -> d.withLimits(0, -1)).hasMessage("illegal per-query limit -1, must be 0 (no cap) or more");
    assertThat(d.withLimits(0, 0)).isEqualTo(d);
    assertThatThrownBy(() -> new Hole("q", "d", 1, Fraction.ONE, 0, 1, null, null, null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Hole("q", "d", 1, Fraction.ONE, 1, 0, null, null, null)).isInstanceOf(IllegalArgumentException.class);
    assertThat(new Hole("q", "d", 1, Fraction.ONE, 1, 1, null, null, null).runs()).isEqualTo(1);
    assertThat(Strategy.RBP.label()).isEqualTo("rbp");
    assertThat(Strategy.DEPTH.label()).isEqualTo("depth");
    assertThat(new PoolSettings(Strategy.DEPTH, 5, 0.9, 3, 2, Ordering.GIVEN).withStrategy(Strategy.RBP))
        .isEqualTo(new PoolSettings(Strategy.RBP, 5, 0.9, 3, 2, Ordering.GIVEN));
  }

  @Test
  void should_attach_query_and_document_texts_keeping_only_the_pooled_documents() throws IOException {
    PoolResult r = Pooling.pool(List.of(a, b), qrels, settings(Strategy.DEPTH, 2, 0.8));
    Map<String, String> texts = new LinkedHashMap<>();
    texts.put("q1", "first need");
    texts.put("q2", "second need");
    PoolResult withQueries = PoolTexts.withQueries(r, Topics.of(texts, "topics.tsv"));
    assertThat(withQueries.holes()).extracting(Hole::queryText).containsExactly("first need", "first need", "second need");
    assertThat(withQueries.queryTexts()).isTrue();
    assertThat(withQueries.docTexts()).isFalse();
    Path corpus = dir.resolve("corpus.jsonl");
    Files.writeString(corpus, "{\"_id\": \"d1\", \"title\": \"One\", \"text\": \"the first\"}\n"
        + "{\"_id\": \"d9\", \"text\": \"not pooled\"}\n"
        + "{\"_id\": \"d2\", \"text\": \"the second\\twith a tab\"}\n"
        + "{\"_id\": \"x1\", \"title\": \"\", \"text\": \"\"}\n", StandardCharsets.UTF_8);
    PoolResult both = PoolTexts.withDocuments(withQueries, corpus, InputLimits.DEFAULT);
    assertThat(both.holes()).extracting(Hole::docTitle).containsExactly(null, "One", "");
    assertThat(both.holes()).extracting(Hole::docText).containsExactly("the second\twith a tab", "the first", "");
    assertThat(both.holes()).extracting(Hole::queryText).containsExactly("first need", "first need", "second need");
    assertThat(both.queryTexts()).isTrue();
    assertThat(both.docTexts()).isTrue();
    PoolResult docsOnly = PoolTexts.withDocuments(r, corpus, InputLimits.DEFAULT);
    assertThat(docsOnly.queryTexts()).isFalse();
    assertThat(PoolTexts.withQueries(docsOnly, Topics.of(texts, "t")).docTexts()).isTrue();
  }

  @Test
  void should_name_the_pooled_document_or_query_the_texts_lack() throws IOException {
    PoolResult r = Pooling.pool(List.of(a, b), qrels, settings(Strategy.DEPTH, 2, 0.8));
    Path corpus = dir.resolve("corpus.jsonl");
    Files.writeString(corpus, "{\"_id\": \"d1\", \"text\": \"the first\"}\n{\"_id\": \"d2\", \"text\": \"the second\"}\n",
        StandardCharsets.UTF_8);
    assertThatThrownBy(() -> PoolTexts.withDocuments(r, corpus, InputLimits.DEFAULT))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(corpus + ": pooled document missing from the corpus (document \"x1\" (query \"q2\"); expected every"
            + " pooled document in the corpus)");
    assertThatThrownBy(() -> PoolTexts.withQueries(r, Topics.of(Map.of("q1", "first"), "topics.tsv")))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("topics.tsv: pooled query missing from the topics (query \"q2\" has holes; expected a text for every"
            + " query with a hole)");
  }
}
