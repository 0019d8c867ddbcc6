package dev.caliber.compare.report;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import java.util.List;

/** The declared settings and methods in words, one (label, text) line each, for the human-readable writers. */
final class Declared {
  private Declared() {}

  /** The declared items as a list of (label, text) lines, for the other writers' headers. */
  static List<String[]> lines(Comparison c) {
    CompareSettings s = c.settings();
    return List.of(
        new String[] {"Δ", "system − baseline per query, over queries where both values are defined (exact fractions where the measure is rational)"},
        new String[] {"CI", Fmt.percent(s.confidence()) + "% percentile bootstrap of the mean Δ, " + s.resamples() + " resamples, type-7 quantiles"},
        new String[] {"p (rand.)", "two-sided paired randomization test, |sum Δ|, " + s.permutations()
            + " random sign flips, p = (hits + 1) / (permutations + 1); exact enumeration of all 2^n flips when 2^n ≤ "
            + s.permutations() + " (marked exact)"},
        new String[] {"p Holm", c.holmFamilySize() == 1
            ? "Holm-Bonferroni over the one comparison in this report (p Holm = p (rand.))"
            : "Holm-Bonferroni over all " + c.holmFamilySize() + " comparisons in this report, applied to p (rand.)"},
        new String[] {"p (t)", "two-sided paired t-test (Apache Commons Statistics); undefined when all Δ are equal"},
        new String[] {"d_z", "Cohen's d_z = mean Δ / sample sd of Δ (n − 1)"},
        new String[] {"W/T/L", "queries where the system is better / equal / worse"},
        new String[] {"RNG", c.rng() + "; seed " + s.seed() + "; each bootstrap and test starts its own generator from the seed"});
  }
}
