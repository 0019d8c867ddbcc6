package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link BeirReader} on the folder layout (which files in qrels/ are splits) and on the rows of
 * queries.jsonl and the qrels TSV that {@link BeirReaderTest} does not cover, each error with its
 * exact file:line message.
 */
class BeirReaderLayoutTest extends BeirFolderFixture {
  private static final String CORPUS = "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"two\"}\n";
  private static final String QUERIES = "{\"_id\": \"q1\", \"text\": \"first\"}\n{\"_id\": \"q2\", \"text\": \"second\"}\n";
  private static final String HEADER = "query-id\tcorpus-id\tscore\n";

  @BeforeEach
  void writeValidFolder() throws IOException {
    write("corpus.jsonl", CORPUS);
    write("queries.jsonl", QUERIES);
    write("qrels/test.tsv", HEADER + "q1\td1\t1\n");
  }

  @Test
  void should_take_as_splits_only_regular_files_named_something_dot_tsv_or_tsv_gz() throws IOException {
    // GIVEN other files and folders in qrels/, which are not splits
    write("qrels/README.md", "not a split");
    write("qrels/.tsv", "no split name");
    write("qrels/.tsv.gz", "no split name");
    write("qrels/test.tsv.bak", "a backup");
    Files.createDirectories(dir.resolve("qrels/folder.tsv"));
    write("qrels/dev.tsv.gz", gzip(utf8(HEADER + "q2\td2\t1\n")));
    // WHEN / THEN
    assertThat(message("nope")).isEqualTo(file("qrels")
        + ": no qrels file for split \"nope\" (expected qrels/nope.tsv; the folder has splits [dev, test])");
    assertThat(BeirReader.read(dir, "dev").qrels().asMap()).containsExactly(Map.entry("q2", Map.of("d2", 1)));
    assertThat(BeirReader.read(dir, "test").queries().get("q2").split()).isEqualTo("dev");
  }

  @Test
  void should_list_a_folder_s_splits_by_their_qrels_files_in_name_order() throws IOException {
    // GIVEN test.tsv, a gzip split and files that are not splits
    write("qrels/train.tsv.gz", gzip(utf8(HEADER)));
    write("qrels/dev.tsv", HEADER);
    write("qrels/notes.txt", "not a split");
    // WHEN / THEN
    assertThat(BeirReader.splits(dir)).containsExactly("dev", "test", "train");
  }

  @Test
  void should_name_a_missing_folder_or_a_file_when_listing_splits() throws IOException {
    assertThatThrownBy(() -> BeirReader.splits(dir.resolve("absent"))).isInstanceOf(java.nio.file.NoSuchFileException.class)
        .hasMessage(dir.resolve("absent").toString());
    assertThatThrownBy(() -> BeirReader.splits(dir.resolve("corpus.jsonl"))).isInstanceOf(java.nio.file.FileSystemException.class)
        .hasMessageContaining("is a file, not a BEIR dataset folder");
    // an empty path would be the working directory: refused, not read
    assertThatThrownBy(() -> BeirReader.splits(Path.of(""))).isInstanceOf(java.nio.file.FileSystemException.class)
        .satisfies(e -> assertThat(((java.nio.file.FileSystemException) e).getFile()).isEmpty());
    assertThatThrownBy(() -> BeirReader.readAll(Path.of(""), dev.caliber.io.InputLimits.DEFAULT))
        .isInstanceOf(java.nio.file.FileSystemException.class);
  }

  @Test
  void should_reject_a_folder_without_qrels_folder() throws IOException {
    Files.delete(dir.resolve("qrels/test.tsv"));
    Files.delete(dir.resolve("qrels"));
    write("qrels", "a file, not a folder");
    assertThat(message("test")).isEqualTo(dir + ": missing BEIR file (no qrels folder; expected qrels/<split>.tsv)");
  }

  @Test
  void should_reject_a_qrels_folder_without_a_qrels_file_whatever_the_split() throws IOException {
    Files.delete(dir.resolve("qrels/test.tsv"));
    write("qrels/README.txt", "not judgments");
    String expected = file("qrels") + ": missing BEIR file (no qrels file in the qrels folder; expected qrels/<split>.tsv,"
        + " such as qrels/test.tsv)";
    assertThat(message("test")).isEqualTo(expected);
    assertThatThrownBy(() -> BeirReader.splits(dir)).hasMessage(expected);
  }

  @Test
  void should_reject_a_split_named_like_the_unjudged_queries() throws IOException {
    write("qrels/unjudged.tsv", HEADER + "q2\td1\t1\n");
    assertThat(message("test")).isEqualTo(file("qrels/unjudged.tsv")
        + ": reserved split name (\"unjudged\" names the queries no qrels file judges; expected another file name)");
  }

  @Test
  void should_reject_a_split_given_both_plain_and_gzipped() throws IOException {
    write("qrels/test.tsv.gz", gzip(utf8(HEADER + "q1\td1\t1\n")));
    assertThat(message("test")).isEqualTo(file("qrels")
        + ": ambiguous BEIR file (both test.tsv and test.tsv.gz exist; expected one per split)");
  }

  @Test
  void should_read_gzipped_queries() throws IOException {
    Files.delete(dir.resolve("queries.jsonl"));
    write("queries.jsonl.gz", gzip(utf8(QUERIES)));
    assertThat(BeirReader.read(dir, "test").queries().asMap()).containsOnlyKeys("q1", "q2");
  }

  @Test
  void should_reject_queries_with_unknown_fields_empty_ids_or_no_text() throws IOException {
    write("queries.jsonl", "{\"_id\": \"q1\", \"text\": \"t\", \"title\": \"x\"}\n");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ":1:37: $.title: unknown query field \"title\""
        + " (expected only _id, text and metadata)");
    write("queries.jsonl", "{\"_id\": \"\", \"text\": \"t\"}\n");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ":1:9: $._id: query ID must be a non-empty string"
        + " (got the string \"\")");
    write("queries.jsonl", "{\"_id\": \"q1\"}\n");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ":1:1: $: query text is missing"
        + " (expected a string member \"text\")");
    write("queries.jsonl", "{\"_id\": \"q1\", \"text\": \"t\", \"metadata\": {}}\n");
    assertThat(BeirReader.read(dir, "test").queries().asMap()).containsOnlyKeys("q1");
  }

  @Test
  void should_reject_an_empty_queries_file() throws IOException {
    write("queries.jsonl", "");
    assertThat(message("test")).isEqualTo(file("queries.jsonl") + ": no queries (expected one JSON object per line)");
  }

  @Test
  void should_name_the_line_of_the_earlier_record_a_repeated_id_repeats() throws IOException {
    write("corpus.jsonl", CORPUS + "{\"_id\": \"d3\", \"text\": \"three\"}\n{\"_id\": \"d2\", \"text\": \"again\"}\n");
    assertThat(message("test")).isEqualTo(file("corpus.jsonl") + ":4:9: $._id: duplicate document ID (\"d2\" on line 4"
        + " repeats line 2; expected each _id once)");
  }

  @Test
  void should_reject_a_header_with_more_than_the_three_columns() throws IOException {
    write("qrels/test.tsv", "query-id\tcorpus-id\tscore\textra\nq1\td1\t1\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv") + ":1: missing or wrong qrels header"
        + " (got \"query-id\\tcorpus-id\\tscore\\textra\"; expected \"query-id\\tcorpus-id\\tscore\")");
    write("qrels/test.tsv", "query-id\tcorpus-id\tscor\nq1\td1\t1\n");
    assertThat(message("test")).startsWith(file("qrels/test.tsv") + ":1: missing or wrong qrels header");
  }

  @Test
  void should_reject_rows_with_an_empty_query_id_an_empty_score_or_four_columns() throws IOException {
    write("qrels/test.tsv", HEADER + "q1\td1\t1\n\td1\t1\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv") + ":3: query-id is empty (expected an ID)");
    write("qrels/test.tsv", HEADER + "q1\td1\t\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ":2: score must be an integer (got \"\"; expected an optional sign and digits, such as 1, 0 or -3)");
    write("qrels/test.tsv", HEADER + "q1\td1\t1\t0\n");
    assertThat(message("test")).isEqualTo(file("qrels/test.tsv")
        + ":2: wrong number of columns (found 4 tab-separated columns; expected 3 (query-id, corpus-id, score))");
  }

  @Test
  void should_gather_the_judgments_of_a_query_whose_rows_are_not_consecutive() throws IOException {
    // GIVEN q1, q2, then q1 again
    write("qrels/test.tsv", HEADER + "q1\td1\t1\nq2\td1\t2\nq1\td2\t0\n");
    // WHEN
    var qrels = BeirReader.read(dir, "test").qrels();
    // THEN
    assertThat(qrels.asMap()).containsExactly(Map.entry("q1", Map.of("d1", 1, "d2", 0)), Map.entry("q2", Map.of("d1", 2)));
    assertThat(List.copyOf(qrels.row("q1").keySet())).containsExactly("d1", "d2");
    assertThat(qrels.origin().locate("q1", "d2")).isEqualTo(Location.ofLine(file("qrels/test.tsv"), 4));
    // and a repeat across the gap is still a repeat
    write("qrels/test.tsv", HEADER + "q1\td1\t1\nq2\td1\t2\nq1\td1\t1\n");
    assertThatThrownBy(() -> BeirReader.read(dir, "test"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(file("qrels/test.tsv") + ":4: duplicate qrels entry (query \"q1\", document \"d1\": line 4 repeats"
            + " line 2 (label 1); expected one judgment per pair)");
  }

  @Test
  void should_read_documents_longer_than_the_default_line_limit() throws IOException {
    // GIVEN a document line of 1.5 MiB, above InputLimits.DEFAULT's line limit but within its forDocuments()
    String text = "w ".repeat(3 << 18);
    write("corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"" + text + "\"}\n");
    // THEN
    assertThat(BeirReader.read(dir, "test").corpus().text("d1")).contains(text);
    // and a line limit 64 times smaller than the document refuses it, at its line, naming the limit
    assertThatThrownBy(() -> BeirReader.read(dir, "test", InputLimits.DEFAULT.withMaxLineBytes(1 << 14)))
        .isInstanceOf(CaliberInputException.class)
        .hasMessage(file("corpus.jsonl") + ":1: line too long (more than 1048576 bytes; expected at most 1048576 (the line limit);"
            + " to accept longer lines, raise the line limit)");
  }

  @Test
  void should_report_a_missing_folder_as_a_missing_path_not_as_a_bad_dataset() throws IOException {
    Path missing = dir.resolve("no-such-folder");
    assertThatThrownBy(() -> BeirReader.read(missing, "test")).isInstanceOf(java.nio.file.NoSuchFileException.class)
        .hasMessage(missing.toString());
    Path file = Files.writeString(dir.resolve("corpus.txt"), "not a folder");
    assertThatThrownBy(() -> BeirReader.read(file, "test")).isInstanceOfSatisfying(java.nio.file.FileSystemException.class,
        e -> assertThat(e.getReason()).isEqualTo("is a file, not a BEIR dataset folder"));
  }
}
