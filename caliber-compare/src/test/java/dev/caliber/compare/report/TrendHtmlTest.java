package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.Trend;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TrendHtmlTest {
  private static final String SHA = "19fedff39100a4323285afbf6b5f347bf16a25e3642bf7f3103c1aa9fca09381";

  private static Trend trend(String run) {
    return new Trend("nDCG@10", List.of(new Trend.Series(SHA, "split test of <beir>", List.of(
        new Trend.Point(1, Instant.parse("2026-12-01T10:00:00Z"), "bm25", 0.4543),
        new Trend.Point(2, Instant.parse("2026-12-02T10:00:00Z"), run, 0.4609)))));
  }

  @Test
  void should_show_each_evaluation_in_a_chart_and_a_table_per_protocol() {
    String html = TrendHtml.render(trend("ql"));
    assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    assertThat(html).contains("<h2>protocol <code>19fedff39100</code></h2>", "<svg class=\"chart\"",
        "<tr><td>2</td><td class=\"id\">2026-12-02T10:00:00Z</td><td class=\"id\">ql</td><td>0.4609</td></tr>",
        "<title>entry 1, bm25, 2026-12-01T10:00:00Z: nDCG@10 = 0.4543</title>");
    assertThat(html).contains("query set: split test of &lt;beir&gt;");
  }

  @Test
  void should_escape_run_names_and_allow_nothing_but_its_own_style_by_hash() {
    String html = TrendHtml.render(trend("<script>alert(1)</script>\" onload=\"x"));
    assertThat(html).doesNotContain("<script>alert", "\" onload=\"x");
    assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;; style-src &#39;sha256-")
        .doesNotContain("https://", "src=\"", "href=");
  }

  @Test
  void should_say_so_when_no_evaluation_has_the_measure() {
    assertThat(TrendHtml.render(new Trend("AP", List.of()))).contains("<p>No recorded evaluation has this measure.</p>");
  }
}
