package dev.caliber.pool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Invariants of a pool: the holes and the judged pairs split the pool; the list never depends on
 * the runs' order; judging the listed holes leaves only the unlisted ones.
 */
class PoolProperties {
  /** Runs of documents d0..d9 over queries q0..q2, each ranking from a list of document numbers (repeats dropped). */
  private static List<ScoredRun> runs(List<List<@IntRange(max = 9) Integer>> rankings) {
    List<ScoredRun> out = new ArrayList<>();
    for (int i = 0; i < rankings.size(); i++) {
      Map<String, List<String>> byQuery = new LinkedHashMap<>();
      for (int q = 0; q < 3; q++) {
        List<String> docs = new ArrayList<>();
        for (int d : rankings.get(i)) {
          String doc = "d" + ((d + q * 3 + i) % 10);
          if (!docs.contains(doc)) {
            docs.add(doc);
          }
        }
        byQuery.put("q" + q, docs);
      }
      out.add(Eval.rankings("r" + i, byQuery));
    }
    return out;
  }

  private static Qrels judged(List<@IntRange(max = 9) Integer> docs) {
    Map<String, Map<String, Integer>> m = new LinkedHashMap<>();
    m.put("q1", new LinkedHashMap<>());
    for (int d : docs) {
      m.get("q1").put("d" + d, d % 3 - 1); // labels -1, 0 and 1: all judged
    }
    m.put("q9", Map.of("z", 1));
    return Qrels.of(m);
  }

  @Property(tries = 200)
  void holes_and_judged_pairs_split_the_pool_whatever_the_runs_order(
      @ForAll @Size(min = 1, max = 4) List<@Size(max = 8) List<@IntRange(max = 9) Integer>> rankings,
      @ForAll @Size(max = 6) List<@IntRange(max = 9) Integer> judgedDocs, @ForAll @IntRange(min = 1, max = 6) int depth,
      @ForAll boolean rbp) {
    List<ScoredRun> runs = runs(rankings);
    Qrels qrels = judged(judgedDocs);
    PoolSettings s = PoolSettings.defaults().withDepth(depth).withStrategy(rbp ? Strategy.RBP : Strategy.DEPTH);
    PoolResult r = Pooling.pool(runs, qrels, s);
    PoolCoverage c = r.coverage();
    assertThat(c.judged() + r.holes().size() + r.unlisted()).isEqualTo(c.pairs());
    assertThat(c.after()).isEqualTo(c.pairs());
    for (Hole h : r.holes()) {
      assertThat(qrels.row(h.query()) == null || !qrels.row(h.query()).containsKey(h.doc())).isTrue();
      assertThat(h.runs()).isBetween(1, runs.size());
      assertThat(h.bestRank()).isBetween(1, depth);
    }
    List<ScoredRun> reversed = new ArrayList<>(runs);
    Collections.reverse(reversed);
    assertThat(Pooling.pool(reversed, qrels, s).holes()).isEqualTo(r.holes());
    // listing fewer holes lists the first ones, and counts the rest as unlisted
    int n = Math.max(1, r.holes().size() / 2);
    PoolResult some = Pooling.pool(runs, qrels, s.withLimits(n, 0));
    assertThat(some.holes()).isEqualTo(r.holes().subList(0, Math.min(n, r.holes().size())));
    assertThat(some.coverage().after()).isEqualTo(c.judged() + some.holes().size());
  }
}
