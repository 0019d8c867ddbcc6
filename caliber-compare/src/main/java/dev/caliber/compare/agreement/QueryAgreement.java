package dev.caliber.compare.agreement;

import java.util.Objects;

/**
 * One query's agreement: over the pairs of that query both sets judge, with the comparison's
 * categories.
 *
 * @param query the query ID
 * @param pairsOnlyA the query's documents only A judges
 * @param pairsOnlyB the query's documents only B judges
 * @param agreement the agreement over the query's common pairs
 */
public record QueryAgreement(String query, long pairsOnlyA, long pairsOnlyB, LabelAgreement agreement) {
  /**
   * Checks the parts.
   *
   * @param query the query ID, not null
   * @param pairsOnlyA documents only A judges, at least 0
   * @param pairsOnlyB documents only B judges, at least 0
   * @param agreement the agreement, not null
   * @throws NullPointerException if the query or the agreement is null
   */
  public QueryAgreement {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(agreement, "agreement");
  }
}
