package dev.caliber.treceval;

import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.MeasureSummary;
import dev.caliber.eval.QueryResult;
import dev.caliber.eval.RunResult;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Count;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.Mean;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.RankBiasedPrecisionResidual;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.measure.Utility;
import dev.caliber.measure.Value;
import dev.caliber.protocol.ZScores;
import dev.caliber.report.QueryTable;
import dev.caliber.report.TrecTokens;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * trec_eval's text format: {@code name<TAB>query<TAB>value}, the name left-justified to 22
 * characters, values with 4 decimals, counts as integers (their "all" line is the sum, as
 * trec_eval prints it), {@code runid} (the run's TREC tag, as trec_eval prints it, or its name when
 * it has no tag) and {@code num_q} in the summary. With per-query rows
 * ({@code -q}) every query's block comes first, then {@code all}.
 *
 * <p>Names are trec_eval's where it has one, else caliber's canonical name. Decimals round the
 * double exactly as C's printf does (round half to even on the binary value), so equal doubles
 * print equal text. Queries excluded by the no-relevant policy print no line for that measure.
 * Computes nothing.
 */
public final class TrecEvalText {
  private TrecEvalText() {}

  /**
   * The text for one run, as {@code trec_eval} (or {@code trec_eval -q}) prints it.
   *
   * @param r the run's result, not null
   * @param perQuery true to print every query's lines before {@code all}, as {@code -q} does
   * @return the lines, each ending with {@code \n}; measures whose mean counts no query print no
   *     {@code all} line
   */
  public static String render(RunResult r, boolean perQuery) {
    StringBuilder out = new StringBuilder();
    render(r, perQuery, out::append);
    return out.toString();
  }

  /**
   * The same text handed to {@code pieces} a few kilobytes at a time (each piece valid only during
   * its call): with {@code -q}, 100,000 queries make tens of megabytes of text.
   *
   * <p>A caliber evaluation averages over its protocol's whole query set, the queries a run lacks
   * scored as empty rankings, as {@code trec_eval -c} does; so under trec_eval's rules
   * ({@link dev.caliber.policy.Policy#hasTrecEvalRules()}) the text is {@code trec_eval -c}'s, its
   * one quirk included (see {@link #render(RunResult, boolean, boolean, Consumer)}).
   *
   * @param r the run's result, not null
   * @param perQuery true to print every query's lines before {@code all}, as {@code -q} does
   * @param pieces receives the text in order; must copy or write each piece before returning
   */
  public static void render(RunResult r, boolean perQuery, Consumer<? super CharSequence> pieces) {
    render(r, perQuery, r.protocol().policy().hasTrecEvalRules(), pieces);
  }

  /**
   * Which rule the {@code num_rel} summary line of {@link #render(RunResult, boolean, Consumer)}
   * follows, where the two rules give different numbers: under trec_eval's rules the line is
   * {@code trec_eval -c}'s, the number of judgments with a label above 0 whatever the relevance
   * threshold (m_num_rel.c), which is not the sum of the per-query counts when the threshold is
   * above 1. Those who want that sum (ir_measures' {@code NumRel(rel=2)}, summed) ask for {@code
   * NumRel(rel=N)}, whose line carries caliber's name and the sum.
   *
   * @param r the run's result, not null
   * @return one sentence naming both numbers, or null when no {@code num_rel} line is printed or
   *     the two agree
   */
  public static String numRelNote(RunResult r) {
    if (!r.protocol().policy().hasTrecEvalRules()) {
      return null;
    }
    for (MeasureSummary s : r.summaries()) {
      if (s.count() > 0 && name(s.measure()).equals("num_rel")) {
        long judged = r.protocol().judgmentsAboveZero();
        long sum = Math.round(s.decimalSum());
        if (judged != sum) {
          int level = r.protocol().policy().relevanceThreshold();
          return "num_rel's summary line is trec_eval -c's: " + judged + " judgments with a label above 0, whatever the"
              + " relevance threshold; the sum of the per-query counts of labels >= " + level + " is " + sum
              + ", which -m 'NumRel(rel=" + level + ")' prints";
        }
      }
    }
    return null;
  }

  /**
   * The same text, saying whether it is {@code trec_eval -c}'s: then the summary {@code num_rel}
   * is {@link EvalProtocol#judgmentsAboveZero}, which is not the sum of the per-query lines when the
   * relevance threshold is above 1; without it every count's summary is the sum of its lines, as
   * trec_eval prints it without {@code -c}.
   *
   * @param r the run's result, not null
   * @param perQuery true to print every query's lines before {@code all}, as {@code -q} does
   * @param complete true for {@code trec_eval -c}'s text: the mean was taken over the protocol's
   *     whole query set
   * @param pieces receives the text in order; must copy or write each piece before returning
   */
  public static void render(RunResult r, boolean perQuery, boolean complete, Consumer<? super CharSequence> pieces) {
    render(r, runid(r), perQuery, complete, pieces);
  }

  /**
   * The text for several runs, one run's block after another in the order given, each as {@link
   * #render(RunResult, boolean, Consumer)} prints it but for its {@code runid} line: with two or more
   * runs that line carries the run's name ({@link RunResult#runName()}: the name given, else its
   * file's name without directory, {@code .gz} and {@code .json}), not its TREC tag, since runs
   * often share a tag (every Anserini run is tagged {@code Anserini}) and the {@code runid} line is
   * how tools reading trec_eval's text tell one run's block from the next. One run prints
   * trec_eval's own {@code runid}, its tag.
   *
   * @param results the runs' results, at least one, uniquely named; not null
   * @param perQuery true to print every query's lines before each run's {@code all}, as {@code -q} does
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IllegalArgumentException if no result is given, two share a name, or one cannot be
   *     written ({@link #requireWritable(List)}); nothing is written then
   */
  public static void render(List<RunResult> results, boolean perQuery, Consumer<? super CharSequence> pieces) {
    requireWritable(results);
    for (RunResult r : results) {
      render(r, runid(r, results.size() > 1), perQuery, r.protocol().policy().hasTrecEvalRules(), pieces);
    }
  }

  private static void render(RunResult r, String runid, boolean perQuery, boolean complete, Consumer<? super CharSequence> pieces) {
    requireWritable(r, runid);
    long completeNumRel = complete ? r.protocol().judgmentsAboveZero() : -1;
    StringBuilder out = new StringBuilder(QueryTable.PIECE + 256);
    if (perQuery) {
      for (QueryResult q : r.rows()) {
        for (Measure m : r.measures()) {
          Value v = q.value(m);
          if (v != null && m.mean() == Mean.ARITHMETIC) { // trec_eval prints gm_map in the summary only
            line(out, name(m), q.query(), value(m, v));
          }
        }
        if (out.length() >= QueryTable.PIECE) {
          pieces.accept(out);
          out.setLength(0);
        }
      }
    }
    line(out, "runid", "all", runid);
    line(out, "num_q", "all", Integer.toString(r.protocol().querySet().size()));
    for (MeasureSummary s : r.summaries()) {
      if (s.count() == 0) {
        continue;
      }
      line(out, name(s.measure()), "all", summary(s, name(s.measure()), completeNumRel));
    }
    pieces.accept(out);
  }

  /**
   * trec_eval's own output for the lines its command line asks for ({@link TrecEvalMeasures#resolve}):
   * each query's lines in the lines' order (with {@code -q}), then the summary's. Values print as
   * trec_eval prints them: counts as integers (their summary a sum), the rest with 4 decimals
   * ({@code %6.4f}: 4 decimals, at least 6 characters); the summary of each line is its summary
   * measure's mean (arithmetic or geometric, as the measure says) or sum.
   *
   * @param r the run's result; its protocol's measures include every line's measures, not null
   * @param lines what to print, in order, not null
   * @param perQuery trec_eval's {@code -q}
   * @param summary false for trec_eval's {@code -n}: no summary lines
   * @param leadingLabels for a {@code relstring} line: a query's ID to the labels of its first
   *     ranked documents ({@link dev.caliber.measure.JudgedRanking#UNJUDGED} where a document has
   *     no judgment; as many as the line shows, fewer when fewer were ranked); null when no line
   *     is a relstring
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IllegalArgumentException if a line's measure is not one of the result's
   */
  public static void render(RunResult r, List<TrecEvalMeasures.Line> lines, boolean perQuery, boolean summary,
      Function<String, int[]> leadingLabels, Consumer<? super CharSequence> pieces) {
    render(r, lines, perQuery, summary, false, leadingLabels, null, pieces);
  }

  /**
   * The same text, or with {@code zscores} trec_eval's {@code -Z} text: every value replaced by its
   * z-score against the reference ({@link ZScores#of}, per query, before the summary is taken, as
   * trec_eval converts them), counts included, each such name prefixed with {@code Z} and every
   * such value printed with 4 decimals; the summary is the mean of the queries' z-scores (the sum
   * for counts; for {@code gm_map} and {@code gm_bpref}, whose per-query value trec_eval keeps as
   * log(max(v, 0.00001)), the exponential of the mean z-score of that logarithm), {@code num_q}
   * prints as {@code Znum_q} with 4 decimals, and {@code runid} and {@code relstring} are
   * unchanged.
   *
   * @param r the run's result; its protocol's measures include every line's measures, not null
   * @param lines what to print, in order, not null
   * @param perQuery trec_eval's {@code -q}
   * @param summary false for trec_eval's {@code -n}: no summary lines
   * @param complete trec_eval's {@code -c}: the summary {@code num_rel} is then
   *     {@link EvalProtocol#judgmentsAboveZero}, as trec_eval prints it
   * @param leadingLabels as above; null when no line is a relstring
   * @param zscores the reference means and standard deviations, or null for the values themselves
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IllegalArgumentException if a line's measure is not one of the result's
   */
  public static void render(RunResult r, List<TrecEvalMeasures.Line> lines, boolean perQuery, boolean summary,
      boolean complete, Function<String, int[]> leadingLabels, ZScores zscores, Consumer<? super CharSequence> pieces) {
    render(r, lines, perQuery, summary, complete, leadingLabels, zscores, Set.of(), pieces);
  }

  /**
   * The same text, with {@code placeholders} the queries the run lacks under {@code -c}, which
   * trec_eval scores on a ranking of one placeholder document ({@code ceci_nest_pas_un_docno},
   * trec_eval.c) and then resets num_ret, {@code utility}, {@code unj*} and rbp_resid to 0 by name,
   * and relstring cleared, by name, as an empty ranking scores them. Its reset misses the same
   * measures with parameters typed, whose names differ: a typed utility ({@code utility_1,-1,-2,3})
   * carries the placeholder's b - d ({@link Utility#oneNonRelevantRetrieved}), a typed rbp_resid
   * ({@code rbp_resid_p=0.5}) is 1, and a typed relstring ({@code relstring_5}) shows the
   * placeholder ({@code '-'}, through {@code leadingLabels}), in each such query's line and so in
   * the summary, as trec_eval prints them. Every other measure scores the unjudged placeholder as
   * the empty ranking.
   *
   * @param r the run's result; its protocol's measures include every line's measures, not null
   * @param lines what to print, in order, not null
   * @param perQuery trec_eval's {@code -q}
   * @param summary false for trec_eval's {@code -n}: no summary lines
   * @param complete trec_eval's {@code -c}
   * @param leadingLabels as above; null when no line is a relstring
   * @param zscores the reference means and standard deviations, or null for the values themselves
   * @param placeholders the query set's queries the run lacks, under {@code -c}; empty otherwise
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IllegalArgumentException if a line's measure is not one of the result's
   */
  public static void render(RunResult r, List<TrecEvalMeasures.Line> lines, boolean perQuery, boolean summary,
      boolean complete, Function<String, int[]> leadingLabels, ZScores zscores, Set<String> placeholders,
      Consumer<? super CharSequence> pieces) {
    requireWritable(r);
    long completeNumRel = complete ? r.protocol().judgmentsAboveZero() : -1;
    Map<Measure, MeasureSummary> summaries = new HashMap<>();
    r.summaries().forEach(s -> summaries.put(s.measure(), s));
    for (TrecEvalMeasures.Line l : lines) {
      if (l.measure() != null && !summaries.containsKey(l.measure())) {
        throw new IllegalArgumentException("line " + l.name() + ": its measure is not one of the result's");
      }
    }
    double[] zSums = new double[lines.size()];
    StringBuilder out = new StringBuilder(QueryTable.PIECE + 256);
    for (QueryResult q : perQuery || zscores != null ? r.rows() : List.<QueryResult>of()) {
      for (int i = 0; i < lines.size(); i++) {
        TrecEvalMeasures.Line l = lines.get(i);
        if (l.kind() == TrecEvalMeasures.Kind.RELSTRING) {
          if (perQuery) {
            // trec_eval clears the placeholder's relstring by name: relstring, not relstring_5
            boolean cleared = placeholders.contains(q.query()) && l.name().equals("relstring");
            line(out, l.name(), q.query(), cleared ? "''" : relString(leadingLabels.apply(q.query()), l.length()));
          }
          continue;
        }
        Value v = l.kind() == TrecEvalMeasures.Kind.VALUE || l.kind() == TrecEvalMeasures.Kind.SUMMARY_VALUE
            ? q.value(l.measure()) : null;
        if (v == null) {
          continue;
        }
        if (placeholders.contains(q.query())) {
          v = asTrecEvalPlaceholder(l, v);
        }
        if (zscores != null) {
          double kept = l.measure().mean() == Mean.GEOMETRIC ? Math.log(Math.max(v.decimal(), Mean.GEOMETRIC_FLOOR)) : v.decimal();
          double z = zscores.of(q.query(), l.name(), kept);
          zSums[i] += z;
          if (perQuery && l.kind() == TrecEvalMeasures.Kind.VALUE) {
            zLine(out, l.name(), q.query(), fixed4(z));
          }
        } else if (perQuery && l.kind() == TrecEvalMeasures.Kind.VALUE) {
          line(out, l.name(), q.query(), value(l.measure(), v));
        }
      }
      if (out.length() >= QueryTable.PIECE) {
        pieces.accept(out);
        out.setLength(0);
      }
    }
    int numQ = r.protocol().querySet().size();
    for (int i = 0; i < (summary ? lines.size() : 0); i++) {
      TrecEvalMeasures.Line l = lines.get(i);
      switch (l.kind()) {
        case RUNID -> line(out, l.name(), "all", runid(r));
        case NUM_Q -> {
          if (zscores == null) {
            line(out, l.name(), "all", Integer.toString(numQ));
          } else {
            zLine(out, l.name(), "all", fixed4(numQ));
          }
        }
        case RELSTRING -> { } // per query only
        default -> {
          MeasureSummary s = summaries.get(l.measure());
          if (s.count() == 0) {
            continue;
          }
          if (zscores != null && completeNumRel >= 0 && l.name().equals("num_rel")) {
            // -c's summary num_rel counts the qrels again (te_calc_avg_num_rel), after and apart
            // from the z-scores: trec_eval prints that count as Znum_rel, unconverted
            zLine(out, l.name(), "all", fixed4(completeNumRel));
          } else if (zscores != null) {
            double z = l.measure() instanceof Count ? zSums[i]
                : l.measure().mean() == Mean.GEOMETRIC ? Math.exp(zSums[i] / numQ) : zSums[i] / numQ;
            zLine(out, l.name(), "all", fixed4(z));
          } else {
            // with placeholder queries, the mean over the same queries with each one's value as trec_eval has it
            double shift = placeholders.isEmpty() || l.measure() instanceof Count ? 0.0 : placeholderShift(r, l, placeholders);
            line(out, l.name(), "all", shift != 0.0 ? fixed4(s.decimalMean() + shift / s.count())
                : summary(s, l.name(), completeNumRel));
          }
        }
      }
    }
    pieces.accept(out);
  }

  /**
   * Refuses a result that trec_eval's text cannot show: a query ID, or the run's tag or name
   * (its {@code runid}), that is empty or holds a blank or control character (IDs from JSON
   * inputs can), which would split a line or forge another. Every render checks it first, so a
   * caller that must fail before writing anything checks it before rendering.
   *
   * @param r the run's result, not null
   * @throws IllegalArgumentException naming the ID
   */
  public static void requireWritable(RunResult r) {
    requireWritable(r, runid(r));
  }

  /**
   * Refuses results that {@link #render(List, boolean, Consumer)} cannot show: none, two of one
   * name (their blocks could not be told apart), or one that {@link #requireWritable(RunResult)}
   * refuses, its run name checked instead of its tag when there are several.
   *
   * @param results the runs' results; not null
   * @throws IllegalArgumentException naming the run or ID
   */
  public static void requireWritable(List<RunResult> results) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("illegal runs: none given, trec_eval's text needs at least 1");
    }
    Set<String> names = new HashSet<>();
    for (RunResult r : results) {
      if (!names.add(r.runName())) {
        throw new IllegalArgumentException("illegal runs: two are named " + PyJson.canonical(r.runName())
            + ", names must be unique so that each runid line tells its run");
      }
      requireWritable(r, runid(r, results.size() > 1));
    }
  }

  private static void requireWritable(RunResult r, String runid) {
    String instead = "write JSON or TSV instead";
    TrecTokens.require(runid.equals(r.tag()) ? "run tag" : "run name", runid, "trec_eval's text", instead);
    for (QueryResult q : r.rows()) {
      TrecTokens.require("query ID", q.query(), "trec_eval's text", instead);
    }
  }

  /**
   * A placeholder query's value of the line as trec_eval prints it (see render), from caliber's,
   * the empty ranking's: the same but where trec_eval's reset by name misses a measure that one
   * unjudged document changes. A typed utility gains b - d; a typed rbp_resid is 1 (the document
   * unjudged at rank 1, (1 - p), and all after it, p).
   */
  private static Value asTrecEvalPlaceholder(TrecEvalMeasures.Line l, Value v) {
    if (l.measure() instanceof Utility u && !l.name().equals("utility")) {
      return Value.ofDouble(v.decimal() + u.oneNonRelevantRetrieved());
    }
    if (l.measure() instanceof RankBiasedPrecisionResidual && !l.name().equals("rbp_resid")) {
      return Value.ofDouble(1.0);
    }
    return v;
  }

  /** The sum over the placeholder queries of what {@link #asTrecEvalPlaceholder} changes. */
  private static double placeholderShift(RunResult r, TrecEvalMeasures.Line l, Set<String> placeholders) {
    double shift = 0.0;
    for (QueryResult q : r.rows()) {
      Value v = placeholders.contains(q.query()) ? q.value(l.measure()) : null;
      if (v != null) {
        shift += asTrecEvalPlaceholder(l, v).decimal() - v.decimal();
      }
    }
    return shift;
  }

  /** A query's value as trec_eval prints it: a count as an integer, else with 4 decimals. */
  private static String value(Measure m, Value v) {
    return m instanceof Count ? Long.toString(Math.round(v.decimal())) : fixed4(v.decimal());
  }

  /**
   * A summary line's value as trec_eval prints it: a count's sum as an integer, else the mean with
   * 4 decimals; under {@code -c} ({@code completeNumRel} 0 or more) {@code num_rel}'s is that count.
   */
  private static String summary(MeasureSummary s, String trecName, long completeNumRel) {
    if (completeNumRel >= 0 && trecName.equals("num_rel")) {
      return Long.toString(completeNumRel);
    }
    return s.measure() instanceof Count ? Long.toString(Math.round(s.decimalSum())) : fixed4(s.decimalMean());
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

  /** trec_eval's runid is the tag column; a run without one (three columns, JSON) prints its name. */
  private static String runid(RunResult r) {
    return runid(r, false);
  }

  /** The runid line's value: among several runs the run's name, which tells it apart; else trec_eval's. */
  static String runid(RunResult r, boolean several) {
    return r.tag() != null && !several ? r.tag() : r.runName();
  }

  private static String name(Measure m) {
    String trec = Measures.trecEvalName(m);
    return trec == null ? m.name() : trec;
  }

  /** A z-score line: {@code Z%-22s}, the prefix before the padded name. */
  private static void zLine(StringBuilder out, String name, String query, String value) {
    out.append('Z');
    line(out, name, query, value);
  }

  private static void line(StringBuilder out, String name, String query, String value) {
    out.append(name);
    for (int i = name.length(); i < 22; i++) {
      out.append(' ');
    }
    out.append('\t').append(query).append('\t').append(value).append('\n');
  }

  /**
   * {@code printf("%.4f", d)} as glibc prints it: the exact binary value rounded half to even, not
   * a decimal approximation rounded again.
   *
   * @param d a finite double
   * @return the value with exactly 4 decimals, such as {@code "0.8333"}
   * @throws NumberFormatException if {@code d} is NaN or infinite
   */
  public static String fixed4(double d) {
    BigDecimal rounded = new BigDecimal(d).setScale(4, RoundingMode.HALF_EVEN);
    // printf keeps the sign of a negative value that rounds to zero (-0.00004 prints -0.0000)
    boolean negative = d < 0 || d == 0 && 1 / d < 0;
    return (negative && rounded.signum() == 0 ? "-" : "") + rounded.toPlainString();
  }
}
