package dev.caliber.compare.gate;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rules a gate declares, each optional: no significant loss on the named measures, a tolerance
 * on each named mean, a bound on the worst per-query loss, a least judged share of the top k. The
 * rules are part of what a gate prints and records ({@link #toData}).
 *
 * @param significance the measures on which no candidate may be significantly worse, and the level;
 *     or null for no such rule
 * @param tolerances how far each named mean may fall; not null
 * @param queryLosses how much one query may lose on each named measure; not null
 * @param judged the least judged share of the top k, per cutoff; not null
 */
public record GateRules(Significance significance, List<Tolerance> tolerances, List<QueryLoss> queryLosses,
    List<Judged> judged) {

  /**
   * Copies the lists and checks that no rule is given twice for one measure (or cutoff).
   *
   * @param significance the significance rule, or null
   * @param tolerances the tolerances, not null
   * @param queryLosses the query-loss bounds, not null
   * @param judged the coverage bounds, not null
   * @throws IllegalArgumentException if a measure (or cutoff) has two rules of one kind
   */
  public GateRules {
    tolerances = List.copyOf(tolerances);
    queryLosses = List.copyOf(queryLosses);
    judged = List.copyOf(judged);
    once("--tolerance", tolerances.stream().map(t -> t.measure().toString()).toList());
    once("--max-query-loss", queryLosses.stream().map(q -> q.measure().toString()).toList());
    once("--min-judged", judged.stream().map(j -> String.valueOf(j.k())).toList());
  }

  private static void once(String rule, List<String> keys) {
    List<String> seen = new ArrayList<>();
    for (String k : keys) {
      if (seen.contains(k)) {
        throw new IllegalArgumentException(rule + " " + k + " is given twice; give one bound for each");
      }
      seen.add(k);
    }
  }

  /**
   * Whether no rule is declared (a gate that checks nothing).
   *
   * @return true when every rule is absent
   */
  public boolean isEmpty() {
    return significance == null && tolerances.isEmpty() && queryLosses.isEmpty() && judged.isEmpty();
  }

  /**
   * The measures the rules name, in the order they name them, each once.
   *
   * @return the measures
   */
  public List<Measure> measures() {
    List<Measure> out = new ArrayList<>();
    if (significance != null) {
      significance.measures().forEach(m -> add(out, m));
    }
    tolerances.forEach(t -> add(out, t.measure()));
    queryLosses.forEach(q -> add(out, q.measure()));
    return out;
  }

  private static void add(List<Measure> out, Measure m) {
    if (!out.contains(m)) {
      out.add(m);
    }
  }

  /**
   * The rules as JSON data, in the words of the command line.
   *
   * @return a new map
   */
  public Map<String, Object> toData() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (significance != null) {
      Map<String, Object> s = new LinkedHashMap<>();
      s.put("measures", significance.measures().stream().map(Measure::toString).toList());
      s.put("alpha", significance.alpha());
      s.put("test", "paired randomization test, Holm-adjusted over these measures and every candidate");
      m.put("no_significant_loss", s);
    }
    if (!tolerances.isEmpty()) {
      Map<String, Object> t = new LinkedHashMap<>();
      tolerances.forEach(x -> t.put(x.measure().toString(), x.amount().toString()));
      m.put("tolerance", t);
    }
    if (!queryLosses.isEmpty()) {
      Map<String, Object> q = new LinkedHashMap<>();
      queryLosses.forEach(x -> q.put(x.measure().toString(), x.maxLoss().toPlainString()));
      m.put("max_query_loss", q);
    }
    if (!judged.isEmpty()) {
      Map<String, Object> j = new LinkedHashMap<>();
      judged.forEach(x -> j.put(String.valueOf(x.k()), x.least().toPlainString()));
      m.put("min_judged", j);
    }
    return m;
  }

  /**
   * No candidate significantly worse than the baseline on these measures: a loss in the mean whose
   * paired randomization test, Holm-adjusted over these measures and every candidate, has p below
   * {@code alpha}.
   *
   * @param measures the measures, at least one, each once
   * @param alpha the level, in (0, 1)
   */
  public record Significance(List<Measure> measures, double alpha) {
    /**
     * Copies and checks.
     *
     * @param measures the measures, at least one, each once
     * @param alpha the level
     * @throws IllegalArgumentException if there is no measure, one is named twice, or alpha is not in (0, 1)
     */
    public Significance {
      measures = List.copyOf(measures);
      if (measures.isEmpty()) {
        throw new IllegalArgumentException("--no-significant-loss needs a measure");
      }
      once("--no-significant-loss", measures.stream().map(Measure::toString).toList());
      if (!(alpha > 0 && alpha < 1)) {
        throw new IllegalArgumentException("--alpha " + alpha + " is out of range; expected a level in (0, 1), such as 0.05");
      }
    }
  }

  /**
   * A candidate's mean on {@code measure} may fall at most {@code amount} below the baseline's,
   * over the queries valued in both.
   *
   * @param measure the measure
   * @param amount how far: absolute, or a percentage of the baseline's mean
   */
  public record Tolerance(Measure measure, Amount amount) {
    /**
     * Checks.
     *
     * @param measure the measure
     * @param amount how far
     * @throws NullPointerException if a part is null
     */
    public Tolerance {
      Objects.requireNonNull(measure, "measure");
      Objects.requireNonNull(amount, "amount");
    }

    /**
     * Reads {@code MEASURE=AMOUNT} or {@code MEASURE=AMOUNT%}, as the command line gives it.
     *
     * @param text the rule
     * @return the rule
     * @throws IllegalArgumentException naming what is wrong and what was expected
     */
    public static Tolerance parse(String text) {
      String[] mv = split("--tolerance", text, "nDCG@10=0.01 or nDCG@10=2%");
      return new Tolerance(parseMeasure("--tolerance", mv[0]), Amount.parse("--tolerance " + text, mv[1]));
    }
  }

  /**
   * No query of a candidate may lose more than {@code maxLoss} on {@code measure}.
   *
   * @param measure the measure
   * @param maxLoss the largest loss accepted for one query, not negative
   */
  public record QueryLoss(Measure measure, BigDecimal maxLoss) {
    /**
     * Checks.
     *
     * @param measure the measure
     * @param maxLoss the bound
     * @throws IllegalArgumentException if the bound is negative
     */
    public QueryLoss {
      Objects.requireNonNull(measure, "measure");
      if (maxLoss.signum() < 0) {
        throw new IllegalArgumentException("--max-query-loss " + measure + "=" + maxLoss.toPlainString()
            + ": a loss bound is not negative");
      }
    }

    /**
     * Reads {@code MEASURE=AMOUNT}.
     *
     * @param text the rule
     * @return the rule
     * @throws IllegalArgumentException naming what is wrong and what was expected
     */
    public static QueryLoss parse(String text) {
      String[] mv = split("--max-query-loss", text, "nDCG@10=0.2");
      return new QueryLoss(parseMeasure("--max-query-loss", mv[0]), decimal("--max-query-loss " + text, mv[1]));
    }
  }

  /**
   * Each candidate's judged share of the top {@code k} (Judged@k's mean: judged documents among
   * the first k, over k, averaged over the query set) is at least {@code least}.
   *
   * @param k the cutoff, positive
   * @param least the least share, in [0, 1]
   */
  public record Judged(int k, BigDecimal least) {
    /**
     * Checks.
     *
     * @param k the cutoff, positive
     * @param least the least share
     * @throws IllegalArgumentException if k is not positive or the share is not in [0, 1]
     */
    public Judged {
      if (k < 1) {
        throw new IllegalArgumentException("--min-judged " + k + "=...: the cutoff is a positive whole number");
      }
      if (least.signum() < 0 || least.compareTo(BigDecimal.ONE) > 0) {
        throw new IllegalArgumentException("--min-judged " + k + "=" + least.toPlainString()
            + ": the share is in [0, 1], such as 0.9");
      }
    }

    /**
     * Reads {@code K=SHARE}.
     *
     * @param text the rule
     * @return the rule
     * @throws IllegalArgumentException naming what is wrong and what was expected
     */
    public static Judged parse(String text) {
      String[] kv = split("--min-judged", text, "10=0.9");
      int k;
      try {
        k = Integer.parseInt(kv[0].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--min-judged " + text + ": the cutoff " + quoted(kv[0])
            + " is not a whole number; expected K=SHARE, such as 10=0.9");
      }
      return new Judged(k, decimal("--min-judged " + text, kv[1]));
    }
  }

  /**
   * A bound as a user writes it: a decimal ({@code 0.01}) or a percentage ({@code 2%}).
   *
   * @param value the number, not negative
   * @param percent whether it is a percentage of the baseline's value
   */
  public record Amount(BigDecimal value, boolean percent) {
    /**
     * Checks.
     *
     * @param value the number, not negative
     * @param percent whether a percentage
     * @throws IllegalArgumentException if the value is negative
     */
    public Amount {
      if (value.signum() < 0) {
        throw new IllegalArgumentException("a tolerance is not negative: " + value.toPlainString());
      }
    }

    static Amount parse(String where, String text) {
      String t = text.trim();
      boolean percent = t.endsWith("%");
      return new Amount(decimal(where, percent ? t.substring(0, t.length() - 1) : t), percent);
    }

    @Override
    public String toString() {
      return value.toPlainString() + (percent ? "%" : "");
    }
  }

  private static String[] split(String option, String text, String example) {
    int eq = text.lastIndexOf('=');
    if (eq <= 0 || eq == text.length() - 1) {
      throw new IllegalArgumentException(option + " " + quoted(text) + ": expected " + (option.equals("--min-judged")
          ? "K=SHARE" : "MEASURE=AMOUNT") + ", such as " + example);
    }
    return new String[] {text.substring(0, eq), text.substring(eq + 1)};
  }

  private static Measure parseMeasure(String option, String name) {
    try {
      return Measures.parse(name.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + " " + quoted(name) + ": " + e.getMessage(), e);
    }
  }

  private static BigDecimal decimal(String where, String text) {
    BigDecimal d;
    try {
      d = new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(where + ": " + quoted(text) + " is not a decimal number; expected such as 0.05");
    }
    if (d.signum() < 0) {
      throw new IllegalArgumentException(where + ": " + d.toPlainString() + " is negative; a bound is not negative");
    }
    if (d.abs().compareTo(BigDecimal.valueOf(1_000_000)) > 0 || d.scale() > 30) {
      throw new IllegalArgumentException(where + ": " + quoted(text) + " is out of range; expected a bound such as 0.05");
    }
    return d;
  }

  private static String quoted(String s) {
    return "\"" + dev.caliber.report.UnsafeCharacters.shownIn(s) + "\"";
  }
}
