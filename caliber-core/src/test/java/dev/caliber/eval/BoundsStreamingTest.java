package dev.caliber.eval;

import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.RunFile;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.text.LineReader;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run evaluated while it is read has the bounds under holes of the same run read whole. */
class BoundsStreamingTest {
  static final Map<String, Map<String, Integer>> QRELS = ordered("q1", row("a", 1, "b", 0, "c", 2, "d", 1),
      "q2", row("e", 1, "f", 0), "q3", row("g", 3));
  static final String RUN = "q1 Q0 a 1 5 t\nq1 Q0 x 2 4 t\nq1 Q0 b 3 3 t\nq1 Q0 y 4 2 t\nq1 Q0 c 5 1 t\n"
      + "q2 Q0 e 1 3 t\nq2 Q0 f 2 2 t\nq2 Q0 z 3 1 t\n";

  static EvalProtocol protocol() {
    return Protocols.protocol(QRELS, new ArrayList<>(QRELS.keySet()), null, Policy.trecEval(), "P@5", "AP", "nDCG@5",
        "Judged@5", "Bpref");
  }

  static RunResult whole(EvalProtocol p, String run) throws IOException {
    try (LineReader lines = LineReader.of(Streams.SOURCE, new ByteArrayInputStream(Streams.utf8(run)),
        TrecRunOptions.DEFAULT.limits())) {
      return Evaluation.evaluate(p, TrecRunReader.read(lines, TrecRunOptions.DEFAULT), null, true);
    }
  }

  static RunResult streamed(EvalProtocol p, String run, int threads, int blockBytes) throws IOException {
    byte[] bytes = Streams.utf8(run);
    return StreamingEvaluation.evaluate(p, Streams.SOURCE, () -> Streams.trickle(bytes), true,
        Streams.options(threads, null, blockBytes).withBounds(true)).get();
  }

  @Test
  void should_give_the_bounds_of_the_run_read_whole() throws IOException {
    EvalProtocol p = protocol();
    RunResult expected = whole(p, RUN);
    assertThat(expected.summaries()).allMatch(s -> s.bounds() != null);
    for (int[] threadsAndBlockBytes : new int[][] {{1, 1}, {2, 1}, {1, 1 << 16}}) {
      assertThat(streamed(p, RUN, threadsAndBlockBytes[0], threadsAndBlockBytes[1])).isEqualTo(expected);
    }
  }

  @Test
  void should_give_the_bounds_of_a_run_not_grouped_by_query_read_again_whole() throws IOException {
    EvalProtocol p = protocol();
    String notGrouped = "q1 Q0 a 1 5 t\nq2 Q0 e 1 3 t\nq1 Q0 x 2 4 t\n";
    RunResult expected = whole(p, notGrouped);
    assertThat(streamed(p, notGrouped, 1, 1)).isEqualTo(expected);
    assertThat(expected.summary(p.measures().get(0)).bounds().high()).isNotEqualTo(
        expected.summary(p.measures().get(0)).bounds().low());
  }

  @Test
  void should_have_no_bounds_unless_asked() throws IOException {
    byte[] bytes = Streams.utf8(RUN);
    RunResult plain = StreamingEvaluation.evaluate(protocol(), Streams.SOURCE, () -> Streams.trickle(bytes), true,
        Streams.options(1, null, 1)).get();
    assertThat(plain.summaries()).allMatch(s -> s.bounds() == null);
    StreamingEvaluation.Options options = StreamingEvaluation.Options.defaults();
    assertThat(options.bounds()).isFalse();
    assertThat(options.withBounds(true).withThreads(1).withProgress(null).withBlockBytes(7).bounds()).isTrue();
    assertThat(options.withBounds(true).withBounds(false)).isEqualTo(options);
  }

  @Test
  void should_give_equal_bounds_through_every_door_of_the_api(@TempDir Path dir) throws IOException {
    EvalProtocol p = protocol();
    RunResult expected = whole(p, RUN);
    Path file = Files.writeString(dir.resolve("run.txt"), RUN);
    Path json = Files.writeString(dir.resolve("run.json"), "{\"q1\": [\"a\", \"x\", \"b\", \"y\", \"c\"], "
        + "\"q2\": [\"e\", \"f\", \"z\"]}");
    ScoredRun run = TrecRunReader.read(file);
    assertThat(Eval.evaluate(p, run, true).summaries()).isEqualTo(expected.summaries());
    assertThat(Eval.evaluate(p, run).summaries()).allMatch(s -> s.bounds() == null);
    assertThat(Eval.evaluate(p, file, true).summaries()).isEqualTo(expected.summaries());
    assertThat(Eval.evaluate(p, file).summaries()).allMatch(s -> s.bounds() == null);
    StreamingEvaluation.Options whole = StreamingEvaluation.Options.defaults().withStreaming(false);
    assertThat(RunFile.of(file).evaluate(p, null, whole.withBounds(true)).get().summaries()).isEqualTo(expected.summaries());
    assertThat(RunFile.of(file).evaluate(p, null, whole).get().summaries()).allMatch(s -> s.bounds() == null);
    // a JSON run, read whole under streaming options: the options' bounds
    assertThat(RunFile.of(json).evaluate(p, null, StreamingEvaluation.Options.defaults().withBounds(true)).get()
        .summaries()).isEqualTo(expected.summaries());
    try (EvaluationWorkers shared = new EvaluationWorkers(1)) {
      assertThat(Evaluation.evaluate(p, run, shared, true).summaries()).isEqualTo(expected.summaries());
      assertThat(Evaluation.evaluate(p, run, shared, false).summaries()).allMatch(s -> s.bounds() == null);
    }
    assertThat(expected.summaries().get(3).bounds()).isEqualTo(MeasureSummary.Bounds.NONE);
  }
}
