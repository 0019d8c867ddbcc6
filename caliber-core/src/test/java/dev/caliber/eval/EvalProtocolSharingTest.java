package dev.caliber.eval;

import static dev.caliber.eval.Protocols.corpus;
import static dev.caliber.eval.Protocols.measures;
import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.policy.Policy;
import dev.caliber.protocol.Qrels;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What one protocol shares between the runs scored under it (the fingerprint, the query set's
 * index, each query's judged table once a second run starts) and what makes two protocols equal.
 */
class EvalProtocolSharingTest {
  private static EvalProtocol protocol() {
    return Protocols.protocol(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d3", 2)), List.of("q1", "q2"), null,
        Policy.trecEval(), "P@1", "AP");
  }

  @Test
  void should_hash_the_fingerprint_once_and_index_the_query_set_once() {
    EvalProtocol p = protocol();
    assertThat(p.sha256()).isSameAs(p.sha256()).hasSize(64);
    assertThat(p.context()).isSameAs(p.context());
    assertThat(p.context().indexOf("q2")).isEqualTo(1);
  }

  @Test
  void should_score_the_same_with_tables_kept_as_without() {
    EvalProtocol fresh = protocol();
    EvalProtocol shared = protocol();
    Evaluation.evaluate(shared, Protocols.run("q1", List.of("d2")));
    Evaluation.evaluate(shared, Protocols.run("q1", List.of("d2")));
    RunResult third = Evaluation.evaluate(shared, Protocols.run("q1", List.of("d2", "d1"), "q2", List.of("d3")));
    RunResult first = Evaluation.evaluate(fresh, Protocols.run("q1", List.of("d2", "d1"), "q2", List.of("d3")));
    assertThat(third.rows()).isEqualTo(first.rows());
    assertThat(third.summaries()).isEqualTo(first.summaries());
  }

  @Test
  void should_be_equal_exactly_when_every_part_is() {
    Qrels qrels = Qrels.of(ordered("q1", row("d1", 1)));
    dev.caliber.protocol.Corpus corpus = corpus("d1"); // judgments and a corpus are equal only to themselves
    EvalProtocol p = new EvalProtocol(qrels, List.of("q1"), "split test", corpus, Policy.trecEval(), measures("P@1"));
    EvalProtocol same = new EvalProtocol(qrels, List.of("q1"), "split test", corpus,
        Policy.trecEval(), measures("P@1"));
    assertThat(p).isEqualTo(same).hasSameHashCodeAs(same).isEqualTo(p).isNotEqualTo("p").isNotEqualTo(null);
    List<EvalProtocol> others = List.of(
        new EvalProtocol(Qrels.of(ordered("q1", row("d1", 2))), List.of("q1"), "split test", corpus, Policy.trecEval(), measures("P@1")),
        new EvalProtocol(qrels, List.of("q1", "q2"), "split test", corpus, Policy.trecEval(), measures("P@1")),
        new EvalProtocol(qrels, List.of("q1"), "split dev", corpus, Policy.trecEval(), measures("P@1")),
        new EvalProtocol(qrels, List.of("q1"), "split test", null, Policy.trecEval(), measures("P@1")),
        new EvalProtocol(qrels, List.of("q1"), "split test", corpus, Policy.strict(), measures("P@1")),
        new EvalProtocol(qrels, List.of("q1"), "split test", corpus, Policy.trecEval(), measures("P@2")));
    for (EvalProtocol other : others) {
      assertThat(p).isNotEqualTo(other);
      assertThat(p.hashCode()).isNotEqualTo(other.hashCode());
    }
    assertThat(p.toString()).contains("querySetSource=split test").contains("measures=[P@1]");
  }

  @Test
  void should_name_the_query_and_line_that_show_a_run_is_not_grouped() {
    byte[] run = "q1 Q0 d1 1 1 t\nq2 Q0 d3 1 1 t\nq1 Q0 d2 2 0 t\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> StreamingEvaluation.evaluate(protocol(), "-", new ByteArrayInputStream(run),
        dev.caliber.io.TrecRunOptions.DEFAULT, StreamingEvaluation.Options.defaults().withThreads(1)))
        .isInstanceOfSatisfying(RunNotGroupedException.class, e -> {
          assertThat(e.source()).isEqualTo("-");
          assertThat(e.query()).isEqualTo("q1");
          assertThat(e.line()).isEqualTo(3);
        });
  }
}
