package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress line, driven by a fake clock: what a user watching a long run reads, redraw by redraw. */
class ProgressTest {
  private static final long MS = 1_000_000L;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintWriter w = new PrintWriter(err, true, StandardCharsets.UTF_8);
  private final long[] now = {0};

  /** The lines drawn so far, without the carriage returns and erase codes around them. */
  private List<String> lines() {
    List<String> out = new ArrayList<>();
    for (String part : err.toString(StandardCharsets.UTF_8).split("\r")) {
      String line = part.replace("\u001b[K", "");
      if (!line.isEmpty()) {
        out.add(line);
      }
    }
    return out;
  }

  @Test
  void should_not_say_0_s_left_at_56_percent_when_the_start_was_fast_and_the_rest_is_slow() {
    // GIVEN a 100 MB run whose first 56 MB come from the page cache in half a second, the rest at 10 MB/s
    Progress p = new Progress(w, "run.txt", 100_000_000, () -> now[0]);
    long bytes = 0;
    for (int t = 250; t <= 500; t += 250) {
      now[0] = t * MS;
      bytes = 56_000_000L * t / 500;
      p.update(bytes, (int) (bytes / 100_000));
    }
    // THEN at 56% after half a second: no time left is said yet, there is no basis for it
    assertThat(lines()).last().asString().startsWith("caliber: run.txt: 560 queries, 56.0 MB of 100.0 MB (56%),")
        .doesNotContain("left");
    // WHEN the rest comes at 10 MB/s
    for (int t = 700; bytes < 100_000_000L; t += 200) {
      now[0] = t * MS;
      bytes = Math.min(100_000_000L, bytes + 2_000_000L);
      p.update(bytes, (int) (bytes / 100_000));
    }
    // THEN no line ever says 0 s left before the end, and once the rate has settled the time left is right
    assertThat(lines()).noneMatch(l -> l.contains(" 0 s left"));
    assertThat(lines()).anyMatch(l -> l.contains("(80%)") && l.contains(", 2 s left"));
    assertThat(lines()).anyMatch(l -> l.contains("(62%)") && l.endsWith(", 10.0 MB/s, 4 s left"));
  }

  @Test
  void should_round_the_time_left_up_so_that_a_run_not_done_never_has_0_s_left() {
    assertThat(Progress.line("run.txt", 99, 99_900_000, 100_000_000, 10e6, true))
        .isEqualTo("caliber: run.txt: 99 queries, 99.9 MB of 100.0 MB (99%), 10.0 MB/s, 1 s left");
    assertThat(Progress.line("run.txt", 5, 100_000_000, 100_000_000, 10e6, true))
        .isEqualTo("caliber: run.txt: 5 queries, 100.0 MB of 100.0 MB (100%), 10.0 MB/s");
    assertThat(Progress.line("run.txt", 1, 0, 1_000_000_000, 1e6, true)).endsWith("1 query, 0.0 MB of 1000.0 MB (0%), 1.0 MB/s, 16 min 40 s left");
  }

  @Test
  void should_say_no_time_left_for_standard_input_whose_size_is_unknown() {
    // GIVEN standard input at a steady 50 MB/s for three seconds
    Progress p = new Progress(w, "-", -1, () -> now[0]);
    for (int t = 200; t <= 3000; t += 200) {
      now[0] = t * MS;
      p.update(t * 50_000L, t);
    }
    assertThat(lines()).last().asString().isEqualTo("caliber: -: 3000 queries, 150.0 MB, 50.0 MB/s");
  }

  @Test
  void should_draw_nothing_in_the_first_half_second_and_erase_the_line_when_done() {
    Progress p = new Progress(w, "run.txt", 1000, () -> now[0]);
    now[0] = 300 * MS;
    p.update(10, 1);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    now[0] = 600 * MS;
    p.update(500, 3);
    p.done();
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("\rcaliber: run.txt: 3 queries, 0.0 MB of 0.0 MB (50%), 0.0 MB/s\u001b[K\r\u001b[K");
  }

  @Test
  void should_redraw_at_most_five_times_a_second() {
    Progress p = new Progress(w, "run.txt", 1_000_000, () -> now[0]);
    for (int t = 500; t <= 1500; t += 50) {
      now[0] = t * MS;
      p.update(t * 100L, t);
    }
    assertThat(lines()).hasSize(6); // 500 ms is the first redraw, then every 200 ms up to 1500
  }
}
