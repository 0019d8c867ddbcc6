package dev.caliber.eval;

import static dev.caliber.eval.Protocols.corpus;
import static dev.caliber.eval.Protocols.measures;
import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the runs scored under one protocol share, and where: the fingerprint on the protocol, each
 * query's judged table (once a second run starts) in the workers a sweep opens; and what makes two
 * protocols equal.
 */
class EvalProtocolSharingTest {
  private static EvalProtocol protocol() {
    return Protocols.protocol(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d3", 2)), List.of("q1", "q2"), null,
        Policy.trecEval(), "P@1", "AP");
  }

  @Test
  void should_hash_the_fingerprint_once() {
    EvalProtocol p = protocol();
    assertThat(p.sha256()).isSameAs(p.sha256()).hasSize(64);
  }

  @Test
  void should_keep_one_context_per_protocol_in_the_workers_not_in_the_protocol() {
    EvalProtocol p = protocol();
    EvalProtocol equal = protocol();
    try (EvaluationWorkers workers = new EvaluationWorkers(1)) {
      // GIVEN the runs of a sweep under one protocol: one context, whose tables they share
      var context = workers.context(p, false);
      assertThat(workers.context(p, false)).isSameAs(context);
      // WHEN another protocol comes, even an equal one: a context of its own, and so on
      assertThat(workers.context(equal, false)).isNotSameAs(context).isSameAs(workers.context(equal, false));
      assertThat(workers.context(p, false)).isNotSameAs(context);
      // AND the same protocol with bounds under holes: a context of its own, which has them
      var withBounds = workers.context(p, true);
      assertThat(withBounds.bounds()).isTrue();
      assertThat(workers.context(p, true)).isSameAs(withBounds);
      assertThat(workers.context(p, false).bounds()).isFalse();
    }
    // AND evaluations without workers share nothing: the protocol is a value
    assertThat(Evaluation.newContext(p)).isNotSameAs(Evaluation.newContext(p));
  }

  @Test
  void should_score_the_same_with_tables_kept_as_without() {
    EvalProtocol protocol = protocol();
    RunResult third;
    try (EvaluationWorkers shared = new EvaluationWorkers(1)) {
      Evaluation.evaluate(protocol, Protocols.run("q1", List.of("d2")), shared, false);
      Evaluation.evaluate(protocol, Protocols.run("q1", List.of("d2")), shared, false);
      third = Evaluation.evaluate(protocol, Protocols.run("q1", List.of("d2", "d1"), "q2", List.of("d3")), shared, false);
    }
    RunResult first = Evaluation.evaluate(protocol, Protocols.run("q1", List.of("d2", "d1"), "q2", List.of("d3")));
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
        StreamingEvaluation.Options.defaults().withThreads(1)))
        .isInstanceOfSatisfying(RunNotGroupedException.class, e -> {
          assertThat(e.source()).isEqualTo("-");
          assertThat(e.query()).isEqualTo("q1");
          assertThat(e.line()).isEqualTo(3);
        });
  }
}
