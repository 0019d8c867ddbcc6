package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Qrels;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Judgments whose labels name their source: the table and JSON Lines, exact decimals, the precedence rule. */
class LabelsReaderTest {
  private static LineReader lines(String text) throws IOException {
    return LineReader.of("labels.tsv", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), InputLimits.DEFAULT);
  }

  /** Reads {@code text} as the judgments reader does: TREC qrels, or a labels table by its header. */
  private static Qrels read(String text, String... precedence) throws IOException {
    try (LineReader l = lines(text)) {
      return TrecQrelsReader.read(l, List.of(precedence));
    }
  }

  private static boolean isHeader(String line) throws IOException {
    try (LineReader l = lines(line)) {
      assertThat(l.next()).isTrue();
      return LabelsReader.isHeader(l);
    }
  }

  private static Qrels jsonLines(String text, String... precedence) throws IOException {
    return LabelsReader.readJsonLines("-", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        InputLimits.DEFAULT, List.of(precedence));
  }

  private static String label(Qrels q, String query, String doc) {
    BigDecimal label = q.exactLabel(query, doc);
    return label == null ? null : label.toPlainString() + " " + q.source(query, doc);
  }

  @Test
  void should_read_a_table_with_sources_and_keep_fractional_labels_exact() throws IOException {
    Qrels q = read("query\tdoc\tlabel\tsource\tjudge\ttime\tconfidence\n"
        + "q1\td1\t2\tnist\ta3\t2024-08-01\t\n"
        + "q1\td2\t0.7\tllm:gpt-4o\t\t2025-06-01T12:00:00Z\t0.9\n"
        + "q2\td1\t0.25\tllm:gpt-4o\t\t\t1\n");
    assertThat(q.sources()).containsExactly("nist", "llm:gpt-4o");
    assertThat(q.labelScale()).isEqualTo(100); // 0.25 widened the unit after 0.7
    assertThat(q.asMap()).isEqualTo(Map.of("q1", Map.of("d1", 200, "d2", 70), "q2", Map.of("d1", 25)));
    assertThat(label(q, "q1", "d1")).isEqualTo("2 nist");
    assertThat(label(q, "q1", "d2")).isEqualTo("0.7 llm:gpt-4o");
    assertThat(q.exactLabel("q2", "d1")).isEqualByComparingTo(new BigDecimal("0.25"));
    assertThat(q.origin().locate("q1", "d2").toString()).isEqualTo("labels.tsv:3");
  }

  @Test
  void should_keep_whole_labels_at_scale_one_and_accept_the_aliases() throws IOException {
    Qrels q = read("qid\tdocid\trelevance\tsource\tassessor\n1\tA\t1.0\tnist\tx\n1\tB\t0\tcrowd\t\n");
    assertThat(q.labelScale()).isEqualTo(1);
    assertThat(q.asMap()).isEqualTo(Map.of("1", Map.of("A", 1, "B", 0)));
    assertThat(q.source("1", "A")).isEqualTo("nist");
    assertThat(q.source("1", "B")).isEqualTo("crowd");
  }

  @Test
  void should_still_read_trec_qrels_whose_first_query_is_named_like_a_column() throws IOException {
    Qrels q = read("qid\t0\tdoc1\t1\nqid\t0\tdoc2\t0\n");
    assertThat(q.sources()).isEmpty();
    assertThat(q.asMap()).isEqualTo(Map.of("qid", Map.of("doc1", 1, "doc2", 0)));
    assertThat(isHeader("#query\tdoc\tlabel\tsource")).isFalse();
    assertThat(isHeader("doc\tlabel\tsource\tqid")).isTrue();
    assertThat(isHeader("QUERY\tDoc\tLabel\tSource")).isTrue();
  }

  @Test
  void should_leave_trec_evals_own_reading_to_trec_qrels() throws IOException {
    try (LineReader l = lines("query\tdoc\tlabel\tsource\tjudge\nq1\td1\t1\tnist\ta\n")) {
      assertThatThrownBy(() -> TrecQrelsReader.read(l)).isInstanceOf(CaliberInputException.class)
          .hasMessageContaining("labels.tsv:1: wrong number of columns")
          .hasMessageEndingWith("this is the header of judgments with sources (query, doc, label, source), which caliber"
              + " evaluate reads and trec_eval does not)");
    }
  }

  @Test
  void should_let_the_first_listed_source_win_whatever_the_line_order() throws IOException {
    String text = "query\tdoc\tlabel\tsource\n"
        + "q1\td1\t0.4\tllm\n"
        + "q1\td1\t2\tnist\n"
        + "q1\td2\t1\tnist\n"
        + "q1\td2\t0\tllm\n"
        + "q1\td3\t3\tcrowd\n"
        + "q9\td1\t1\tcrowd\n";
    Qrels q = read(text, "nist", "llm");
    assertThat(label(q, "q1", "d1")).isEqualTo("2 nist");
    assertThat(label(q, "q1", "d2")).isEqualTo("1 nist");
    assertThat(label(q, "q1", "d3")).isNull(); // crowd is not listed
    assertThat(q.queryIds()).containsExactly("q1"); // q9's only label is crowd's: q9 is not judged
    assertThat(q.origin().locate("q1", "d1").toString()).isEqualTo("labels.tsv:3"); // the label that counts
    Qrels llmFirst = read(text, "llm", "nist");
    assertThat(label(llmFirst, "q1", "d1")).isEqualTo("0.4 llm");
    assertThat(label(llmFirst, "q1", "d2")).isEqualTo("0 llm");
  }

  @Test
  void should_refuse_a_pair_labelled_by_two_sources_without_a_precedence_naming_both_lines() {
    assertThatThrownBy(() -> read("query\tdoc\tlabel\tsource\nq1\td1\t2\tnist\nq1\td1\t0.5\tllm\n"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("labels.tsv:3: labelled by two sources (query \"q1\", document \"d1\": label 0.5 from \"llm\" on line 3,"
            + " label 2 from \"nist\" on line 2; expected one label per pair, or a source precedence (--label-sources)"
            + " saying which counts)");
  }

  @Test
  void should_refuse_one_source_labelling_a_pair_twice_even_under_a_precedence() {
    assertThatThrownBy(() -> read("query\tdoc\tlabel\tsource\nq1\td1\t0.5\tllm\nq1\td1\t0.50\tllm\n", "llm"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("labels.tsv:3:")
        .hasMessageContaining("line 3 repeats line 2 (label 0.5)");
  }

  @Test
  void should_refuse_bad_values_naming_the_line_and_the_value() {
    String head = "query\tdoc\tlabel\tsource\tconfidence\ttime\n";
    assertThatThrownBy(() -> read(head + "q1\td1\t7e-1\tllm\t\t\n")).isInstanceOf(CaliberInputException.class)
        .hasMessage("labels.tsv:2: label must be a decimal number (query \"q1\", document \"d1\": got \"7e-1\"; expected"
            + " a label such as 0, 2 or 0.7, written without exponent)");
    assertThatThrownBy(() -> read(head + "q1\td1\t0.1234567\tllm\t\t\n")).hasMessageContaining("too many decimals");
    assertThatThrownBy(() -> read(head + "q1\td1\t1\t\t\t\n")).hasMessageContaining("labels.tsv:2: empty source");
    assertThatThrownBy(() -> read(head + "q1\td1\t1\tllm\t1.5\t\n")).hasMessageContaining("confidence out of range")
        .hasMessageContaining("\"1.5\"");
    assertThatThrownBy(() -> read(head + "q1\td1\t1\tllm\t\tyesterday\n")).hasMessageContaining("time is not ISO 8601");
    assertThatThrownBy(() -> read(head + "q1\td1\t1\tllm\n")).hasMessageContaining("wrong number of fields");
    assertThatThrownBy(() -> read(head + "q1\td1\t3000.5\tllm\t\t\nq1\td2\t0.000001\tllm\t\t\n"))
        .hasMessageContaining("labels.tsv:3: label out of range");
    assertThatThrownBy(() -> read(head)).hasMessageContaining("no judgments");
    assertThatThrownBy(() -> read("query\tdoc\tlabel\tsource\n\n")).hasMessageContaining("labels.tsv:2: blank line");
    assertThatThrownBy(() -> read("query\tdoc\tlabel\tsource\nq1\td1\t1\tcrowd\n", "nist"))
        .hasMessageContaining("no label from the sources that count");
  }

  @Test
  void should_read_json_lines_with_the_same_rules() throws IOException {
    Qrels q = jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 0.7, \"source\": \"llm:x\", \"confidence\": 0.8}\n"
        + "{\"query_id\": 2, \"doc_id\": \"d1\", \"label\": 3, \"source\": \"nist\", \"judge\": \"a1\"}\n");
    assertThat(q.sources()).containsExactly("llm:x", "nist");
    assertThat(q.asMap()).isEqualTo(Map.of("q1", Map.of("d1", 7), "2", Map.of("d1", 30)));
    assertThat(q.origin().locate("2", "d1").toString()).isEqualTo("-:2");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": \"1\", \"source\": \"x\"}\n"))
        .hasMessageContaining("label must be a number");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": 5}\n"))
        .hasMessageContaining("source must be a string");
    assertThatThrownBy(() -> jsonLines("[1]\n")).hasMessageContaining("a record must be an object");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": \"x\"}\n\n{}\n"))
        .hasMessageContaining("-:2: blank line");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": \"x\", \"note\": 1}\n"))
        .hasMessageContaining("unknown column \"note\"");
  }

  @Test
  void should_check_the_optional_columns_wherever_they_stand() throws IOException {
    assertThat(read("confidence\ttime\tquery\tdoc\tlabel\tsource\n0\t2025-06-01T12:00\tq1\td1\t1.0\tnist\n"
        + "1.0\t\tq1\td2\t0\tnist\n").asMap()).isEqualTo(Map.of("q1", Map.of("d1", 1, "d2", 0)));
    for (String bad : List.of("-0.5", "1.01", "x", "0.5.1")) {
      assertThatThrownBy(() -> read("confidence\tquery\tdoc\tlabel\tsource\n" + bad + "\tq1\td1\t1\tnist\n"))
          .hasMessage("labels.tsv:2: confidence out of range (query \"q1\", document \"d1\": got \"" + bad
              + "\"; expected a decimal from 0 to 1)");
    }
    assertThatThrownBy(() -> read("time\tquery\tdoc\tlabel\tsource\nsoon\tq1\td1\t1\tnist\n"))
        .hasMessage("labels.tsv:2: time is not ISO 8601 (query \"q1\", document \"d1\": got \"soon\"; expected a date or"
            + " date-time such as 2025-06-01 or 2025-06-01T12:00:00Z)");
    assertThat(read("query\tdoc\tlabel\tsource\ttime\nq\td\t1\tx\t2025-06-01\nq\te\t1\tx\t2025-06-01T12:00:00+02:00\n")
        .size()).isEqualTo(2);
    assertThatThrownBy(() -> read("query\tdoc\tlabel\tsource\tnotes\n")).hasMessageStartingWith("labels.tsv:1: unknown column");
    assertThatThrownBy(() -> read("query\tdoc\tlabel\n")).hasMessage("labels.tsv:1: wrong number of columns (found 3;"
        + " expected 4 (qid iter docid label); a header of judgments with sources names query, doc, label and source"
        + " (tab-separated))");
    assertThatThrownBy(() -> read("query\tdoc\tlabel\tsource\n\nq\td\t1\tx\n"))
        .hasMessageStartingWith("labels.tsv:2: blank line (expected a row of 4 tab-separated fields (query, doc, label,"
            + " source)");
  }

  @Test
  void should_read_json_keys_in_any_order_and_say_what_each_value_must_be() throws IOException {
    Qrels q = jsonLines("{\"label\": 2, \"source\": \"nist\", \"doc\": \"d1\", \"query\": \"q1\"}\n"
        + "{\"source\": \"llm\", \"label\": 0.5, \"doc\": \"d2\", \"query\": \"q1\"}\n");
    assertThat(q.asMap()).isEqualTo(Map.of("q1", Map.of("d1", 20, "d2", 5)));
    assertThatThrownBy(() -> jsonLines("{\"confidence\": 2, \"query\": \"q1\", \"doc\": \"d1\", \"label\": 1,"
        + " \"source\": \"x\"}\n")).hasMessageContaining("confidence out of range");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": true, \"source\": \"x\"}\n"))
        .hasMessageEndingWith("label must be a number (got the boolean true; expected a JSON number such as 2 or 0.7)");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": \"x\","
        + " \"confidence\": \"high\"}\n")).hasMessageEndingWith("confidence must be a number (got the string \"high\";"
            + " expected a JSON number such as 0.9)");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": 3}\n"))
        .hasMessageEndingWith("source must be a string (got the integer 3; expected a string such as \"nist\" or"
            + " \"llm:gpt-4o\")");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": \"x\","
        + " \"time\": 5}\n")).hasMessageEndingWith("time must be a string (got the integer 5; expected a string such as"
            + " \"2025-06-01T12:00:00Z\")");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": \"x\","
        + " \"judge\": 5}\n")).hasMessageEndingWith("judge must be a string (got the integer 5; expected a string such as"
            + " \"assessor-3\")");
    assertThatThrownBy(() -> jsonLines("{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1}\n"))
        .hasMessageStartingWith("-:1:").hasMessageContaining("no source column");
    assertThatThrownBy(() -> jsonLines("")).hasMessage("-: no judgments (expected one JSON object per line, such as"
        + " {\"query\": \"q1\", \"doc\": \"d1\", \"label\": 0.7, \"source\": \"llm:gpt-4o\"})");
  }

  @Test
  void should_tell_a_csv_user_where_sources_are_read() {
    assertThatThrownBy(() -> CsvReader.readQrels(LineReader.of("j.csv",
        new ByteArrayInputStream("query,docid,rating,source\nq,d,1,x\n".getBytes(StandardCharsets.UTF_8)), InputLimits.DEFAULT)))
        .hasMessageContaining("column \"source\" does not belong in judgments")
        .hasMessageContaining("JSON Lines (.jsonl)");
  }
}
