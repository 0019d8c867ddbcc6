package dev.caliber.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import org.junit.jupiter.api.Test;

/** A location renders as {@code file:line:column: $.path} so that editors can jump to it. */
class LocationTest {

  @Test
  void should_render_file_line_column_and_path() {
    assertThat(new Location("runs/a.json", 3, 7, "$.q2[1]")).hasToString("runs/a.json:3:7: $.q2[1]");
  }

  @Test
  void should_leave_out_the_column_when_it_is_unknown() {
    assertThat(new Location("a.json", 3, 0, "$.q2")).hasToString("a.json:3: $.q2");
  }

  @Test
  void should_leave_out_the_column_when_the_line_is_unknown() {
    // a column without a line points nowhere
    assertThat(new Location("a.json", 0, 7, "")).hasToString("a.json");
  }

  @Test
  void should_render_only_the_path_when_there_is_no_source() {
    assertThat(new Location("", 0, 0, "$.k")).hasToString("$.k");
    assertThat(new Location(null, 0, 0, "$.k")).hasToString("$.k");
  }

  @Test
  void should_render_the_source_alone_when_nothing_else_is_known() {
    assertThat(Location.ofFile("corpus.json")).hasToString("corpus.json");
    assertThat(Location.ofFile("-")).hasToString("-");
  }

  @Test
  void should_render_a_line_of_a_line_oriented_file() {
    assertThat(Location.ofLine("run.trec", 12)).hasToString("run.trec:12");
  }

  @Test
  void should_render_nothing_for_none() {
    assertThat(Location.NONE).hasToString("");
    assertThat(Location.NONE.isUnknown()).isTrue();
  }

  @Test
  void should_normalise_null_parts_to_empty() {
    Location l = new Location(null, 0, 0, null);
    assertThat(l.source()).isEmpty();
    assertThat(l.path()).isEmpty();
    assertThat(l).isEqualTo(Location.NONE);
  }

  @Test
  void should_be_known_when_it_has_a_source_a_line_or_a_path() {
    assertThat(Location.ofFile("a.json").isUnknown()).isFalse();
    assertThat(new Location("", 2, 0, "").isUnknown()).isFalse();
    assertThat(new Location("", 0, 0, "$").isUnknown()).isFalse();
  }

  @Test
  void should_reject_negative_lines_and_columns() {
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new Location("a.json", -1, 0, ""))
        .withMessage("illegal line/column -1:0, must be >= 0");
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new Location("a.json", 1, -2, ""))
        .withMessage("illegal line/column 1:-2, must be >= 0");
  }
}
