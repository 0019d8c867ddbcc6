package dev.caliber.compare.report;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.CutoffSeries;
import dev.caliber.compare.Distribution;
import dev.caliber.compare.RunReport;
import dev.caliber.measure.InterpolatedPrecision;
import dev.caliber.measure.Measure;
import dev.caliber.result.RunResult;
import java.util.List;

/**
 * The HTML report's line charts: a mean against its cutoff, precision against recall, a measure
 * across history entries. Layout only, as {@link Charts}, whose scales, palette and frame they use;
 * each line has its own marker shape so the lines stay apart in grey print.
 */
final class LineCharts {
  private LineCharts() {}

  /** Mean against cutoff, one line per run, for one family: cutoffs spaced evenly, the axis fitted to the means. */
  static String cutoffs(Comparison c, CutoffSeries series, String id) {
    int k = series.measures().size();
    double[] xs = new double[k];
    String[] labels = new String[k];
    for (int i = 0; i < k; i++) {
      xs[i] = (i + 0.5) / k;
      labels[i] = Integer.toString(series.measures().get(i).cutoff());
    }
    return lines(c.runs(), c::distribution, series.measures(), xs, labels, "cutoff k", "mean " + series.family() + "@k", true,
        "Mean " + series.family() + " at cutoffs " + String.join(", ", labels) + ", one line per run", id);
  }

  /**
   * The interpolated precision-recall curve of each run: mean interpolated precision (IPrec@r)
   * against recall level r, at the levels the protocol has, on axes from 0 to 1.
   *
   * @param levels IPrec measures, levels ascending, at least two
   */
  static String recallPrecision(Comparison c, List<InterpolatedPrecision> levels, String id) {
    return recallPrecision(c.runs(), c::distribution, levels, id);
  }

  /** {@link #recallPrecision(Comparison, List, String)} for one run's report. */
  static String recallPrecision(RunReport report, List<InterpolatedPrecision> levels, String id) {
    return recallPrecision(List.of(report.run()), (run, m) -> report.distribution(m), levels, id);
  }

  private static String recallPrecision(List<RunResult> runs, java.util.function.BiFunction<String, Measure, Distribution> of,
      List<InterpolatedPrecision> levels, String id) {
    double[] xs = new double[levels.size()];
    String[] labels = new String[levels.size()];
    for (int i = 0; i < xs.length; i++) {
      xs[i] = 0.03 + 0.94 * levels.get(i).level().doubleValue();
      labels[i] = levels.get(i).level().stripTrailingZeros().toPlainString();
    }
    return lines(runs, of, List.copyOf(levels), xs, labels, "recall", "interpolated precision", false,
        "Interpolated precision against recall, one line per run", id);
  }

  /**
   * One line per run through the means of {@code measures}, at horizontal positions {@code xs}
   * (fractions of the plot's width), with a legend naming each run; the value axis fitted to the
   * means or from 0 to 1.
   */
  private static String lines(List<RunResult> runs, java.util.function.BiFunction<String, Measure, Distribution> of,
      List<Measure> measures, double[] xs, String[] xLabels, String xTitle, String yTitle, boolean fit, String title, String id) {
    int left = 64;
    int right = 200;
    int top = 16;
    int plotH = 220;
    int bottom = 48;
    int height = Math.max(top + plotH + bottom, top + 22 * runs.size() + 20);
    double plotW = Charts.WIDTH - left - right;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (RunResult r : runs) {
      for (Measure m : measures) {
        Distribution d = of.apply(r.runName(), m);
        if (d != null) {
          min = Math.min(min, d.mean().decimal());
          max = Math.max(max, d.mean().decimal());
        }
      }
    }
    double[] axis = fit ? Charts.fitted(min, max) : new double[] {0.0, 1.0};
    double lo = axis[0];
    double hi = axis[1];
    StringBuilder s = Charts.open(id, height, title);
    valueGrid(s, lo, hi, left, plotW, top, plotH);
    for (int i = 0; i < xs.length; i++) {
      double x = left + plotW * xs[i];
      s.append("<text class=\"tick\" text-anchor=\"middle\" x=\"").append(Fmt.xy(x)).append("\" y=\"").append(top + plotH + 16)
          .append("\">").append(Html.esc(xLabels[i])).append("</text>");
    }
    s.append("<text class=\"axis\" text-anchor=\"middle\" x=\"").append(Fmt.xy(left + plotW / 2)).append("\" y=\"")
        .append(top + plotH + 36).append("\">").append(Html.esc(xTitle)).append("</text>");
    s.append(Charts.axisTitleY(top + plotH / 2.0, yTitle));
    for (int ri = 0; ri < runs.size(); ri++) {
      RunResult r = runs.get(ri);
      String color = Charts.PALETTE[ri % Charts.PALETTE.length];
      StringBuilder points = new StringBuilder();
      StringBuilder markers = new StringBuilder();
      for (int i = 0; i < xs.length; i++) {
        Measure m = measures.get(i);
        Distribution d = of.apply(r.runName(), m);
        if (d == null) {
          continue;
        }
        double x = left + plotW * xs[i];
        double y = top + plotH - (d.mean().decimal() - lo) / (hi - lo) * plotH;
        points.append(points.length() == 0 ? "" : " ").append(Fmt.xy(x)).append(',').append(Fmt.xy(y));
        markers.append(marker(ri, x, y, color, Html.esc(r.runName()) + ": " + Html.esc(m.name()) + " = " + Fmt.decimal(d.mean())));
      }
      s.append("<polyline class=\"series\" stroke=\"").append(color).append("\" points=\"").append(points).append("\"/>").append(markers);
      double ly = top + 8 + 22 * ri;
      double lx = left + plotW + 20;
      s.append("<line class=\"series\" stroke=\"").append(color).append("\" x1=\"").append(Fmt.xy(lx)).append("\" x2=\"")
          .append(Fmt.xy(lx + 24)).append("\" y1=\"").append(Fmt.xy(ly)).append("\" y2=\"").append(Fmt.xy(ly)).append("\"/>");
      s.append(marker(ri, lx + 12, ly, color, Html.esc(r.runName())));
      s.append("<text class=\"legend\" x=\"").append(Fmt.xy(lx + 32)).append("\" y=\"").append(Fmt.xy(ly + 4)).append("\">")
          .append(Html.shortEsc(r.runName(), 20)).append("<title>").append(Html.esc(r.runName())).append("</title></text>");
    }
    return s.append("</svg>").toString();
  }

  /** A measure's mean against the evaluations of one protocol, in the order they were made. */
  static String trend(String measure, dev.caliber.compare.Trend.Series series, String id) {
    List<dev.caliber.compare.Trend.Point> points = series.points();
    int left = 64;
    int right = 24;
    int top = 16;
    int plotH = 220;
    int bottom = 48;
    double plotW = Charts.WIDTH - left - right;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (dev.caliber.compare.Trend.Point p : points) {
      if (!Double.isNaN(p.mean())) {
        min = Math.min(min, p.mean());
        max = Math.max(max, p.mean());
      }
    }
    double[] axis = Charts.fitted(min, max);
    double lo = axis[0];
    double hi = axis[1];
    StringBuilder s = Charts.open(id, top + plotH + bottom, "Mean " + measure + " of each evaluation, oldest first");
    valueGrid(s, lo, hi, left, plotW, top, plotH);
    int k = Math.max(1, points.size());
    double step = plotW / k;
    int every = Math.max(1, (points.size() + Charts.MAX_LABELS - 1) / Charts.MAX_LABELS);
    StringBuilder line = new StringBuilder();
    StringBuilder markers = new StringBuilder();
    for (int i = 0; i < points.size(); i++) {
      dev.caliber.compare.Trend.Point p = points.get(i);
      double x = left + step * (i + 0.5);
      if (i % every == 0) {
        s.append("<text class=\"tick\" text-anchor=\"middle\" x=\"").append(Fmt.xy(x)).append("\" y=\"").append(top + plotH + 16)
            .append("\">").append(p.id()).append("</text>");
      }
      if (Double.isNaN(p.mean())) {
        continue;
      }
      double y = top + plotH - (p.mean() - lo) / (hi - lo) * plotH;
      line.append(line.length() == 0 ? "" : " ").append(Fmt.xy(x)).append(',').append(Fmt.xy(y));
      markers.append(marker(0, x, y, Charts.PALETTE[0], "entry " + p.id() + ", " + Html.esc(p.run()) + ", " + Html.esc(p.time().toString())
          + ": " + Html.esc(measure) + " = " + dev.caliber.report.Numbers.decimal(p.mean())));
    }
    s.append("<text class=\"axis\" text-anchor=\"middle\" x=\"").append(Fmt.xy(left + plotW / 2)).append("\" y=\"")
        .append(top + plotH + 36).append("\">history entry</text>");
    s.append(Charts.axisTitleY(top + plotH / 2.0, "mean " + measure));
    s.append("<polyline class=\"series\" stroke=\"").append(Charts.PALETTE[0]).append("\" points=\"").append(line).append("\"/>").append(markers);
    return s.append("</svg>").toString();
  }

  private static String marker(int index, double x, double y, String color, String title) {
    String t = "<title>" + title + "</title>";
    String at = Fmt.xy(x) + " " + Fmt.xy(y);
    return switch (index % 4) {
      case 0 -> "<circle class=\"marker\" cx=\"" + Fmt.xy(x) + "\" cy=\"" + Fmt.xy(y) + "\" r=\"4.5\" fill=\"" + color + "\">" + t + "</circle>";
      case 1 -> "<rect class=\"marker\" x=\"" + Fmt.xy(x - 4) + "\" y=\"" + Fmt.xy(y - 4) + "\" width=\"8\" height=\"8\" fill=\"" + color + "\">" + t + "</rect>";
      case 2 -> "<path class=\"marker\" d=\"M" + at + " m0 -5.5 l5 9 l-10 0 z\" fill=\"" + color + "\">" + t + "</path>";
      default -> "<path class=\"marker\" d=\"M" + at + " m0 -5.5 l5.5 5.5 l-5.5 5.5 l-5.5 -5.5 z\" fill=\"" + color + "\">" + t + "</path>";
    };
  }

  /** Five horizontal grid lines from {@code lo} to {@code hi}, each with its value at the left. */
  private static void valueGrid(StringBuilder s, double lo, double hi, int left, double plotW, int top, int plotH) {
    for (int i = 0; i <= 4; i++) {
      double v = lo + (hi - lo) * i / 4.0;
      double y = top + plotH - (v - lo) / (hi - lo) * plotH;
      s.append("<line class=\"grid\" x1=\"").append(left).append("\" x2=\"").append(Fmt.xy(left + plotW)).append("\" y1=\"")
          .append(Fmt.xy(y)).append("\" y2=\"").append(Fmt.xy(y)).append("\"/>");
      s.append("<text class=\"tick\" text-anchor=\"end\" x=\"").append(left - 6).append("\" y=\"").append(Fmt.xy(y + 4)).append("\">")
          .append(Fmt.tick(v)).append("</text>");
    }
  }
}
