package dev.caliber.eval;

import static dev.caliber.eval.Streams.assertAgree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.caliber.io.read.TestData;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.OrderDisagreement;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The engine counts, once, the entries whose given order disagrees with their scores or rank
 * column: the same counts whether the run is read whole or streamed, on any number of threads.
 */
class OrderDisagreementTest {

  @ParameterizedTest
  @EnumSource(Ordering.class)
  void should_count_the_lines_whose_score_rises_in_the_scored_queries_only_on_both_paths(Ordering ordering) {
    // GIVEN q1 with three lines scored higher than the line before them (b, a, é), ties that do
    // not disagree (d after é, x 0 after y -0), and q5 outside the query set, not scored
    EvalProtocol protocol = StreamingEvaluationExamplesTest.protocol(Policy.trecEval().withOrdering(ordering));
    // WHEN
    RunResult r = assertAgree(protocol, StreamingEvaluationExamplesTest.RUN + "q5 Q0 b 2 9 t\n");
    // THEN counted whatever the ordering: it describes the file, not what is scored
    assertThat(r.orderDisagreement()).isEqualTo(new OrderDisagreement(1, 3, 3, 0));
  }

  @Test
  void should_count_a_rank_column_that_does_not_increase_and_a_line_of_both_kinds_once() {
    // GIVEN q1 with ranks 2, 1, 1 in file order and q3 whose second line rises in score and rank
    String run = "q1 Q0 a 2 3 t\nq1 Q0 b 1 2 t\nq1 Q0 c 1 1 t\nq3 Q0 n 5 1 t\nq3 Q0 m 4 2 t\n";
    // WHEN
    RunResult r = assertAgree(StreamingEvaluationExamplesTest.protocol(Policy.trecEval()), run);
    // THEN
    assertThat(r.orderDisagreement()).isEqualTo(new OrderDisagreement(2, 3, 1, 3));
  }

  @Test
  void should_find_no_disagreement_in_a_run_written_best_first() {
    String run = "q1 Q0 a 1 3 t\nq1 Q0 b 2 3 t\nq1 Q0 c 3 1 t\nq2 Q0 x 1 0 t\n";
    RunResult r = assertAgree(StreamingEvaluationExamplesTest.protocol(Policy.trecEval()), run);
    assertThat(r.orderDisagreement()).isEqualTo(OrderDisagreement.NONE);
    assertThat(r.orderDisagreement().any()).isFalse();
  }

  @Test
  void should_count_the_robust_2003_run_whose_rank_column_disagrees_with_its_file_order() throws IOException {
    // GIVEN MU03rob01, whose file order is by score but whose rank column is not (P@10 0.3510 in
    // file order, 0.3580 by score as trec_eval ranks)
    Path file = TestData.path("trec2003-robust/runs/input.MU03rob01.gz");
    Qrels qrels = TrecQrelsReader.read(TestData.path("trec2003-robust/qrels/robust03_qrels.txt.gz"));
    Policy given = Policy.trecEval().withOrdering(Ordering.GIVEN);
    EvalProtocol protocol = new EvalProtocol(qrels, qrels.queryIds(), "robust03", null, given,
        List.of(Measures.parse("P@10")));
    // WHEN streamed on two threads and read whole
    RunResult streamed = StreamingEvaluation.evaluate(protocol, file.toString(), null,
        Streams.options(2, null, 1 << 16)).get();
    RunResult whole = Evaluation.evaluate(protocol, TrecRunReader.read(file));
    // THEN the 63,834 lines the issue counted, every one by its rank column
    assertThat(streamed.orderDisagreement()).isEqualTo(new OrderDisagreement(100, 63_834, 0, 63_834))
        .isEqualTo(whole.orderDisagreement());
    assertThat(streamed.summary(Measures.parse("P@10")).decimalMean()).isEqualTo(0.351, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void should_refuse_counts_that_cannot_be() {
    assertThatIllegalArgumentException().isThrownBy(() -> new OrderDisagreement(1, 0, 0, 0))
        .withMessageStartingWith("illegal order disagreement: 1 queries, 0 lines (0 by score, 0 by rank)");
    assertThatIllegalArgumentException().isThrownBy(() -> new OrderDisagreement(1, 3, 1, 1));
    assertThatIllegalArgumentException().isThrownBy(() -> new OrderDisagreement(1, 1, 2, 0));
    assertThatIllegalArgumentException().isThrownBy(() -> new OrderDisagreement(2, 1, 1, 1));
    assertThatIllegalArgumentException().isThrownBy(() -> new OrderDisagreement(-1, 0, 0, 0));
  }
}
