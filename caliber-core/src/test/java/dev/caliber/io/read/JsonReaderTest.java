package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JsonReader turns bytes into a located tree. It is stricter than Python's json.loads: what
 * Python would silently repair (a repeated key) or could not fingerprint (a lone surrogate) is an
 * {@link InputSyntaxException} that says where.
 */
class JsonReaderTest {

  static JsonValue parse(String json) throws IOException {
    return parse(json.getBytes(StandardCharsets.UTF_8));
  }

  static JsonValue parse(byte[] bytes) throws IOException {
    return JsonReader.parse("f.json", new ByteArrayInputStream(bytes));
  }

  static InputSyntaxException syntaxError(String json) {
    return syntaxError(json.getBytes(StandardCharsets.UTF_8));
  }

  static InputSyntaxException syntaxError(byte[] bytes) {
    return assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> parse(bytes)).actual();
  }

  @Nested
  class Locations {
    @Test
    void should_record_line_column_and_path_of_every_value() throws IOException {
      // GIVEN
      JsonValue root = parse("{\n  \"q2\": [\"d3\",\n         \"d1\"],\n  \"q3\": []\n}");
      // THEN
      assertThat(root.location()).isEqualTo(new Location("f.json", 1, 1, "$"));
      assertThat(root.at("q2").location()).isEqualTo(new Location("f.json", 2, 9, "$.q2"));
      assertThat(root.at("q2", 0).location()).isEqualTo(new Location("f.json", 2, 10, "$.q2[0]"));
      assertThat(root.at("q2", 1).location()).isEqualTo(new Location("f.json", 3, 10, "$.q2[1]"));
      assertThat(root.at("q3").location()).hasToString("f.json:4:9: $.q3");
    }

    @Test
    void should_write_identifier_keys_with_a_dot_and_other_keys_in_brackets() throws IOException {
      // GIVEN
      JsonValue root = parse("{\"a\": {\"b c\": [{\"_x9\": 1, \"9x\": 2, \"q\\\"\": 3, \"\u4e2d\": 4, \"\": 5}]}}");
      JsonValue item = root.at("a", "b c", 0);
      // THEN
      assertThat(item.location().path()).isEqualTo("$.a[\"b c\"][0]");
      assertThat(item.at("_x9").location().path()).isEqualTo("$.a[\"b c\"][0]._x9");
      assertThat(item.at("9x").location().path()).isEqualTo("$.a[\"b c\"][0][\"9x\"]");
      assertThat(item.at("q\"").location().path()).isEqualTo("$.a[\"b c\"][0][\"q\\\"\"]");
      assertThat(item.at("\u4e2d").location().path()).isEqualTo("$.a[\"b c\"][0][\"\u4e2d\"]");
      assertThat(item.at("").location().path()).isEqualTo("$.a[\"b c\"][0][\"\"]");
    }

    @Test
    void should_name_the_source_it_was_given() throws IOException {
      JsonValue root = JsonReader.parse("-", new ByteArrayInputStream("[1]".getBytes(StandardCharsets.UTF_8)));
      assertThat(root.at(0).location()).hasToString("-:1:2: $[0]");
    }
  }

  @Nested
  class Kinds {
    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "1 | INTEGER",
        "-0 | INTEGER",
        "123456789012345678901234567890 | INTEGER",
        "1.0 | FLOAT",
        "1.5 | FLOAT",
        "1e2 | FLOAT",
        "true | BOOLEAN",
        "false | BOOLEAN",
        "null | NULL",
        "\"1\" | STRING",
        "[] | ARRAY",
        "{} | OBJECT"})
    void should_tell_integers_floats_and_booleans_apart(String json, JsonValue.Kind kind) throws IOException {
      assertThat(parse(json).kind()).isEqualTo(kind);
    }

    @Test
    void should_keep_integers_exact() throws IOException {
      assertThat(parse("123456789012345678901234567890").integer()).isEqualTo(new BigInteger("123456789012345678901234567890"));
      assertThat(parse("-7").integer()).isEqualTo(BigInteger.valueOf(-7));
    }

    @Test
    void should_describe_values_for_error_messages() throws IOException {
      assertThat(parse("\"d3\"").describe()).isEqualTo("the string \"d3\"");
      assertThat(parse("2").describe()).isEqualTo("the integer 2");
      assertThat(parse("1.0").describe()).isEqualTo("the number 1.0");
      assertThat(parse("true").describe()).isEqualTo("the boolean true");
      assertThat(parse("null").describe()).isEqualTo("null");
      assertThat(parse("[]").describe()).isEqualTo("an array");
      assertThat(parse("{}").describe()).isEqualTo("an object");
    }

    @Test
    void should_refuse_to_read_a_value_as_another_kind() throws IOException {
      JsonValue text = parse("\"x\"");
      assertThatExceptionOfType(IllegalStateException.class)
          .isThrownBy(text::members)
          .withMessage("expected OBJECT, got the string \"x\"");
      assertThatExceptionOfType(IllegalStateException.class)
          .isThrownBy(() -> parse("1.0").integer())
          .withMessage("expected INTEGER, got the number 1.0");
    }

    @Test
    void should_keep_member_order() throws IOException {
      assertThat(parse("{\"b\": 1, \"a\": 2, \"c\": 3}").members().keySet()).containsExactly("b", "a", "c");
    }

    @Test
    void should_decode_escapes_and_surrogate_pairs() throws IOException {
      assertThat(parse("\"\\ud83d\\ude00 \\u4e2d\\n\\\"\"").text()).isEqualTo("\uD83D\uDE00 \u4e2d\n\"");
    }

    @Test
    void should_answer_null_for_paths_that_do_not_exist() throws IOException {
      JsonValue root = parse("{\"a\": [1]}");
      assertThat(root.at("b")).isNull();
      assertThat(root.at("a", 1)).isNull();
      assertThat(root.at("a", -1)).isNull();
      assertThat(root.at("a", "x")).isNull();
      assertThat(root.at(0)).isNull();
      assertThat(root.at("b", 0)).isNull();
      assertThat(root.at()).isSameAs(root);
    }
  }

  @Nested
  class Strictness {
    @Test
    void should_reject_a_repeated_key_and_name_both_places() {
      InputSyntaxException e = syntaxError("{\"q2\": [],\n \"q2\": [\"d1\"]}");
      assertThat(e).hasMessage("f.json:2:2: $.q2: duplicate key \"q2\" (first at line 1; a key may appear once per object)");
    }

    @Test
    void should_reject_a_repeated_key_in_a_nested_object() {
      InputSyntaxException e = syntaxError("{\"qrels\": {\"q1\": {\"d1\": 0,\n\n \"d1\": 1}}}");
      assertThat(e.location()).isEqualTo(new Location("f.json", 3, 2, "$.qrels.q1.d1"));
      assertThat(e.reason()).isEqualTo("duplicate key \"d1\"");
    }

    @Test
    void should_allow_the_same_key_in_different_objects() throws IOException {
      assertThat(parse("[{\"a\": 1}, {\"a\": 2}]").items()).hasSize(2);
    }

    @Test
    void should_reject_a_lone_surrogate_escape_in_a_value() {
      InputSyntaxException e = syntaxError("{\"q2\": [\"\\ud800\"]}");
      assertThat(e).hasMessage("f.json:1:9: $.q2[0]: invalid Unicode in string "
          + "(lone surrogate \\ud800 at character 0; expected a complete UTF-16 pair)");
    }

    @Test
    void should_reject_a_lone_surrogate_escape_in_a_key() {
      InputSyntaxException e = syntaxError("{\"ok\": 1, \"x\\udc00\": 2}");
      assertThat(e).hasMessage("f.json:1:11: $: invalid Unicode in string "
          + "(lone surrogate \\udc00 at character 1; expected a complete UTF-16 pair)");
    }

    @Test
    void should_reject_trailing_content() {
      InputSyntaxException e = syntaxError("{\"q2\": []}\n{\"x\": 1}");
      assertThat(e).hasMessage("f.json:2:1: $: trailing content after the JSON value (got {; expected end of input; JSON Lines"
          + " (one object per line, as BEIR writes them) are read from a BEIR folder)");
    }

    @Test
    void should_reject_a_second_scalar_after_the_value() {
      InputSyntaxException e = syntaxError("1 2");
      assertThat(e).hasMessage("f.json:1:3: $: trailing content after the JSON value (got 2; expected end of input)");
    }

    @Test
    void should_reject_malformed_json_with_line_and_column() {
      // GIVEN a missing ']' : the parser stops at the ':' on line 3, column 7
      InputSyntaxException e = syntaxError("{\n  \"q2\": [\"d3\",\n  \"q3\": []\n}\n");
      // THEN
      assertThat(e.location()).isEqualTo(new Location("f.json", 3, 7, ""));
      assertThat(e.reason()).isEqualTo("malformed JSON");
      assertThat(e.getMessage()).startsWith("f.json:3:7: malformed JSON (Unexpected character (':' (code 58))");
    }

    @ParameterizedTest(name = "{0} is not JSON")
    @ValueSource(strings = {"{\"a\": NaN}", "[Infinity]", "[01]", "[1,]", "{\"a\":1,}", "{'a': 1}", "[1] // c", "[\"a\tb\"]", "{\"a\" 1}"})
    void should_reject_what_strict_json_forbids(String json) {
      InputSyntaxException e = syntaxError(json);
      assertThat(e.reason()).isEqualTo("malformed JSON");
      assertThat(e.location().source()).isEqualTo("f.json");
      assertThat(e.location().line()).isEqualTo(1);
      assertThat(e.location().column()).isPositive();
    }
  }

  @Nested
  class EmptyInput {
    @ParameterizedTest(name = "\"{0}\" is empty")
    @ValueSource(strings = {"", " ", "\n\t\r\n "})
    void should_reject_empty_or_blank_input(String json) {
      assertThat(syntaxError(json)).hasMessage("f.json: empty input (expected one JSON value)");
    }

    @Test
    void should_reject_a_byte_order_mark_followed_by_nothing_but_a_newline() {
      // (a file of the three BOM bytes alone is reported as "Invalid UTF-8 start byte 0xbb" by the
      // underlying parser, which needs four bytes to detect the encoding)
      assertThat(syntaxError(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '\n'}))
          .hasMessage("f.json: empty input (expected one JSON value)");
    }
  }

  @Nested
  class Encoding {
    @Test
    void should_skip_a_utf8_byte_order_mark() throws IOException {
      // GIVEN
      byte[] json = "{\"q2\": [\"\u4e0b\"]}".getBytes(StandardCharsets.UTF_8);
      byte[] withBom = new byte[json.length + 3];
      withBom[0] = (byte) 0xEF;
      withBom[1] = (byte) 0xBB;
      withBom[2] = (byte) 0xBF;
      System.arraycopy(json, 0, withBom, 3, json.length);
      // WHEN
      JsonValue root = parse(withBom);
      // THEN
      assertThat(root.members().keySet()).containsExactly("q2");
      assertThat(root.at("q2", 0).text()).isEqualTo("\u4e0b");
      assertThat(root.at("q2", 0).location().line()).isEqualTo(1);
    }

    @Test
    void should_reject_utf16_and_utf32_as_the_line_readers_do() {
      byte[] utf16 = "{\"q\": [\"d\"]}".getBytes(StandardCharsets.UTF_16); // with a byte order mark
      byte[] utf16le = "{\"q\": [\"d\"]}".getBytes(StandardCharsets.UTF_16LE); // without: '{' then a zero byte
      byte[] utf32 = {0, 0, 0, '[', 0, 0, 0, ']'};
      assertThat(syntaxError(utf16)).hasMessage("f.json: not UTF-8 (a UTF-16 or UTF-32 byte order mark at the start;"
          + " expected UTF-8 text)");
      assertThat(syntaxError(utf16le)).hasMessage("f.json: not UTF-8 (a zero byte in the first two at the start;"
          + " expected UTF-8 text)");
      assertThat(syntaxError(utf32).reason()).isEqualTo("not UTF-8");
    }

    @Test
    void should_tell_each_byte_order_mark_and_each_zero_byte_position() {
      for (byte[] bytes : new byte[][] {{(byte) 0xFE, (byte) 0xFF, 0, '['}, {(byte) 0xFF, (byte) 0xFE, '[', 0}}) {
        assertThat(syntaxError(bytes).detail()).startsWith("a UTF-16 or UTF-32 byte order mark");
      }
      for (byte[] bytes : new byte[][] {{0, '[', 0, ']'}, {'[', 0, ']', 0}, {'[', 0}}) {
        assertThat(syntaxError(bytes).detail()).startsWith("a zero byte in the first two");
      }
      // a zero byte later is the parser's to reject, at its place
      assertThat(syntaxError(new byte[] {'[', '1', 0, ']'}).reason()).isEqualTo("malformed JSON");
    }

    @Test
    void should_still_read_one_byte_inputs_and_short_ones() throws IOException {
      assertThat(parse("[]".getBytes(StandardCharsets.UTF_8)).items()).isEmpty();
      assertThat(parse("[7]".getBytes(StandardCharsets.UTF_8)).items()).hasSize(1);
      assertThat(parse(new byte[] {'7'}).location().line()).isEqualTo(1);
      assertThat(parse("[1]".getBytes(StandardCharsets.UTF_8)).items()).hasSize(1);
    }

    @Test
    void should_reject_an_invalid_start_byte_with_its_location() {
      // GIVEN 0xFF can start no UTF-8 sequence; it is the 10th byte of line 1
      byte[] bytes = {'{', '"', 'q', '2', '"', ':', ' ', '[', '"', (byte) 0xFF, '"', ']', '}'};
      // WHEN
      InputSyntaxException e = syntaxError(bytes);
      // THEN the parser reports the column just after the byte it could not decode
      assertThat(e.reason()).isEqualTo("malformed JSON");
      assertThat(e.detail()).isEqualTo("malformed UTF-8 (byte 0xff where a character's start byte belongs); expected UTF-8 text");
      assertThat(e.location().line()).isEqualTo(1);
      assertThat(e.location().column()).isBetween(10L, 11L);
    }

    @Test
    void should_reject_an_invalid_continuation_byte_on_a_later_line() {
      // GIVEN 0xC3 0x28: a two-byte sequence whose second byte is not a continuation byte
      byte[] bytes = "{\"q2\":\n  [\n   \"\u00c3(\"]}".getBytes(StandardCharsets.ISO_8859_1);
      // WHEN
      InputSyntaxException e = syntaxError(bytes);
      // THEN
      assertThat(e.reason()).isEqualTo("malformed JSON");
      assertThat(e.detail()).isEqualTo("malformed UTF-8 (byte 0x28 where a character's middle byte belongs); expected UTF-8 text");
      assertThat(e.location().line()).isEqualTo(3);
      assertThat(e.location().column()).isBetween(6L, 7L);
    }
  }

  @Test
  void should_word_the_parsers_common_reasons_as_caliber_does() {
    assertThat(syntaxError("{\"q1\": [\"d1\"".getBytes(StandardCharsets.UTF_8)).detail())
        .isEqualTo("the input ends inside the array opened at line 1, column 8; expected its closing ]");
    assertThat(syntaxError("{\"q1\": [\"d1\"]".getBytes(StandardCharsets.UTF_8)).detail())
        .isEqualTo("the input ends inside the object opened at line 1, column 1; expected its closing }");
    assertThat(syntaxError("{\"q1\": \"a\u0001b\"}".getBytes(StandardCharsets.UTF_8)).detail())
        .isEqualTo("a control character (code 1) inside a string; expected it escaped, as \\u0001");
    assertThat(syntaxError("{\"q1\": nope}".getBytes(StandardCharsets.UTF_8)).detail())
        .isEqualTo("unexpected text 'nope'; expected a JSON value (a string, number, array, object, true, false or null)");
  }

  @Nested
  class Depth {
    private String nested(int depth) {
      return "[".repeat(depth) + "]".repeat(depth);
    }

    @Test
    void should_accept_the_maximum_depth() throws IOException {
      JsonValue v = parse(nested(JsonReader.MAX_DEPTH));
      for (int i = 1; i < JsonReader.MAX_DEPTH; i++) {
        v = v.items().get(0);
      }
      assertThat(v.items()).isEmpty();
      assertThat(v.location().path()).isEqualTo("$" + "[0]".repeat(JsonReader.MAX_DEPTH - 1));
    }

    @Test
    void should_reject_one_level_more_as_a_syntax_error() {
      InputSyntaxException e = syntaxError(nested(JsonReader.MAX_DEPTH + 1));
      assertThat(e.reason()).isEqualTo("malformed JSON");
      assertThat(e.detail()).isEqualTo("arrays and objects nested 33 deep; expected at most 32");
      assertThat(e.location().source()).isEqualTo("f.json");
      assertThat(e.location().line()).isEqualTo(1);
      assertThat(e.location().column()).isEqualTo(33);
      assertThat(e.location().path()).as("the array that opens too deep").isEqualTo("$" + "[0]".repeat(JsonReader.MAX_DEPTH));
      assertThat(e.getMessage()).doesNotContain("StreamReadConstraints").doesNotContain("`");
    }

    @Test
    void should_reject_a_hostile_depth_without_exhausting_the_stack() {
      // a recursive reader without a bound would throw StackOverflowError here
      InputSyntaxException e = syntaxError(nested(200_000));
      assertThat(e.reason()).isEqualTo("malformed JSON");
      assertThat(e.detail()).isEqualTo("arrays and objects nested 33 deep; expected at most 32");
    }

    @Test
    void should_count_objects_and_arrays_alike() {
      String deepObjects = "{\"a\":".repeat(JsonReader.MAX_DEPTH + 1) + "1" + "}".repeat(JsonReader.MAX_DEPTH + 1);
      assertThat(syntaxError(deepObjects).detail()).isEqualTo("arrays and objects nested 33 deep; expected at most 32");
    }

    @Test
    void should_reject_a_number_beyond_the_limit_in_caliber_s_words_with_its_location() {
      InputSyntaxException e = syntaxError("{\"k\": " + "7".repeat(1001) + "}");
      assertThat(e.detail()).isEqualTo("a number of 1001 characters; expected at most 1000");
      assertThat(e.location().line()).isEqualTo(1);
      assertThat(e.location().column()).isPositive();
      assertThat(e.getMessage()).doesNotContain("StreamReadConstraints").doesNotContain("`");
    }

    @Test
    void should_reject_a_string_beyond_the_limit_in_caliber_s_words() {
      InputSyntaxException e = syntaxError("[\"" + "x".repeat(20_000_001) + "\"]");
      assertThat(e.detail()).isEqualTo("a string of 20000001 characters; expected at most 20000000");
      assertThat(e.location().line()).isEqualTo(1);
    }

    @Test
    void should_name_no_parser_feature_for_a_non_standard_token() {
      InputSyntaxException e = syntaxError("{\"a\": NaN}");
      assertThat(e.detail()).isEqualTo("got NaN, which is not a JSON value; expected standard JSON (no NaN, Infinity, comments or"
          + " single quotes)");
      assertThat(e.getMessage()).doesNotContain("JsonReadFeature").doesNotContain("`").doesNotContain("Non-standard");
      assertThat(syntaxError("[1, -Infinity]").detail()).startsWith("got -Infinity, which is not a JSON value;");
    }
  }
}
