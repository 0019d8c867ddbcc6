package dev.caliber.eval;

import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the one ordered list of checks chooses and words what it reports. */
class RunMergeTest {
  private static ScoredRun json(String text) throws IOException {
    return ProtocolFiles.scoredRun("run", JsonReader.parse("run.json",
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))));
  }

  private static EvalProtocol pooled(String... querySet) {
    return Protocols.protocol(ordered("q1", row("d1", 1), "q2", row("d1", 1)), List.of(querySet), null, Policy.trecEval(),
        "P@1");
  }

  @Test
  void reports_the_first_duplicate_of_a_run_built_in_code_in_the_run_s_order() {
    // GIVEN two queries with a repeated document each, no file behind them (every line is 0)
    ScoredRun run = Protocols.run("q2", List.of("d1", "d1"), "q1", List.of("d1", "d2", "d2"));
    // THEN q2's, the first merged, whatever the query set's order
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(pooled("q1", "q2"), run))
        .withMessage(Violations.DUPLICATE_DOCUMENT + " (query \"q2\": document \"d1\" at entry 2 repeats entry 1)");
  }

  @Test
  void reports_the_first_duplicate_of_a_json_run_by_its_place_in_the_file() throws IOException {
    ScoredRun run = json("{\"q1\": [\"d1\", \"d2\", \"d2\"],\n \"q2\": [\"d3\", \"d3\"]}");
    assertThatThrownBy(() -> Evaluation.evaluate(pooled("q1", "q2"), run))
        .hasMessage("run.json:1:21: $.q1[2]: " + Violations.DUPLICATE_DOCUMENT
            + " (query \"q1\": document \"d2\" at entry 3 repeats entry 2)");
  }

  @Test
  void words_a_duplicate_of_a_run_ranked_but_not_scored_as_evaluate_words_it() throws IOException {
    // GIVEN runs with a repeated document, built in code and read from a file
    ScoredRun inCode = Protocols.run("q2", List.of("d1", "d1"), "q1", List.of("d1", "d2", "d2"));
    ScoredRun fromFile = json("{\"q1\": [\"d1\", \"d2\", \"d2\"],\n \"q2\": [\"d3\", \"d3\"]}");
    for (ScoredRun run : List.of(inCode, fromFile)) {
      // WHEN checked with no protocol, THEN the violation is the one evaluate throws, message and location
      ProtocolViolationException scored = catchThrowableOfType(ProtocolViolationException.class,
          () -> Evaluation.evaluate(pooled("q1", "q2"), run));
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.requireEachDocumentOnce(run))
          .satisfies(e -> assertThat(e.getMessage()).isEqualTo(scored.getMessage()))
          .satisfies(e -> assertThat(e.location()).isEqualTo(scored.location()));
    }
    // AND a run that ranks each document once passes
    Evaluation.requireEachDocumentOnce(Protocols.run("q1", List.of("d1", "d2"), "q2", List.of("d2", "d1")));
  }

  @Test
  void locates_a_bad_first_entry_at_the_entry_not_at_its_query() throws IOException {
    // GIVEN exhaustive judgments and an unjudged document at entry 0
    EvalProtocol strict = Protocols.protocol(ordered("q1", row("d1", 1)), List.of("q1"), null, Policy.strict(), "P@1");
    ScoredRun run = json("{\"q1\": [\"d9\", \"d1\"]}");
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(strict, run))
        .satisfies(e -> assertThat(e.location().path()).isEqualTo("$.q1[0]"))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.UNJUDGED));
    // AND a run query outside the set is located at its key
    ScoredRun unknown = json("{\"q1\": [\"d1\"], \"q7\": [\"d1\"]}");
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(strict, unknown))
        .satisfies(e -> assertThat(e.location().path()).isEqualTo("$.q7"));
  }

  @Test
  void throws_a_streamed_duplicate_rather_than_keeping_it_in_the_outcome() {
    // A repeated document is a defect of the run itself: evaluate throws it, as reading it whole would.
    byte[] run = "q1 Q0 d1 1 2 t\nq1 Q0 d1 2 1 t\n".getBytes(StandardCharsets.UTF_8);
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> StreamingEvaluation.evaluate(pooled("q1"), "run.txt", () -> new ByteArrayInputStream(run), true,
            StreamingEvaluation.Options.defaults().withThreads(1)))
        .withMessage("run.txt:2: " + Violations.DUPLICATE_DOCUMENT + " (query \"q1\": document \"d1\" on line 2 repeats line 1)");
    // while another violation waits in the outcome
    byte[] unknownDoc = "q9 Q0 d1 1 2 t\n".getBytes(StandardCharsets.UTF_8);
    EvalProtocol strict = Protocols.protocol(ordered("q1", row("d1", 1)), List.of("q1"), null, Policy.strict(), "P@1");
    assertThat(catchOutcome(strict, unknownDoc).violation()).isNotNull();
  }

  private static StreamingEvaluation.Outcome catchOutcome(EvalProtocol p, byte[] run) {
    try {
      return StreamingEvaluation.evaluate(p, "run.txt", () -> new ByteArrayInputStream(run), true,
          StreamingEvaluation.Options.defaults().withThreads(1));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void counts_every_byte_read_for_progress_one_at_a_time_or_in_arrays() throws IOException {
    InputStream counted = new BlockPipeline.Counting(new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5}));
    BlockPipeline.Counting c = (BlockPipeline.Counting) counted;
    assertThat(c.read()).isEqualTo(1);
    assertThat(c.read(new byte[3], 0, 3)).isEqualTo(3);
    assertThat(c.count).isEqualTo(4);
    assertThat(c.read()).isEqualTo(5);
    assertThat(c.read()).isEqualTo(-1);
    assertThat(c.read(new byte[2], 0, 2)).isEqualTo(-1);
    assertThat(c.count).isEqualTo(5);
  }
}
