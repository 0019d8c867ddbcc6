package dev.caliber.cli;

import dev.caliber.api.split.SplitCheck;
import dev.caliber.json.PyJson;
import dev.caliber.report.UnsafeCharacters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code protocol check}'s writers: text (one line per finding, its location first, at most {@value
 * #SHOWN} per rule, then "... and N more"; each split's counts; a summary) and JSON. They render a
 * {@link SplitCheck} and decide nothing but each finding's word: error, warning or info.
 */
final class CheckReport {
  /** How many findings of one rule the text shows. */
  static final int SHOWN = 20;

  private CheckReport() {}

  /** What a rule's findings are under the errors the user named. */
  static String severity(SplitCheck.RuleResult r, Set<SplitCheck.Rule> errors) {
    return r.information() ? "info" : errors.contains(r.rule()) ? "error" : "warning";
  }

  static String text(SplitCheck c, Set<SplitCheck.Rule> errors) {
    StringBuilder out = new StringBuilder();
    for (SplitCheck.RuleResult r : c.rules()) {
      String sev = severity(r, errors);
      int shown = 0;
      for (SplitCheck.Finding f : r.findings()) {
        if (shown++ == SHOWN) {
          break;
        }
        // IDs and paths come from the user's files: a terminal must not obey a control or bidi
        // character in them (the one rule every writer applies)
        String at = UnsafeCharacters.shownIn(f.location().toString());
        out.append(at.isEmpty() ? "" : at + ": ").append(sev).append(' ').append(r.rule().id()).append(": ")
            .append(UnsafeCharacters.shownIn(f.message())).append('\n');
      }
      if (r.count() > Math.min(SHOWN, r.findings().size())) {
        out.append("... and ").append(r.count() - Math.min(SHOWN, r.findings().size())).append(" more ").append(r.rule().id())
            .append('\n');
      }
    }
    for (SplitCheck.SplitCounts s : c.splits()) {
      List<String> labels = new ArrayList<>();
      s.labels().forEach((l, n) -> labels.add(l + ": " + n));
      out.append("split ").append(UnsafeCharacters.shownIn(s.split())).append(": ").append(s.queries()).append(s.queries() == 1 ? " query, " : " queries, ")
          .append(s.judgedQueries()).append(" judged, ").append(s.judgments()).append(s.judgments() == 1 ? " judgment, " : " judgments, ").append(s.relevant()).append(" relevant (label >= ")
          .append(c.relevanceThreshold()).append("), ").append(s.noRelevant()).append(" without a relevant document; labels ")
          .append(labels.isEmpty() ? "none" : String.join(", ", labels)).append('\n');
    }
    List<String> rules = new ArrayList<>();
    for (SplitCheck.RuleResult r : c.rules()) {
      rules.add(r.rule().id() + " " + (r.applies() ? severity(r, errors) + " " + r.count() : "not applicable"
          + (r.rule() == SplitCheck.Rule.GROUP_ACROSS_SPLITS ? " (no --groups)" : " (no corpus)")));
    }
    out.append("protocol check of ").append(UnsafeCharacters.shownIn(c.source())).append(": ").append(c.failed(errors) ? "failed" : "passed")
        .append(" (").append(String.join(", ", rules)).append(")\n");
    return out.toString();
  }

  static String json(SplitCheck c, Set<SplitCheck.Rule> errors) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("source", c.source());
    root.put("judgments", c.judgments().name().toLowerCase(java.util.Locale.ROOT));
    root.put("relevance_threshold", c.relevanceThreshold());
    root.put("failed", c.failed(errors));
    List<Object> rules = new ArrayList<>();
    for (SplitCheck.RuleResult r : c.rules()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("rule", r.rule().id());
      m.put("applies", r.applies());
      m.put("severity", severity(r, errors));
      m.put("count", r.count());
      List<Object> fs = new ArrayList<>();
      for (SplitCheck.Finding f : r.findings()) {
        Map<String, Object> fm = new LinkedHashMap<>();
        fm.put("location", f.location().toString());
        fm.put("message", f.message());
        fs.add(fm);
      }
      m.put("findings", fs);
      rules.add(m);
    }
    root.put("rules", rules);
    List<Object> splits = new ArrayList<>();
    for (SplitCheck.SplitCounts s : c.splits()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("split", s.split());
      m.put("queries", s.queries());
      m.put("judged_queries", s.judgedQueries());
      m.put("judgments", s.judgments());
      m.put("relevant", s.relevant());
      m.put("no_relevant", s.noRelevant());
      Map<String, Object> labels = new LinkedHashMap<>();
      s.labels().forEach((l, n) -> labels.put(Integer.toString(l), n));
      m.put("labels", labels);
      splits.add(m);
    }
    root.put("splits", splits);
    return PyJson.pretty(root) + "\n";
  }

  /** The failing rules and their counts, for the one-line message on standard error. */
  static String failures(SplitCheck c, Set<SplitCheck.Rule> errors) {
    List<String> parts = new ArrayList<>();
    for (SplitCheck.RuleResult r : c.rules()) {
      if (r.fails(errors)) {
        parts.add(r.rule().id() + " " + r.count());
      }
    }
    return "rules marked as errors have findings (" + String.join(", ", parts) + "); see the report";
  }
}
