package dev.caliber.protocol;

import java.util.Objects;

/**
 * What is fixed before anyone looks at test results: the corpus, the queries with their splits,
 * and the judgments. Together with a split and a cutoff k it is fingerprinted by {@link
 * dev.caliber.protocol.Fingerprint}.
 *
 * @param corpus the documents
 * @param queries the queries and their splits
 * @param qrels the judgments
 */
public record Protocol(Corpus corpus, Queries queries, Qrels qrels) {
  /**
   * Requires all three parts; their consistency (every query judged, every judged document in the
   * corpus) is checked where the protocol is read or evaluated.
   *
   * @param corpus the documents, not null
   * @param queries the queries and their splits, not null
   * @param qrels the judgments, not null
   * @throws NullPointerException if a part is null
   */
  public Protocol {
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(queries, "queries");
    Objects.requireNonNull(qrels, "qrels");
  }
}
