package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.HelpCentre;
import dev.caliber.compare.RunReport;
import dev.caliber.compare.Synthetic;
import dev.caliber.measure.Measures;
import org.junit.jupiter.api.Test;

/** The single-run reports behind caliber evaluate --format md|html. */
class RunReportTest {
  private static final RunReport A = RunReport.of(HelpCentre.run(HelpCentre.protocol("R@2", "RR@2"), "fixture_A"));
  private static final RunReport HOSTILE = RunReport.of(Synthetic.runs(Synthetic.protocol()).get(1));

  @Test
  void should_summarize_each_measure_with_its_exact_mean_and_spread() {
    assertThat(A.distribution(Measures.parse("RR@2")).mean().exact().toString()).isEqualTo("1/2");
    assertThat(RunReportMarkdown.render(A)).contains(
        "| RR\\@2   | 0.5000 | Judged@2 0.5000 |       3 | 0.0000 | 0.2500 | 0.5000 | 0.7500 | 1.0000 |",
        "| q4    |   yes   |        0 |        1 |                   – | 0.0000 | 0.0000 |",
        "- missing from the run (scored as empty rankings): 1 (q4)");
    assertThat(RunReportMarkdown.render(A, dev.caliber.report.Numbers.EXACT)).contains("| RR\\@2   |  1/2 |");
  }

  @Test
  void should_escape_ids_in_markdown_and_html() {
    assertThat(RunReportMarkdown.render(HOSTILE)).doesNotContain(Synthetic.SCRIPT_ID).contains("dense \\<v2\\>");
    String html = RunReportHtml.render(HOSTILE);
    assertThat(html.replace("<script>" + TableScript.JS + "</script>", "")).doesNotContain(Synthetic.SCRIPT_ID)
        .doesNotContain(Synthetic.QUOTES_ID).doesNotContainIgnoringCase("<script")
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;", "q&quot;uote&#39;s &amp; &lt;b&gt;bold&lt;/b&gt;", "dense &lt;v2&gt;");
  }

  @Test
  void should_draw_one_distribution_per_measure_under_the_same_content_security_policy() {
    String html = RunReportHtml.render(HOSTILE);
    assertThat(html.split("<svg class=\"chart\"", -1)).hasSize(1 + 5);
    assertThat(html).contains(CompareHtml.sha256(CompareHtml.CSS));
  }
}
