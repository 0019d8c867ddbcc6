package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.Distribution;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.RunReport;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.function.Function;

/**
 * The HTML report's inline SVG charts. Layout only (scales, positions, colours): every number
 * shown comes from the {@link Comparison}. Styling is by class names from the page's one
 * stylesheet, so the content security policy needs no inline style attributes. Colours are the
 * Okabe-Ito palette (distinguishable with the common colour-vision deficiencies). The line
 * charts are {@link LineCharts}; the frame, axes and scales here are theirs too.
 */
final class Charts {
  static final String BETTER = "#0072B2";
  static final String WORSE = "#D55E00";
  static final String SAME = "#8C8C8C";
  static final String[] PALETTE = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#B8A200"};
  /** Above this many queries per run, the strip plot draws only the box. */
  static final int MAX_POINTS = 2000;
  /** Up to this many queries, the delta chart labels each bar. */
  static final int MAX_LABELS = 40;

  static final int WIDTH = 880;

  private Charts() {}

  /** Per-query Δ bars for one pair, sorted by Δ (largest loss first). */
  static String deltaBars(PairedComparison p, String id) {
    List<QueryDelta> sorted = p.byDelta();
    int n = sorted.size();
    boolean labels = n <= MAX_LABELS;
    int left = 64;
    int right = 16;
    int top = 30;
    int bottom = labels ? 86 : 40;
    int plotH = 200;
    int height = top + plotH + bottom;
    double plotW = WIDTH - left - right;
    double maxAbs = 0.0;
    for (QueryDelta d : sorted) {
      maxAbs = Math.max(maxAbs, Math.abs(d.delta().decimal()));
    }
    double range = nice(maxAbs);
    StringBuilder s = open(id, height, "Per-query " + p.measure().name() + " delta, " + p.system() + " minus "
        + p.baseline() + ", one bar per query sorted by delta");
    // grid and y ticks
    for (int i = -2; i <= 2; i++) {
      double v = range * i / 2.0;
      double y = top + plotH / 2.0 - (v / range) * (plotH / 2.0);
      s.append("<line class=\"").append(i == 0 ? "zero" : "grid").append("\" x1=\"").append(left).append("\" x2=\"")
          .append(WIDTH - right).append("\" y1=\"").append(Fmt.xy(y)).append("\" y2=\"").append(Fmt.xy(y)).append("\"/>");
      s.append("<text class=\"tick\" text-anchor=\"end\" x=\"").append(left - 6).append("\" y=\"").append(Fmt.xy(y + 4))
          .append("\">").append(i > 0 ? "+" : "").append(Fmt.tick(v)).append("</text>");
    }
    s.append(axisTitleY(top + plotH / 2.0, "Δ " + p.measure().name()));
    double band = n == 0 ? plotW : plotW / n;
    double barW = band >= 3 ? band * 0.8 : band;
    double zeroY = top + plotH / 2.0;
    for (int i = 0; i < n; i++) {
      QueryDelta d = sorted.get(i);
      double v = d.delta().decimal();
      double x = left + i * band + (band - barW) / 2;
      double h = Math.abs(v) / range * (plotH / 2.0);
      int sign = d.sign();
      String color = sign > 0 ? BETTER : sign < 0 ? WORSE : SAME;
      double y = sign > 0 ? zeroY - h : zeroY;
      if (sign == 0) {
        y = zeroY - 1.5;
        h = 3;
      }
      s.append("<rect class=\"bar\" x=\"").append(Fmt.xy(x)).append("\" y=\"").append(Fmt.xy(y)).append("\" width=\"")
          .append(Fmt.xy(barW)).append("\" height=\"").append(Fmt.xy(Math.max(h, 0.5))).append("\" fill=\"").append(color)
          .append("\"><title>").append(Html.esc(d.query())).append(": ").append(Fmt.decimal(d.baseline())).append(" → ")
          .append(Fmt.decimal(d.system())).append(" (Δ ").append(Fmt.signed4(v)).append(")</title></rect>");
      if (labels) {
        double cx = x + barW / 2;
        double ly = top + plotH + 12;
        s.append("<text class=\"label\" text-anchor=\"end\" transform=\"translate(").append(Fmt.xy(cx + 3)).append(",")
            .append(Fmt.xy(ly)).append(") rotate(-45)\">").append(Html.shortEsc(d.query(), 12)).append("</text>");
      }
    }
    if (!labels) {
      // Too many bars to name each: number them, as the "bar" column of the table of all queries does.
      int every = (int) nice(n / 10.0);
      for (int i = every; i <= n; i += every) {
        double cx = left + (i - 0.5) * band;
        s.append("<line class=\"grid\" x1=\"").append(Fmt.xy(cx)).append("\" x2=\"").append(Fmt.xy(cx)).append("\" y1=\"")
            .append(top + plotH).append("\" y2=\"").append(top + plotH + 4).append("\"/>");
        s.append("<text class=\"barno\" text-anchor=\"middle\" x=\"").append(Fmt.xy(cx)).append("\" y=\"").append(top + plotH + 14)
            .append("\">").append(i).append("</text>");
      }
      s.append("<text class=\"note\" x=\"").append(left).append("\" y=\"").append(top + plotH + 28).append("\">")
          .append(n).append(" queries, sorted by Δ; each bar's number is the bar column of the table of all queries below</text>");
    }
    // legend in the top margin
    String[][] legend = {{BETTER, "better (" + p.wins() + ")"}, {SAME, "same (" + p.ties() + ")"}, {WORSE, "worse (" + p.losses() + ")"}};
    double lx = left;
    for (String[] item : legend) {
      s.append("<rect x=\"").append(Fmt.xy(lx)).append("\" y=\"8\" width=\"12\" height=\"12\" fill=\"").append(item[0]).append("\"/>");
      s.append("<text class=\"legend\" x=\"").append(Fmt.xy(lx + 17)).append("\" y=\"18\">").append(item[1]).append("</text>");
      lx += 30 + item[1].length() * 7.2;
    }
    return s.append("</svg>").toString();
  }

  /** Box and strip plot of each run's per-query values of one measure. */
  static String distribution(Comparison c, Measure m, String id) {
    return distribution(c.runs(), r -> c.distribution(r, m), m, id);
  }

  /** Box and strip plot of one run's per-query values of one measure. */
  static String distribution(RunReport report, Measure m, String id) {
    return distribution(List.of(report.run()), r -> report.distribution(m), m, id);
  }

  private static String distribution(List<RunResult> runs, Function<String, Distribution> of, Measure m, String id) {
    int left = 170;
    int right = 24;
    int top = 12;
    int rowH = 46;
    int bottom = 62;
    int height = top + rowH * runs.size() + bottom;
    double lo = 0.0;
    double hi = 0.0;
    for (RunResult r : runs) {
      Distribution d = of.apply(r.runName());
      if (d != null) {
        lo = Math.min(lo, d.min());
        hi = Math.max(hi, d.max());
      }
    }
    hi = lo >= 0.0 && hi <= 1.0 ? 1.0 : nice(hi);
    lo = lo < 0.0 ? -nice(-lo) : 0.0;
    double plotW = WIDTH - left - right;
    double span = hi - lo;
    StringBuilder s = open(id, height, "Distribution of per-query " + m.name() + " per run: box of quartiles, median, mean and each query");
    int axisY = top + rowH * runs.size();
    for (int i = 0; i <= 5; i++) {
      double v = lo + span * i / 5.0;
      double x = left + plotW * i / 5.0;
      s.append("<line class=\"grid\" x1=\"").append(Fmt.xy(x)).append("\" x2=\"").append(Fmt.xy(x)).append("\" y1=\"").append(top)
          .append("\" y2=\"").append(axisY).append("\"/>");
      s.append("<text class=\"tick\" text-anchor=\"middle\" x=\"").append(Fmt.xy(x)).append("\" y=\"").append(axisY + 16).append("\">")
          .append(Fmt.tick(v)).append("</text>");
    }
    s.append("<text class=\"axis\" text-anchor=\"middle\" x=\"").append(Fmt.xy(left + plotW / 2)).append("\" y=\"").append(axisY + 34)
        .append("\">per-query ").append(Html.esc(m.name())).append("</text>");
    s.append("<text class=\"note\" x=\"").append(left).append("\" y=\"").append(axisY + 52)
        .append("\">box: quartiles · bar: median · ◆ mean · whiskers: min to max · dots: queries</text>");
    for (int ri = 0; ri < runs.size(); ri++) {
      RunResult r = runs.get(ri);
      double cy = top + rowH * ri + rowH / 2.0;
      String color = PALETTE[ri % PALETTE.length];
      s.append("<text class=\"run\" text-anchor=\"end\" x=\"").append(left - 10).append("\" y=\"").append(Fmt.xy(cy + 4)).append("\">")
          .append(Html.shortEsc(r.runName(), 22)).append("<title>").append(Html.esc(r.runName())).append("</title></text>");
      Distribution d = of.apply(r.runName());
      if (d == null) {
        s.append("<text class=\"note\" x=\"").append(left).append("\" y=\"").append(Fmt.xy(cy + 4)).append("\">no values</text>");
        continue;
      }
      double xMin = left + (d.min() - lo) / span * plotW;
      double xMax = left + (d.max() - lo) / span * plotW;
      double xQ1 = left + (d.q1() - lo) / span * plotW;
      double xQ3 = left + (d.q3() - lo) / span * plotW;
      double xMed = left + (d.median() - lo) / span * plotW;
      double xMean = left + (d.mean().decimal() - lo) / span * plotW;
      s.append("<g><title>").append(Html.esc(r.runName())).append(": n ").append(d.count()).append(", min ").append(Fmt.fixed4(d.min()))
          .append(", q1 ").append(Fmt.fixed4(d.q1())).append(", median ").append(Fmt.fixed4(d.median())).append(", q3 ")
          .append(Fmt.fixed4(d.q3())).append(", max ").append(Fmt.fixed4(d.max())).append(", mean ").append(Fmt.decimal(d.mean()))
          .append("</title>");
      s.append("<line class=\"whisker\" x1=\"").append(Fmt.xy(xMin)).append("\" x2=\"").append(Fmt.xy(xMax)).append("\" y1=\"")
          .append(Fmt.xy(cy)).append("\" y2=\"").append(Fmt.xy(cy)).append("\"/>");
      for (double x : new double[] {xMin, xMax}) {
        s.append("<line class=\"whisker\" x1=\"").append(Fmt.xy(x)).append("\" x2=\"").append(Fmt.xy(x)).append("\" y1=\"")
            .append(Fmt.xy(cy - 6)).append("\" y2=\"").append(Fmt.xy(cy + 6)).append("\"/>");
      }
      s.append("<rect class=\"box\" x=\"").append(Fmt.xy(xQ1)).append("\" y=\"").append(Fmt.xy(cy - 11)).append("\" width=\"")
          .append(Fmt.xy(Math.max(xQ3 - xQ1, 1))).append("\" height=\"22\" stroke=\"").append(color).append("\"/>");
      s.append("<line class=\"median\" x1=\"").append(Fmt.xy(xMed)).append("\" x2=\"").append(Fmt.xy(xMed)).append("\" y1=\"")
          .append(Fmt.xy(cy - 11)).append("\" y2=\"").append(Fmt.xy(cy + 11)).append("\" stroke=\"").append(color).append("\"/>");
      s.append("</g>");
      List<QueryResult> rows = r.rows();
      if (d.count() <= MAX_POINTS) {
        for (int qi = 0; qi < rows.size(); qi++) {
          Value v = rows.get(qi).value(m);
          if (v == null) {
            continue;
          }
          double x = left + (v.decimal() - lo) / span * plotW;
          double jitter = ((qi * 7) % 11 - 5) * 1.7;
          s.append("<circle class=\"dot\" cx=\"").append(Fmt.xy(x)).append("\" cy=\"").append(Fmt.xy(cy + jitter))
              .append("\" r=\"3\" fill=\"").append(color).append("\"><title>").append(Html.esc(rows.get(qi).query())).append(": ")
              .append(Fmt.decimal(v)).append("</title></circle>");
        }
      }
      s.append("<path class=\"mean\" d=\"M").append(Fmt.xy(xMean)).append(' ').append(Fmt.xy(cy - 7)).append(" l6 7 l-6 7 l-6 -7 z\">")
          .append("<title>mean ").append(Fmt.decimal(d.mean())).append("</title></path>");
    }
    return s.append("</svg>").toString();
  }

  static StringBuilder open(String id, int height, String title) {
    StringBuilder s = new StringBuilder();
    s.append("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
        .append("\" width=\"").append(WIDTH).append("\" height=\"").append(height).append("\" role=\"img\" aria-labelledby=\"")
        .append(id).append("\"><title id=\"").append(id).append("\">").append(Html.esc(title)).append("</title>");
    return s;
  }

  static String axisTitleY(double cy, String text) {
    return "<text class=\"axis\" text-anchor=\"middle\" transform=\"translate(16," + Fmt.xy(cy) + ") rotate(-90)\">"
        + Html.esc(text) + "</text>";
  }

  /**
   * A value axis fitted to the data: four equal steps of a nice size (1, 2, 2.5 or 5 times a power
   * of ten) from a multiple of the step at or below {@code min} to one at or above {@code max}, so
   * that means of 0.31 to 0.36 fill the chart instead of a sliver of 0..1. Never below 0 for data
   * that is not; a single value gets a step of a tenth of it around it.
   *
   * @return {lo, hi}, lo < hi
   */
  static double[] fitted(double min, double max) {
    if (!(min <= max)) {
      return new double[] {0.0, 1.0};
    }
    double spread = max - min;
    double step = nice(spread > 0 ? spread / 4.0 : Math.max(Math.abs(max), 1e-9) / 10.0);
    if (spread == 0) { // one value: a step either side of it, so that it is not drawn on the frame
      min -= step;
      max += step;
    }
    for (int tries = 0; tries < 8; tries++) {
      double lo = Math.floor(min / step + 1e-9) * step;
      if (min >= 0.0 && lo < 0.0) {
        lo = 0.0;
      }
      double hi = lo + 4 * step;
      if (hi >= max * (1 - 1e-12) && hi > min) {
        return new double[] {lo, hi};
      }
      step = nice(step * 1.0000001); // the next nice step up: the data did not fit in four of this one
    }
    return new double[] {Math.min(0.0, min), Math.max(1.0, max)};
  }

  /** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least {@code x} (1 for 0). */
  static double nice(double x) {
    if (!(x > 0.0)) {
      return 1.0;
    }
    double p = Math.pow(10, Math.floor(Math.log10(x)));
    for (double f : new double[] {1, 2, 2.5, 5, 10}) {
      if (f * p >= x * (1 - 1e-12)) {
        return f * p;
      }
    }
    return 10 * p;
  }
}
