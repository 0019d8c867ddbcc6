package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class JsonReaderLineOffsetTest {
  @Test
  void should_report_the_line_of_the_whole_input_when_given_a_first_line() throws IOException {
    // GIVEN line 17 of a JSON Lines file, surrounded by other bytes
    byte[] bytes = utf8("xx{\"_id\": \"d1\", \"text\": 3}yy");
    // WHEN
    JsonValue v = JsonReader.parse("corpus.jsonl", 17, bytes, 2, bytes.length - 4);
    // THEN
    assertThat(v.location()).isEqualTo(new Location("corpus.jsonl", 17, 1, "$"));
    assertThat(v.at("text").location()).isEqualTo(new Location("corpus.jsonl", 17, 23, "$.text"));
  }

  @Test
  void should_report_syntax_errors_at_the_line_of_the_whole_input() {
    byte[] bytes = utf8("{\"_id\": \"d1\",, }");
    assertThatThrownBy(() -> JsonReader.parse("corpus.jsonl", 17, bytes, 0, bytes.length))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("corpus.jsonl:17:14: malformed JSON (");
  }

  @Test
  void should_report_duplicate_keys_with_both_lines_of_the_whole_input() {
    byte[] bytes = utf8("{\"a\": 1, \"a\": 2}");
    assertThatThrownBy(() -> JsonReader.parse("q.jsonl", 5, bytes, 0, bytes.length))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("q.jsonl:5:10: $.a: duplicate key \"a\" (first at line 5; a key may appear once per object)");
  }

  @Test
  void should_still_count_whole_files_from_line_one() throws IOException {
    JsonValue v = JsonReader.parse("p.json", new ByteArrayInputStream(utf8("\n\n[1]")));
    assertThat(v.location()).isEqualTo(new Location("p.json", 3, 1, "$"));
  }

  @Test
  void should_reject_a_first_line_below_one() {
    assertThatThrownBy(() -> JsonReader.parse("x", 0, new byte[] {'1'}, 0, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal firstLine value: 0, must be at least 1");
  }
}
