package dev.caliber.compare.diff;

import java.util.Objects;

/**
 * A document of a query's top k in run A or run B: its rank in each run (1-based, within the
 * evaluation depth; null where the run does not rank it), and, for a document new to B's top k
 * when judgments were given, whether they judge it.
 *
 * @param doc the document ID
 * @param rankA its rank in run A, or null
 * @param rankB its rank in run B, or null
 * @param judged for a document new to B's top k with judgments given: whether the query's
 *     judgments name it; null otherwise
 */
public record DocumentRanks(String doc, Integer rankA, Integer rankB, Boolean judged) {
  /**
   * Validates.
   *
   * @param doc the document ID, not null
   * @param rankA its rank in run A (1 or more), or null
   * @param rankB its rank in run B (1 or more), or null
   * @param judged whether judgments name it, or null
   * @throws NullPointerException if {@code doc} is null
   * @throws IllegalArgumentException if both ranks are null or a rank is below 1
   */
  public DocumentRanks {
    Objects.requireNonNull(doc, "doc");
    if (rankA == null && rankB == null || rankA != null && rankA < 1 || rankB != null && rankB < 1) {
      throw new IllegalArgumentException("illegal ranks " + rankA + " and " + rankB + " of " + doc
          + ": at least one, each 1 or more");
    }
  }

  /**
   * Whether the document moved between A and B.
   *
   * @return true when both runs rank it, at different ranks
   */
  public boolean moved() {
    return rankA != null && rankB != null && !rankA.equals(rankB);
  }
}
