package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The progress line of index and search, driven by a fake clock. */
class CountProgressTest {
  private static final long MS = 1_000_000L;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintWriter w = new PrintWriter(err, true, StandardCharsets.UTF_8);
  private final long[] now = {0};

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
  void should_say_the_queries_done_their_rate_and_the_time_left_once_there_is_a_basis() {
    // GIVEN 100 queries searched at 20 a second
    CountProgress p = new CountProgress(w, "search bm25", "queries", 100, () -> now[0]);
    for (int q = 1; q <= 60; q++) {
      now[0] = q * 50 * MS;
      p.update(q, q);
    }
    // THEN nothing in the first half second, then the count, the share, the rate and the time left
    assertThat(lines()).first().asString().isEqualTo("caliber: search bm25: 12 queries (12%), 20.0 queries/s");
    assertThat(lines()).last().asString().isEqualTo("caliber: search bm25: 60 queries (60%), 20.0 queries/s, 2 s left");
    // and the line is erased when the search is done, once
    p.done();
    p.done();
    assertThat(err.toString(StandardCharsets.UTF_8)).endsWith("s left\u001b[K\r\u001b[K");
  }

  @Test
  void should_count_documents_and_time_the_rest_by_bytes() {
    assertThat(CountProgress.line("index docs.jsonl.gz", 1200, "documents", 400, 1000, 2400, 3))
        .isEqualTo("caliber: index docs.jsonl.gz: 1200 documents (40%), 2400.0 documents/s, 3 s left");
    assertThat(CountProgress.line("index x", 5, "documents", 1000, 1000, 10, 0)).isEqualTo("caliber: index x: 5 documents (100%), 10.0 documents/s");
  }

  @Test
  void should_show_nothing_off_a_terminal_or_when_quiet() {
    assertThat(CountProgress.of(w, false, false, "x", "queries", 10)).isNull();
    assertThat(CountProgress.of(w, true, true, "x", "queries", 10)).isNull();
    assertThat(CountProgress.of(w, true, false, "x", "queries", 10)).isNotNull();
  }
}
