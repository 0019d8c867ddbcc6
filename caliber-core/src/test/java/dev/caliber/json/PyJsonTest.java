package dev.caliber.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * PyJson must write the bytes Python writes, because fingerprints hash them and reports are
 * compared byte for byte. Every expected string below was printed by python3:
 * {@code json.dumps(v, sort_keys=True, ensure_ascii=False, separators=(',', ':'))} for canonical,
 * {@code json.dumps(v, ensure_ascii=False, indent=2)} for pretty.
 */
class PyJsonTest {
  /** A map that declares its own order: the writer trusts it and does not sort. */
  private static final class Declared extends LinkedHashMap<String, Object> implements PyJson.InCodePointOrder {
    private static final long serialVersionUID = 1L;
  }

  @Test
  void mapped_lists_make_each_item_when_it_is_read_and_write_as_the_items_would() {
    List<Integer> source = new ArrayList<>(List.of(1, 2, 3));
    int[] calls = {0};
    List<Object> mapped = PyJson.mapped(source, i -> {
      calls[0]++;
      return Map.of("n", i);
    });
    assertThat(calls[0]).isZero();
    assertThat(mapped).hasSize(3);
    assertThat(mapped.get(1)).isEqualTo(Map.of("n", 2));
    assertThat(calls[0]).isEqualTo(1);
    assertThat(PyJson.pretty(mapped)).isEqualTo(PyJson.pretty(List.of(Map.of("n", 1), Map.of("n", 2), Map.of("n", 3))));
    source.add(4);
    assertThat(mapped).as("a view: the source is read, not copied").hasSize(4);
    assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> mapped.add(5));
  }

  @Test
  void writes_a_map_in_code_point_order_as_it_iterates_and_sorts_any_other() {
    Map<String, Object> declared = new Declared();
    declared.put("b", 1);
    declared.put("a", null);
    Map<String, Object> plain = new LinkedHashMap<>(declared);
    assertThat(PyJson.canonical(declared)).isEqualTo("{\"b\":1,\"a\":null}");
    assertThat(PyJson.canonical(plain)).isEqualTo("{\"a\":null,\"b\":1}");
    assertThat(PyJson.pretty(declared)).isEqualTo(PyJson.pretty(plain)).startsWith("{\n  \"b\"");
  }

  private static final String GRINNING_FACE = "\uD83D\uDE00"; // U+1F600, a surrogate pair in Java
  private static final String REPLACEMENT = "\uFFFD";

  /** A map that keeps the order given, so that sorting is PyJson's doing. */
  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  @Nested
  class Canonical {
    @Test
    void should_sort_keys_by_code_point_as_python_sorts_str() {
      // GIVEN keys where UTF-16 order (String.compareTo) and code point order disagree:
      // U+1F600 is stored as D83D DE00, which UTF-16 order puts before U+FFFD
      Map<String, Object> m = map("b", 1, "a", 2, GRINNING_FACE, 3, REPLACEMENT, 4, "B", 5, "aa", 6, "", 7, "\u00e9", 8);
      // WHEN
      String text = PyJson.canonical(m);
      // THEN python3 prints {"":7,"B":5,"a":2,"aa":6,"b":1,"é":8,"�":4,"😀":3}
      assertThat(text).isEqualTo("{\"\":7,\"B\":5,\"a\":2,\"aa\":6,\"b\":1,\"\u00e9\":8,\"" + REPLACEMENT + "\":4,\""
          + GRINNING_FACE + "\":3}");
      assertThat(GRINNING_FACE.compareTo(REPLACEMENT)).as("String.compareTo would get it wrong").isNegative();
    }

    @Test
    void should_sort_nested_objects_and_keep_list_order() {
      // python3: {"a":true,"z":{"a":null,"b":[3,{"x":2,"y":1}]}}
      Map<String, Object> inner = map("b", List.of(3, map("y", 1, "x", 2)), "a", null);
      Map<String, Object> m = map("z", inner, "a", true);
      assertThat(PyJson.canonical(m)).isEqualTo("{\"a\":true,\"z\":{\"a\":null,\"b\":[3,{\"x\":2,\"y\":1}]}}");
    }

    @Test
    void should_not_depend_on_the_order_keys_were_given_in() {
      Map<String, Object> forward = map("a", 1, "b", 2, "c", 3);
      Map<String, Object> backward = map("c", 3, "b", 2, "a", 1);
      assertThat(PyJson.canonical(forward)).isEqualTo(PyJson.canonical(backward)).isEqualTo("{\"a\":1,\"b\":2,\"c\":3}");
    }

    @Test
    void should_write_empty_containers_and_scalars() {
      assertThat(PyJson.canonical(Map.of())).isEqualTo("{}");
      assertThat(PyJson.canonical(List.of())).isEqualTo("[]");
      assertThat(PyJson.canonical(null)).isEqualTo("null");
      assertThat(PyJson.canonical(false)).isEqualTo("false");
      assertThat(PyJson.canonical(-5)).isEqualTo("-5");
      assertThat(PyJson.canonical(Long.MIN_VALUE)).isEqualTo("-9223372036854775808");
      assertThat(PyJson.canonical(new BigInteger("12345678901234567890123"))).isEqualTo("12345678901234567890123");
    }

    @Test
    void should_write_null_values_inside_objects_and_lists() {
      Map<String, Object> m = new HashMap<>();
      m.put("n", null);
      m.put("l", Arrays.asList(null, 1));
      assertThat(PyJson.canonical(m)).isEqualTo("{\"l\":[null,1],\"n\":null}");
    }
  }

  @Nested
  class Strings {
    @Test
    void should_escape_every_control_character_as_python_does() {
      // GIVEN U+0000 .. U+001F, built in code: a Java unicode escape for U+000A would end the string literal
      StringBuilder controls = new StringBuilder();
      for (char c = 0; c < 0x20; c++) {
        controls.append(c);
      }
      // WHEN
      String text = PyJson.canonical(controls.toString());
      // THEN five short forms, the rest as a lower-case six-character escape (backslash, u, four hex digits)
      assertThat(text).isEqualTo("\""
          + "\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
          + "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f"
          + "\"");
    }

    @Test
    void should_escape_quote_and_backslash_and_leave_everything_else_as_is() {
      // GIVEN '"', '\', U+007F, U+2028, U+2029, '/', and non-ASCII from three planes
      String s = "\"\\\u007f\u2028\u2029/\u00e9\u4e2d" + GRINNING_FACE;
      // THEN python3 prints "\"\\<DEL><LS><PS>/é中😀": only the first two are escaped
      assertThat(PyJson.canonical(s)).isEqualTo("\"\\\"\\\\\u007f\u2028\u2029/\u00e9\u4e2d" + GRINNING_FACE + "\"");
    }

    @Test
    void should_escape_each_character_that_needs_it_when_it_is_the_first_after_plain_ones() {
      // the plain characters before the first that needs an escape are copied at once: each kind
      // of escape must still be made when it is that first one
      assertThat(PyJson.canonical("ab\\c")).isEqualTo("\"ab\\\\c\"");
      assertThat(PyJson.canonical("ab\"c")).isEqualTo("\"ab\\\"c\"");
      assertThat(PyJson.canonical("ab\u0001c")).isEqualTo("\"ab\\u0001c\"");
      assertThat(PyJson.canonical("ab\nc")).isEqualTo("\"ab\\nc\"");
      assertThat(PyJson.canonical("ab " + GRINNING_FACE)).isEqualTo("\"ab " + GRINNING_FACE + "\"");
      assertThatThrownBy(() -> PyJson.canonical("ab\uD83Dc")).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("lone surrogate U+D83D at index 2");
      assertThat(PyJson.pretty(map("k\\", "v\"w"))).isEqualTo("{\n  \"k\\\\\": \"v\\\"w\"\n}");
    }

    @Test
    void should_escape_keys_like_values() {
      assertThat(PyJson.canonical(map("a\"b\n", 1))).isEqualTo("{\"a\\\"b\\n\":1}");
    }

    @Test
    void should_reject_a_lone_high_surrogate() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical("ab\uD800"))
          .withMessage("lone surrogate U+D800 at index 2 cannot be encoded as UTF-8");
    }

    @Test
    void should_reject_a_lone_low_surrogate_and_reversed_pairs() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.pretty(List.of("\uDE00x")))
          .withMessage("lone surrogate U+DE00 at index 0 cannot be encoded as UTF-8");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical("\uDE00\uD83D"))
          .withMessage("lone surrogate U+DE00 at index 0 cannot be encoded as UTF-8");
    }

    @Test
    void should_reject_a_lone_surrogate_in_a_key() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical(map("k\uDBFF", 1)))
          .withMessage("lone surrogate U+DBFF at index 1 cannot be encoded as UTF-8");
    }

    @Test
    void should_find_the_first_lone_surrogate() {
      assertThat(PyJson.firstLoneSurrogate("plain")).isEqualTo(-1);
      assertThat(PyJson.firstLoneSurrogate(GRINNING_FACE + GRINNING_FACE)).isEqualTo(-1);
      assertThat(PyJson.firstLoneSurrogate(GRINNING_FACE + "\uD83D")).isEqualTo(2);
      assertThat(PyJson.firstLoneSurrogate("a\uDE00" + GRINNING_FACE)).isEqualTo(1);
      assertThat(PyJson.firstLoneSurrogate("\uD83D\uD83D\uDE00")).isEqualTo(0);
    }
  }

  @Nested
  class Pretty {
    @Test
    void should_write_empty_object_and_list_without_inner_whitespace() {
      // python3: json.dumps({}, indent=2) == '{}' and json.dumps([], indent=2) == '[]'
      assertThat(PyJson.pretty(Map.of())).isEqualTo("{}");
      assertThat(PyJson.pretty(List.of())).isEqualTo("[]");
    }

    @Test
    void should_indent_nested_values_by_two_spaces_per_level() {
      // GIVEN {"a": {}, "b": [], "c": [1, {"d": None, "e": [True, False]}], "f": "x"}
      Map<String, Object> m = map("a", Map.of(), "b", List.of(), "c", List.of(1, map("d", null, "e", List.of(true, false))), "f", "x");
      // THEN
      assertThat(PyJson.pretty(m)).isEqualTo(String.join("\n",
          "{",
          "  \"a\": {},",
          "  \"b\": [],",
          "  \"c\": [",
          "    1,",
          "    {",
          "      \"d\": null,",
          "      \"e\": [",
          "        true,",
          "        false",
          "      ]",
          "    }",
          "  ],",
          "  \"f\": \"x\"",
          "}"));
    }

    @Test
    void should_keep_insertion_order_and_add_no_trailing_newline() {
      // python3: json.dumps({"z": 1, "a": 2}, indent=2) == '{\n  "z": 1,\n  "a": 2\n}'
      assertThat(PyJson.pretty(map("z", 1, "a", 2))).isEqualTo("{\n  \"z\": 1,\n  \"a\": 2\n}");
    }

    @Test
    void should_nest_lists_in_lists() {
      // python3: json.dumps([[[]]], indent=2) == '[\n  [\n    []\n  ]\n]'
      assertThat(PyJson.pretty(List.of(List.of(List.of())))).isEqualTo("[\n  [\n    []\n  ]\n]");
    }

    @Test
    void should_write_non_ascii_as_is() {
      assertThat(PyJson.pretty(map("\u67e5\u8be2", "\u4e0b\u8f7d"))).isEqualTo("{\n  \"\u67e5\u8be2\": \"\u4e0b\u8f7d\"\n}");
    }
  }

  @Nested
  class Rejections {
    @Test
    void should_reject_a_non_string_key_in_canonical_mode() {
      Map<Object, Object> m = new HashMap<>();
      m.put(1, "one");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical(m))
          .withMessage("JSON object keys must be strings, got Integer 1");
    }

    @Test
    void should_reject_a_non_string_key_in_pretty_mode() {
      Map<Object, Object> m = new LinkedHashMap<>();
      m.put("ok", 1);
      m.put(null, 2);
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.pretty(m))
          .withMessage("JSON object keys must be strings, got null");
    }

    @Test
    void should_reject_non_finite_doubles_which_json_cannot_hold() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical(Double.NaN))
          .withMessage("cannot write NaN as JSON");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical(Double.POSITIVE_INFINITY))
          .withMessage("cannot write Infinity as JSON");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} is written {1} without an exponent")
    @org.junit.jupiter.params.provider.CsvSource({
        "0.0, 0", "-0.0, 0", "12.0, 12", "1e16, 10000000000000000", "1.5, 1.5", "-1.5, -1.5", "0.001, 0.001",
        "1e-05, 0.00001", "123.456, 123.456", "1e-20, 0.00000000000000000001", "2.5e-321, 0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000025"})
    void should_write_the_shortest_decimal_without_an_exponent(double value, String plain) {
      assertThat(PyJson.plain(value)).isEqualTo(plain);
    }

    @Test
    void should_refuse_to_write_what_is_not_a_finite_number_without_an_exponent() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> PyJson.plain(Double.NaN))
          .withMessage("illegal score NaN, must be finite");
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} prints as Python''s repr {1}")
    @org.junit.jupiter.params.provider.CsvSource({
        "0.1, 0.1", "0.30000000000000004, 0.30000000000000004", "1e-05, 1e-05", "1e16, 1e+16",
        "123456789012345.6, 123456789012345.6", "-2.5, -2.5", "0.0, 0.0", "-0.0, -0.0", "5e-324, 5e-324",
        "1.7976931348623157e308, 1.7976931348623157e+308", "0.0001, 0.0001", "0.3333333333333333, 0.3333333333333333",
        "100.0, 100.0", "1e22, 1e+22",
        // powers of two whose shortest decimal lies above them: 2^-97, 2^-1017, 2^-957
        "6.310887241768095e-30, 6.310887241768095e-30", "7.120236347223045e-307, 7.120236347223045e-307",
        "8.209073602596753e-289, 8.209073602596753e-289", "4.9406564584124654e-324, 5e-324", "1e-310, 1e-310",
        // the plain and exponent forms' boundaries, and either side of the smallest normal double
        "1e15, 1000000000000000.0", "9999999999999998.0, 9999999999999998.0", "123.0, 123.0", "12.0, 12.0",
        "0.00012, 0.00012", "1.2345e-05, 1.2345e-05", "-1.2345e-05, -1.2345e-05", "-1e16, -1e+16",
        "2.2250738585072014e-308, 2.2250738585072014e-308", "2.225073858507201e-308, 2.225073858507201e-308",
        "-2.225073858507201e-308, -2.225073858507201e-308"})
    void should_write_doubles_as_python_repr(double value, String python) {
      // Expected texts pasted from python3: repr(x) == json.dumps(x) for each value.
      assertThat(PyJson.canonical(value)).isEqualTo(python);
    }

    @Test
    void should_reject_other_types_wherever_they_are_nested() {
      List<Object> list = new ArrayList<>();
      list.add(new StringBuilder("sb"));
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.pretty(map("x", list)))
          .withMessage("cannot write StringBuilder sb as JSON");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical(map("x", 'c')))
          .withMessage("cannot write Character c as JSON");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> PyJson.canonical(new int[] {1}))
          .withMessageStartingWith("cannot write int[] ");
    }
  }

  @Nested
  class CodePointOrder {
    @Test
    void should_order_supplementary_characters_after_the_whole_basic_plane() {
      assertThat(PyJson.CODE_POINT_ORDER.compare(GRINNING_FACE, REPLACEMENT)).isPositive();
      assertThat(PyJson.CODE_POINT_ORDER.compare(REPLACEMENT, GRINNING_FACE)).isNegative();
      assertThat(PyJson.CODE_POINT_ORDER.compare("\uE000", GRINNING_FACE)).isNegative();
    }

    @Test
    void should_order_a_prefix_first_and_equal_strings_equal() {
      assertThat(PyJson.CODE_POINT_ORDER.compare("a", "ab")).isNegative();
      assertThat(PyJson.CODE_POINT_ORDER.compare("ab", "a")).isPositive();
      assertThat(PyJson.CODE_POINT_ORDER.compare("", "")).isZero();
      assertThat(PyJson.CODE_POINT_ORDER.compare(GRINNING_FACE + "x", GRINNING_FACE + "x")).isZero();
    }
  }
}
