package dev.caliber.report;

import dev.caliber.eval.MeasureSummary;
import dev.caliber.eval.QueryResult;
import dev.caliber.eval.RunResult;
import dev.caliber.measure.Count;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.Consumer;

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
   * @param r the run's result, not null
   * @param perQuery true to print every query's lines before {@code all}, as {@code -q} does
   * @param pieces receives the text in order; must copy or write each piece before returning
   */
  public static void render(RunResult r, boolean perQuery, Consumer<? super CharSequence> pieces) {
    StringBuilder out = new StringBuilder(PIECE + 256);
    if (perQuery) {
      for (QueryResult q : r.rows()) {
        for (Measure m : r.measures()) {
          Value v = q.value(m);
          if (v != null) {
            line(out, name(m), q.query(), m instanceof Count ? Long.toString(Math.round(v.decimal())) : fixed4(v.decimal()));
          }
        }
        if (out.length() >= PIECE) {
          pieces.accept(out);
          out.setLength(0);
        }
      }
    }
    // trec_eval's runid is the tag column; a run without one (three columns, JSON) prints its name
    line(out, "runid", "all", r.tag() != null ? r.tag() : r.runName());
    line(out, "num_q", "all", Integer.toString(r.protocol().querySet().size()));
    for (MeasureSummary s : r.summaries()) {
      if (s.count() == 0) {
        continue;
      }
      String value = s.measure() instanceof Count ? Long.toString(Math.round(s.decimalSum())) : fixed4(s.decimalMean());
      line(out, name(s.measure()), "all", value);
    }
    pieces.accept(out);
  }

  /** About how many characters each piece carries. */
  static final int PIECE = 8192;

  private static String name(Measure m) {
    String trec = Measures.trecEvalName(m);
    return trec == null ? m.name() : trec;
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
    return new BigDecimal(d).setScale(4, RoundingMode.HALF_EVEN).toPlainString();
  }
}
