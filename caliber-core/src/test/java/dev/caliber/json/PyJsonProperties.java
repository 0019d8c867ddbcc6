package dev.caliber.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.StringLength;

/** Invariants of PyJson over arbitrary text. */
class PyJsonProperties {

  @Property
  void code_point_order_agrees_with_comparing_code_point_arrays(
      @ForAll @CharRange(from = '\u0000', to = '\uFFFF') @StringLength(max = 6) String a,
      @ForAll @CharRange(from = '\u0000', to = '\uFFFF') @StringLength(max = 6) String b) {
    int expected = Integer.signum(Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()));
    assertThat(Integer.signum(PyJson.CODE_POINT_ORDER.compare(a, b))).isEqualTo(expected);
  }

  @Property
  void a_written_string_contains_no_raw_control_character_and_no_unescaped_quote(
      @ForAll @CharRange(from = '\u0000', to = '\u00ff') String s) {
    String body = PyJson.canonical(s);
    String inner = body.substring(1, body.length() - 1);
    assertThat(body).startsWith("\"").endsWith("\"");
    assertThat(inner.chars().noneMatch(c -> c < 0x20)).isTrue();
    assertThat(inner.replace("\\\\", "").replace("\\\"", "")).doesNotContain("\"");
  }
}
