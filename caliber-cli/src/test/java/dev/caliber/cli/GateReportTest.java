package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.gate.Gate;
import dev.caliber.compare.gate.GateRules;
import dev.caliber.compare.gate.Verdict;
import dev.caliber.compare.report.GateReport;
import dev.caliber.protocol.EvalProtocol;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's reports with IDs from untrusted files: markup, a formula, controls, a bidi override
 * and characters XML cannot hold are shown, never obeyed, and the JUnit XML stays valid.
 */
class GateReportTest {
  private static final String SCRIPT = "<script>alert(1)</script>";
  private static final String NASTY = "q\u202E\u001b[31m`|*&\"'\uFFFE";

  private static Verdict verdict() {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    List<String> queries = List.of(SCRIPT, NASTY, "plain");
    for (String q : queries) {
      labels.put(q, Map.of("d1", 1, "d2", 0));
    }
    EvalProtocol p = Eval.protocol(Eval.qrels(labels), queries, Preset.TREC_EVAL.policy(), Eval.measures("RR@10"));
    Map<String, List<String>> good = new LinkedHashMap<>();
    Map<String, List<String>> bad = new LinkedHashMap<>();
    for (String q : queries) {
      good.put(q, List.of("d1", "d2"));
      bad.put(q, List.of("d2", "d1"));
    }
    var a = Eval.evaluate(p, Eval.rankings("base</testsuite>", good));
    var b = Eval.evaluate(p, Eval.rankings("cand\u202E" + SCRIPT, bad));
    var c = Comparisons.compare(List.of(a, b), CompareSettings.defaults());
    return Gate.check(c, new GateRules(new GateRules.Significance(Eval.measures("RR@10"), 0.05),
        List.of(GateRules.Tolerance.parse("RR@10=0.1")), List.of(GateRules.QueryLoss.parse("RR@10=0.2")), List.of()));
  }

  @Test
  void should_write_valid_junit_xml_whatever_the_ids(@TempDir Path dir) throws Exception {
    String xml = GateReport.junitXml(verdict(), Instant.parse("2026-12-07T10:00:00Z"), "host<1>");
    Path file = Files.writeString(dir.resolve("TEST-gate.xml"), xml);
    GateCommandTest.validate(file);
    assertThat(xml).doesNotContain(SCRIPT).doesNotContain("\u202E").doesNotContain("\u001b").doesNotContain("\uFFFE")
        .contains("timestamp=\"2026-12-07T10:00:00\"").contains("hostname=\"host&lt;1&gt;\"")
        .contains("classname=\"caliber.gate.cand[U+202E]&lt;script&gt;")
        .contains("[U+FFFE]");
    // the validator does reject what the schema forbids
    Path bad = Files.writeString(dir.resolve("bad.xml"), xml.replace("<testsuite name=\"caliber gate\"", "<testsuite"));
    assertThatThrownBy(() -> GateCommandTest.validate(bad)).isInstanceOf(org.xml.sax.SAXException.class);
  }

  @Test
  void should_show_ids_in_the_markdown_and_the_log_never_obey_them() {
    Verdict v = verdict();
    String md = GateReport.markdown(v);
    assertThat(md).doesNotContain(SCRIPT).doesNotContain("\u202E").doesNotContain("\u001b")
        .contains("Baseline `base</testsuite>`").contains("cand\\[U+202E\\]\\<script\\>");
    assertThat(md).contains("&lt;script&gt;"); // inside <details>, HTML rules
    String log = GateReport.text(v);
    assertThat(log).doesNotContain("\u202E").doesNotContain("\u001b").contains("FAIL  cand[U+202E]<script>");
  }
}
