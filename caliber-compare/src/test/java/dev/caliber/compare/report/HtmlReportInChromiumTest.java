package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.RunReport;
import dev.caliber.compare.Synthetic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTML report in a real browser: headless Chromium loads it from a file with networking off,
 * and the DOM it builds must hold the charts and the hostile query ID as text, with no script
 * error and no content-security-policy refusal in the console. Skipped where /usr/bin/chromium is
 * absent (.ci/run installs it). Leaves target/compare-report/report.html and report.png for a
 * person to look at.
 */
class HtmlReportInChromiumTest {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path DIR = Path.of("target", "compare-report").toAbsolutePath();
  private static final Path HTML = DIR.resolve("report.html");

  private static String dom;
  private static String console;

  @BeforeAll
  static void loadTheReportInChromium() throws IOException, InterruptedException {
    if ("true".equals(System.getenv("CI"))) {
      // CI installs Chromium (.ci/run): there, a missing browser is a failure, never a skip.
      org.assertj.core.api.Assertions.assertThat(CHROMIUM).as("Chromium, installed by .ci/run").isExecutable();
    }
    Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "/usr/bin/chromium is not installed");
    Files.createDirectories(DIR);
    // the comparison with a section per facet value (compare --facets), so that its forest plots load under the page's policy too
    dev.caliber.compare.Comparison c = Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults());
    java.util.Map<String, String> half = new java.util.LinkedHashMap<>();
    c.protocol().querySet().forEach(q -> half.put(q, half.size() % 2 == 0 ? "even" : "odd <b>"));
    String byFacet = FacetComparisonReport.html(dev.caliber.compare.FacetComparisons.of(c,
        new dev.caliber.protocol.Facets("facets.tsv", java.util.Map.of("half", half), java.util.Map.of())), dev.caliber.report.Numbers.DECIMAL);
    Files.writeString(HTML, CompareHtml.render(c, dev.caliber.report.Numbers.DECIMAL, null, byFacet), StandardCharsets.UTF_8);
    Result r = chromium("--dump-dom", "--enable-logging=stderr", "--v=0", HTML.toUri().toString());
    dom = r.out();
    console = r.err();
    chromium("--screenshot=" + DIR.resolve("report.png"), "--window-size=1280,2000", HTML.toUri().toString());
  }

  record Result(String out, String err) {}

  private static Result chromium(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + Files.createTempDirectory("caliber-chromium")));
    command.addAll(List.of(args));
    Path out = Files.createTempFile(DIR, "chromium", ".out");
    Path err = Files.createTempFile(DIR, "chromium", ".err");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("chromium did not finish within 120 s: " + command);
    }
    Result r = new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    Files.delete(out);
    Files.delete(err);
    return r;
  }

  @Test
  void should_build_a_dom_with_every_svg_chart() {
    // 16 of the comparison, and a forest plot per measure (5) of the one facet
    assertThat(Pattern.compile("<svg class=\"chart\"").matcher(dom).results().count()).isEqualTo(16 + 5);
    assertThat(dom).contains("<h2>By facet: half</h2>", "<td class=\"id\">odd &lt;b&gt;</td><td>15</td>").doesNotContain("odd <b>");
    assertThat(dom).contains("<rect class=\"bar\"", "<rect class=\"box\"", "<polyline class=\"series\"");
  }

  @Test
  void should_draw_each_runs_interpolated_precision_recall_curve_when_the_recall_levels_are_measures() throws Exception {
    // GIVEN a comparison with three recall levels among its measures
    Path html = DIR.resolve("curve.html");
    java.util.List<dev.caliber.result.RunResult> runs = Synthetic.runs(Synthetic.protocol("RR@10", "IPrec@0", "IPrec@0.5", "IPrec@1"));
    Files.writeString(html, CompareHtml.render(Comparisons.compare(runs, CompareSettings.defaults())), StandardCharsets.UTF_8);
    // WHEN Chromium builds the page
    String curve = chromium("--dump-dom", html.toUri().toString()).out();
    curve = curve.substring(curve.indexOf("<section class=\"recall-precision\">"));
    curve = curve.substring(0, curve.indexOf("</section>"));
    // THEN one line per run, the three levels on the recall axis, every run in the legend
    assertThat(Pattern.compile("<polyline class=\"series\"").matcher(curve).results().count()).isEqualTo(runs.size());
    assertThat(curve).contains(">recall</text>", ">interpolated precision</text>", ">0</text>", ">0.5</text>", ">1</text>");
    for (dev.caliber.result.RunResult r : runs) {
      assertThat(curve).contains("<title>" + Html.esc(r.runName()) + "</title>");
    }
    // and without levels, the section says how to get the curve
    assertThat(dom.substring(dom.indexOf("<section class=\"recall-precision\">"))).contains("-m iprec_at_recall");
  }

  @Test
  void should_show_the_script_query_id_as_text_and_never_as_an_element() {
    assertThat(dom.replace("<script>" + TableScript.JS + "</script>", "")).doesNotContainIgnoringCase("<script")
        .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(dom).doesNotContain("<b>bold</b>").contains("&lt;b&gt;bold&lt;/b&gt;");
  }

  @Test
  void should_log_nothing_to_the_console_no_script_error_and_no_content_security_policy_violation() {
    // Chromium logs page console messages as "INFO:CONSOLE(line)" or "INFO:CONSOLE:line"; a CSP
    // violation (e.g. a stylesheet whose hash does not match) reads "... violates the following
    // Content Security Policy directive ..." and older versions say "Refused to ..."
    assertThat(console).doesNotContain("CONSOLE").doesNotContain("Uncaught").doesNotContain("Refused to")
        .doesNotContain("Content Security Policy");
  }

  @Test
  void should_leave_a_screenshot_for_a_person_to_look_at() throws IOException {
    Path png = DIR.resolve("report.png");
    assertThat(png).exists();
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  /** The evaluate report of the synthetic run, open in a browser driven by clicks and keys. */
  private static DevTools evaluateReport() throws IOException, InterruptedException {
    Path html = DIR.resolve("evaluate.html");
    Files.writeString(html, RunReportHtml.render(RunReport.of(Synthetic.runs(Synthetic.protocol()).get(1))), StandardCharsets.UTF_8);
    return DevTools.open(CHROMIUM, DIR, html);
  }

  /** The column's sort keys, top to bottom, as the script reads them: data-v, else the text. */
  private static String column(DevTools page, String table, int col) {
    return page.evaluate("Array.prototype.map.call(document.querySelector(" + DevTools.json(table) + ").tBodies[0].rows,"
        + " function (r) { var c = r.cells[" + col + "]; return c.hasAttribute('data-v') ? c.getAttribute('data-v') : c.textContent; })"
        + ".join('\\n')");
  }

  private static List<Double> numbers(String column) {
    return column.lines().map(v -> v.isEmpty() ? Double.NaN : Double.parseDouble(v)).toList();
  }

  @Test
  void should_sort_the_per_query_table_by_a_column_when_its_header_is_clicked_and_reverse_it_on_a_second_click() throws Exception {
    try (DevTools page = evaluateReport()) {
      // WHEN the RR@10 header is clicked (column 8: query, missing, returned, relevant, first rank, P@5, P@10, P@20, RR@10)
      assertThat(page.evaluate("document.querySelector('#queries thead th:nth-child(9)').textContent")).isEqualTo("RR@10");
      page.click("#queries thead th:nth-child(9)");
      // THEN the rows are in ascending RR@10, the header says so
      List<Double> up = numbers(column(page, "#queries", 8));
      assertThat(up).hasSize(30);
      assertThat(up.stream().filter(d -> !d.isNaN()).toList()).isSorted();
      assertThat(page.evaluate("document.querySelector('#queries thead th:nth-child(9)').getAttribute('aria-sort')")).isEqualTo("ascending");
      // WHEN clicked again THEN descending
      page.click("#queries thead th:nth-child(9)");
      List<Double> down = numbers(column(page, "#queries", 8));
      List<Double> reversed = new ArrayList<>(down.stream().filter(d -> !d.isNaN()).toList());
      java.util.Collections.reverse(reversed);
      assertThat(reversed).isSorted();
      // WHEN the query header is clicked THEN the rows are in query ID order, every row still there
      page.click("#queries thead th:nth-child(1)");
      List<String> ids = column(page, "#queries", 0).lines().toList();
      assertThat(ids).hasSize(30).isSorted().containsAll(Synthetic.queries().stream().map(q -> q.replace("\n", " ")).toList());
    }
  }

  @Test
  void should_filter_the_per_query_table_by_the_text_typed_into_its_search_field() throws Exception {
    try (DevTools page = evaluateReport()) {
      // WHEN a user clicks the search field and types q1
      page.click("input.filter");
      page.type("q1");
      // THEN only q10..q19 are shown, and the page says how many
      String shown = page.evaluate("Array.prototype.filter.call(document.querySelector('#queries').tBodies[0].rows,"
          + " function (r) { return !r.hidden && r.offsetParent !== null; }).map(function (r) { return r.cells[0].textContent; }).join(',')");
      List<String> expected = Synthetic.queries().stream().filter(q -> q.toLowerCase(java.util.Locale.ROOT).contains("q1")).toList();
      assertThat(shown.split(",")).containsExactlyElementsOf(expected);
      assertThat(page.evaluate("document.getElementById('queries-count').textContent")).isEqualTo(expected.size() + " of 30 rows");
    }
  }

  @Test
  void should_open_a_pairs_folded_table_and_sort_it_by_delta_in_the_compare_report() throws Exception {
    try (DevTools page = DevTools.open(CHROMIUM, DIR, HTML)) {
      // WHEN the first pair's folded table is opened and its delta header clicked
      page.click("details summary");
      page.click("#queries-1 thead th:nth-child(4)");
      // THEN the deltas read from largest loss to largest gain
      List<Double> deltas = numbers(column(page, "#queries-1", 3));
      assertThat(deltas).hasSize(30).isSorted();
    }
  }
}
