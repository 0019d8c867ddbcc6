package dev.caliber.compare.gate;

import dev.caliber.compare.Comparison;
import java.util.List;
import java.util.Objects;

/**
 * A gate's result: every rule checked for every candidate, and whether all hold.
 *
 * @param rules the rules declared
 * @param comparison the comparison they were checked on
 * @param checks one per rule, candidate and measure (or cutoff), in the order of the rules
 */
public record Verdict(GateRules rules, Comparison comparison, List<Check> checks) {
  /**
   * Copies the list.
   *
   * @param rules the rules
   * @param comparison the comparison
   * @param checks the checks
   * @throws NullPointerException if a part is null
   */
  public Verdict {
    Objects.requireNonNull(rules, "rules");
    Objects.requireNonNull(comparison, "comparison");
    checks = List.copyOf(checks);
  }

  /**
   * Whether every rule holds.
   *
   * @return true when no check failed
   */
  public boolean passed() {
    return checks.stream().allMatch(Check::passed);
  }

  /**
   * The checks that failed, in order.
   *
   * @return a new list
   */
  public List<Check> failures() {
    return checks.stream().filter(c -> !c.passed()).toList();
  }
}
