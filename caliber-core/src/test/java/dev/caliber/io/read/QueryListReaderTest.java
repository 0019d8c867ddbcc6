package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An explicit query set, one ID per line: the denominator of every mean, so nothing about it is
 * guessed. Order is kept; blank lines, white space around an ID, repeats and an empty file are errors.
 */
class QueryListReaderTest {
  @TempDir
  Path dir;

  private Path file(String name, byte[] content) throws IOException {
    Path p = dir.resolve(name);
    Files.write(p, content);
    return p;
  }

  private List<String> read(String content) throws IOException {
    return QueryListReader.read(file("set.txt", utf8(content)).toString(), null, InputLimits.DEFAULT);
  }

  private String source() {
    return dir.resolve("set.txt").toString();
  }

  @Test
  void should_keep_the_file_s_order() throws IOException {
    assertThat(read("q3\nq1\nq10\nq2\n")).containsExactly("q3", "q1", "q10", "q2");
  }

  @Test
  void should_read_a_last_line_without_a_newline() throws IOException {
    assertThat(read("q1\nq2")).containsExactly("q1", "q2");
  }

  @Test
  void should_keep_ids_as_exact_strings() throws IOException {
    assertThat(read("Q1\nq1\nq 1\nquery\u00E9\n\uD83D\uDE00\n")).containsExactly("Q1", "q1", "q 1", "query\u00E9",
        "\uD83D\uDE00");
  }

  @Test
  void should_reject_a_second_column_such_as_a_queries_files_text() {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("q1\nq2\tquery text here\n"))
        .withMessage(source() + ":2: tab in a query ID (got \"q2\\tquery text here\"; a query set holds one query ID per"
            + " line and no other column (a queries file of ID and text is --queries))");
  }

  @ParameterizedTest(name = "line 2 = \"{0}\"")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {"''", "'   '", "'\t'"})
  void should_reject_a_blank_line_with_its_line_number(String blank) {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("q1\n" + blank + "\nq2\n"))
        .withMessage(source() + ":2: blank line (expected one query ID per line)");
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
      "' q1'      | '\" q1\"'",
      "'q1 '      | '\"q1 \"'",
      "'\tq1'     | '\"\\tq1\"'",
      "'q1\u3000' | '\"q1\u3000\"'"})
  void should_reject_white_space_around_an_id(String line, String quoted) {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("q0\n" + line + "\n"))
        .withMessage(source() + ":2: query ID with surrounding white space (got " + quoted
            + "; IDs are exact strings, one per line)");
  }

  @Test
  void should_reject_a_repeated_id_naming_its_first_line() {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("q1\nq2\nq3\nq2\n"))
        .withMessage(source() + ":4: duplicate query ID \"q2\" (first at line 2)");
  }

  @Test
  void should_reject_an_empty_file() {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read(""))
        .withMessage(source() + ": empty query set (expected one query ID per line)");
  }

  @Test
  void should_read_a_gzip_file_transparently() throws IOException {
    Path gz = file("set.txt.gz", gzip(utf8("q2\nq1\n")));
    assertThat(QueryListReader.read(gz.toString(), null, InputLimits.DEFAULT)).containsExactly("q2", "q1");
  }

  @Test
  void should_read_standard_input_for_a_dash() throws IOException {
    assertThat(QueryListReader.read("-", new ByteArrayInputStream(utf8("q9\nq8\n")), InputLimits.DEFAULT))
        .containsExactly("q9", "q8");
    assertThat(QueryListReader.read("-", new ByteArrayInputStream(gzip(utf8("q7\n"))), InputLimits.DEFAULT))
        .containsExactly("q7");
  }

  @Test
  void should_name_standard_input_in_its_errors() {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> QueryListReader.read("-", new ByteArrayInputStream(utf8("q1\nq1\n")), InputLimits.DEFAULT))
        .withMessage("-:2: duplicate query ID \"q1\" (first at line 1)");
  }

  @Test
  void should_report_a_missing_file_as_an_io_error() {
    assertThatExceptionOfType(NoSuchFileException.class)
        .isThrownBy(() -> QueryListReader.read(dir.resolve("none.txt").toString(), null, InputLimits.DEFAULT));
  }
}
