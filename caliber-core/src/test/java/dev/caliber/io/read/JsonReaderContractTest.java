package dev.caliber.io.read;

import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The reader is stricter than Python's json.loads, and every value knows where it stood. */
class JsonReaderContractTest {

  @Test
  void values_keep_their_kind_order_and_location() {
    JsonValue root = json("x.json", "{\n  \"b\": [1, 1.5, 2e3, \"s\", true, false, null],\n  \"a\": {}\n}");
    assertThat(root.members().keySet()).containsExactly("b", "a");
    JsonValue list = root.members().get("b");
    assertThat(list.items()).extracting(JsonValue::kind).containsExactly(
        JsonValue.Kind.INTEGER, JsonValue.Kind.FLOAT, JsonValue.Kind.FLOAT, JsonValue.Kind.STRING,
        JsonValue.Kind.BOOLEAN, JsonValue.Kind.BOOLEAN, JsonValue.Kind.NULL);
    assertThat(list.items()).extracting(JsonValue::describe).containsExactly(
        "the integer 1", "the number 1.5", "the number 2e3", "the string \"s\"",
        "the boolean true", "the boolean false", "null");
    assertThat(list.items().get(3).location()).hasToString("x.json:2:22: $.b[3]");
    assertThat(root.members().get("a").describe()).isEqualTo("an object");
    assertThat(list.describe()).isEqualTo("an array");
    assertThat(root.location()).hasToString("x.json:1:1: $");
  }

  @Test
  void integers_are_exact_at_any_size() {
    assertThat(json("x", "123456789012345678901234567890").integer()).isEqualTo(new BigInteger("123456789012345678901234567890"));
    assertThat(json("x", "-0").integer()).isEqualTo(BigInteger.ZERO);
  }

  @Test
  void empty_input_is_an_error() {
    for (String text : new String[] {"", "  \n "}) {
      assertThatRejected(() -> json("empty.json", text))
          .isSyntaxError("empty input").hasDetail("expected one JSON value").isAt("empty.json");
    }
  }

  @Test
  void content_after_the_value_is_an_error() {
    assertThatRejected(() -> json("two.json", "{}\n[]"))
        .isSyntaxError("trailing content after the JSON value")
        .hasDetail("got [; expected end of input")
        .isAt("two.json:2:1: $");
  }

  @Test
  void malformed_json_names_line_and_column() {
    assertThatRejected(() -> json("bad.json", "{\n  \"a\": }"))
        .isSyntaxError("malformed JSON")
        .isAt("bad.json:2:8");
    for (String text : new String[] {"NaN", "[1,]", "{'a': 1}", "[Infinity]", "\"\\x\""}) {
      assertThatRejected(() -> json("bad.json", text)).isSyntaxError("malformed JSON");
    }
  }

  @Test
  void a_repeated_key_is_an_error_where_python_would_keep_the_last() {
    assertThatRejected(() -> json("dup.json", "{\"a\": 1,\n \"b\": 2,\n \"a\": 3}"))
        .isSyntaxError("duplicate key \"a\"")
        .hasDetail("first at line 1; a key may appear once per object")
        .isAtPath("$.a");
  }

  @Test
  void a_lone_surrogate_escape_is_an_error_in_strings_and_keys() {
    assertThatRejected(() -> json("s.json", "[\"\\ud83d\"]"))
        .isSyntaxError("invalid Unicode in string")
        .hasDetail("lone surrogate \\ud83d at character 0; expected a complete UTF-16 pair")
        .isAtPath("$[0]");
    assertThatRejected(() -> json("s.json", "{\"ok\\ude00\": 1}"))
        .isSyntaxError("invalid Unicode in string")
        .hasDetail("lone surrogate \\ude00 at character 2; expected a complete UTF-16 pair");
    assertThat(json("s.json", "\"\\ud83d\\ude00\"").text()).isEqualTo("\uD83D\uDE00");
  }

  @Test
  void nesting_is_bounded() {
    String ok = "[".repeat(JsonReader.MAX_DEPTH) + "]".repeat(JsonReader.MAX_DEPTH);
    assertThat(json("deep.json", ok).isArray()).isTrue();
    String tooDeep = "[".repeat(JsonReader.MAX_DEPTH + 1) + "]".repeat(JsonReader.MAX_DEPTH + 1);
    assertThatRejected(() -> json("deep.json", tooDeep)).isSyntaxError("malformed JSON");
  }

  @Test
  void json_paths_use_dots_for_identifiers_and_brackets_otherwise() {
    assertThat(JsonReader.member("q2")).isEqualTo(".q2");
    assertThat(JsonReader.member("_x9")).isEqualTo("._x9");
    assertThat(JsonReader.member("2q")).isEqualTo("[\"2q\"]");
    assertThat(JsonReader.member("a b")).isEqualTo("[\"a b\"]");
    assertThat(JsonReader.member("")).isEqualTo("[\"\"]");
    assertThat(JsonReader.member("q\"")).isEqualTo("[\"q\\\"\"]");
    assertThat(json("x", "{\"a b\": [0]}").members().get("a b").items().get(0).location().path()).isEqualTo("$[\"a b\"][0]");
  }
}
