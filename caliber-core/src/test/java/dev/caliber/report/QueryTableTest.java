package dev.caliber.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Evaluation;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The per-query TSV table: one line per (run, query), whatever the IDs hold. */
class QueryTableTest {
  private static final Policy POOLED = Policy.strict().withJudgments(Judgments.POOLED);

  @Test
  void should_print_a_header_and_one_line_per_query_with_empty_cells_where_excluded() {
    // GIVEN q3 without relevant documents under the exclude rule
    RunResult result = SmallResults.threeQueries(POOLED);
    // WHEN
    String table = QueryTable.render(List.of(result));
    // THEN
    String[] lines = table.split("\n", -1);
    assertThat(lines).hasSize(5);
    assertThat(lines[0]).isEqualTo("run\tquery\tmissing\treturned\trelevant\tP@2\tNumRet\tnDCG\tRR@10");
    assertThat(lines[1]).isEqualTo("myrun\tq1\tfalse\t3\t2\t0.5000\t3\t0.9502\t1.0000");
    assertThat(lines[2]).isEqualTo("myrun\tq2\tfalse\t1\t1\t0.0000\t1\t0.0000\t0.0000");
    assertThat(lines[3]).isEqualTo("myrun\tq3\tfalse\t1\t0\t\t1\t\t");
    assertThat(lines[4]).isEmpty();
  }

  @Test
  void should_print_several_runs_one_after_the_other_and_mark_missing_queries() {
    RunResult a = SmallResults.threeQueries(POOLED);
    Map<String, List<String>> partial = new LinkedHashMap<>();
    partial.put("q1", List.of("d1"));
    RunResult b = Evaluation.evaluate(a.protocol(), ScoredRun.of(Run.of("b", partial)));
    List<String> lines = List.of(QueryTable.render(List.of(a, b)).split("\n"));
    assertThat(lines).hasSize(7);
    assertThat(lines.subList(1, 7)).extracting(l -> l.substring(0, l.indexOf('\t', l.indexOf('\t') + 1)))
        .containsExactly("myrun\tq1", "myrun\tq2", "myrun\tq3", "b\tq1", "b\tq2", "b\tq3");
    assertThat(lines.get(5)).startsWith("b\tq2\ttrue\t0\t1\t0.0000\t0\t0.0000\t0.0000");
  }

  @Test
  void should_escape_tabs_newlines_carriage_returns_and_backslashes_in_ids() {
    // GIVEN a query ID and a run name holding every character that could break a row
    String query = "q\t1\nx\\y\rz";
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    qrels.put(query, Map.of("d1", 1));
    EvalProtocol p = new EvalProtocol(Qrels.of(qrels), List.of(query), "set", null, POOLED,
        SmallResults.measures(List.of("RR")));
    Map<String, List<String>> run = new LinkedHashMap<>();
    run.put(query, List.of("d1"));
    RunResult result = Evaluation.evaluate(p, ScoredRun.of(Run.of("my\trun\\", run)));
    // WHEN / THEN
    assertThat(QueryTable.render(List.of(result))).isEqualTo(
        "run\tquery\tmissing\treturned\trelevant\tRR\n"
            + "my\\trun\\\\\tq\\t1\\nx\\\\y\\rz\tfalse\t1\t1\t1.0000\n");
  }

  @Test
  void should_keep_exact_fractions_when_asked_and_print_counts_as_whole_numbers_either_way() {
    // GIVEN q1 with P@2 = 1/2, NumRet = 3, an nDCG that is not rational
    RunResult result = SmallResults.threeQueries(POOLED);
    // WHEN
    StringBuilder exact = new StringBuilder();
    QueryTable.render(List.of(result), Numbers.EXACT, exact::append);
    // THEN fractions where exact, the double's decimals where not
    assertThat(exact.toString().split("\n")[1]).isEqualTo("myrun\tq1\tfalse\t3\t2\t1/2\t3\t0.9502\t1");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "plain | plain",
      "a\\b | a\\\\b",
      "\\t | \\\\t"})
  void should_escape_a_backslash_before_anything_else(String id, String escaped) {
    assertThat(QueryTable.escape(id)).isEqualTo(escaped);
  }

  @Test
  void should_escape_control_characters_as_two_character_sequences() {
    assertThat(QueryTable.escape("\t")).isEqualTo("\\t");
    assertThat(QueryTable.escape("\n")).isEqualTo("\\n");
    assertThat(QueryTable.escape("\r")).isEqualTo("\\r");
    assertThat(QueryTable.escape("\r\n")).isEqualTo("\\r\\n");
    assertThat(QueryTable.escape("é😀")).isEqualTo("é😀");
  }

  @Test
  void should_call_unsafe_exactly_the_control_and_bidi_characters() {
    for (char c : new char[] {0x00, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0x9B, 0x9F}) {
      assertThat(UnsafeCharacters.isControl(c)).as("U+%04X", (int) c).isTrue();
    }
    for (char c : new char[] {0x20, 0x7E, 0xA0, 0xFF, 0x202A}) {
      assertThat(UnsafeCharacters.isControl(c)).as("U+%04X", (int) c).isFalse();
    }
    for (char c : new char[] {0x202A, 0x202C, 0x202E, 0x2066, 0x2069, 0x200E, 0x200F, 0x061C}) {
      assertThat(UnsafeCharacters.isBidiControl(c)).as("U+%04X", (int) c).isTrue();
      assertThat(UnsafeCharacters.isUnsafe(c)).isTrue();
    }
    for (char c : new char[] {0x2029, 0x202F, 0x2065, 0x206A, 0x200D, 0x2010, 0x061B, 0x061D, 'a'}) {
      assertThat(UnsafeCharacters.isBidiControl(c)).as("U+%04X", (int) c).isFalse();
      assertThat(UnsafeCharacters.isUnsafe(c)).as("U+%04X", (int) c).isFalse();
    }
    assertThat(UnsafeCharacters.shown('\u202E')).isEqualTo("[U+202E]");
    assertThat(UnsafeCharacters.shown('\u001b')).isEqualTo("[U+001B]");
  }

  @Test
  void should_show_every_unsafe_character_of_plain_text_and_keep_the_rest() {
    String safe = "q1 d\u00e9j\u00e0 \ud83d\ude00";
    assertThat(UnsafeCharacters.shownIn(safe)).isSameAs(safe);
    assertThat(UnsafeCharacters.shownIn("")).isEmpty();
    assertThat(UnsafeCharacters.shownIn("\u009b2Jq\u202e1\u2066x\t")).isEqualTo("[U+009B]2Jq[U+202E]1[U+2066]x[U+0009]");
    assertThat(UnsafeCharacters.shownIn("ab\u001b")).isEqualTo("ab[U+001B]");
    assertThat(UnsafeCharacters.shownIn("\u001bab")).isEqualTo("[U+001B]ab");
  }

  @Test
  void should_escape_every_other_control_and_bidi_character_as_a_unicode_escape() {
    // a terminal would run ESC's sequence (and C1's CSI); a bidi override would reorder the text after it
    assertThat(QueryTable.escape("\u001b[2Jx")).isEqualTo("\\u001B[2Jx");
    assertThat(QueryTable.escape("a\u007fb\u0000c\u009bd")).isEqualTo("a\\u007Fb\\u0000c\\u009Bd");
    assertThat(QueryTable.escape("q\u202Egnp\u2066")).isEqualTo("q\\u202Egnp\\u2066");
    // reversible: a backslash before a u is escaped too
    assertThat(QueryTable.escape("\\u001B")).isEqualTo("\\\\u001B");
    assertThat(QueryTable.escape("\u00a0\u2070")).isEqualTo("\u00a0\u2070"); // no-break space, superscript 0: printable
  }
}
