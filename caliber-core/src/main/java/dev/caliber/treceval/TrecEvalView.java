package dev.caliber.treceval;

import dev.caliber.measure.Count;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.Mean;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.RankBiasedPrecisionResidual;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.measure.Utility;
import dev.caliber.measure.Value;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ZScores;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * trec_eval's text output as data, before it is written ({@link TrecEvalText}): each query's lines
 * and the summary's, every value as trec_eval prints it. What trec_eval computes beyond caliber's
 * result is computed here, once:
 *
 * <ul>
 *   <li>each count's summary is the sum of its queries' counts, every other measure's the mean (of
 *       the logarithms, for {@code gm_map} and {@code gm_bpref}), and under {@code -c} the summary
 *       {@code num_rel} is {@link EvalProtocol#judgmentsAboveZero};
 *   <li>with {@code -Z}, every value becomes its z-score against the reference ({@link ZScores#of},
 *       per query, before the summary is taken, as trec_eval converts them), counts included; the
 *       summary is the mean of the queries' z-scores (the sum for counts; for {@code gm_map} and
 *       {@code gm_bpref}, whose per-query value trec_eval keeps as log(max(v, 0.00001)), the
 *       exponential of the mean z-score of that logarithm); {@code num_q} is a z-score line too,
 *       {@code runid} and {@code relstring} are not; under {@code -c}, the summary {@code num_rel}
 *       is the count of judgments, unconverted;
 *   <li>under {@code -c}, a query the run lacks is scored by trec_eval on a ranking of one
 *       placeholder document ({@code ceci_nest_pas_un_docno}, trec_eval.c), after which it resets
 *       num_ret, {@code utility}, {@code unj*} and rbp_resid to 0 and clears relstring, by name, as
 *       an empty ranking scores them. The reset misses the same measures with parameters typed,
 *       whose names differ: a typed utility ({@code utility_1,-1,-2,3}) carries the placeholder's b
 *       - d ({@link Utility#oneNonRelevantRetrieved}), a typed rbp_resid ({@code rbp_resid_p=0.5})
 *       is 1, and a typed relstring ({@code relstring_5}) shows the placeholder ({@code '-'},
 *       through the leading labels), in each such query's line and so in the summary (the mean
 *       shifted by the difference), as trec_eval prints them. Every other measure scores the
 *       unjudged placeholder as the empty ranking.
 * </ul>
 *
 * <p>A query's lines are made when they are asked for, so that 100,000 queries never make one list.
 */
public final class TrecEvalView {
  /** What a line shows, as trec_eval prints it. */
  public sealed interface Shown permits Whole, Decimal, Text {}

  /**
   * A whole number ({@code %ld}): a count, a count's sum, {@code num_q}.
   *
   * @param value the number
   */
  public record Whole(long value) implements Shown {}

  /**
   * A decimal with 4 places ({@code %6.4f}): a value, a mean, a z-score.
   *
   * @param value the double
   */
  public record Decimal(double value) implements Shown {}

  /**
   * Text as it stands: the {@code runid} (the run's tag), a quoted relstring.
   *
   * @param value the text
   */
  public record Text(String value) implements Shown {}

  /**
   * One line of trec_eval's text: {@code name<TAB>query<TAB>value}.
   *
   * @param name the name trec_eval prints, without the {@code Z} of a z-score line
   * @param zscore whether trec_eval prints the name with {@code Z} before it ({@code -Z})
   * @param query the query's ID, or {@code all} in the summary
   * @param value what the line shows
   */
  public record Line(String name, boolean zscore, String query, Shown value) {}

  private static final String ALL = "all";
  /** The count whose summary -c gives as the qrels count, whatever the threshold (m_num_rel.c). */
  private static final Measure NUM_REL = Measures.parse("NumRel");

  private final RunResult result;
  private final String runid;
  private final List<TrecEvalMeasures.Line> lines;
  private final Map<Measure, MeasureSummary> summaries = new HashMap<>();
  private final long completeNumRel;
  private final Function<String, int[]> leadingLabels;
  private final ZScores zscores;
  private final Set<String> placeholders;
  /** Per line: the sum of its queries' z-scores (with -Z), and what the placeholders add to its sum. */
  private final double[] zSums;
  private final double[] shifts;

  private TrecEvalView(RunResult result, String runid, List<TrecEvalMeasures.Line> lines, boolean complete,
      Function<String, int[]> leadingLabels, ZScores zscores, Set<String> placeholders) {
    this.result = result;
    this.runid = runid;
    this.lines = List.copyOf(lines);
    this.completeNumRel = complete ? result.protocol().judgmentsAboveZero() : -1;
    this.leadingLabels = leadingLabels;
    this.zscores = zscores;
    this.placeholders = Set.copyOf(placeholders);
    result.summaries().forEach(s -> summaries.put(s.measure(), s));
    this.zSums = new double[lines.size()];
    this.shifts = new double[lines.size()];
    if (zscores == null && placeholders.isEmpty()) {
      return;
    }
    for (QueryResult q : result.rows()) {
      boolean placeholder = placeholders.contains(q.query());
      for (int i = 0; i < lines.size(); i++) {
        Value caliber = value(this.lines.get(i), q);
        if (caliber == null) {
          continue;
        }
        Value v = caliber;
        if (placeholder) {
          v = asTrecEvalPlaceholder(this.lines.get(i), caliber);
          shifts[i] += v.decimal() - caliber.decimal();
        }
        if (zscores != null) {
          zSums[i] += zscore(this.lines.get(i), q, v);
        }
      }
    }
  }

  /**
   * The text of a result's own measures ({@code caliber evaluate --format trec}): {@code runid} and
   * {@code num_q}, then each measure under trec_eval's name where it has one ({@link
   * Measures#trecEvalName}), else caliber's; geometric means in the summary only.
   *
   * @param r the run's result, not null
   * @param runid what the {@code runid} line shows ({@link #runid(RunResult, boolean)})
   * @param complete true for {@code trec_eval -c}'s text: the mean was taken over the protocol's
   *     whole query set, and the summary {@code num_rel} is {@link EvalProtocol#judgmentsAboveZero}
   * @return the view
   */
  public static TrecEvalView of(RunResult r, String runid, boolean complete) {
    List<TrecEvalMeasures.Line> lines = new ArrayList<>(TrecEvalMeasures.header());
    for (Measure m : r.measures()) {
      lines.add(new TrecEvalMeasures.Line(name(m),
          m.mean() == Mean.ARITHMETIC ? TrecEvalMeasures.Kind.VALUE : TrecEvalMeasures.Kind.SUMMARY_VALUE, m, 0));
    }
    return new TrecEvalView(r, Objects.requireNonNull(runid, "runid"), lines, complete, null, null, Set.of());
  }

  /**
   * The text of trec_eval's own lines for its command line ({@link TrecEvalMeasures#resolve}).
   *
   * @param r the run's result; its protocol's measures include every line's measures, not null
   * @param lines what to print, in order, not null
   * @param complete trec_eval's {@code -c}
   * @param leadingLabels for a {@code relstring} line: a query's ID to the labels of its first
   *     ranked documents ({@link JudgedRanking#UNJUDGED} where a document has no judgment; as many
   *     as the line shows, fewer when fewer were ranked); null when no line is a relstring
   * @param zscores the reference means and standard deviations ({@code -Z}), or null for the
   *     values themselves
   * @param placeholders the query set's queries the run lacks, under {@code -c}; empty otherwise
   * @return the view
   * @throws IllegalArgumentException if a line's measure is not one of the result's
   */
  public static TrecEvalView of(RunResult r, List<TrecEvalMeasures.Line> lines, boolean complete,
      Function<String, int[]> leadingLabels, ZScores zscores, Set<String> placeholders) {
    for (TrecEvalMeasures.Line l : lines) {
      if (l.measure() != null && r.summary(l.measure()) == null) {
        throw new IllegalArgumentException("line " + l.name() + ": its measure is not one of the result's");
      }
    }
    return new TrecEvalView(r, runid(r, false), lines, complete, leadingLabels, zscores, placeholders);
  }

  /**
   * The result the view shows.
   *
   * @return the result
   */
  public RunResult result() {
    return result;
  }

  /**
   * What the {@code runid} line shows.
   *
   * @return the run's tag or name
   */
  public String runid() {
    return runid;
  }

  /**
   * One query's lines, in the lines' order: its values (or z-scores) and relstrings; none for
   * {@code runid}, {@code num_q} and the summary-only measures, nor for a measure without a value
   * for the query (excluded by the no-relevant policy).
   *
   * @param q one of the result's rows, not null
   * @return the lines
   */
  public List<Line> query(QueryResult q) {
    List<Line> out = new ArrayList<>();
    boolean placeholder = placeholders.contains(q.query());
    for (TrecEvalMeasures.Line l : lines) {
      if (l.kind() == TrecEvalMeasures.Kind.RELSTRING) {
        // trec_eval clears the placeholder's relstring by name: relstring, not relstring_5
        boolean cleared = placeholder && l.tableName();
        out.add(new Line(l.name(), false, q.query(), new Text(cleared ? "''" : relString(leadingLabels.apply(q.query()), l.length()))));
        continue;
      }
      Value v = l.kind() == TrecEvalMeasures.Kind.VALUE ? value(l, q) : null;
      if (v == null) {
        continue;
      }
      if (placeholder) {
        v = asTrecEvalPlaceholder(l, v);
      }
      out.add(zscores != null ? new Line(l.name(), true, q.query(), new Decimal(zscore(l, q, v)))
          : new Line(l.name(), false, q.query(), l.measure() instanceof Count ? new Whole(Math.round(v.decimal())) : new Decimal(v.decimal())));
    }
    return out;
  }

  /**
   * The summary's lines, in the lines' order: {@code runid}, {@code num_q}, then each measure's sum
   * or mean over the query set; none for a measure whose mean counts no query, nor for relstring.
   *
   * @return the lines
   */
  public List<Line> summary() {
    List<Line> out = new ArrayList<>();
    int numQ = result.protocol().querySet().size();
    for (int i = 0; i < lines.size(); i++) {
      TrecEvalMeasures.Line l = lines.get(i);
      switch (l.kind()) {
        case RUNID -> out.add(new Line(l.name(), false, ALL, new Text(runid)));
        case NUM_Q -> out.add(new Line(l.name(), zscores != null, ALL, zscores != null ? new Decimal(numQ) : new Whole(numQ)));
        case RELSTRING -> { } // per query only
        default -> {
          MeasureSummary s = summaries.get(l.measure());
          if (s != null && s.count() > 0) {
            out.add(new Line(l.name(), zscores != null, ALL, summary(l, s, zSums[i], shifts[i], numQ)));
          }
        }
      }
    }
    return out;
  }

  private Shown summary(TrecEvalMeasures.Line l, MeasureSummary s, double zSum, double shift, int numQ) {
    boolean count = l.measure() instanceof Count;
    if (completeNumRel >= 0 && l.measure().equals(NUM_REL)) {
      // -c's summary num_rel counts the qrels again (te_calc_avg_num_rel), after and apart from the
      // z-scores: trec_eval prints that count, as Znum_rel with -Z, unconverted
      return zscores != null ? new Decimal(completeNumRel) : new Whole(completeNumRel);
    } else if (zscores != null) {
      return new Decimal(count ? zSum : l.measure().mean() == Mean.GEOMETRIC ? Math.exp(zSum / numQ) : zSum / numQ);
    } else if (count) {
      return new Whole(Math.round(s.decimalSum()));
    }
    // with placeholder queries, the mean over the same queries with each one's value as trec_eval has it
    return new Decimal(shift != 0.0 ? s.decimalMean() + shift / s.count() : s.decimalMean());
  }

  /** A line's value for a query, or null when it has none (no measure, or excluded by the no-relevant policy). */
  private static Value value(TrecEvalMeasures.Line l, QueryResult q) {
    return l.kind() == TrecEvalMeasures.Kind.VALUE || l.kind() == TrecEvalMeasures.Kind.SUMMARY_VALUE ? q.value(l.measure()) : null;
  }

  /** A value's z-score; a geometric mean's value is kept as trec_eval keeps it, log(max(v, 0.00001)). */
  private double zscore(TrecEvalMeasures.Line l, QueryResult q, Value v) {
    double kept = l.measure().mean() == Mean.GEOMETRIC ? Math.log(Math.max(v.decimal(), Mean.GEOMETRIC_FLOOR)) : v.decimal();
    return zscores.of(q.query(), l.name(), kept);
  }

  /**
   * A placeholder query's value of the line as trec_eval prints it, from caliber's, the empty
   * ranking's: the same but where trec_eval's reset by name misses a measure that one unjudged
   * document changes. A typed utility gains b - d; a typed rbp_resid is 1 (the document unjudged at
   * rank 1, (1 - p), and all after it, p).
   */
  private static Value asTrecEvalPlaceholder(TrecEvalMeasures.Line l, Value v) {
    if (l.measure() instanceof Utility u && !l.tableName()) {
      return Value.ofDouble(v.decimal() + u.oneNonRelevantRetrieved());
    }
    if (l.measure() instanceof RankBiasedPrecisionResidual && !l.tableName()) {
      return Value.ofDouble(1.0);
    }
    return v;
  }

  /**
   * Which rule the {@code num_rel} summary line of a result's own text ({@link #of(RunResult,
   * String, boolean)} under trec_eval's rules) follows, where the two rules give different numbers:
   * under trec_eval's rules the line is {@code trec_eval -c}'s, the number of judgments with a
   * label above 0 whatever the relevance threshold (m_num_rel.c), which is not the sum of the
   * per-query counts when the threshold is above 1. Those who want that sum (ir_measures' {@code
   * NumRel(rel=2)}, summed) ask for {@code NumRel(rel=N)}, whose line carries caliber's name and
   * the sum.
   *
   * @param r the run's result, not null
   * @return one sentence naming both numbers, or null when no {@code num_rel} line is printed or
   *     the two agree
   */
  public static String numRelNote(RunResult r) {
    if (!r.protocol().policy().hasTrecEvalRules()) {
      return null;
    }
    MeasureSummary s = r.summary(NUM_REL);
    if (s == null || s.count() == 0) {
      return null;
    }
    long judged = r.protocol().judgmentsAboveZero();
    long sum = Math.round(s.decimalSum());
    if (judged == sum) {
      return null;
    }
    int level = r.protocol().policy().relevanceThreshold();
    return "num_rel's summary line is trec_eval -c's: " + judged + " judgments with a label above 0, whatever the"
        + " relevance threshold; the sum of the per-query counts of labels >= " + level + " is " + sum
        + ", which -m 'NumRel(rel=" + level + ")' prints";
  }

  /**
   * trec_eval's relstring: one character per ranked document, quoted: the label when it is 0 to
   * 9, {@code >} above 9, {@code -} for a document without a judgment, {@code .} for a negative
   * label (in the pool, not judged).
   */
  static String relString(int[] labels, int length) {
    StringBuilder sb = new StringBuilder("'");
    for (int i = 0; i < Math.min(length, labels.length); i++) {
      int l = labels[i];
      sb.append(l == JudgedRanking.UNJUDGED ? '-' : l < 0 ? '.' : l > 9 ? '>' : (char) ('0' + l));
    }
    return sb.append('\'').toString();
  }

  /**
   * The {@code runid} line's value: trec_eval's, the run's tag column, or its name when it has none
   * (three columns, JSON); among several runs the run's name, which tells their blocks apart.
   *
   * @param r the run's result, not null
   * @param several whether the text holds several runs
   * @return the tag or the name
   */
  static String runid(RunResult r, boolean several) {
    return r.tag() != null && !several ? r.tag() : r.runName();
  }

  /** trec_eval's name of a measure where it has one, else caliber's. */
  private static String name(Measure m) {
    String trec = Measures.trecEvalName(m);
    return trec == null ? m.name() : trec;
  }
}
