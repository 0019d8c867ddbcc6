package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.eval.Evaluation;
import dev.caliber.protocol.EvalProtocol;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * IDs from untrusted files in readable reports: a bidi override is shown, never obeyed, in HTML,
 * Markdown and LaTeX; in CSV an ID a spreadsheet would run as a formula is neutralised, numbers are
 * not, and the raw form is there when asked for.
 */
class UntrustedIdsTest {
  private static final String RLO = "q\u202Egnp.exe";
  private static final String FORMULA = "=HYPERLINK(\"http://x\",\"y\")";
  private static final String MINUS = "-2+3";
  private static final String AT = "@SUM(A1)";

  private static Comparison comparison() {
    List<String> queries = List.of(RLO, FORMULA, MINUS, AT);
    Map<String, Map<String, Integer>> labels = Map.of(RLO, Map.of("d1", 1), FORMULA, Map.of("d1", 1), MINUS,
        Map.of("d1", 1), AT, Map.of("d1", 1));
    EvalProtocol p = Eval.protocol(Eval.qrels(labels), queries, Preset.TREC_EVAL.policy(), Eval.measures("RR@10"));
    var a = Evaluation.evaluate(p, Eval.rankings("a\u2067run", Map.of(RLO, List.of("d1"), FORMULA, List.of("d1"),
        MINUS, List.of("d2", "d1"), AT, List.of("d1"))));
    var b = Evaluation.evaluate(p, Eval.rankings("b", Map.of(RLO, List.of("d2", "d1"), FORMULA, List.of("d2", "d1"),
        MINUS, List.of("d1"), AT, List.of("d1"))));
    return Comparisons.compare(List.of(a, b), CompareSettings.defaults());
  }

  @Test
  void should_show_bidi_controls_instead_of_obeying_them() {
    Comparison c = comparison();
    for (String report : List.of(CompareHtml.render(c), CompareMarkdown.render(c), CompareLatex.render(c))) {
      assertThat(report).doesNotContain("\u202E").doesNotContain("\u2067");
    }
    assertThat(CompareHtml.render(c)).contains("q[U+202E]gnp.exe").contains("a[U+2067]run");
    assertThat(CompareMarkdown.render(c)).contains("q\\[U+202E\\]gnp.exe");
    assertThat(CompareLatex.render(c)).contains("a[U+2067]run"); // the LaTeX table names runs, not queries
    assertThat(dev.caliber.report.UnsafeCharacters.isBidiControl('\u061C')).isTrue();
    assertThat(dev.caliber.report.UnsafeCharacters.isBidiControl('\u200E')).isTrue();
    assertThat(dev.caliber.report.UnsafeCharacters.isBidiControl('\u2069')).isTrue();
    assertThat(dev.caliber.report.UnsafeCharacters.isBidiControl('\u2070')).isFalse();
    assertThat(dev.caliber.report.UnsafeCharacters.isBidiControl('\u2029')).isFalse();
  }

  @Test
  void should_write_no_terminal_control_or_bidi_control_in_any_table() {
    // GIVEN IDs with ESC (a terminal's escape sequence), DEL, C1's CSI and a bidi override
    String esc = "\u001b[31mred";
    String del = "x\u007fy";
    String csi = "c\u009b2J";
    Map<String, Map<String, Integer>> labels = Map.of(esc, Map.of("d1", 1), del, Map.of("d1", 1), csi, Map.of("d1", 1),
        RLO, Map.of("d1", 1));
    EvalProtocol p = Eval.protocol(Eval.qrels(labels), List.of(esc, del, csi, RLO), Preset.TREC_EVAL.policy(),
        Eval.measures("RR@10"));
    var a = Evaluation.evaluate(p, Eval.rankings("a\u001brun", Map.of(esc, List.of("d1"), del, List.of("d1"), csi,
        List.of("d2", "d1"), RLO, List.of("d1"))));
    var b = Evaluation.evaluate(p, Eval.rankings("b", Map.of(esc, List.of("d2", "d1"), del, List.of("d1"), csi,
        List.of("d1"), RLO, List.of("d1"))));
    Comparison c = Comparisons.compare(List.of(a, b), CompareSettings.defaults());
    // THEN no table holds them as they are: TSV escapes them, reversibly; the others show them
    for (String report : List.of(CompareTable.tsv(c), CompareTable.csv(c), CompareHtml.render(c), CompareMarkdown.render(c),
        CompareLatex.render(c))) {
      assertThat(report).doesNotContain("\u001b").doesNotContain("\u007f").doesNotContain("\u009b")
          .doesNotContain("\u202E");
    }
    assertThat(CompareTable.tsv(c)).contains("\t\\u001B[31mred\t", "\tx\\u007Fy\t", "\tc\\u009B2J\t",
        "\tq\\u202Egnp.exe\t", "a\\u001Brun\t");
    assertThat(CompareTable.csv(c)).contains(",[U+001B][31mred,", ",x[U+007F]y,", ",c[U+009B]2J,", ",q[U+202E]gnp.exe,");
    // the raw CSV keeps every ID as it is, when asked for
    assertThat(CompareTable.csv(c, true)).contains(",\u001b[31mred,");
  }

  @Test
  void should_neutralise_ids_a_spreadsheet_would_run_but_never_a_number() {
    String csv = CompareTable.csv(comparison());
    assertThat(csv).contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",")
        .contains(",'-2+3,").contains(",'@SUM(A1),")
        .contains(",-0.5000,").as("a negative delta stays a number");
    assertThat(csv).doesNotContain(",=").doesNotContain(",@").doesNotContain(",-2+3");
    String raw = CompareTable.csv(comparison(), true);
    assertThat(raw).contains(",-2+3,").contains(",@SUM(A1),").doesNotContain("'-2+3");
    assertThat(CompareTable.tsv(comparison())).contains("\t-2+3\t");
    assertThat(Untrusted.spreadsheetSafe("")).isEmpty();
    assertThat(Untrusted.spreadsheetSafe("+1")).isEqualTo("'+1");
    assertThat(Untrusted.spreadsheetSafe("\tx")).isEqualTo("'\tx");
    assertThat(Untrusted.spreadsheetSafe("q1")).isEqualTo("q1");
  }

  @Test
  void should_escape_facet_names_values_and_run_names_in_every_facet_comparison_format() {
    // GIVEN a facet whose name and values are markup, a formula and a bidi override, and a run name with one
    Comparison c = comparison();
    String script = "<script>alert(1)</script>";
    Map<String, String> values = new java.util.LinkedHashMap<>();
    c.protocol().querySet().forEach(q -> values.put(q, q.equals(RLO) ? script : FORMULA));
    dev.caliber.compare.FacetComparison f = dev.caliber.compare.FacetComparisons.of(c,
        new dev.caliber.protocol.Facets("facets.tsv", Map.of(RLO, values), Map.of()));
    // WHEN every format renders it
    String html = FacetComparisonReport.html(f, dev.caliber.report.Numbers.DECIMAL);
    String md = FacetComparisonReport.markdown(f, dev.caliber.report.Numbers.DECIMAL);
    String latex = FacetComparisonReport.latex(f, dev.caliber.report.Numbers.DECIMAL);
    // THEN no markup, control or formula passes as it is
    for (String report : List.of(html, md, latex)) {
      assertThat(report).doesNotContain("\u202E").doesNotContain("\u2067").doesNotContain("<script>");
    }
    assertThat(FacetComparisonReport.csv(f, false, dev.caliber.report.Numbers.DECIMAL)).doesNotContain("\u202E")
        .doesNotContain("\u2067");
    assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;", "q[U+202E]gnp.exe", "a[U+2067]run", "<svg class=\"chart\"");
    assertThat(md).contains("\\<script\\>alert(1)\\</script\\>");
    assertThat(latex).contains("\\textless{}script\\textgreater{}");
    assertThat(FacetComparisonReport.csv(f, false, dev.caliber.report.Numbers.DECIMAL)).contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",");
    assertThat(FacetComparisonReport.csv(f, true, dev.caliber.report.Numbers.DECIMAL)).contains(",\"=HYPERLINK(");
  }
}
