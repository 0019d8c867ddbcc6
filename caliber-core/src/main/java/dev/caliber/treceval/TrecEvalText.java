package dev.caliber.treceval;

import dev.caliber.json.PyJson;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.QueryTable;
import dev.caliber.report.TrecTokens;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
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
 * Computes nothing: what each line shows, sums, means, z-scores and trec_eval's placeholder
 * queries included, is {@link TrecEvalView}'s; this class writes it ({@link #write}).
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
      render(r, TrecEvalView.runid(r, results.size() > 1), perQuery, r.protocol().policy().hasTrecEvalRules(), pieces);
    }
  }

  private static void render(RunResult r, String runid, boolean perQuery, boolean complete, Consumer<? super CharSequence> pieces) {
    requireWritable(r, runid);
    write(TrecEvalView.of(r, runid, complete), perQuery, true, pieces);
  }

  /**
   * trec_eval's own output for the lines its command line asks for ({@link TrecEvalMeasures#resolve}):
   * each query's lines in the lines' order (with {@code -q}), then the summary's, as {@link
   * TrecEvalView#of(RunResult, List, boolean, Function, dev.caliber.protocol.ZScores, Set)} has
   * them without {@code -c} and {@code -Z}.
   *
   * @param r the run's result; its protocol's measures include every line's measures, not null
   * @param lines what to print, in order, not null
   * @param perQuery trec_eval's {@code -q}
   * @param summary false for trec_eval's {@code -n}: no summary lines
   * @param leadingLabels for a {@code relstring} line: a query's ID to the labels of its first
   *     ranked documents; null when no line is a relstring
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IllegalArgumentException if a line's measure is not one of the result's
   */
  public static void render(RunResult r, List<TrecEvalMeasures.Line> lines, boolean perQuery, boolean summary,
      Function<String, int[]> leadingLabels, Consumer<? super CharSequence> pieces) {
    requireWritable(r);
    write(TrecEvalView.of(r, lines, false, leadingLabels, null, Set.of()), perQuery, summary, pieces);
  }

  /**
   * Writes a view: with {@code perQuery} each query's lines in the result's query order, then, with
   * {@code summary}, the summary's; a z-score line's name with {@code Z} before it ({@code Z%-22s}).
   * The caller has checked the view's result ({@link #requireWritable(RunResult)}).
   *
   * @param view what to write, not null
   * @param perQuery trec_eval's {@code -q}
   * @param summary false for trec_eval's {@code -n}: no summary lines
   * @param pieces receives the text in order, a few kilobytes at a time; must copy or write each
   *     piece before returning
   */
  public static void write(TrecEvalView view, boolean perQuery, boolean summary, Consumer<? super CharSequence> pieces) {
    StringBuilder out = new StringBuilder(QueryTable.PIECE + 256);
    for (QueryResult q : perQuery ? view.result().rows() : List.<QueryResult>of()) {
      view.query(q).forEach(l -> line(out, l));
      if (out.length() >= QueryTable.PIECE) {
        pieces.accept(out);
        out.setLength(0);
      }
    }
    if (summary) {
      view.summary().forEach(l -> line(out, l));
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
      requireWritable(r, TrecEvalView.runid(r, results.size() > 1));
    }
  }

  private static void requireWritable(RunResult r, String runid) {
    String instead = "write JSON or TSV instead";
    TrecTokens.require(runid.equals(r.tag()) ? "run tag" : "run name", runid, "trec_eval's text", instead);
    for (QueryResult q : r.rows()) {
      TrecTokens.require("query ID", q.query(), "trec_eval's text", instead);
    }
  }

  /** trec_eval's runid for one run: its tag, else its name. */
  private static String runid(RunResult r) {
    return TrecEvalView.runid(r, false);
  }

  private static void line(StringBuilder out, TrecEvalView.Line l) {
    if (l.zscore()) {
      out.append('Z');
    }
    out.append(l.name());
    for (int i = l.name().length(); i < 22; i++) {
      out.append(' ');
    }
    out.append('\t').append(l.query()).append('\t');
    if (l.value() instanceof TrecEvalView.Whole w) {
      out.append(w.value());
    } else if (l.value() instanceof TrecEvalView.Decimal d) {
      out.append(fixed4(d.value()));
    } else {
      out.append(((TrecEvalView.Text) l.value()).value());
    }
    out.append('\n');
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
