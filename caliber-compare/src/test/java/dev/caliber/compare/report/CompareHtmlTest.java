package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.Synthetic;
import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTML report: escaping of untrusted IDs, no external loads, the charts present. */
class CompareHtmlTest {
  private static final String HTML = CompareHtml.render(Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults()));

  @Test
  void should_escape_a_script_query_id_everywhere_it_is_written() {
    // the page's one script is its own, by its hash; no other script element
    assertThat(HTML.replace("<script>" + TableScript.JS + "</script>", "")).doesNotContain(Synthetic.SCRIPT_ID)
        .doesNotContainIgnoringCase("<script").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
  }

  @Test
  void should_escape_quotes_and_ampersands_in_ids_for_text_and_attributes() {
    assertThat(HTML).doesNotContain(Synthetic.QUOTES_ID).doesNotContain("<b>bold</b>")
        .contains("q&quot;uote&#39;s &amp; &lt;b&gt;bold&lt;/b&gt;");
  }

  @Test
  void should_escape_run_names_in_text_titles_and_legends() {
    assertThat(HTML).doesNotContain("dense <v2>").doesNotContain("hybrid & rerank")
        .contains("dense &lt;v2&gt;", "hybrid &amp; rerank");
  }

  @Test
  void should_escape_ids_inside_svg_titles() {
    assertThat(HTML).contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;: ");
  }

  @Test
  void should_forbid_external_loads_with_a_content_security_policy_that_pins_the_one_stylesheet() {
    assertThat(HTML).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; style-src &#39;"
        + CompareHtml.sha256(CompareHtml.CSS) + "&#39;;");
    assertThat(HTML).contains("<style>" + CompareHtml.CSS + "</style>");
    assertThat(HTML).doesNotContain("src=", "href=", "url(", "@import", "https://");
    // the only http text is the SVG namespace, which is a name, not a load
    Matcher m = Pattern.compile("http://[^\"]*").matcher(HTML);
    while (m.find()) {
      assertThat(m.group()).isEqualTo("http://www.w3.org/2000/svg");
    }
  }

  @Test
  void should_draw_delta_bars_per_pair_a_distribution_per_measure_and_a_cutoff_chart_for_p() {
    // 5 measures x 2 pairs delta charts + 5 distributions + 1 cutoff series (P@5, P@10, P@20)
    assertThat(Pattern.compile("<svg class=\"chart\"").matcher(HTML).results().count()).isEqualTo(16);
    assertThat(HTML).contains("Mean P at cutoffs 5, 10, 20, one line per run");
    assertThat(HTML).contains("<h3>P@k</h3>");
  }

  @Test
  void should_label_each_bar_when_there_are_few_queries() {
    assertThat(HTML).contains("rotate(-45)\">&lt;script&gt;ale…</text>");
  }

  @Test
  void should_say_so_when_no_measure_has_several_cutoffs() {
    String html = CompareHtml.render(Comparisons.compare(Synthetic.runs(Synthetic.protocol("RR@10", "nDCG@10")), CompareSettings.defaults()));
    assertThat(html).contains("No measure appears at several cutoffs");
  }

  @Test
  void should_escape_control_characters_and_all_five_markup_characters() {
    assertThat(Html.esc("<a href='x' title=\"y\">&\u0001</a>"))
        .isEqualTo("&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;[U+0001]&lt;/a&gt;");
    assertThat(Html.shortEsc("<script>alert(1)</script>", 5)).isEqualTo("&lt;scr…");
  }

  @Test
  void should_pick_nice_axis_ranges() {
    assertThat(Charts.nice(0.55)).isEqualTo(1.0);
    assertThat(Charts.nice(0.4)).isEqualTo(0.5);
    assertThat(Charts.nice(0.2)).isEqualTo(0.2);
    assertThat(Charts.nice(0.21)).isEqualTo(0.25);
    assertThat(Charts.nice(0.0)).isEqualTo(1.0);
    assertThat(Charts.nice(37)).isEqualTo(50.0);
  }

  @Test
  void should_pin_the_one_script_by_its_hash_and_allow_no_other() {
    assertThat(CompareHtml.CSP).contains("script-src '" + CompareHtml.sha256(TableScript.JS) + "';");
    assertThat(HTML).contains("<script>" + TableScript.JS + "</script>");
    assertThat(HTML.split("<script", -1)).hasSize(2);
    assertThat(TableScript.JS).doesNotContain("http", "fetch", "XMLHttpRequest", "eval(", "innerHTML");
  }

  @Test
  void should_fit_the_cutoff_charts_value_axis_to_the_data() {
    assertThat(Charts.fitted(0.31, 0.36)).containsExactly(0.30, 0.38);
    assertThat(Charts.fitted(0.0, 1.0)).containsExactly(0.0, 1.0);
    assertThat(Charts.fitted(0.02, 0.9)).containsExactly(0.0, 1.0);
    double[] one = Charts.fitted(0.5, 0.5);
    assertThat(one[0]).isLessThan(0.5);
    assertThat(one[1]).isGreaterThan(0.5);
    // and the synthetic report's P@k chart: its ticks span the means, not 0..1
    String chart = HTML.substring(HTML.indexOf("<h3>P@k</h3>"));
    chart = chart.substring(0, chart.indexOf("</svg>"));
    List<Double> ticks = Pattern.compile("<text class=\"tick\" text-anchor=\"end\"[^>]*>([-0-9.]+)</text>").matcher(chart).results()
        .map(r -> Double.parseDouble(r.group(1))).toList();
    Comparison c = Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults());
    List<Double> means = c.distributions().stream().filter(d -> d.measure().name().startsWith("P@")).map(d -> d.mean().decimal()).toList();
    assertThat(ticks).hasSize(5);
    assertThat(ticks.get(0)).isLessThanOrEqualTo(java.util.Collections.min(means));
    assertThat(ticks.get(4)).isGreaterThanOrEqualTo(java.util.Collections.max(means));
    assertThat(ticks.get(4) - ticks.get(0)).isLessThan(1.0);
  }

  @Test
  void should_number_the_bars_and_the_table_rows_alike_when_there_are_too_many_bars_to_name() {
    // GIVEN 50 queries: too many to name each bar
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    Map<String, List<String>> a = new LinkedHashMap<>();
    Map<String, List<String>> b = new LinkedHashMap<>();
    for (int i = 1; i <= 50; i++) {
      String q = "q" + i;
      qrels.put(q, Map.of("d1", 1));
      a.put(q, List.of("d1"));
      b.put(q, i % 3 == 0 ? List.of("x", "d1") : List.of("d1"));
    }
    EvalProtocol p = new EvalProtocol(Qrels.of(qrels), List.copyOf(qrels.keySet()), "fifty", null, Policy.trecEval(),
        List.of(Measures.parse("RR")));
    Comparison c = Comparisons.compare(List.of(Evaluation.evaluate(p, ScoredRun.of(Run.of("a", a))),
        Evaluation.evaluate(p, ScoredRun.of(Run.of("b", b)))), CompareSettings.defaults());
    String html = CompareHtml.render(c);
    // THEN the chart numbers its bars 5, 10, ... 50 and says where the numbers lead
    assertThat(Pattern.compile("<text class=\"barno\"[^>]*>(\\d+)</text>").matcher(html).results().map(r -> r.group(1)).toList())
        .containsExactly("5", "10", "15", "20", "25", "30", "35", "40", "45", "50");
    assertThat(html).contains("each bar's number is the bar column of the table of all queries below")
        .doesNotContain("hover a bar");
    // and the table gives each query its bar: the 16 losses (q3, q6, ... q48) first, by query ID
    List<String> byBar = c.comparisons().get(0).byDelta().stream().map(d -> d.query()).toList();
    assertThat(byBar.get(0)).isEqualTo("q12");
    assertThat(html).contains("<tr><td class=\"id\">q12</td>").containsPattern("<td class=\"id\">q12</td>.*<td data-v=\"1\">1</td></tr>");
  }
}
