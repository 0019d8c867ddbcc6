package dev.caliber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import org.junit.jupiter.api.Test;

/** How the one ordered list of checks words what it reports (the order: the doors' RunMergeTest). */
class RunChecksTest {
  @Test
  void words_a_duplicate_by_its_lines_when_the_entries_came_from_lines() {
    ProtocolViolationException e = RunChecks.duplicate("q1", "d é", Location.ofLine("run.txt", 9), 5, 9, 1, 4);
    assertThat(e).hasMessage("run.txt:9: duplicate document ID; deduplicate upstream explicitly"
        + " (query \"q1\": document \"d é\" on line 9 repeats line 4)");
    assertThat(e.location().line()).isEqualTo(9);
  }

  @Test
  void words_a_duplicate_by_its_entries_when_the_entries_came_from_a_json_path_or_from_code() {
    ProtocolViolationException json = RunChecks.duplicate("q1", "d1", new Location("run.json", 1, 21, "$.q1[2]"), 2, 0, 0, 0);
    assertThat(json).hasMessage("run.json:1:21: $.q1[2]: duplicate document ID; deduplicate upstream explicitly"
        + " (query \"q1\": document \"d1\" at entry 3 repeats entry 1)");
    ProtocolViolationException code = RunChecks.duplicate("q1", "d1", Location.NONE, 2, 0, 0, 0);
    assertThat(code).hasMessage("duplicate document ID; deduplicate upstream explicitly"
        + " (query \"q1\": document \"d1\" at entry 3 repeats entry 1)");
  }
}
