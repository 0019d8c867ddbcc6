package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Query;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BeirReaderTest extends BeirFolderFixture {
  private static final String CORPUS = "{\"_id\": \"d1\", \"title\": \"T1\", \"text\": \"one\"}\n"
      + "{\"_id\": \"d2\", \"text\": \"two\", \"metadata\": {\"url\": \"x\"}}\n";
  private static final String QUERIES = "{\"_id\": \"q1\", \"text\": \"first\"}\n"
      + "{\"_id\": \"q2\", \"text\": \"second\"}\n"
      + "{\"_id\": \"q3\", \"text\": \"third\"}\n";
  private static final String HEADER = "query-id\tcorpus-id\tscore\n";

  @BeforeEach
  void writeValidFolder() throws IOException {
    write("corpus.jsonl", CORPUS);
    write("queries.jsonl", QUERIES);
    write("qrels/test.tsv", HEADER + "q1\td1\t1\nq1\td2\t0\n");
  }

  @Test
  void should_read_corpus_queries_and_the_requested_split() throws IOException {
    // WHEN
    BeirDataset data = BeirReader.read(dir, "test");
    // THEN the text is the text field alone, and titles are kept apart
    assertThat(data.corpus().asMap()).containsExactly(Map.entry("d1", "one"), Map.entry("d2", "two"));
    assertThat(data.titles()).containsExactly(Map.entry("d1", "T1"));
    assertThat(data.queries().asMap()).containsExactly(
        Map.entry("q1", new Query("first", "test")),
        Map.entry("q2", new Query("second", BeirReader.UNJUDGED)),
        Map.entry("q3", new Query("third", BeirReader.UNJUDGED)));
    assertThat(data.qrels().asMap()).containsExactly(Map.entry("q1", Map.of("d1", 1, "d2", 0)));
    assertThat(data.protocol().corpus()).isSameAs(data.corpus());
  }

  @Test
  void should_locate_documents_queries_and_judgments_at_their_lines() throws IOException {
    BeirDataset data = BeirReader.read(dir, "test");
    assertThat(data.corpus().origin().locate("d2")).isEqualTo(Location.ofLine(file("corpus.jsonl"), 2));
    assertThat(data.queries().origin().locate("q3", "split")).isEqualTo(Location.ofLine(file("queries.jsonl"), 3));
    assertThat(data.qrels().origin().locate("q1", "d2")).isEqualTo(Location.ofLine(file("qrels/test.tsv"), 3));
    assertThat(data.corpus().origin().locate("nope")).isEqualTo(Location.ofFile(file("corpus.jsonl")));
  }

  @Test
  void should_give_each_query_the_split_of_the_qrels_file_that_judges_it_the_requested_one_first()
      throws IOException {
    // GIVEN q1 judged in test and dev, q2 in train and dev
    write("qrels/dev.tsv", HEADER + "q1\td1\t1\nq2\td1\t1\n");
    write("qrels/train.tsv", HEADER + "q2\td2\t1\n");
    // WHEN / THEN
    Map<String, Query> test = BeirReader.read(dir, "test").queries().asMap();
    assertThat(test.get("q1").split()).isEqualTo("test");
    assertThat(test.get("q2").split()).as("first other file in name order").isEqualTo("dev");
    assertThat(test.get("q3").split()).isEqualTo(BeirReader.UNJUDGED);
    BeirDataset dev = BeirReader.read(dir, "dev");
    assertThat(dev.queries().inSplit("dev")).containsExactly("q1", "q2");
    assertThat(dev.qrels().asMap()).containsOnlyKeys("q1", "q2");
    assertThat(BeirReader.read(dir, "train").queries().get("q2").split()).isEqualTo("train");
  }

  @Test
  void should_read_gzipped_files() throws IOException {
    Files.delete(dir.resolve("corpus.jsonl"));
    Files.delete(dir.resolve("qrels/test.tsv"));
    write("corpus.jsonl.gz", gzip(utf8(CORPUS)));
    write("qrels/test.tsv.gz", gzip(utf8(HEADER + "q1\td1\t2\n")));
    BeirDataset data = BeirReader.read(dir, "test");
    assertThat(data.corpus().size()).isEqualTo(2);
    assertThat(data.qrels().row("q1")).containsEntry("d1", 2);
  }

  @Test
  void should_reject_a_folder_with_both_plain_and_gzipped_files() throws IOException {
    write("corpus.jsonl.gz", gzip(utf8(CORPUS)));
    assertThat(message("test")).isEqualTo(dir + ": ambiguous BEIR file (both corpus.jsonl and corpus.jsonl.gz exist; expected one)");
  }

  @Test
  void should_reject_a_folder_without_corpus_queries_or_qrels() throws IOException {
    Files.delete(dir.resolve("queries.jsonl"));
    assertThat(message("test")).isEqualTo(dir + ": missing BEIR file (no queries.jsonl or queries.jsonl.gz;"
        + " expected a BEIR dataset folder (corpus.jsonl, queries.jsonl, qrels/))");
  }

  @Test
  void should_reject_a_split_without_qrels_file_listing_the_splits() {
    assertThat(message("dev")).isEqualTo(file("qrels")
        + ": no qrels file for split \"dev\" (expected qrels/dev.tsv; the folder has splits [test])");
  }

  @Test
  void should_reject_a_missing_or_different_qrels_header() throws IOException {
    write("qrels/test.tsv", "q1\td1\t1\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ":1: missing or wrong qrels header (got \"q1\\td1\\t1\"; expected \"query-id\\tcorpus-id\\tscore\")");
    write("qrels/test.tsv", "query-id corpus-id score\nq1\td1\t1\n");
    assertThat(message("test")).startsWith(file("qrels/test.tsv") + ":1: missing or wrong qrels header");
    write("qrels/test.tsv", "");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ": missing or wrong qrels header (got an empty file; expected \"query-id\\tcorpus-id\\tscore\")");
  }

  @Test
  void should_reject_malformed_qrels_rows() throws IOException {
    write("qrels/test.tsv", HEADER + "q1\td1\t1\nq1 d2 1\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ":3: wrong number of columns (found 1 tab-separated columns; expected 3 (query-id, corpus-id, score))");
    write("qrels/test.tsv", HEADER + "q1\td1\t1.0\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ":2: score must be an integer (got \"1.0\"; expected an optional sign and digits, such as 1, 0 or -3)");
    write("qrels/test.tsv", HEADER + "q1\t\t1\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv") + ":2: corpus-id is empty (expected an ID)");
    write("qrels/test.tsv", HEADER + "q1\td1\t1\n\n");
    assertThat(message("test")).startsWith(file("qrels/test.tsv") + ":3: blank line");
    write("qrels/test.tsv", HEADER);
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ": no judgments (expected lines \"query-id<TAB>corpus-id<TAB>score\" after the header)");
  }

  @Test
  void should_reject_a_judgment_given_twice_naming_both_lines() throws IOException {
    write("qrels/test.tsv", HEADER + "q1\td1\t1\nq1\td1\t2\n");
    assertThatThrownBy(() -> BeirReader.read(dir, "test"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(file("qrels/test.tsv") + ":3: conflicting qrels entry (query \"q1\", document \"d1\": label 2 on line 3,"
            + " label 1 on line 2; expected one judgment per pair)");
  }

  @Test
  void should_reject_a_judged_query_missing_from_the_queries_file_in_any_qrels_file() throws IOException {
    write("qrels/train.tsv", HEADER + "q9\td1\t1\n");
    assertThatThrownBy(() -> BeirReader.read(dir, "test"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(file("qrels/train.tsv") + ":2: judged query not in queries file (query \"q9\"; expected a query _id of "
            + file("queries.jsonl") + ")");
  }

  @Test
  void should_reject_a_repeated_id_naming_both_lines() throws IOException {
    write("corpus.jsonl", CORPUS + "{\"_id\": \"d1\", \"text\": \"again\"}\n");
    assertThatThrownBy(() -> BeirReader.read(dir, "test"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(file("corpus.jsonl") + ":3:9: $._id: duplicate document ID (\"d1\" on line 3 repeats line 1;"
            + " expected each _id once)");
    write("corpus.jsonl", CORPUS);
    write("queries.jsonl", QUERIES + "{\"_id\": \"q2\", \"text\": \"again\"}\n");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ":4:9: $._id: duplicate query ID (\"q2\" on line 4"
        + " repeats line 2; expected each _id once)");
  }

  @Test
  void should_report_json_syntax_errors_at_the_line_of_the_file() throws IOException {
    write("corpus.jsonl", CORPUS + "{\"_id\": \"d3\", \"text\": \"x\",}\n");
    assertThatThrownBy(() -> BeirReader.read(dir, "test"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith(file("corpus.jsonl") + ":3:");
  }

  @Test
  void should_reject_records_of_the_wrong_shape_naming_the_json_path() throws IOException {
    write("corpus.jsonl", "{\"_id\": \"d1\"}\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":1:1: $: document text is missing"
        + " (expected a string member \"text\")");
    write("corpus.jsonl", "{\"_id\": \"d1\", \"text\": null}\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":1:23: $.text: document text must be a string (got null)");
    write("corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"t\", \"title\": 5}\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":1:37: $.title: document title must be a string"
        + " (got the integer 5)");
    write("corpus.jsonl", "{\"_id\": 1, \"text\": \"t\"}\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":1:9: $._id: document ID must be a non-empty string"
        + " (got the integer 1)");
    write("corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"t\", \"body\": \"b\"}\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":1:36: $.body: unknown corpus field \"body\""
        + " (expected only _id, title, text and metadata)");
    write("corpus.jsonl", "[\"d1\", \"t\"]\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":1:1: $: wrong JSON type (got an array;"
        + " expected a document {\"_id\": ..., \"title\": ..., \"text\": ...})");
    write("corpus.jsonl", CORPUS);
    write("queries.jsonl", "{\"text\": \"no id\"}\n");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ":1:1: $: query field \"_id\" is missing"
        + " (expected a non-empty string ID)");
  }

  @Test
  void should_reject_blank_lines_and_empty_files() throws IOException {
    write("queries.jsonl", QUERIES + "\n");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ":4: blank line (expected a query {\"_id\": ...,"
        + " \"text\": ...}; only the line end after the last line may be empty)");
    write("queries.jsonl", QUERIES);
    write("corpus.jsonl", "");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ": no documents (expected one JSON object per line)");
  }

  @Test
  void should_read_the_cacm_collection_in_beir_layout() throws IOException {
    // GIVEN CACM converted to BEIR: 3,204 documents (gzip), 64 queries, 52 judged in test.tsv
    Path folder = TestData.path("cacm/beir-format");
    // WHEN
    BeirDataset data = BeirReader.read(folder, "test");
    // THEN
    assertThat(data.corpus().size()).isEqualTo(3204);
    assertThat(data.titles()).hasSize(3204);
    assertThat(data.corpus().text("CACM-0001")).get().asString().startsWith("CACM December, 1958 Perlis");
    assertThat(data.titles().get("CACM-0001")).isEqualTo("Preliminary Report-International Algebraic Language");
    assertThat(data.queries().size()).isEqualTo(64);
    assertThat(data.queries().inSplit("test")).hasSize(52);
    assertThat(data.queries().inSplit(BeirReader.UNJUDGED)).hasSize(12);
    assertThat(data.qrels().asMap().values().stream().mapToInt(Map::size).sum()).isEqualTo(796);
    assertThat(data.corpus().origin().locate("CACM-3204")).isEqualTo(Location.ofLine(folder.resolve("corpus.jsonl.gz").toString(), 3204));
  }

  @Test
  void should_agree_with_the_trec_qrels_of_the_same_collection() throws IOException {
    Qrels beir = BeirReader.read(TestData.path("cacm/beir-format"), "test").qrels();
    Qrels trec = TrecQrelsReader.read(TestData.path("cacm/qrels.cacm.txt"));
    assertThat(beir.asMap()).isEqualTo(trec.asMap());
  }
}
