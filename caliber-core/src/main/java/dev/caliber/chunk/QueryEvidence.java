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
  /** Copies the list. */
  public QueryEvidence {
    documents = List.copyOf(documents);
  }
}
