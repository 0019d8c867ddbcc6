package dev.caliber.compare.gate;

import dev.caliber.compare.QueryDelta;
import dev.caliber.measure.Value;
import java.util.List;
import java.util.Objects;

/**
 * One rule checked for one candidate and one measure (or cutoff): what the gate prints, one JUnit
 * test case, one row of the summary.
 *
 * @param rule which rule
 * @param subject the measure's name, or {@code Judged@k} for a coverage rule
 * @param baseline the baseline run's name
 * @param system the candidate run's name
 * @param passed whether the rule holds
 * @param message one line that says what was found against what was required
 * @param baselineValue the baseline's mean over the queries compared, or null (coverage rule, or no query)
 * @param systemValue the candidate's mean over the queries compared (its judged share for a coverage
 *     rule), or null
 * @param bound the bound as the rule declares it ({@code 0.01}, {@code 2%}, {@code p < 0.05})
 * @param p the Holm-adjusted p-value of a significance rule, or null
 * @param compared the number of queries compared (valued in both runs); the query set's size for a
 *     coverage rule
 * @param worse the queries that got worse, largest loss first; for a query-loss rule, those over
 *     the bound
 */
public record Check(Rule rule, String subject, String baseline, String system, boolean passed, String message,
    Value baselineValue, Value systemValue, String bound, Double p, int compared, List<QueryDelta> worse) {

  /**
   * Copies the list.
   *
   * @param rule which rule
   * @param subject the measure, or Judged@k
   * @param baseline the baseline run
   * @param system the candidate run
   * @param passed whether the rule holds
   * @param message one line
   * @param baselineValue the baseline's mean, or null
   * @param systemValue the candidate's mean or judged share, or null
   * @param bound the bound as declared
   * @param p the Holm-adjusted p-value, or null
   * @param compared the queries compared
   * @param worse the queries that got worse, not null
   * @throws NullPointerException if a required part is null
   */
  public Check {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(system, "system");
    Objects.requireNonNull(message, "message");
    Objects.requireNonNull(bound, "bound");
    worse = List.copyOf(worse);
  }

  /** The kinds of rule, with the words reports name them by. */
  public enum Rule {
    /** No significant loss. */
    NO_SIGNIFICANT_LOSS("no significant loss"),
    /** The mean falls at most a tolerance. */
    TOLERANCE("mean within tolerance"),
    /** No query loses more than a bound. */
    MAX_QUERY_LOSS("no query loses more"),
    /** The judged share of the top k is at least a bound. */
    MIN_JUDGED("judged share of the top k");

    private final String words;

    Rule(String words) {
      this.words = words;
    }

    /**
     * The rule in words.
     *
     * @return the words
     */
    public String words() {
      return words;
    }
  }
}
