package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparisons;
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
    Files.writeString(HTML, CompareHtml.render(Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults())),
        StandardCharsets.UTF_8);
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
    assertThat(Pattern.compile("<svg class=\"chart\"").matcher(dom).results().count()).isEqualTo(16);
    assertThat(dom).contains("<rect class=\"bar\"", "<rect class=\"box\"", "<polyline class=\"series\"");
  }

  @Test
  void should_show_the_script_query_id_as_text_and_never_as_an_element() {
    assertThat(dom).doesNotContainIgnoringCase("<script").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
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
}
