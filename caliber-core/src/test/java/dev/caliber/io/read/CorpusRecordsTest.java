package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A corpus read one record at a time, in either form, told by the first record. */
class CorpusRecordsTest {
  @TempDir Path dir;

  private Path write(String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, bytes);
    return p;
  }

  /** Every record as "id|title|text". */
  private static List<String> read(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (CorpusRecords r = CorpusRecords.open(file, InputLimits.DEFAULT)) {
      while (r.next()) {
        out.add(r.id() + "|" + r.title() + "|" + r.text() + "|" + r.form() + "@" + r.lineNumber());
      }
    }
    return out;
  }

  private static String message(Path file) {
    return assertThatThrownBy(() -> read(file)).actual().getMessage();
  }

  @Test
  void should_read_beir_records_with_their_titles_and_anserini_records_with_their_contents() throws IOException {
    Path beir = write("corpus.jsonl", utf8("{\"_id\": \"d1\", \"title\": \"T\", \"text\": \"one\"}\n"
        + "{\"_id\": \"d2\", \"text\": \"two\", \"metadata\": {}}\n"));
    Path contents = write("docs.jsonl", utf8("{\"id\": \"CACM-1\", \"contents\": \"one\"}\n{\"id\": \"CACM-2\", \"contents\": \"\"}\n"));
    assertThat(read(beir)).containsExactly("d1|T|one|BEIR@1", "d2|null|two|BEIR@2");
    assertThat(read(contents)).containsExactly("CACM-1|null|one|CONTENTS@1", "CACM-2|null||CONTENTS@2");
  }

  @Test
  void should_hash_the_file_as_stored_and_count_its_bytes() throws Exception {
    // GIVEN a gzipped corpus
    byte[] stored = gzip(utf8("{\"id\": \"a\", \"contents\": \"x\"}\n"));
    Path file = write("docs.jsonl.gz", stored);
    // WHEN every record is read
    try (CorpusRecords r = CorpusRecords.open(file, InputLimits.DEFAULT)) {
      assertThatThrownBy(r::sha256).isInstanceOf(IllegalStateException.class);
      while (r.next()) {
        assertThat(r.text()).isEqualTo("x");
      }
      // THEN the digest is of the compressed bytes, all of them
      assertThat(r.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(stored)));
      assertThat(r.bytesRead()).isEqualTo(stored.length);
    }
  }

  @Test
  void should_hold_every_record_to_the_form_of_the_first() throws IOException {
    Path mixed = write("mixed.jsonl", utf8("{\"id\": \"a\", \"contents\": \"x\"}\n{\"_id\": \"b\", \"text\": \"y\"}\n"));
    assertThat(message(mixed)).isEqualTo(mixed + ":2:9: $._id: unknown corpus field \"_id\" (expected only id and contents"
        + " (the form of the first line))");
    Path extra = write("extra.jsonl", utf8("{\"id\": \"a\", \"contents\": \"x\", \"title\": \"t\"}\n"));
    assertThat(message(extra)).isEqualTo(extra + ":1:39: $.title: unknown corpus field \"title\" (expected only id and contents)");
  }

  @Test
  void should_name_the_line_of_a_missing_id_a_text_of_another_type_and_a_blank_line() throws IOException {
    Path noId = write("a.jsonl", utf8("{\"contents\": \"x\"}\n"));
    assertThat(message(noId)).isEqualTo(noId + ":1:1: $: document field \"id\" is missing (expected a non-empty string ID)");
    Path noBeirId = write("a2.jsonl", utf8("{\"text\": \"x\"}\n"));
    assertThat(message(noBeirId)).isEqualTo(noBeirId + ":1:1: $: document field \"_id\" is missing (expected a non-empty string ID)");
    Path number = write("b.jsonl", utf8("{\"id\": \"a\", \"contents\": 5}\n"));
    assertThat(message(number)).isEqualTo(number + ":1:25: $.contents: document contents must be a string (got the integer 5)");
    Path blank = write("c.jsonl", utf8("{\"id\": \"a\", \"contents\": \"x\"}\n\n"));
    assertThat(message(blank)).isEqualTo(blank + ":2: blank line (expected a document {\"id\": ..., \"contents\": ...};"
        + " only the line end after the last line may be empty)");
    Path array = write("d.jsonl", utf8("[1]\n"));
    assertThat(message(array)).startsWith(array + ":1:1: $: wrong JSON type (got ");
    Path empty = write("e.jsonl", new byte[0]);
    assertThatThrownBy(() -> read(empty)).isInstanceOf(InputSyntaxException.class)
        .hasMessage(empty + ": no documents (expected one JSON object per line)");
  }

  @Test
  void should_name_both_lines_of_an_id_given_twice() throws IOException {
    Path twice = write("t.jsonl", utf8("{\"id\": \"a\", \"contents\": \"x\"}\n{\"id\": \"b\", \"contents\": \"y\"}\n"
        + "{\"id\": \"a\", \"contents\": \"z\"}\n"));
    assertThatThrownBy(() -> read(twice)).isInstanceOf(ProtocolViolationException.class)
        .hasMessage(twice + ":3:8: $.id: duplicate document ID (\"a\" on line 3 repeats line 1; expected each id once)");
  }
}
