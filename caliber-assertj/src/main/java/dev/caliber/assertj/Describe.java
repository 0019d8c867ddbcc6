package dev.caliber.assertj;

import dev.caliber.compare.QueryDelta;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.report.Numbers;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The parts every failure message shares: the protocol, and the queries that explain a mean. */
final class Describe {
  /** How many queries a failure lists. */
  static final int LISTED = 5;

  private Describe() {}

  /**
   * A number as the messages print it: four decimals, and after it the exact fraction when it is
   * short enough to read (such as 1/2 or 59/60; not 69653/19867806).
   */
  static String number(Value v) {
    if (v == null) {
      return "excluded";
    }
    String d = Numbers.decimal(v.decimal());
    boolean readable = v.isExact() && !v.exact().denominator().equals(java.math.BigInteger.ONE) && v.exact().toString().length() <= 9;
    return readable ? d + " (" + v.exact() + ")" : d;
  }

  /** A double in caliber's one number format ({@link Numbers}). */
  static String number(double d) {
    return Numbers.decimal(d);
  }

  /** A p-value as a comparison: {@code = 0.0123}, or {@code < 0.0001} below that ({@link Numbers#p}). */
  static String p(double p) {
    return Numbers.pStated(p);
  }

  /** "protocol sha256 ab12..., policy judgments=pooled, ..." on one line. */
  static String protocol(RunResult r) {
    StringBuilder sb = new StringBuilder("protocol sha256 ").append(r.protocolSha256()).append("; policy ");
    boolean first = true;
    for (Map.Entry<String, Object> e : r.protocol().policy().toData().entrySet()) {
      sb.append(first ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
      first = false;
    }
    return sb.append("; ").append(r.rows().size()).append(" queries").toString();
  }

  /** The query's state in a few words: its value and where its first relevant document is. */
  static String query(QueryResult row, Measure m) {
    String where;
    if (row.missing()) {
      where = "missing from the run";
    } else if (row.relevant() == 0) {
      where = "no relevant document judged";
    } else if (row.firstRelevantRank() == null) {
      where = "no relevant document ranked";
    } else {
      where = "first relevant at rank " + row.firstRelevantRank();
    }
    return String.format(Locale.ROOT, "  %-12s %s  (%s)", row.query(), number(row.value(m)), where);
  }

  /** The lowest-valued queries for {@code m}, worst first, then by query ID. */
  static List<String> worst(RunResult r, Measure m) {
    List<QueryResult> rows = new ArrayList<>();
    for (QueryResult q : r.rows()) {
      if (q.value(m) != null) {
        rows.add(q);
      }
    }
    rows.sort(Comparator.comparingDouble((QueryResult q) -> q.value(m).decimal()).thenComparing(QueryResult::query));
    List<String> out = new ArrayList<>();
    for (QueryResult q : rows.subList(0, Math.min(LISTED, rows.size()))) {
      out.add(query(q, m));
    }
    return out;
  }

  /**
   * The queries that got worse, largest loss first, the first {@link #LISTED} of them on lines of
   * their own: values before and after, the delta, and (with {@code ranks}) the first relevant
   * ranks; then how many more there are.
   */
  static String losses(String heading, List<QueryDelta> worse, boolean ranks) {
    List<QueryDelta> sorted = worse.stream().sorted(QueryDelta.LARGEST_LOSS_FIRST).toList();
    StringBuilder sb = new StringBuilder("\n").append(heading).append(':');
    for (QueryDelta d : sorted.subList(0, Math.min(LISTED, sorted.size()))) {
      sb.append(String.format(Locale.ROOT, "\n  %-12s %s -> %s (%s)", d.query(), number(d.baseline()), number(d.system()),
          number(d.delta())));
      if (ranks) {
        sb.append("  rank ").append(rank(d.baselineRank())).append(" -> ").append(rank(d.systemRank()));
      }
    }
    if (sorted.size() > LISTED) {
      sb.append("\n  and ").append(sorted.size() - LISTED).append(" more");
    }
    return sb.toString();
  }

  private static String rank(Integer r) {
    return r == null ? "none" : r.toString();
  }

  /** The first {@link #LISTED} of {@code items}, and how many more there are. */
  static String some(List<String> items) {
    String shown = String.join(", ", items.subList(0, Math.min(LISTED, items.size())));
    return items.size() > LISTED ? shown + " and " + (items.size() - LISTED) + " more" : shown;
  }
}
