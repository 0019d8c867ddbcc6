package dev.caliber.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** A location renders as {@code file:line:column: $.path}, leaving out what is unknown. */
class LocationContractTest {

  @Test
  void renders_what_is_known_and_nothing_else() {
    assertThat(new Location("run.json", 3, 7, "$.q2[1]")).hasToString("run.json:3:7: $.q2[1]");
    assertThat(new Location("run.json", 3, 0, "$.q2")).hasToString("run.json:3: $.q2");
    assertThat(new Location("run.json", 0, 7, "")).hasToString("run.json");
    assertThat(new Location("", 0, 0, "$.q2")).hasToString("$.q2");
    assertThat(new Location("", 1, 1, "")).hasToString(":1:1");
    assertThat(Location.ofLine("run.trec", 12)).hasToString("run.trec:12");
    assertThat(Location.ofFile("-")).hasToString("-");
    assertThat(Location.NONE).hasToString("");
  }

  @Test
  void is_unknown_only_without_source_line_and_path() {
    assertThat(Location.NONE.isUnknown()).isTrue();
    assertThat(new Location(null, 0, 0, null).isUnknown()).isTrue();
    assertThat(new Location(null, 0, 5, null).isUnknown()).as("a column alone says nothing").isTrue();
    assertThat(Location.ofFile("a.json").isUnknown()).isFalse();
    assertThat(new Location("", 2, 0, "").isUnknown()).isFalse();
    assertThat(new Location("", 0, 0, "$.x").isUnknown()).isFalse();
  }

  @Test
  void null_parts_become_empty_and_negative_positions_are_illegal() {
    Location l = new Location(null, 0, 0, null);
    assertThat(l.source()).isEmpty();
    assertThat(l.path()).isEmpty();
    assertThatThrownBy(() -> new Location("f", -1, 0, ""))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal line/column -1:0, must be >= 0");
    assertThatThrownBy(() -> new Location("f", 0, -2, ""))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal line/column 0:-2, must be >= 0");
  }
}
