package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link CsvReader}: CSV judgments (Quepid's export) and runs with a header, strictly. */
class CsvReaderTest {
  private static final String JUDGMENT_COLUMNS = "the columns of judgments: query (or query_id, qid, q_id),"
      + " doc (or docid, doc_id, document), rating (or relevance, label, rel)";

  private static LineReader lines(String text, InputLimits limits) throws IOException {
    return LineReader.of("j.csv", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), limits);
  }

  private static Qrels qrels(String text) throws IOException {
    return CsvReader.readQrels(lines(text, InputLimits.DEFAULT));
  }

  private static ScoredRun run(String text) throws IOException {
    return CsvReader.readRun(lines(text, InputLimits.DEFAULT), "bm25");
  }

  private static String qrelsError(String text) {
    return InputErrors.message(() -> qrels(text));
  }

  private static String runError(String text) {
    return InputErrors.message(() -> run(text));
  }

  @Test
  void should_read_quepids_export_with_query_text_as_the_query_id() throws IOException {
    // GIVEN Quepid's basic export: query text, float ratings, a quoted text with a comma, and the
    // query text alone for a query without ratings
    String export = "query,docid,rating\nstar wars,d1,3.0\nstar wars,d2,0.0\n\"war, peace\",d1,1.0\nunrated query\n";
    // WHEN
    Qrels qrels = qrels(export);
    // THEN
    assertThat(qrels.asMap()).containsExactly(
        Map.entry("star wars", Map.of("d1", 3, "d2", 0)),
        Map.entry("war, peace", Map.of("d1", 1)),
        Map.entry("unrated query", Map.of()));
    assertThat(qrels.origin().locate("star wars", "d2")).isEqualTo(Location.ofLine("j.csv", 3));
    assertThat(qrels.origin().locate("war, peace")).isEqualTo(Location.ofLine("j.csv", 4));
  }

  @Test
  void should_take_the_columns_by_their_names_in_any_order_and_case() throws IOException {
    assertThat(qrels("Doc_ID,relevance,QID\nd1,2,q1\n").asMap()).isEqualTo(Map.of("q1", Map.of("d1", 2)));
    assertThat(qrels("document,label,q_id\nd1,-1,q1\n").row("q1")).containsEntry("d1", -1);
    assertThat(qrels("query_id,doc,rel\nq1,d1,+2\n").row("q1")).containsEntry("d1", 2);
    assertThat(qrels("qid,docid,rating\nq1,d1,1\nq1,d2,,\n".replace(",,\n", ",0\n")).row("q1")).containsEntry("d2", 0);
  }

  @Test
  void should_follow_rfc_4180_quoting_and_keep_ids_exact() throws IOException {
    // GIVEN doubled quotes, a comma inside quotes, CRLF line ends, blanks kept, an empty quoted row end
    Qrels qrels = qrels("\"query\",\"docid\",\"rating\"\r\n\"say \"\"hi\"\"\", d1,1\r\n q2,\"\"\"\",2\r\n");
    // THEN
    assertThat(qrels.asMap()).containsExactly(
        Map.entry("say \"hi\"", Map.of(" d1", 1)), Map.entry(" q2", Map.of("\"", 2)));
  }

  @Test
  void should_list_a_query_whose_other_fields_are_empty_without_judgments() throws IOException {
    assertThat(qrels("query,docid,rating\nq1,,\nq2,d1,1\n").asMap())
        .containsExactly(Map.entry("q1", Map.of()), Map.entry("q2", Map.of("d1", 1)));
  }

  @Test
  void should_read_a_run_in_row_order_with_ranks_from_the_rows() throws IOException {
    // WHEN scores without ranks, the rows of q1 not together
    ScoredRun run = run("query,docid,score\nq1,d3,1.5\nq2,d1,7\nq1,d1,2.5\n");
    // THEN
    assertThat(run.name()).isEqualTo("bm25");
    assertThat(run.tag()).isNull();
    assertThat(run.asMap().keySet()).containsExactly("q1", "q2");
    RankedList q1 = run.list("q1");
    assertThat(q1.docs()).containsExactly("d3", "d1");
    assertThat(q1.score(0)).isEqualTo(1.5);
    assertThat(q1.score(1)).isEqualTo(2.5);
    assertThat(q1.rank(0)).isEqualTo(1);
    assertThat(q1.rank(1)).isEqualTo(2);
    assertThat(run.origin().locate("q1", 1)).isEqualTo(Location.ofLine("j.csv", 4));
    assertThat(run.origin().locate("q2")).isEqualTo(Location.ofLine("j.csv", 3));
    assertThat(run.origin().locate("q9")).isEqualTo(Location.ofFile("j.csv"));
  }

  @Test
  void should_score_a_run_without_scores_by_minus_its_rank() throws IOException {
    RankedList q1 = run("qid,doc_id,rank\nq1,d1,1\nq1,d2,2\n").list("q1");
    assertThat(q1.score(0)).isEqualTo(-1.0);
    assertThat(q1.score(1)).isEqualTo(-2.0);
    RankedList both = run("q_id,doc_id,score,rank\nq1,d1,0.5,10\n").list("q1");
    assertThat(both.score(0)).isEqualTo(0.5);
    assertThat(both.rank(0)).isEqualTo(10);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "3|3", "3.0|3", "3.00|3", "-0.0|0", "007|7", "-2147483648|-2147483648", "2147483647|2147483647"})
  void should_read_integral_labels_exactly(String text, int label) throws IOException {
    assertThat(qrels("query,docid,rating\nq,d," + text + "\n").row("q")).containsEntry("d", label);
  }

  @Test
  void should_refuse_a_fraction_rather_than_round_it() {
    assertThat(qrelsError("query,docid,rating\nq,d,2.5\n")).isEqualTo("j.csv:2: label must be an integer (query \"q\","
        + " document \"d\": got \"2.5\"; expected an integer such as 0, 1 or 3 (3.0 is read as 3; a fraction is never rounded))");
    for (String bad : List.of("1.", ".0", "1e0", "", " 1", "one", "1.0.0", "--1")) {
      assertThat(qrelsError("query,docid,rating\nq,d," + bad + "\n")).as(bad).contains("label must be an integer");
    }
    assertThat(qrelsError("query,docid,rating\nq,d,2147483648\n")).isEqualTo("j.csv:2: label out of range (query \"q\","
        + " document \"d\": got \"2147483648\"; expected an integer from -2147483648 to 2147483647)");
    assertThat(qrelsError("query,docid,rating\nq,d,-2147483649\n")).contains("label out of range");
    assertThat(qrelsError("query,docid,rating\nq,d,99999999999.0\n")).contains("label out of range");
  }

  @Test
  void should_refuse_a_pair_judged_twice_naming_both_lines() {
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> qrels("query,docid,rating\nq,d,1\nq,e,0\nq,d,1.0\n"))
        .withMessage("j.csv:4: duplicate qrels entry (query \"q\", document \"d\": line 4 repeats line 2 (label 1);"
            + " expected one judgment per pair)");
    assertThat(qrelsError("query,docid,rating\nq,d,1\nq,d,2\n")).isEqualTo("j.csv:3: conflicting qrels entry"
        + " (query \"q\", document \"d\": label 2 on line 3, label 1 on line 2; expected one judgment per pair)");
  }

  @Test
  void should_name_what_is_wrong_with_the_header() {
    assertThat(qrelsError("")).isEqualTo("j.csv: empty file (expected a header naming " + JUDGMENT_COLUMNS
        + ", such as query,docid,rating, then one row per judgment)");
    assertThat(qrelsError("query,docid,rating\n")).isEqualTo("j.csv: no judgments (the header is the only line;"
        + " expected one row per judgment after it)");
    assertThat(qrelsError("query,docid\nq,d\n")).isEqualTo("j.csv:1: no label column (got \"query,docid\"; expected "
        + JUDGMENT_COLUMNS + ", such as query,docid,rating)");
    assertThat(qrelsError("query,rating\n")).startsWith("j.csv:1: no document column");
    assertThat(qrelsError("docid,rating\n")).startsWith("j.csv:1: no query column");
    assertThat(qrelsError("query,docid,rating,notes\n")).isEqualTo("j.csv:1: unknown column \"notes\" (expected only "
        + JUDGMENT_COLUMNS + ")");
    assertThat(qrelsError(",query,docid,rating\n")).isEqualTo("j.csv:1: unknown column \"\" (expected only "
        + JUDGMENT_COLUMNS + " (pandas writes its index as an unnamed first column: write with index=False))");
    assertThat(qrelsError("query_id,query,docid,rating\n")).isEqualTo("j.csv:1: two query columns (got \"query_id\""
        + " and \"query\"; expected one query column)");
    assertThat(qrelsError("query,docid,score\n")).isEqualTo("j.csv:1: column \"score\" does not belong in judgments"
        + " (expected " + JUDGMENT_COLUMNS + "; were the judgments and the run swapped?)");
    assertThat(qrelsError("q1 0 d1 1\n")).isEqualTo("j.csv:1: no comma in the header (got \"q1 0 d1 1\"; expected a"
        + " header naming " + JUDGMENT_COLUMNS + ", such as query,docid,rating; TREC files are read from files not named .csv)");
    assertThat(qrelsError("q1,d1,1\n")).startsWith("j.csv:1: unknown column \"q1\"");
  }

  @Test
  void should_name_what_is_wrong_with_a_row() {
    assertThat(qrelsError("query,docid,rating\nq,d,1\n\nq,e,1\n")).isEqualTo("j.csv:3: blank line (expected a row of 3"
        + " fields (query,docid,rating); only the line end after the last line may be empty)");
    assertThat(qrelsError("query,docid,rating\nq,d\n")).isEqualTo("j.csv:2: wrong number of fields (found 2; expected 3"
        + " (query,docid,rating) as in the header)");
    assertThat(qrelsError("query,docid,rating\nq,d,1,x\n")).contains("found 4; expected 3");
    assertThat(qrelsError("docid,query,rating\nq\n")).as("the query alone only in the first column").contains("found 1");
    assertThat(qrelsError("query,docid,rating\n,d,1\n")).isEqualTo("j.csv:2: empty query ID (expected a non-empty query ID)");
    assertThat(qrelsError("query,docid,rating\nq,,1\n")).isEqualTo("j.csv:2: empty document ID (expected a non-empty document ID)");
  }

  @Test
  void should_name_the_column_of_a_broken_quote() {
    assertThat(qrelsError("query,docid,rating\nq,d\"1,1\n")).isEqualTo("j.csv:2:4: a quote inside an unquoted field"
        + " (expected the whole field in quotes, its quotes doubled, as in \"say \"\"hi\"\"\")");
    assertThat(qrelsError("query,docid,rating\nq,\"d1\"x,1\n")).isEqualTo("j.csv:2:7: text after a closing quote"
        + " (expected a comma or the line end after the quoted field (a quote inside it is written twice))");
    assertThat(qrelsError("query,docid,rating\nqé,\"d1,1\n")).isEqualTo("j.csv:2:4: a quoted field that does not end on"
        + " its line (expected a closing quote before the line end (caliber reads no line break inside a field))");
  }

  @Test
  void should_keep_to_the_line_limit() {
    InputLimits small = InputLimits.DEFAULT.withMaxLineBytes(24);
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> CsvReader.readQrels(lines("query,docid,rating\nq," + "d".repeat(40) + ",1\n", small)))
        .withMessageStartingWith("j.csv:2: line too long");
  }

  @Test
  void should_name_what_is_wrong_with_a_run() {
    assertThat(runError("query,docid,score\n")).isEqualTo("j.csv: empty run (the header is the only line; expected one"
        + " row per ranked document after it)");
    assertThat(runError("")).startsWith("j.csv: empty file (expected a header naming the columns of a run: query (or"
        + " query_id, qid, q_id), doc (or docid, doc_id, document), then score, rank or both, such as query,docid,score,"
        + " then one row per ranked document)");
    assertThat(runError("query,docid\n")).startsWith("j.csv:1: no score or rank column (got \"query,docid\";");
    assertThat(runError("query,docid,rating\n")).startsWith("j.csv:1: column \"rating\" does not belong in a run");
    assertThat(runError("query,docid,score\nq,d\n")).contains("wrong number of fields");
    assertThat(runError("query,docid,score\nq\n")).as("no query alone in a run").contains("found 1; expected 3");
    assertThat(runError("query,docid,score\nq,d,NaN\n")).isEqualTo("j.csv:2: score must be a finite decimal number"
        + " (query \"q\", document \"d\": got \"NaN\"; expected digits with an optional sign, decimal point and exponent,"
        + " such as 12.5, -3 or 1.5e-05)");
    assertThat(runError("query,docid,score\nq,d,1e999\n")).isEqualTo("j.csv:2: score out of range (query \"q\","
        + " document \"d\": got \"1e999\", beyond the range of a double; expected a finite number)");
    assertThat(runError("query,docid,rank\nq,d,1.5\n")).isEqualTo("j.csv:2: rank must be an integer (query \"q\","
        + " document \"d\": got \"1.5\"; expected an optional sign and digits, such as 1 or 10)");
    assertThat(runError("query,docid,rank\nq,d,9223372036854775808\n")).isEqualTo("j.csv:2: rank out of range"
        + " (query \"q\", document \"d\": got \"9223372036854775808\"; expected an integer that fits 64 bits)");
    assertThat(runError("query,docid,score\n,d,1\n")).contains("empty query ID");
    assertThat(runError("query,docid,score\nq,,1\n")).contains("empty document ID");
  }
}
