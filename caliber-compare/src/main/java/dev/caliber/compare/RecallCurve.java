package dev.caliber.compare;

import dev.caliber.measure.InterpolatedPrecision;
import dev.caliber.measure.Measure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The interpolated precision-recall curve of one relevance level: IPrec@r at two or more recall
 * levels r (trec_eval's {@code iprec_at_recall} gives the 11 levels 0, 0.1, ..., 1). A view of each
 * run, shown as one chart or table, not a list of measures: its levels are not compared pair by pair
 * and are not in the family Holm's correction is taken over, so asking for the curve changes no
 * other measure's p-value and adds no measure sections to a report. One IPrec level alone is no
 * curve: it stays a measure, compared like any other.
 *
 * @param family the levels' name without the level, {@code IPrec} or {@code IPrec(rel=2)}
 * @param levels the points, levels ascending, at least two
 */
public record RecallCurve(String family, List<InterpolatedPrecision> levels) {
  /**
   * Copies the list; requires two or more levels, since one level is no curve.
   *
   * @param family the levels' name without the level; not null
   * @param levels the points, levels ascending (not checked), at least two; not null, no null
   *     element
   * @throws IllegalArgumentException if fewer than two levels are given
   * @throws NullPointerException if {@code family}, {@code levels} or a level is null
   */
  public RecallCurve {
    java.util.Objects.requireNonNull(family, "family");
    levels = List.copyOf(levels);
    if (levels.size() < 2) {
      throw new IllegalArgumentException("a precision-recall curve needs at least two recall levels, got " + levels.size());
    }
  }

  /**
   * The curves among {@code measures}: the IPrec measures of each relevance level present at two
   * or more recall levels, in order of first appearance, each curve's levels ascending.
   *
   * @param measures a protocol's measures; not null
   * @return the curves, unmodifiable; empty when no relevance level has two IPrec levels
   */
  public static List<RecallCurve> of(List<? extends Measure> measures) {
    Map<String, List<InterpolatedPrecision>> byFamily = new LinkedHashMap<>();
    for (Measure m : measures) {
      if (m instanceof InterpolatedPrecision p) {
        byFamily.computeIfAbsent(p.name().substring(0, p.name().indexOf('@')), f -> new ArrayList<>()).add(p);
      }
    }
    List<RecallCurve> out = new ArrayList<>();
    byFamily.forEach((family, levels) -> {
      if (levels.size() >= 2) {
        out.add(new RecallCurve(family, levels.stream().sorted(Comparator.comparing(InterpolatedPrecision::level)).toList()));
      }
    });
    return List.copyOf(out);
  }

  /**
   * The measures that are no point of a curve ({@link #of}): those a comparison compares.
   *
   * @param measures a protocol's measures; not null
   * @return the others, in their order, unmodifiable
   */
  public static List<Measure> outside(List<? extends Measure> measures) {
    Set<Measure> onCurves = new HashSet<>();
    for (RecallCurve c : of(measures)) {
      onCurves.addAll(c.levels());
    }
    return measures.stream().filter(m -> !onCurves.contains(m)).map(m -> (Measure) m).toList();
  }
}
