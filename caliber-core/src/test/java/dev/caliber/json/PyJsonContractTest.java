package dev.caliber.json;

import static dev.caliber.testkit.HelpCentre.ordered;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Python's json.dumps, byte for byte, under the seed's two settings. Expected texts are what
 * CPython 3.12 prints for the same values.
 */
class PyJsonContractTest {

  @Test
  void canonical_is_compact_with_keys_in_code_point_order() {
    // json.dumps({"b": [1, True, None], "a": {"y": "é", "x": -2}}, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    Map<String, Object> value = ordered("b", Arrays.asList(1, true, null), "a", ordered("y", "é", "x", -2L));
    assertThat(PyJson.canonical(value)).isEqualTo("{\"a\":{\"x\":-2,\"y\":\"é\"},\"b\":[1,true,null]}");
  }

  @Test
  void a_supplementary_character_sorts_after_u_fffd_as_in_python() {
    // sorted(["\U0001F600", "\uFFFD", "z"]) == ["z", "\uFFFD", "\U0001F600"]; Java's compareTo disagrees
    Map<String, Object> value = ordered("\uD83D\uDE00", 1, "\uFFFD", 2, "z", 3);
    assertThat(PyJson.canonical(value)).isEqualTo("{\"z\":3,\"\uFFFD\":2,\"\uD83D\uDE00\":1}");
    assertThat("\uD83D\uDE00".compareTo("\uFFFD")).isNegative();
    assertThat(PyJson.CODE_POINT_ORDER.compare("\uD83D\uDE00", "\uFFFD")).isPositive();
    assertThat(PyJson.CODE_POINT_ORDER.compare("ab", "a")).isPositive();
    assertThat(PyJson.CODE_POINT_ORDER.compare("a", "ab")).isNegative();
    assertThat(PyJson.CODE_POINT_ORDER.compare("\uD83D\uDE00", "\uD83D\uDE00")).isZero();
  }

  @Test
  void pretty_indents_by_two_and_keeps_insertion_order() {
    // json.dumps({"z": [], "a": {}, "m": [1, {"k": None}]}, ensure_ascii=False, indent=2)
    Map<String, Object> value = ordered("z", List.of(), "a", Map.of(), "m", List.of(1, ordered("k", null)));
    assertThat(PyJson.pretty(value)).isEqualTo(
        "{\n  \"z\": [],\n  \"a\": {},\n  \"m\": [\n    1,\n    {\n      \"k\": null\n    }\n  ]\n}");
    assertThat(PyJson.pretty(Map.of())).isEqualTo("{}");
    assertThat(PyJson.pretty(List.of())).isEqualTo("[]");
    assertThat(PyJson.pretty(ordered("a", 1, "b", 2))).isEqualTo("{\n  \"a\": 1,\n  \"b\": 2\n}");
  }

  @Test
  void strings_escape_exactly_what_python_escapes() {
    // json.dumps("\"\\\n\r\t\b\f\x01\x1f\x7f\u2028é😀", ensure_ascii=False)
    String s = "\"\\\n\r\t\b\f\u0001\u001f\u007f\u2028é\uD83D\uDE00";
    assertThat(PyJson.canonical(s)).isEqualTo("\"\\\"\\\\\\n\\r\\t\\b\\f\\u0001\\u001f\u007f\u2028é\uD83D\uDE00\"");
    assertThat(PyJson.pretty(s)).isEqualTo(PyJson.canonical(s));
  }

  @Test
  void numbers_booleans_and_null_write_as_json() {
    List<Object> values = new ArrayList<>(List.of(7, -8L, new BigInteger("123456789012345678901234567890"), false, true));
    values.add(null);
    assertThat(PyJson.canonical(values)).isEqualTo("[7,-8,123456789012345678901234567890,false,true,null]");
    assertThat(PyJson.canonical(null)).isEqualTo("null");
    assertThat(PyJson.pretty(values)).isEqualTo("[\n  7,\n  -8,\n  123456789012345678901234567890,\n  false,\n  true,\n  null\n]");
  }

  @Test
  void values_json_cannot_hold_are_refused() {
    assertThatThrownBy(() -> PyJson.canonical(Double.NEGATIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cannot write -Infinity as JSON");
    assertThatThrownBy(() -> PyJson.canonical(1.5f))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("cannot write Float 1.5 as JSON");
    assertThatThrownBy(() -> PyJson.canonical(Map.of(1, "a")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("JSON object keys must be strings, got Integer 1");
    assertThatThrownBy(() -> PyJson.pretty(Map.of(true, "a")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("JSON object keys must be strings, got Boolean true");
    Map<Object, Object> nullKey = new java.util.HashMap<>();
    nullKey.put(null, 1);
    assertThatThrownBy(() -> PyJson.canonical(nullKey))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("JSON object keys must be strings, got null");
  }

  @Test
  void a_lone_surrogate_cannot_be_written() {
    for (String s : List.of("a\uD83D", "\uD83Da", "\uDE00", "\uDE00\uD83D")) {
      assertThatThrownBy(() -> PyJson.canonical(s)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageEndingWith("cannot be encoded as UTF-8");
    }
    assertThatThrownBy(() -> PyJson.canonical("ab\uD83D"))
        .hasMessage("lone surrogate U+D83D at index 2 cannot be encoded as UTF-8");
    assertThatThrownBy(() -> PyJson.canonical("\uDE00\uDE00"))
        .hasMessage("lone surrogate U+DE00 at index 0 cannot be encoded as UTF-8");
    assertThatThrownBy(() -> PyJson.canonical("x\uDE00"))
        .hasMessage("lone surrogate U+DE00 at index 1 cannot be encoded as UTF-8");
  }

  @Test
  void first_lone_surrogate_finds_the_first_unpaired_half() {
    assertThat(PyJson.firstLoneSurrogate("")).isEqualTo(-1);
    assertThat(PyJson.firstLoneSurrogate("a\uD83D\uDE00b\uD83D\uDE00")).isEqualTo(-1);
    assertThat(PyJson.firstLoneSurrogate("ab\uD83D")).isEqualTo(2);
    assertThat(PyJson.firstLoneSurrogate("\uD83Dx\uD83D\uDE00")).isEqualTo(0);
    assertThat(PyJson.firstLoneSurrogate("\uD83D\uDE00\uDE00")).isEqualTo(2);
    assertThat(PyJson.firstLoneSurrogate("a\uDE00\uD83D")).isEqualTo(1);
    assertThat(PyJson.firstLoneSurrogate("\uD83D\uD83D\uDE00")).isEqualTo(0);
  }
}
