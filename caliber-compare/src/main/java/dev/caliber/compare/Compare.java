package dev.caliber.compare;

import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.result.RunResult;
import java.util.List;

/**
 * Is run B better than run A: the two-run comparison in one call, for Java callers. A shortcut to
 * {@link Comparisons#compare(List, CompareSettings)} with A as the baseline; the statistics, their
 * defaults and their limits are those of {@code caliber compare} (docs/COMPARE.md).
 *
 * <pre>{@code
 * PairedComparison ap = Compare.pair(bm25, rerank, "AP");
 * ap.meanDelta(); ap.wins(); ap.losses(); ap.worse(); ap.interval(); ap.holmP();
 * }</pre>
 */
public final class Compare {
  private Compare() {}

  /**
   * Compares {@code system} against {@code baseline} on every measure of their protocol, under the
   * default settings ({@link CompareSettings#defaults()}: seed 42, 10,000 resamples and
   * permutations, 95% confidence).
   *
   * @param baseline run A, the one compared against; not null
   * @param system run B; not null, scored under A's protocol
   * @return every measure's comparison of B against A
   * @throws IllegalArgumentException if a result is null or both have the same run name
   * @throws ProtocolMismatchException if they were scored under different protocols
   */
  public static Comparison runs(RunResult baseline, RunResult system) {
    return runs(baseline, system, CompareSettings.defaults());
  }

  /**
   * Compares {@code system} against {@code baseline} under the given settings: with two runs, the
   * first is the baseline in either mode, so the settings may name it or leave it out.
   *
   * @param baseline run A, the one compared against; not null
   * @param system run B; not null, scored under A's protocol
   * @param settings seed, resamples, permutations and confidence; not null, printed with the result
   * @return every measure's comparison of B against A
   * @throws IllegalArgumentException if an argument is null, the settings name another baseline,
   *     or both results have the same run name
   * @throws ProtocolMismatchException if they were scored under different protocols
   */
  public static Comparison runs(RunResult baseline, RunResult system, CompareSettings settings) {
    if (baseline == null || system == null || settings == null) {
      throw new IllegalArgumentException("illegal comparison: " + (baseline == null ? "baseline" : system == null ? "system" : "settings")
          + " is null");
    }
    if (settings.baseline() != null && !settings.baseline().equals(baseline.runName())) {
      throw new IllegalArgumentException("illegal settings: baseline " + PyJson.canonical(settings.baseline())
          + ", but the baseline given is " + PyJson.canonical(baseline.runName()));
    }
    // The first run is the baseline of both modes; the settings stay as given, since reports print them.
    return Comparisons.compare(List.of(baseline, system), settings);
  }

  /**
   * The comparison of one measure, under the default settings. Holm's correction is still taken
   * over every measure of the protocol, as in a report of them all.
   *
   * @param baseline run A, the one compared against; not null
   * @param system run B; not null, scored under A's protocol
   * @param measure the measure's name (canonical, alias or trec_eval's), one of the protocol's
   * @return the measure's comparison of B against A, its Holm p-value adjusted over every measure
   * @throws IllegalArgumentException if the name is no measure, not one of the protocol's, or a
   *     point of a precision-recall curve ({@link RecallCurve}: not compared)
   * @throws ProtocolMismatchException if the results were scored under different protocols
   */
  public static PairedComparison pair(RunResult baseline, RunResult system, String measure) {
    Comparison comparison = runs(baseline, system);
    Measure m = Measures.parse(measure);
    List<PairedComparison> found = comparison.comparisons(m);
    if (found.isEmpty()) {
      boolean onCurve = comparison.curves().stream().anyMatch(c -> c.levels().contains(m));
      throw new IllegalArgumentException("illegal measure " + m.name() + ": " + (onCurve
          ? "a point of the precision-recall curve, a view that is not compared; the compared measures are "
          : "not among the protocol's measures ") + comparison.measures().stream().map(Measure::name).toList());
    }
    return found.get(0);
  }
}
