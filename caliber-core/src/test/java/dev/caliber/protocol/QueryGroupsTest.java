package dev.caliber.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.EvalFiles;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Query groups as a comparison reads them: units, their count, the grouping's fingerprint, the file. */
class QueryGroupsTest {
  @TempDir Path tmp;

  private static QueryGroups groups(String... queryThenGroup) {
    Map<String, String> groupOf = new LinkedHashMap<>();
    Map<String, Long> lines = new LinkedHashMap<>();
    for (int i = 0; i < queryThenGroup.length; i += 2) {
      groupOf.put(queryThenGroup[i], queryThenGroup[i + 1]);
      lines.put(queryThenGroup[i], (long) i / 2 + 1);
    }
    return new QueryGroups("g.tsv", groupOf, lines);
  }

  @Test
  void should_give_a_listed_query_its_group_and_an_unlisted_one_itself() {
    QueryGroups g = groups("q1", "need", "q2", "need");
    assertThat(g.groupOf("q1")).isEqualTo("need");
    assertThat(g.groupOf("q3")).isNull();
    assertThat(g.unit("q1")).isEqualTo(g.unit("q2")).isNotEqualTo(g.unit("q3"));
    assertThat(g.unit("q3")).isEqualTo(g.unit("q3")).isNotEqualTo(g.unit("q4"));
    // a group named as an unlisted query is another unit
    assertThat(groups("q1", "q3").unit("q1")).isNotEqualTo(groups("q1", "q3").unit("q3"));
  }

  @Test
  void should_count_the_units_some_queries_form() {
    QueryGroups g = groups("q1", "a", "q2", "a", "q3", "b");
    assertThat(g.units(List.of("q1", "q2", "q3", "q4", "q5"))).isEqualTo(4);
    assertThat(g.units(List.of("q1", "q2"))).isEqualTo(1);
    assertThat(g.units(List.of())).isZero();
  }

  @Test
  void should_locate_a_listed_query_at_its_line_and_another_at_the_file() {
    QueryGroups g = groups("q1", "a", "q2", "a");
    assertThat(g.locate("q2").toString()).isEqualTo("g.tsv:2");
    assertThat(g.locate("q9").toString()).isEqualTo("g.tsv");
  }

  @Test
  void should_fingerprint_the_canonical_json_of_the_grouping() {
    // {"q1":"a","q2":"a"} in canonical JSON (sorted keys, no spaces), hashed with SHA-256
    assertThat(groups("q2", "a", "q1", "a").sha256()).isEqualTo(groups("q1", "a", "q2", "a").sha256())
        .isEqualTo(Fingerprint.sha256Hex("{\"q1\":\"a\",\"q2\":\"a\"}"));
    assertThat(groups("q1", "a", "q2", "b").sha256()).isNotEqualTo(groups("q1", "a", "q2", "a").sha256());
  }

  @Test
  void should_copy_the_maps_it_is_given() {
    Map<String, String> groupOf = new LinkedHashMap<>(Map.of("q1", "a"));
    QueryGroups g = new QueryGroups("g.tsv", groupOf, Map.of("q1", 1L));
    groupOf.put("q2", "a");
    assertThat(g.groupOf()).containsOnlyKeys("q1");
    assertThatThrownBy(() -> g.groupOf().put("q3", "b")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void should_read_any_query_from_a_file_and_refuse_a_malformed_one_at_its_line() throws IOException {
    Path file = Files.writeString(tmp.resolve("groups.tsv"), "q1\tneed\nanything\tneed\n");
    QueryGroups g = EvalFiles.readGroups(file);
    assertThat(g.groupOf()).containsExactly(Map.entry("q1", "need"), Map.entry("anything", "need"));
    assertThat(g.source()).isEqualTo(file.toString());
    QueryGroups stdin = EvalFiles.readGroups("-", new ByteArrayInputStream("q\tg\n".getBytes(StandardCharsets.UTF_8)), InputLimits.DEFAULT);
    assertThat(stdin.groupOf()).containsExactly(Map.entry("q", "g"));
    Files.writeString(file, "q1\tneed\nq1\tother\n");
    assertThatThrownBy(() -> EvalFiles.readGroups(file)).isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining(file + ":2: query grouped twice");
    Files.writeString(file, "");
    assertThatThrownBy(() -> EvalFiles.readGroups(file)).isInstanceOf(InputSyntaxException.class).hasMessageContaining("no query groups");
    assertThatThrownBy(() -> EvalFiles.readGroups((Path) null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal group file: null");
  }
}
