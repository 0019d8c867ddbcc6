package dev.caliber.compare.report;

import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.gate.Check;
import dev.caliber.compare.gate.Verdict;
import dev.caliber.report.Numbers;
import dev.caliber.report.UnsafeCharacters;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A gate's verdict in the forms CI systems show without plugins: a line per check for a log, a
 * Markdown summary sized for a pull-request comment, JUnit XML (one test case per rule, candidate
 * and measure, in the layout of Ant's JUnit report that Jenkins, GitLab, GitHub actions and
 * Surefire's readers take), and JSON data. Every ID is escaped for the form it goes into.
 */
public final class GateReport {
  private GateReport() {}

  /** At most this many of a check's worse queries are listed in the Markdown and JUnit bodies. */
  static final int LISTED = 20;

  /**
   * One line per check, then the verdict: what a CI log shows.
   *
   * @param v the verdict
   * @return the text, each line ending with a newline
   */
  public static String text(Verdict v) {
    StringBuilder out = new StringBuilder();
    for (Check c : v.checks()) {
      out.append(c.passed() ? "pass  " : "FAIL  ").append(UnsafeCharacters.shownIn(c.system())).append("  [")
          .append(c.rule().words()).append("] ").append(UnsafeCharacters.shownIn(c.message())).append('\n');
    }
    out.append(headline(v)).append('\n');
    return out.toString();
  }

  private static String headline(Verdict v) {
    int failed = v.failures().size();
    return "caliber gate: " + (failed == 0 ? "passed" : "failed") + " (" + Fmt.count(v.checks().size(), "check", "checks")
        + ", " + failed + " failed) against baseline \"" + UnsafeCharacters.shownIn(v.comparison().baseline())
        + "\", protocol sha256 " + v.comparison().protocolSha256();
  }

  /**
   * A Markdown summary for a pull-request comment: the verdict, a table of the checks, and the
   * queries that got worse under each failed check in a collapsed section.
   *
   * @param v the verdict
   * @return the Markdown
   */
  public static String markdown(Verdict v) {
    StringBuilder out = new StringBuilder();
    int failed = v.failures().size();
    out.append("### caliber gate: ").append(failed == 0 ? "passed" : "**failed**").append(" (")
        .append(failed).append(" of ").append(Fmt.count(v.checks().size(), "check", "checks")).append(" failed)\n\n");
    out.append("Baseline `").append(code(v.comparison().baseline())).append("`, ")
        .append(v.comparison().protocol().querySet().size()).append(" queries, protocol sha256 `")
        .append(v.comparison().protocolSha256(), 0, 12).append("`.\n\n");
    MarkdownTable t = new MarkdownTable(List.of("", "run", "rule", "measure", "baseline", "candidate", "bound", "p"),
        List.of(MarkdownTable.Align.LEFT, MarkdownTable.Align.LEFT, MarkdownTable.Align.LEFT, MarkdownTable.Align.LEFT,
            MarkdownTable.Align.RIGHT, MarkdownTable.Align.RIGHT, MarkdownTable.Align.RIGHT, MarkdownTable.Align.RIGHT));
    for (Check c : v.checks()) {
      t.row(List.of(c.passed() ? "pass" : "**FAIL**", CompareMarkdown.esc(c.system()), c.rule().words(),
          CompareMarkdown.esc(c.subject()), Fmt.decimal(c.baselineValue()), Fmt.decimal(c.systemValue()),
          CompareMarkdown.esc(c.bound()), Fmt.p(c.p())));
    }
    t.render(out);
    for (Check c : v.failures()) {
      out.append("\n<details><summary>").append(Html.esc(c.system())).append(", ").append(Html.esc(c.rule().words()))
          .append(": ").append(Html.esc(c.message())).append("</summary>\n\n");
      if (c.worse().isEmpty()) {
        out.append("No query got worse.\n");
      } else {
        MarkdownTable w = new MarkdownTable(List.of("query", "baseline", "candidate", "delta"), List.of(MarkdownTable.Align.LEFT,
            MarkdownTable.Align.RIGHT, MarkdownTable.Align.RIGHT, MarkdownTable.Align.RIGHT));
        for (QueryDelta d : c.worse().subList(0, Math.min(LISTED, c.worse().size()))) {
          w.row(List.of(CompareMarkdown.esc(d.query()), Fmt.decimal(d.baseline()), Fmt.decimal(d.system()),
              Numbers.signed(d.delta().decimal())));
        }
        w.render(out);
        if (c.worse().size() > LISTED) {
          out.append("\nand ").append(c.worse().size() - LISTED).append(" more\n");
        }
      }
      out.append("\n</details>\n");
    }
    return out.toString();
  }

  /** Text inside a Markdown code span: a backtick would end it, so it is shown as its code point. */
  private static String code(String s) {
    return UnsafeCharacters.shownIn(s).replace("`", "[U+0060]");
  }

  /**
   * JUnit XML: one test suite, one test case per check (class {@code caliber.gate.RUN}, name
   * {@code RULE: MEASURE}), a failure's message its one line and its body the worse queries.
   *
   * @param v the verdict
   * @param time when the gate ran (the suite's timestamp)
   * @param host the host name the suite names, not null
   * @return the XML document
   */
  public static String junitXml(Verdict v, Instant time, String host) {
    int failures = v.failures().size();
    StringBuilder out = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    String counts = " tests=\"" + v.checks().size() + "\" failures=\"" + failures + "\" errors=\"0\"";
    out.append("<testsuites name=\"caliber gate\"").append(counts).append(">\n");
    out.append("  <testsuite name=\"caliber gate\" timestamp=\"")
        .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(time.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC)))
        .append("\" hostname=\"").append(xml(host)).append('"').append(counts).append(" skipped=\"0\" time=\"0\">\n");
    out.append("    <properties>\n");
    property(out, "baseline", v.comparison().baseline());
    property(out, "protocol_sha256", v.comparison().protocolSha256());
    property(out, "queries", String.valueOf(v.comparison().protocol().querySet().size()));
    property(out, "rules", dev.caliber.json.PyJson.canonical(v.rules().toData()));
    out.append("    </properties>\n");
    for (Check c : v.checks()) {
      out.append("    <testcase classname=\"caliber.gate.").append(xml(c.system())).append("\" name=\"")
          .append(xml(c.rule().words() + ": " + c.subject())).append("\" time=\"0\"");
      if (c.passed()) {
        out.append("/>\n");
        continue;
      }
      out.append(">\n      <failure type=\"caliber.gate.").append(c.rule().name().toLowerCase(java.util.Locale.ROOT))
          .append("\" message=\"").append(xml(c.message())).append("\">").append(xmlLines(body(v, c))).append("</failure>\n");
      out.append("    </testcase>\n");
    }
    out.append("    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n");
    return out.toString();
  }

  private static void property(StringBuilder out, String name, String value) {
    out.append("      <property name=\"").append(name).append("\" value=\"").append(xml(value)).append("\"/>\n");
  }

  private static String body(Verdict v, Check c) {
    StringBuilder b = new StringBuilder(c.message()).append('\n');
    b.append("run \"").append(UnsafeCharacters.shownIn(c.system())).append("\" against baseline \"")
        .append(UnsafeCharacters.shownIn(c.baseline())).append("\", protocol sha256 ")
        .append(v.comparison().protocolSha256()).append('\n');
    if (!c.worse().isEmpty()) {
      b.append("queries that got worse (baseline -> candidate):\n");
      for (QueryDelta d : c.worse().subList(0, Math.min(LISTED, c.worse().size()))) {
        b.append("  ").append(UnsafeCharacters.shownIn(d.query())).append("  ").append(Fmt.decimal(d.baseline())).append(" -> ")
            .append(Fmt.decimal(d.system())).append(" (").append(Numbers.signed(d.delta().decimal())).append(")\n");
      }
      if (c.worse().size() > LISTED) {
        b.append("  and ").append(c.worse().size() - LISTED).append(" more\n");
      }
    }
    return b.toString();
  }

  /** Lines of text (each ID in them already shown safe) as XML content: each line escaped, the newlines kept. */
  private static String xmlLines(String text) {
    StringBuilder out = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      out.append(xml(line)).append('\n');
    }
    out.setLength(out.length() - 1);
    return out.toString();
  }

  /**
   * Text for XML content and quoted attributes: markup escaped as {@link Html#esc} does (control
   * characters and bidi controls shown as code points), and the characters XML 1.0 cannot hold
   * (U+FFFE, U+FFFF, an unpaired surrogate) shown likewise.
   */
  static String xml(String s) {
    String escaped = Html.esc(s);
    StringBuilder out = new StringBuilder(escaped.length());
    for (int i = 0; i < escaped.length(); ) {
      int cp = escaped.codePointAt(i); // an unpaired surrogate comes back as itself
      i += Character.charCount(cp);
      if (cp == 0xFFFE || cp == 0xFFFF || cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
        out.append(String.format(java.util.Locale.ROOT, "[U+%04X]", cp));
      } else {
        out.appendCodePoint(cp);
      }
    }
    return out.toString();
  }

  /**
   * The verdict as JSON data: the rules, every check with its numbers (exact fractions where the
   * values are exact), and the verdict.
   *
   * @param v the verdict
   * @return a new map in a fixed key order
   */
  public static Map<String, Object> toData(Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_gate", 1);
    m.put("passed", v.passed());
    m.put("protocol_sha256", v.comparison().protocolSha256());
    m.put("baseline", v.comparison().baseline());
    m.put("runs", v.comparison().runNames());
    m.put("total_queries", v.comparison().protocol().querySet().size());
    m.put("rules", v.rules().toData());
    List<Object> checks = new ArrayList<>();
    for (Check c : v.checks()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("rule", c.rule().name().toLowerCase(java.util.Locale.ROOT));
      x.put("subject", c.subject());
      x.put("run", c.system());
      x.put("passed", c.passed());
      x.put("message", c.message());
      x.put("baseline_mean", CompareJson.value(c.baselineValue()));
      x.put("run_mean", CompareJson.value(c.systemValue()));
      x.put("bound", c.bound());
      x.put("p_holm", c.p());
      x.put("queries_compared", c.compared());
      List<Object> worse = new ArrayList<>();
      for (QueryDelta d : c.worse()) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("query", d.query());
        w.put("baseline", CompareJson.value(d.baseline()));
        w.put("run", CompareJson.value(d.system()));
        w.put("delta", CompareJson.value(d.delta()));
        worse.add(w);
      }
      x.put("worse", worse);
      checks.add(x);
    }
    m.put("checks", checks);
    return m;
  }
}
