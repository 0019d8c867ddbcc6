package dev.caliber.chunk;

import java.util.List;

/**
 * How one document entered a collapsed ranking.
 *
 * @param documentId the document
 * @param firstChunkId the chunk whose first occurrence placed the document
 * @param firstChunkRank the 1-based chunk rank of that chunk
 * @param chunkRanks every 1-based chunk rank that mapped to this document, ascending
 */
public record DocumentEvidence(String documentId, String firstChunkId, int firstChunkRank, List<Integer> chunkRanks) {
  /**
   * Copies the ranks.
   *
   * @param documentId the document
   * @param firstChunkId the chunk whose first occurrence placed the document
   * @param firstChunkRank the 1-based chunk rank of that chunk
   * @param chunkRanks every 1-based chunk rank that mapped to this document; not null, no null
   *     element
   * @throws NullPointerException if {@code chunkRanks} or one of its elements is null
   */
  public DocumentEvidence {
    chunkRanks = List.copyOf(chunkRanks);
  }
}
