package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.JudgmentGroups;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** trec_eval's qrels_jg format, {@code qid group docid label}, read by {@link TrecQrelsReader#readGroups}. */
class TrecQrelsJgReaderTest {
  @TempDir Path dir;

  private JudgmentGroups read(String text) throws IOException {
    return TrecQrelsReader.readGroups(TextFiles.write(dir, "qrels_jg", text), InputLimits.DEFAULT);
  }

  @Test
  void should_keep_one_qrels_per_group_in_code_point_order_and_their_union_with_the_highest_label() throws IOException {
    // GIVEN two judges of q1 (groups b and a, b first in the file), one of q2, and a comment
    JudgmentGroups g = read("q1 b d1 2\n# a comment\nq1 a d1 0\nq1 a d2 1\nq2 b d3 1\n");
    // THEN
    assertThat(g.names()).containsExactly("a", "b");
    assertThat(g.groups().get(0).asMap()).isEqualTo(Map.of("q1", Map.of("d1", 0, "d2", 1)));
    assertThat(g.groups().get(1).asMap()).isEqualTo(Map.of("q1", Map.of("d1", 2), "q2", Map.of("d3", 1)));
    assertThat(g.union().asMap()).isEqualTo(Map.of("q1", Map.of("d1", 2, "d2", 1), "q2", Map.of("d3", 1)));
    assertThat(g.union().queryIds()).isEqualTo(List.of("q1", "q2"));
  }

  @Test
  void should_read_trec_eval_s_own_test_file_with_three_groups_per_query() throws IOException {
    Path file = TestData.path("trec_eval-test/test/qrels.123");
    JudgmentGroups g = TrecQrelsReader.readGroups(file, InputLimits.DEFAULT);
    assertThat(g.names()).containsExactly("0", "1", "2");
    assertThat(g.groups().get(2).row("301")).hasSize(1089);
  }

  @Test
  void should_reject_a_judgment_repeated_within_a_group_naming_both_lines() {
    assertThatThrownBy(() -> read("q1 a d1 1\nq1 b d1 1\nq1 a d1 0\n"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining(":3:")
        .hasMessageContaining("label 0 on line 3, label 1 on line 1");
  }

  @Test
  void should_apply_the_qrels_line_rules_naming_the_group_column() {
    assertThatThrownBy(() -> read("q1 a d1\n"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining(":1:")
        .hasMessageContaining("found 3; expected 4 (qid group docid label)");
    assertThatThrownBy(() -> read("q1 a d1 1\n\nq1 a d2 1\n"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining(":2:")
        .hasMessageContaining("blank line");
    assertThatThrownBy(() -> read("q1 a d1 1.0\n"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("label");
    assertThatThrownBy(() -> read("# only a comment\n"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("no judgments");
  }
}
