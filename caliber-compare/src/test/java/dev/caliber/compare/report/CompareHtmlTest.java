package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.Synthetic;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTML report: escaping of untrusted IDs, no external loads, the charts present. */
class CompareHtmlTest {
  private static final String HTML = CompareHtml.render(Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults()));

  @Test
  void should_escape_a_script_query_id_everywhere_it_is_written() {
    assertThat(HTML).doesNotContain(Synthetic.SCRIPT_ID).doesNotContainIgnoringCase("<script")
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
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
        .isEqualTo("&lt;a href=&#39;x&#39; title=&quot;y&quot;&gt;&amp;\uFFFD&lt;/a&gt;");
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
}
