package dev.caliber.compare.report;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.protocol.QueryGroups;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The declared settings and methods in words, one (label, text) line each, for the human-readable writers. */
final class Declared {
  private Declared() {}

  /**
   * The declared items as a list of (label, text) lines, for the other writers' headers.
   *
   * @param c the comparison
   * @param escName what the writer does to a name from the input (the group file's) inside its text
   */
  static List<String[]> lines(Comparison c, UnaryOperator<String> escName) {
    CompareSettings s = c.settings();
    boolean grouped = s.groups() != null;
    List<String[]> lines = new ArrayList<>(List.of(
        new String[] {"Δ", "system − baseline per query, over queries where both values are defined (exact fractions where the measure is rational)"},
        new String[] {"CI", Fmt.percent(s.confidence()) + "% " + (grouped ? "cluster percentile bootstrap of the mean Δ (each resample draws query groups)"
            : "percentile bootstrap of the mean Δ") + ", " + s.resamples() + " resamples, type-7 quantiles"},
        new String[] {"p (rand.)", "two-sided paired randomization test, |sum Δ|, " + s.permutations()
            + (grouped ? " random sign flips of each query group's summed Δ" : " random sign flips")
            + ", p = (hits + 1) / (permutations + 1); exact enumeration of all 2^n flips when 2^n ≤ "
            + s.permutations() + " (marked exact)"},
        new String[] {"p Holm", c.holmFamilySize() == 1
            ? "Holm-Bonferroni over the one comparison in this report (p Holm = p (rand.))"
            : "Holm-Bonferroni over all " + c.holmFamilySize() + " comparisons in this report, applied to p (rand.)"},
        new String[] {"p (t)", "two-sided paired t-test (Apache Commons Statistics); undefined when all Δ are equal"},
        new String[] {"d_z", "Cohen's d_z = mean Δ / sample sd of Δ (n − 1)"},
        new String[] {"W/T/L", "queries where the system is better / equal / worse"},
        new String[] {"RNG", c.rng() + "; seed " + s.seed() + "; each bootstrap and test starts its own generator from the seed"}));
    if (grouped) {
      lines.add(new String[] {"Groups", groups(c, escName) + "; p (t) and d_z stay per query; SHA-256 " + s.groups().sha256()});
    }
    return lines;
  }

  /**
   * The query groups in words: the file and how many units the query set forms.
   *
   * @param c a comparison with query groups
   * @param escName what the writer does to the file's name
   * @return "FILE: G groups over the N queries of the query set"
   */
  static String groups(Comparison c, UnaryOperator<String> escName) {
    QueryGroups g = c.settings().groups();
    List<String> querySet = c.protocol().querySet();
    return escName.apply(g.source()) + ": " + Fmt.count(g.units(querySet), "group", "groups") + " over the "
        + Fmt.count(querySet.size(), "query", "queries") + " of the query set";
  }
}
