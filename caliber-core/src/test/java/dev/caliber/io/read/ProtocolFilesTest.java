package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.chunk.ChunkMapping;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each reader accepts exactly its documented shape; anything else is an error that gives the
 * seed's reason, the file, line, column and JSON path, and the bad value. Wrong JSON types are
 * syntax errors; shapes the seed itself rejects with its own words are protocol violations.
 */
class ProtocolFilesTest {

  static JsonValue json(String text) throws IOException {
    return JsonReader.parse("p.json", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Nested
  class ProtocolFile {
    private static final String PARTS = "\"corpus\": {\"d1\": \"t\"}, \"queries\": {\"q1\": {\"split\": \"test\"}}, \"qrels\": {\"q1\": {\"d1\": 1}}";

    @Test
    void should_read_the_parts_and_the_fixed_split_and_k() throws IOException {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(json("{" + PARTS + ", \"split\": \"test\", \"k\": 3}"));
      assertThat(file.split()).isEqualTo("test");
      assertThat(file.k()).isEqualTo(3);
      assertThat(file.protocol().corpus().ids()).containsExactly("d1");
      assertThat(file.protocol().queries().get("q1")).isEqualTo(new Query(null, "test"));
      assertThat(file.protocol().qrels().row("q1")).isEqualTo(Map.of("d1", 1));
    }

    @Test
    void should_leave_split_and_k_open_when_the_file_does_not_fix_them() throws IOException {
      ProtocolFiles.ProtocolFile file = ProtocolFiles.protocol(json("{" + PARTS + "}"));
      assertThat(file.split()).isNull();
      assertThat(file.k()).isNull();
    }

    @Test
    void should_reject_a_protocol_that_is_not_an_object() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.protocol(json("[]")))
          .withMessage("p.json:1:1: $: wrong JSON type (got an array; expected a protocol object with corpus, queries and qrels)");
    }

    @Test
    void should_reject_an_unknown_field_at_its_value() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.protocol(json("{" + PARTS + ",\n \"kk\": 2}")))
          .withMessage("p.json:2:8: $.kk: unknown protocol field \"kk\" (expected only corpus, queries, qrels, split and k)");
    }

    @Test
    void should_reject_a_missing_part_at_the_root() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.protocol(json("{\"corpus\": {}, \"queries\": {}}")))
          .withMessage("p.json:1:1: $: protocol field \"qrels\" is missing (expected corpus, queries and qrels)");
    }

    @ParameterizedTest(name = "split {0} is rejected")
    @CsvSource(delimiter = '|', value = {
        "\"\" | the string \"\"",
        "1 | the integer 1",
        "null | null",
        "[\"test\"] | an array"})
    void should_reject_a_split_that_is_not_a_nonempty_string(String split, String described) {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.protocol(json("{" + PARTS + ", \"split\": " + split + "}")))
          .withMessageStartingWith("p.json:1:")
          .withMessageEndingWith(": $.split: split must be a nonempty string (got " + described + ")");
    }

    @Test
    void should_reject_a_wrong_part_with_the_part_s_own_message() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.protocol(json("{\"corpus\": [], \"queries\": {}, \"qrels\": {}}")))
          .withMessage("p.json:1:12: $.corpus: wrong JSON type (got an array; expected an object mapping document ID to text)");
    }
  }

  @Nested
  class K {
    @ParameterizedTest(name = "k {0} is rejected")
    @CsvSource(delimiter = '|', value = {
        "true | the boolean true",
        "1.5 | the number 1.5",
        "2.0 | the number 2.0",
        "1e1 | the number 1e1",
        "0 | the integer 0",
        "-1 | the integer -1",
        "\"2\" | the string \"2\"",
        "null | null",
        "2147483648 | the integer 2147483648"})
    void should_reject_anything_but_a_positive_json_integer(String k, String described) {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.k(json("{\"k\": " + k + "}").at("k")))
          .withMessage("p.json:1:7: $.k: k must be a positive integer (got " + described + "; expected an integer >= 1)");
    }

    @Test
    void should_accept_positive_integers_up_to_the_largest_int() throws IOException {
      assertThat(ProtocolFiles.k(json("1"))).isEqualTo(1);
      assertThat(ProtocolFiles.k(json("2147483647"))).isEqualTo(Integer.MAX_VALUE);
    }
  }

  @Nested
  class CorpusFile {
    @Test
    void should_read_texts_and_null_texts_in_order() throws IOException {
      Corpus corpus = ProtocolFiles.corpus(json("{\"d2\": \"two\", \"d1\": null}"));
      assertThat(corpus.ids()).containsExactly("d2", "d1");
      assertThat(corpus.text("d2")).contains("two");
      assertThat(corpus.text("d1")).isEmpty();
      assertThat(corpus.origin().locate("d1")).isEqualTo(new Location("p.json", 1, 21, "$.d1"));
    }

    @Test
    void should_reject_a_corpus_that_is_not_an_object() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.corpus(json("\"d1\"")))
          .withMessage("p.json:1:1: $: wrong JSON type (got the string \"d1\"; expected an object mapping document ID to text)");
    }

    @Test
    void should_reject_a_text_that_is_neither_string_nor_null() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.corpus(json("{\"d1\": \"ok\",\n \"d2\": 2}")))
          .withMessage("p.json:2:8: $.d2: document text must be a string or null (got the integer 2)");
    }
  }

  @Nested
  class QueriesFile {
    @Test
    void should_read_text_and_split_and_allow_a_missing_text() throws IOException {
      Queries queries = ProtocolFiles.queries(json("{\"q1\": {\"text\": \"t\", \"split\": \"dev\"}, \"q2\": {\"split\": \"test\"}}"));
      assertThat(queries.asMap()).containsExactly(
          Map.entry("q1", new Query("t", "dev")), Map.entry("q2", new Query(null, "test")));
    }

    @Test
    void should_reject_queries_that_are_not_an_object() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("[]")))
          .withMessage("p.json:1:1: $: wrong JSON type (got an array; expected an object mapping query ID to {text, split})");
    }

    @Test
    void should_reject_metadata_that_is_not_an_object() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("{\"q1\": \"test\"}")))
          .withMessage("p.json:1:8: $.q1: query IDs and metadata are invalid "
              + "(got the string \"test\"; expected an object {\"text\": ..., \"split\": ...})");
    }

    @Test
    void should_reject_a_query_missing_its_split_at_the_query() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("{\"q1\": {\"split\": \"dev\"},\n \"q4\": {\"text\": \"t\"}}")))
          .withMessage("p.json:2:8: $.q4: query split must be a nonempty string (query \"q4\": got no split)");
    }

    @Test
    void should_reject_an_empty_or_non_string_split_at_the_split() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("{\"q1\": {\"split\": \"\"}}")))
          .withMessage("p.json:1:18: $.q1.split: query split must be a nonempty string (query \"q1\": got the string \"\")");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("{\"q1\": {\"split\": true}}")))
          .withMessage("p.json:1:18: $.q1.split: query split must be a nonempty string (query \"q1\": got the boolean true)");
    }

    @Test
    void should_reject_an_unknown_query_field() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("{\"q1\": {\"split\": \"dev\", \"lang\": \"zh\"}}")))
          .withMessage("p.json:1:33: $.q1.lang: unknown query field \"lang\" (expected only text and split)");
    }

    @Test
    void should_reject_a_text_that_is_not_a_string() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.queries(json("{\"q1\": {\"split\": \"dev\", \"text\": [\"a\"]}}")))
          .withMessage("p.json:1:33: $.q1.text: query text must be a string (got an array)");
    }
  }

  @Nested
  class QrelsFile {
    @Test
    void should_read_integer_labels_and_leave_their_range_to_the_evaluator() throws IOException {
      Qrels qrels = ProtocolFiles.qrels(json("{\"q1\": {\"d1\": 0, \"d2\": 2}}"));
      assertThat(qrels.row("q1")).containsExactly(Map.entry("d1", 0), Map.entry("d2", 2));
      assertThat(qrels.origin().locate("q1", "d2")).isEqualTo(new Location("p.json", 1, 24, "$.q1.d2"));
    }

    @Test
    void should_reject_qrels_that_are_not_an_object() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.qrels(json("1")))
          .withMessage("p.json:1:1: $: wrong JSON type (got the integer 1; expected an object mapping query ID to {document ID: label})");
    }

    @Test
    void should_reject_a_row_that_is_not_an_object() {
      assertThatExceptionOfType(InputSyntaxException.class)
          .isThrownBy(() -> ProtocolFiles.qrels(json("{\"q1\": [\"d1\"]}")))
          .withMessage("p.json:1:8: $.q1: wrong JSON type (got an array; expected an object mapping document ID to an integer label)");
    }

    @ParameterizedTest(name = "label {0} is rejected")
    @CsvSource(delimiter = '|', value = {
        "true | the boolean true",
        "1.0 | the number 1.0",
        "\"1\" | the string \"1\"",
        "null | null",
        "3000000000 | the integer 3000000000"})
    void should_reject_a_label_that_is_not_a_json_integer(String label, String described) {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.qrels(json("{\"q1\": {\"d1\": " + label + "}}")))
          .withMessage("p.json:1:15: $.q1.d1: qrels labels must be integer 0 or 1 (query \"q1\", document \"d1\": got " + described + ")");
    }
  }

  @Nested
  class RunFile {
    @Test
    void should_read_rankings_in_order_with_their_locations() throws IOException {
      Run run = ProtocolFiles.run("A", json("{\"q3\": [\"d5\", \"d2\"], \"q2\": []}"));
      assertThat(run.name()).isEqualTo("A");
      assertThat(run.asMap()).containsExactly(Map.entry("q3", List.of("d5", "d2")), Map.entry("q2", List.of()));
      assertThat(run.origin().locate("q3", 1)).isEqualTo(new Location("p.json", 1, 15, "$.q3[1]"));
    }

    @Test
    void should_name_only_the_file_for_a_path_it_does_not_have() throws IOException {
      Run run = ProtocolFiles.run("A", json("{\"q2\": []}"));
      assertThat(run.origin().locate("q4")).isEqualTo(Location.ofFile("p.json"));
    }

    @Test
    void should_reject_a_run_that_is_an_array() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.run("A", json("[\"d1\"]")))
          .withMessage("p.json:1:1: $: nonempty corpus and queries, mapping run required "
              + "(got an array; expected an object mapping query ID to a list of document IDs)");
    }

    @Test
    void should_reject_a_ranking_that_is_a_string() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.run("A", json("{\"q2\": \"d1\"}")))
          .withMessage("p.json:1:8: $.q2: ranking must be a list of document IDs (query \"q2\": got the string \"d1\")");
    }

    @Test
    void should_reject_a_ranked_item_that_is_not_a_string() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.run("A", json("{\"q2\": [\"d1\", 3]}")))
          .withMessage("p.json:1:15: $.q2[1]: ranking must be a list of document IDs (query \"q2\": got the integer 3; expected a string ID)");
    }
  }

  @Nested
  class ChunkFiles {
    @Test
    void should_read_a_chunk_run_and_a_mapping() throws IOException {
      Run run = ProtocolFiles.chunkRun("c", json("{\"q2\": [\"d3a\", \"d3b\"]}"));
      ChunkMapping mapping = ProtocolFiles.chunkMapping(json("{\"d3a\": \"d3\", \"d3b\": \"d3\"}"));
      assertThat(run.ranking("q2")).containsExactly("d3a", "d3b");
      assertThat(mapping.asMap()).containsExactly(Map.entry("d3a", "d3"), Map.entry("d3b", "d3"));
      assertThat(mapping.origin().locate("d3b")).isEqualTo(new Location("p.json", 1, 22, "$.d3b"));
    }

    @Test
    void should_reject_a_chunk_run_that_is_not_an_object() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.chunkRun("c", json("[]")))
          .withMessage("p.json:1:1: $: mapping and runs must be dictionaries "
              + "(got an array; expected an object mapping query ID to a list of chunk IDs)");
    }

    @Test
    void should_reject_a_chunk_ranking_that_is_not_a_list() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.chunkRun("c", json("{\"q2\": {}}")))
          .withMessage("p.json:1:8: $.q2: chunk ranking must be a list (query \"q2\": got an object)");
    }

    @Test
    void should_reject_a_chunk_that_is_not_a_string() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.chunkRun("c", json("{\"q2\": [null]}")))
          .withMessage("p.json:1:9: $.q2[0]: unknown or invalid chunk ID (query \"q2\": got null; expected a string ID)");
    }

    @Test
    void should_reject_a_mapping_that_is_not_an_object() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.chunkMapping(json("[[\"d3a\", \"d3\"]]")))
          .withMessage("p.json:1:1: $: mapping and runs must be dictionaries "
              + "(got an array; expected an object mapping chunk ID to document ID)");
    }

    @Test
    void should_reject_a_mapping_to_something_other_than_a_document_id() {
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> ProtocolFiles.chunkMapping(json("{\"d3a\": [\"d3\"]}")))
          .withMessage("p.json:1:9: $.d3a: chunk and document IDs must be strings (chunk \"d3a\": got an array; expected a document ID string)");
    }
  }

  @Nested
  class Reading {
    @Test
    void should_read_a_file_and_name_it_in_locations(@TempDir Path dir) throws IOException {
      Path file = dir.resolve("run.json");
      Files.writeString(file, "{\"q2\": []}", StandardCharsets.UTF_8);
      JsonValue v = ProtocolFiles.readJson(file.toString());
      assertThat(v.at("q2").location()).isEqualTo(new Location(file.toString(), 1, 8, "$.q2"));
    }

    @Test
    void should_report_a_missing_file_as_an_io_error(@TempDir Path dir) {
      String missing = dir.resolve("nope.json").toString();
      assertThatExceptionOfType(NoSuchFileException.class)
          .isThrownBy(() -> ProtocolFiles.readJson(missing))
          .withMessage(missing);
    }

    @Test
    void should_read_standard_input_for_a_dash() throws IOException {
      InputStream saved = System.in;
      try {
        System.setIn(new ByteArrayInputStream("[1]".getBytes(StandardCharsets.UTF_8)));
        assertThat(ProtocolFiles.readJson("-").at(0).location()).hasToString("-:1:2: $[0]");
      } finally {
        System.setIn(saved);
      }
    }

    @Test
    void should_read_a_gzipped_file_as_its_json_told_by_its_first_bytes(@TempDir Path dir) throws IOException {
      // GIVEN qrels.json.gz, a name that says JSON (as every reader that picks a format by name takes it)
      Path file = dir.resolve("qrels.json.gz");
      Files.write(file, dev.caliber.io.text.TestInputs.gzip("{\"q2\": {\"d1\": 1}}".getBytes(StandardCharsets.UTF_8)));
      // WHEN
      JsonValue v = ProtocolFiles.readJson(file.toString());
      // THEN decompressed, with locations in the decompressed text
      assertThat(v.at("q2").location()).isEqualTo(new Location(file.toString(), 1, 8, "$.q2"));
    }

    @Test
    void should_read_gzipped_standard_input_as_its_json() throws IOException {
      InputStream gz = new ByteArrayInputStream(dev.caliber.io.text.TestInputs.gzip("[1]".getBytes(StandardCharsets.UTF_8)));
      assertThat(ProtocolFiles.readJson("-", gz).at(0).location()).hasToString("-:1:2: $[0]");
    }

    @Test
    void should_leave_the_standard_input_it_is_given_open() throws IOException {
      // GIVEN a stream that records being closed
      boolean[] closed = {false};
      InputStream stdin = new ByteArrayInputStream("[1]".getBytes(StandardCharsets.UTF_8)) {
        @Override
        public void close() {
          closed[0] = true;
        }
      };
      // WHEN
      ProtocolFiles.readJson("-", stdin);
      // THEN its owner closes it
      assertThat(closed[0]).isFalse();
    }

    @Test
    void should_classify_only_caliber_input_exceptions_as_input_errors() {
      assertThat(ProtocolFiles.isInputError(new ProtocolViolationException("x"))).isTrue();
      assertThat(ProtocolFiles.isInputError(new InputSyntaxException(Location.NONE, "x", ""))).isTrue();
      assertThat(ProtocolFiles.isInputError(new IllegalStateException("x"))).isFalse();
      assertThat(ProtocolFiles.isInputError(new IOException("x"))).isFalse();
    }
  }
}
