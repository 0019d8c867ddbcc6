package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.io.TrecRunOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Runs read query by query in step, and the runs that cannot be. */
class RunsInStepTest {
  static RunsInStep.Input input(String name, String text) {
    return new RunsInStep.Input(name, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), TrecRunOptions.DEFAULT);
  }

  static List<RunsInStep.Step> all(String a, String b) throws IOException {
    List<RunsInStep.Step> out = new ArrayList<>();
    try (RunsInStep in = RunsInStep.open(List.of(input("a.txt", a), input("b.txt", b)))) {
      for (RunsInStep.Step s; (s = in.next()) != null; ) {
        out.add(s);
      }
    }
    return out;
  }

  @Test
  void runs_grouped_in_the_same_order_are_read_a_query_at_a_time() throws IOException {
    List<RunsInStep.Step> steps = all("q1 Q0 x 1 3 a\nq1 Q0 y 2 2 a\nq2 Q0 z 1 1 a\n", "q1 Q0 y 1 5 b\nq2 Q0 w 1 4 b\nq2 Q0 z 2 1 b\n");
    assertThat(steps).extracting(RunsInStep.Step::queryId).containsExactly("q1", "q2");
    assertThat(steps.get(0).lists().get(0).docs()).containsExactly("x", "y");
    assertThat(steps.get(1).lists().get(1).docs()).containsExactly("w", "z");
    assertThat(steps.get(1).line(1, 1)).isEqualTo(3);
  }

  @Test
  void queries_in_another_order_are_refused_naming_both_files_and_lines() {
    assertThatThrownBy(() -> all("q1 Q0 x 1 3 a\nq2 Q0 z 1 1 a\n", "q2 Q0 y 1 5 b\nq1 Q0 w 1 4 b\n"))
        .isInstanceOf(RunsInStep.OutOfStepException.class)
        .hasMessage("b.txt:1: runs out of step (query \"q2\" where a.txt:1 has query \"q1\"; expected the same queries in the same order in every run; to fuse runs whose queries differ or come in other orders, read them whole)");
  }

  @Test
  void a_run_that_ends_early_is_refused() {
    assertThatThrownBy(() -> all("q1 Q0 x 1 3 a\nq2 Q0 z 1 1 a\n", "q1 Q0 y 1 5 b\n"))
        .isInstanceOf(RunsInStep.OutOfStepException.class)
        .hasMessageStartingWith("a.txt:2: runs out of step (query \"q2\" where b.txt has ended; expected the same queries");
  }

  @Test
  void a_run_not_grouped_by_query_is_refused_at_the_query_that_comes_back() {
    assertThatThrownBy(() -> all("q1 Q0 x 1 3 a\nq2 Q0 z 1 1 a\nq1 Q0 y 2 1 a\n", "q1 Q0 y 1 5 b\nq2 Q0 w 1 4 b\nq1 Q0 v 1 4 b\n"))
        .isInstanceOf(RunsInStep.OutOfStepException.class)
        .hasMessageStartingWith("a.txt:3: run not grouped by query (query \"q1\" again, after other queries");
  }

  @Test
  void a_malformed_line_is_the_readers_error_at_its_line() {
    assertThatThrownBy(() -> all("q1 Q0 x 1 3 a\nq2 Q0 z one 1 a\n", "q1 Q0 y 1 5 b\nq2 Q0 w 1 4 b\n"))
        .hasMessageStartingWith("a.txt:2:");
  }
}
