package dev.caliber.chunk;

import dev.caliber.protocol.Origin;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * chunk_to_doc: which corpus document each chunk belongs to, taken from the same corpus snapshot
 * as the judgments. Identity is declared here, never guessed from chunk names, titles or equal
 * text.
 */
public final class ChunkMapping {
  private final Map<String, String> chunkToDoc;
  private final Origin origin;

  private ChunkMapping(Map<String, String> chunkToDoc, Origin origin) {
    this.chunkToDoc = chunkToDoc;
    this.origin = origin;
  }

  /**
   * A mapping in the given order (copied). Empty IDs and documents outside the corpus are accepted
   * here and rejected by {@link ChunkAdapter#validate}, which knows the corpus.
   *
   * @param chunkToDoc chunk ID to document ID; no key or value may be null
   * @param origin where each entry was read from, not null; {@link Origin#NONE} for none
   * @return the mapping
   * @throws NullPointerException if the map, {@code origin}, a chunk ID or a document ID is null
   */
  public static ChunkMapping of(Map<String, String> chunkToDoc, Origin origin) {
    Objects.requireNonNull(chunkToDoc, "chunkToDoc");
    Map<String, String> copy = new LinkedHashMap<>(chunkToDoc.size() * 2);
    chunkToDoc.forEach((c, d) -> copy.put(Objects.requireNonNull(c, "chunk ID"), Objects.requireNonNull(d, "document ID")));
    return new ChunkMapping(Collections.unmodifiableMap(copy), Objects.requireNonNull(origin, "origin"));
  }

  /**
   * A mapping built in code, whose errors name no file.
   *
   * @param chunkToDoc chunk ID to document ID; no key or value may be null
   * @return the mapping, with {@link Origin#NONE}
   * @throws NullPointerException if the map, a chunk ID or a document ID is null
   */
  public static ChunkMapping of(Map<String, String> chunkToDoc) {
    return of(chunkToDoc, Origin.NONE);
  }

  /**
   * The document of a chunk.
   *
   * @param chunkId a chunk ID, compared exactly
   * @return the document ID, or null if the chunk is unknown
   */
  public String documentOf(String chunkId) {
    return chunkToDoc.get(chunkId);
  }

  /**
   * The mapping as {@code adapter_sha256} hashes it.
   *
   * @return chunk to document, in input order, unmodifiable
   */
  public Map<String, String> asMap() {
    return chunkToDoc;
  }

  /**
   * Where each entry came from, so that a violation can name its file and line.
   *
   * @return the origin, located by chunk ID; {@link Origin#NONE} for a mapping built in code
   */
  public Origin origin() {
    return origin;
  }
}
