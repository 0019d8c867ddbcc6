package dev.caliber.engine;

import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.Location;
import dev.caliber.eval.Protocols;
import dev.caliber.internal.QrelsColumns;
import dev.caliber.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the runs scored one after another in one context share: the query set's index, each query's judged table. */
class ScoringContextTest {
  private static ScoringContext context() {
    return QueryScorerTest.context(Protocols.protocol(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d3", 2)),
        List.of("q1", "q2"), null, Policy.trecEval(), "P@1", "AP"));
  }

  @Test
  void should_index_the_query_set() {
    ScoringContext c = context();
    assertThat(c.setIndex()).isSameAs(c.setIndex());
    assertThat(c.indexOf("q2")).isEqualTo(1);
    assertThat(c.indexOf("q9")).isEqualTo(-1);
  }

  @Test
  void should_keep_judged_tables_only_once_a_second_run_is_scored() {
    ScoringContext c = context();
    int q1 = c.qrels().queryPosition("q1");
    // GIVEN no run, then one run: every call makes its own table
    assertThat(c.judged(q1)).isNotSameAs(c.judged(q1));
    new RunMerge(c, (q, entry, line) -> Location.NONE);
    assertThat(c.judged(q1)).isNotSameAs(c.judged(q1));
    // WHEN a second run starts
    new RunMerge(c, (q, entry, line) -> Location.NONE);
    // THEN one table per query, kept for every later run, and still the query's judgments
    JudgedTable kept = c.judged(q1);
    assertThat(c.judged(q1)).isSameAs(kept);
    assertThat(c.judged(c.qrels().queryPosition("q2"))).isSameAs(c.judged(c.qrels().queryPosition("q2")))
        .isNotSameAs(kept);
    byte[] d2 = "d2".getBytes(StandardCharsets.UTF_8);
    assertThat(kept.labels[kept.find(d2, 0, 2, QrelsColumns.hash(d2, 0, 2))]).isZero();
    assertThat(kept.descending).containsExactly(1, 0);
    // AND a query the judgments lack has an empty table
    assertThat(c.judged(-1).labels).isEmpty();
  }
}
