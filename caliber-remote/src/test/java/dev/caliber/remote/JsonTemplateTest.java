package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.Fingerprint;
import dev.caliber.remote.http.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The _search request template: placeholders, escaping, and every template refused, in one line. */
class JsonTemplateTest {

  @Test
  void should_fill_in_text_and_id_as_json_string_contents_whatever_they_hold() throws Exception {
    // GIVEN a template with both placeholders, one inside a longer string
    JsonTemplate t = JsonTemplate.parse("{\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}},\"_name\":\"q-{{query_id}}\"}");
    // WHEN a text with quotes, backslashes, a tab, a line break and braces is filled in
    String body = t.fill("7", "say \"hi\" \\ to\tall\n{{query_id}}");
    // THEN the body is JSON and holds the text exactly; the text's own braces are not placeholders
    Object json = Json.read(body);
    assertThat(Json.at(json, "query", "match", "contents")).isEqualTo("say \"hi\" \\ to\tall\n{{query_id}}");
    assertThat(Json.at(json, "_name")).isEqualTo("q-7");
  }

  @Test
  void should_fingerprint_the_template_as_given() {
    String text = "{\"query\": {\"match\": {\"contents\": \"{{query_text}}\"}}}";
    assertThat(JsonTemplate.parse(text).sha256()).isEqualTo(Fingerprint.sha256Hex(text));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "no placeholder | {\"query\":{\"match_all\":{}}} | illegal request template: no placeholder; put \"{{query_text}}\" (or \"{{query_id}}\") inside a JSON string, such as {\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}}}",
      "a placeholder outside quotes | {\"query\":{\"match\":{\"contents\":{{query_text}}}}} | illegal request template: not JSON once its placeholders are filled in: Unrecognized token 'probe' at line 1, column 36 (a placeholder goes inside quotes: \"{{query_text}}\")",
      "broken JSON | {\"query\":{\"match\":{\"contents\":\"{{query_text}}\"} | illegal request template: not JSON once its placeholders are filled in: Unexpected end-of-input: expected close marker for Object at line 1, column 48 (a placeholder goes inside quotes: \"{{query_text}}\")",
      "rank_eval's mustache name | {\"query\":{\"match\":{\"contents\":\"{{query_string}}\"}}} | illegal request template: unknown placeholder {{query_string}} at line 1, column 32; the placeholders are {{query_text}} and {{query_id}} (_rank_eval's {{query_string}} is {{query_text}} here)",
      "an array | [\"{{query_text}}\"] | illegal request template: a JSON array, must be a JSON object (a _search body)",
      "size set | {\"size\":10,\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}}} | illegal request template: it sets \"size\"; caliber sends size = the depth of each search and from = 0, so leave it out",
      "from set | {\"from\":5,\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}}} | illegal request template: it sets \"from\"; caliber sends size = the depth of each search and from = 0, so leave it out"})
  void should_refuse_a_template_in_one_line(String what, String template, String message) {
    assertThatThrownBy(() -> JsonTemplate.parse(template)).as(what).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void should_refuse_an_empty_template() {
    assertThatThrownBy(() -> JsonTemplate.parse(" ")).hasMessageStartingWith("illegal request template: empty, must be a JSON object");
  }

  @Test
  void a_config_read_from_a_file_names_the_file(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("match.json");
    java.nio.file.Files.writeString(file, "{\"query\":{\"match_all\":{}}}");
    assertThatThrownBy(() -> OpenSearchConfig.of("http://127.0.0.1:9200", "cacm", file))
        .hasMessageStartingWith(file + ": illegal request template: no placeholder");
  }

  @Test
  void a_config_refuses_credentials_in_the_url_and_a_bad_index() {
    String t = "{\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}}}";
    assertThatThrownBy(() -> OpenSearchConfig.of("http://admin:secret@127.0.0.1:9200", "cacm", t))
        .hasMessageStartingWith("illegal server URL: it holds credentials; name environment variables")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("secret"));
    assertThatThrownBy(() -> OpenSearchConfig.of("ftp://127.0.0.1", "cacm", t))
        .hasMessage("illegal server URL: \"ftp://127.0.0.1\", must be http:// or https:// and a host");
    assertThatThrownBy(() -> OpenSearchConfig.of("http://127.0.0.1:9200", "a/b", t))
        .hasMessage("illegal index: \"a/b\", must be a non-empty name without slashes or spaces");
    assertThat(OpenSearchConfig.of("http://127.0.0.1:9200/", "cacm", t).url()).hasToString("http://127.0.0.1:9200");
    assertThat(Map.of("k", OpenSearchConfig.of("http://127.0.0.1:9200/", "cacm", t).idField())).containsEntry("k", "_id");
  }
}
