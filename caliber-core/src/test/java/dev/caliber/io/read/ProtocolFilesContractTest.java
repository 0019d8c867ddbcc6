package dev.caliber.io.read;

import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.chunk.AdapterViolations;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.io.read.ProtocolFiles.ProtocolFile;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.testkit.SeedFiles;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readers of the seed's JSON shapes: the seed's words for shape errors it names, a syntax
 * error for the rest, and the file, line, column and JSON path of every bad value. The Python type
 * confusions of the seed's tests that JSON can carry (true for k, false for a label, a string for
 * a ranking) are refused here.
 */
class ProtocolFilesContractTest {
  private static final String MINIMAL = "{\"corpus\": {\"d1\": \"t\"}, \"queries\": {\"q1\": {\"split\": \"test\"}}, "
      + "\"qrels\": {\"q1\": {\"d1\": 1}}";

  @Test
  void a_protocol_file_may_fix_split_and_k_or_leave_them_open() {
    ProtocolFile open = ProtocolFiles.protocol(json("p.json", MINIMAL + "}"));
    assertThat(open.split()).isNull();
    assertThat(open.k()).isNull();
    assertThat(open.protocol().corpus().ids()).containsExactly("d1");
    ProtocolFile fixed = ProtocolFiles.protocol(json("p.json", MINIMAL + ", \"split\": \"dev\", \"k\": 10}"));
    assertThat(fixed.split()).isEqualTo("dev");
    assertThat(fixed.k()).isEqualTo(10);
  }

  @Test
  void a_protocol_file_has_exactly_the_known_fields() {
    assertThatRejected(() -> ProtocolFiles.protocol(json("p.json", "[]")))
        .isSyntaxError("wrong JSON type")
        .hasDetail("got an array; expected a protocol object with corpus, queries and qrels");
    assertThatRejected(() -> ProtocolFiles.protocol(json("p.json", MINIMAL + ", \"K\": 2}")))
        .isSyntaxError("unknown protocol field \"K\"")
        .hasDetail("expected only corpus, queries, qrels, split and k")
        .isAtPath("$.K");
    for (String missing : List.of("corpus", "queries", "qrels")) {
      String text = MINIMAL.replace("\"" + missing + "\"", "\"split\"") + "}";
      assertThatRejected(() -> ProtocolFiles.protocol(json("p.json", text)))
          .isSyntaxError("protocol field \"" + missing + "\" is missing")
          .isAt("p.json:1:1: $");
    }
  }

  @Test
  void the_split_of_a_protocol_file_is_a_non_empty_string() {
    assertThatRejected(() -> ProtocolFiles.protocol(json("p.json", MINIMAL + ", \"split\": \"\"}")))
        .isViolation(AdapterViolations.SPLIT).hasDetail("got the string \"\"");
    assertThatRejected(() -> ProtocolFiles.protocol(json("p.json", MINIMAL + ", \"split\": [\"test\"]}")))
        .isViolation(AdapterViolations.SPLIT).hasDetail("got an array");
    assertThatRejected(() -> ProtocolFiles.protocol(json("p.json", MINIMAL + ", \"k\": true}")))
        .isViolation(Violations.K).isAtPath("$.k");
  }

  @Test
  void k_is_a_json_integer_from_1_to_the_largest_int() {
    assertThat(ProtocolFiles.k(json("k", "1"))).isEqualTo(1);
    assertThat(ProtocolFiles.k(json("k", "1073741824"))).isEqualTo(1 << 30);
    assertThat(ProtocolFiles.k(json("k", "2147483647"))).isEqualTo(Integer.MAX_VALUE);
    assertThatRejected(() -> ProtocolFiles.k(json("k", "2147483648")))
        .isViolation(Violations.K).hasDetail("got the integer 2147483648; expected an integer >= 1");
    assertThatRejected(() -> ProtocolFiles.k(json("k", "0")))
        .isViolation(Violations.K).hasDetail("got the integer 0; expected an integer >= 1");
  }

  @Test
  void a_corpus_maps_ids_to_text_or_null() {
    Corpus corpus = ProtocolFiles.corpus(json("c.json", "{\"d1\": \"text\", \"d2\": null}"));
    assertThat(corpus.text("d1")).contains("text");
    assertThat(corpus.text("d2")).isEmpty();
    assertThat(corpus.contains("d2")).isTrue();
    assertThatRejected(() -> ProtocolFiles.corpus(json("c.json", "{\"d1\": 1}")))
        .isSyntaxError("document text must be a string or null").hasDetail("got the integer 1").isAtPath("$.d1");
  }

  @Test
  void queries_have_a_split_and_maybe_a_text_and_nothing_else() {
    Queries queries = ProtocolFiles.queries(json("q.json", "{\"q1\": {\"split\": \"dev\"}, \"q2\": {\"text\": \"t\", \"split\": \"test\"}}"));
    assertThat(queries.get("q1")).isEqualTo(new Query(null, "dev"));
    assertThat(queries.get("q2")).isEqualTo(new Query("t", "test"));
    assertThatRejected(() -> ProtocolFiles.queries(json("q.json", "{\"q2\": [\"test\"]}")))
        .isViolation(AdapterViolations.QUERY_IDS)
        .hasDetail("got an array; expected an object {\"text\": ..., \"split\": ...}");
    assertThatRejected(() -> ProtocolFiles.queries(json("q.json", "{\"q2\": {\"split\": \"test\", \"lang\": \"zh\"}}")))
        .isSyntaxError("unknown query field \"lang\"").hasDetail("expected only text and split").isAtPath("$.q2.lang");
    assertThatRejected(() -> ProtocolFiles.queries(json("q.json", "{\"q2\": {\"text\": \"t\"}}")))
        .isViolation(AdapterViolations.QUERY_SPLIT).hasDetail("query \"q2\": got no split").isAtPath("$.q2");
    assertThatRejected(() -> ProtocolFiles.queries(json("q.json", "{\"q2\": {\"split\": 1}}")))
        .isViolation(AdapterViolations.QUERY_SPLIT).hasDetail("query \"q2\": got the integer 1").isAtPath("$.q2.split");
    assertThatRejected(() -> ProtocolFiles.queries(json("q.json", "{\"q2\": {\"split\": \"\"}}")))
        .isViolation(AdapterViolations.QUERY_SPLIT).hasDetail("query \"q2\": got the string \"\"");
    assertThatRejected(() -> ProtocolFiles.queries(json("q.json", "{\"q2\": {\"split\": \"test\", \"text\": null}}")))
        .isSyntaxError("query text must be a string").hasDetail("got null").isAtPath("$.q2.text");
  }

  @Test
  void graded_qrels_refuse_a_label_that_is_no_integer_in_their_own_words() {
    assertThat(ProtocolFiles.gradedQrels(json("r.json", "{\"q1\": {\"d1\": 3, \"d2\": -1}}")).row("q1"))
        .containsEntry("d1", 3).containsEntry("d2", -1);
    assertThatRejected(() -> ProtocolFiles.gradedQrels(json("r.json", "{\"q1\": {\"d1\": 2.5}}")))
        .isViolation(ProtocolFiles.INTEGER_LABELS)
        .hasDetail("query \"q1\", document \"d1\": got the number 2.5; expected an integer from -2147483648 to 2147483647,"
            + " such as 1, 0 or -3")
        .isAtPath("$.q1.d1");
    assertThatRejected(() -> ProtocolFiles.gradedQrels(json("r.json", "{\"q1\": {\"d1\": \"1\"}}")))
        .isViolation(ProtocolFiles.INTEGER_LABELS);
    // The seed's reader keeps the seed's words for the same label.
    assertThatRejected(() -> ProtocolFiles.qrels(json("r.json", "{\"q1\": {\"d1\": 2.5}}")))
        .isViolation(Violations.LABELS).hasDetail("query \"q1\", document \"d1\": got the number 2.5");
  }

  @Test
  void qrels_rows_are_objects_of_integer_labels() {
    assertThat(ProtocolFiles.qrels(json("r.json", "{\"q1\": {\"d1\": 1073741824}}")).row("q1")).containsEntry("d1", 1 << 30);
    assertThat(ProtocolFiles.qrels(json("r.json", "{\"q1\": {\"d1\": -2147483648}}")).row("q1")).containsEntry("d1", Integer.MIN_VALUE);
    assertThatRejected(() -> ProtocolFiles.qrels(json("r.json", "{\"q1\": {\"d1\": 2147483648}}")))
        .isViolation(Violations.LABELS).hasDetail("query \"q1\", document \"d1\": got the integer 2147483648");
    assertThatRejected(() -> ProtocolFiles.qrels(json("r.json", "{\"q1\": {\"d1\": false}}")))
        .isViolation(Violations.LABELS).hasDetail("query \"q1\", document \"d1\": got the boolean false");
    assertThatRejected(() -> ProtocolFiles.qrels(json("r.json", "{\"q1\": [1]}")))
        .isSyntaxError("wrong JSON type")
        .hasDetail("got an array; expected an object mapping document ID to an integer label")
        .isAtPath("$.q1");
    assertThatRejected(() -> ProtocolFiles.qrels(json("r.json", "[]")))
        .isSyntaxError("wrong JSON type")
        .hasDetail("got an array; expected an object mapping query ID to {document ID: label}");
  }

  @Test
  void a_run_maps_queries_to_lists_of_document_id_strings() {
    // the seed's evaluator: "ranking must be a list of document IDs"
    for (String ranking : List.of("\"d3\"", "{\"d3\": 1}", "null")) {
      assertThatRejected(() -> ProtocolFiles.run("run", json("run.json", "{\"q2\": " + ranking + "}")))
          .isViolation(Violations.RANKING_SHAPE).isAtPath("$.q2");
    }
    for (String items : List.of("[[\"d3\"]]", "[true]", "[1]", "[null]")) {
      assertThatRejected(() -> ProtocolFiles.run("run", json("run.json", "{\"q2\": " + items + "}")))
          .isViolation(Violations.RANKING_SHAPE).isAtPath("$.q2[0]");
    }
    assertThatRejected(() -> ProtocolFiles.run("run", json("run.json", "{\"q2\": [\"d3\", 4]}")))
        .hasDetail("query \"q2\": got the integer 4; expected a string ID");
    assertThatRejected(() -> ProtocolFiles.run("run", json("run.json", "[\"d3\"]")))
        .isViolation(Violations.NONEMPTY)
        .hasDetail("got an array; expected an object mapping query ID to a list of document IDs");
    assertThat(ProtocolFiles.run("mine", json("run.json", "{\"q2\": [\"d3\"], \"q3\": []}")).name()).isEqualTo("mine");
  }

  @Test
  void chunk_files_use_the_adapters_words() {
    assertThatRejected(() -> ProtocolFiles.chunkRun("run", json("c.json", "[]")))
        .isViolation(AdapterViolations.SHAPES)
        .hasDetail("got an array; expected an object mapping query ID to a list of chunk IDs");
    assertThatRejected(() -> ProtocolFiles.chunkRun("run", json("c.json", "{\"q2\": \"d3a\"}")))
        .isViolation(AdapterViolations.RANKING_SHAPE).hasDetail("query \"q2\": got the string \"d3a\"");
    assertThatRejected(() -> ProtocolFiles.chunkMapping(json("m.json", "[]")))
        .isViolation(AdapterViolations.SHAPES)
        .hasDetail("got an array; expected an object mapping chunk ID to document ID");
    assertThatRejected(() -> ProtocolFiles.chunkMapping(json("m.json", "{\"x\": 3}")))
        .isViolation(AdapterViolations.MAPPING_IDS)
        .hasDetail("chunk \"x\": got the integer 3; expected a document ID string");
  }

  @Test
  void origins_locate_values_and_fall_back_to_the_file() {
    JsonValue root = json("run.json", "{\"q2\": [\"d3\"]}");
    Origin origin = ProtocolFiles.originOf(root);
    assertThat(origin.locate("q2", 0)).hasToString("run.json:1:9: $.q2[0]");
    assertThat(origin.locate("q9")).isEqualTo(Location.ofFile("run.json"));
    assertThat(ProtocolFiles.originOf(json("", "{}")).locate("q9")).isEqualTo(Location.NONE);
  }

  @Test
  void read_json_reads_a_file_or_standard_input() throws Exception {
    JsonValue file = ProtocolFiles.readJson(SeedFiles.example("runs/fixture_A.json").toString());
    assertThat(file.members().keySet()).containsExactly("q2", "q3", "q5");
    assertThat(file.location().source()).endsWith("fixture_A.json");
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream("{\"q2\": []}".getBytes(StandardCharsets.UTF_8)));
      JsonValue fromStdin = ProtocolFiles.readJson("-");
      assertThat(fromStdin.members().keySet()).containsExactly("q2");
      assertThat(fromStdin.location().source()).isEqualTo("-");
    } finally {
      System.setIn(stdin);
    }
    assertThatThrownBy(() -> ProtocolFiles.readJson(SeedFiles.example("no-such-file.json").toString()))
        .isInstanceOf(java.nio.file.NoSuchFileException.class);
  }

  @Test
  void input_errors_are_told_apart_from_bugs() {
    assertThat(ProtocolFiles.isInputError(new ProtocolViolationException("x"))).isTrue();
    assertThat(ProtocolFiles.isInputError(new InputSyntaxException(Location.NONE, "x", ""))).isTrue();
    assertThat(ProtocolFiles.isInputError(new IllegalStateException("x"))).isFalse();
  }
}
