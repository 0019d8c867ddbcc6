package dev.caliber.compare.report;

import dev.caliber.compare.FacetComparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.Summary;
import dev.caliber.eval.FacetMeans;
import dev.caliber.measure.Measure;
import dev.caliber.result.MeasureSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * The charts of facet values, one row per value on a horizontal value axis, drawn as {@link
 * Charts} draws (the page's classes, the Okabe-Ito colours, every ID escaped): for {@code compare
 * --facets} a forest plot of each value's mean delta with its bootstrap interval, for {@code
 * evaluate --facets} a bar of each value's mean. Layout only: every number comes from the data.
 */
final class FacetCharts {
  private static final int LEFT = 230;
  private static final int RIGHT = 24;
  private static final int TOP = 12;
  private static final int ROW = 26;
  private static final int BOTTOM = 58;

  private FacetCharts() {}

  /**
   * One measure's forest plot for one facet: per value (and pair, with several: named by the
   * system, the whole pair in the tooltip) the mean delta as a dot on its interval, coloured where
   * Holm's p is below alpha, a line at no change.
   */
  static String forest(FacetComparison.Facet f, Measure m, double alpha, boolean severalPairs, String id) {
    List<String> labels = new ArrayList<>();
    List<PairedComparison> rows = new ArrayList<>();
    double min = 0.0;
    double max = 0.0;
    for (FacetComparison.FacetValue v : f.values()) {
      for (PairedComparison p : v.comparisons(m)) {
        labels.add(v.value() + (severalPairs ? " · " + p.system() : "") + " (" + v.queries().size() + ")");
        rows.add(p);
        if (p.interval() != null) {
          min = Math.min(min, p.interval().lower());
          max = Math.max(max, p.interval().upper());
        }
      }
    }
    Frame fr = Frame.open(id, "Mean " + m.name() + " delta per value of " + f.name() + ", with its bootstrap interval", labels,
        Charts.fitted(min, max), "mean Δ " + m.name() + " (system − baseline)",
        "dot: mean Δ · line: bootstrap interval · coloured: Holm p < " + Fmt.alpha(alpha) + " · (n): queries");
    double zero = fr.x(0.0);
    fr.s.append("<line class=\"zero\" x1=\"").append(Fmt.xy(zero)).append("\" x2=\"").append(Fmt.xy(zero)).append("\" y1=\"")
        .append(TOP).append("\" y2=\"").append(fr.axisY).append("\"/>");
    for (int i = 0; i < rows.size(); i++) {
      PairedComparison p = rows.get(i);
      double cy = fr.y(i);
      if (p.meanDelta() == null) {
        fr.s.append("<text class=\"note\" x=\"").append(Fmt.xy(zero + 6)).append("\" y=\"").append(Fmt.xy(cy + 4))
            .append("\">no paired query</text>");
        continue;
      }
      Summary.Mark mark = Summary.mark(p, alpha);
      String color = mark == Summary.Mark.BETTER ? Charts.BETTER : mark == Summary.Mark.WORSE ? Charts.WORSE : Charts.SAME;
      fr.s.append("<g><title>").append(Html.esc(labels.get(i) + ", " + p.system() + " − " + p.baseline())).append(": Δ ").append(Fmt.decimal(p.meanDelta())).append(" [")
          .append(Fmt.signed4(p.interval().lower())).append(", ").append(Fmt.signed4(p.interval().upper())).append("], p Holm ")
          .append(Fmt.p(p.holmP())).append("</title>");
      fr.s.append("<line class=\"series\" stroke=\"").append(color).append("\" x1=\"").append(Fmt.xy(fr.x(p.interval().lower())))
          .append("\" x2=\"").append(Fmt.xy(fr.x(p.interval().upper()))).append("\" y1=\"").append(Fmt.xy(cy)).append("\" y2=\"")
          .append(Fmt.xy(cy)).append("\"/>");
      fr.s.append("<circle class=\"marker\" cx=\"").append(Fmt.xy(fr.x(p.meanDelta().decimal()))).append("\" cy=\"")
          .append(Fmt.xy(cy)).append("\" r=\"5\" fill=\"").append(color).append("\"/></g>");
    }
    return fr.s.append("</svg>").toString();
  }

  /** One measure's bar chart for one facet: each value's mean, from 0 (on 0 to 1 when every mean is). */
  static String means(FacetMeans.Facet f, int measure, String id) {
    Measure m = f.values().get(0).summaries().get(measure).measure();
    List<String> labels = new ArrayList<>();
    double min = 0.0;
    double max = 0.0;
    for (FacetMeans.FacetValue v : f.values()) {
      labels.add(v.value() + " (" + v.queries().size() + ")");
      MeasureSummary s = v.summaries().get(measure);
      if (s.value() != null) {
        min = Math.min(min, s.value().decimal());
        max = Math.max(max, s.value().decimal());
      }
    }
    double[] axis = min >= 0.0 && max <= 1.0 ? new double[] {0.0, 1.0} : Charts.fitted(min, max);
    Frame fr = Frame.open(id, "Mean " + m.name() + " per value of " + f.name(), labels, axis, "mean " + m.name(),
        "bar: the value's mean · (n): queries");
    for (int i = 0; i < f.values().size(); i++) {
      MeasureSummary s = f.values().get(i).summaries().get(measure);
      double cy = fr.y(i);
      if (s.value() == null) {
        fr.s.append("<text class=\"note\" x=\"").append(LEFT + 6).append("\" y=\"").append(Fmt.xy(cy + 4)).append("\">no values</text>");
        continue;
      }
      double from = fr.x(Math.min(0.0, s.value().decimal()));
      double to = fr.x(Math.max(0.0, s.value().decimal()));
      fr.s.append("<rect class=\"bar\" x=\"").append(Fmt.xy(from)).append("\" y=\"").append(Fmt.xy(cy - 8)).append("\" width=\"")
          .append(Fmt.xy(Math.max(to - from, 0.5))).append("\" height=\"16\" fill=\"").append(Charts.PALETTE[0]).append("\"><title>")
          .append(Html.esc(labels.get(i))).append(": ").append(Html.esc(m.name())).append(" = ").append(Fmt.decimal(s.value()))
          .append("</title></rect>");
    }
    return fr.s.append("</svg>").toString();
  }

  /** A chart's frame: the rows' labels at the left, the value axis with its grid below. */
  private record Frame(StringBuilder s, double lo, double hi, int axisY) {
    static Frame open(String id, String title, List<String> labels, double[] axis, String xTitle, String note) {
      int axisY = TOP + ROW * labels.size();
      StringBuilder s = Charts.open(id, axisY + BOTTOM, title);
      Frame f = new Frame(s, axis[0], axis[1], axisY);
      for (int i = 0; i <= 4; i++) {
        double v = f.lo + (f.hi - f.lo) * i / 4.0;
        double x = f.x(v);
        s.append("<line class=\"grid\" x1=\"").append(Fmt.xy(x)).append("\" x2=\"").append(Fmt.xy(x)).append("\" y1=\"").append(TOP)
            .append("\" y2=\"").append(axisY).append("\"/><text class=\"tick\" text-anchor=\"middle\" x=\"").append(Fmt.xy(x))
            .append("\" y=\"").append(axisY + 16).append("\">").append(Fmt.tick(v)).append("</text>");
      }
      s.append("<text class=\"axis\" text-anchor=\"middle\" x=\"").append(Fmt.xy(LEFT + (Charts.WIDTH - LEFT - RIGHT) / 2.0))
          .append("\" y=\"").append(axisY + 34).append("\">").append(Html.esc(xTitle)).append("</text><text class=\"note\" x=\"")
          .append(LEFT).append("\" y=\"").append(axisY + 52).append("\">").append(Html.esc(note)).append("</text>");
      for (int i = 0; i < labels.size(); i++) {
        s.append("<text class=\"run\" text-anchor=\"end\" x=\"").append(LEFT - 10).append("\" y=\"").append(Fmt.xy(f.y(i) + 4))
            .append("\">").append(Html.shortEsc(labels.get(i), 28)).append("<title>").append(Html.esc(labels.get(i)))
            .append("</title></text>");
      }
      return f;
    }

    double x(double v) {
      return LEFT + (v - lo) / (hi - lo) * (Charts.WIDTH - LEFT - RIGHT);
    }

    double y(int row) {
      return TOP + ROW * row + ROW / 2.0;
    }
  }
}
