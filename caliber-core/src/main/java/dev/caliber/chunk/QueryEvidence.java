package dev.caliber.chunk;

import java.util.List;

/**
 * The provenance of one query's document ranking.
 *
 * @param receivedChunks length of the chunk ranking received
 * @param distinctDocuments length of the document ranking produced
 * @param documents one entry per document, in document rank order
 */
public record QueryEvidence(int receivedChunks, int distinctDocuments, List<DocumentEvidence> documents) {
  /**
   * Copies the list.
   *
   * @param receivedChunks length of the chunk ranking received
   * @param distinctDocuments length of the document ranking produced
   * @param documents one entry per document, in document rank order; not null, no null element
   * @throws NullPointerException if {@code documents} or one of its elements is null
   */
  public QueryEvidence {
    documents = List.copyOf(documents);
  }
}
