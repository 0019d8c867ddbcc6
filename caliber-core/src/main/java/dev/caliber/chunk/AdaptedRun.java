package dev.caliber.chunk;

import dev.caliber.protocol.Run;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The chunk adapter's output: a document-level run ready for the evaluator, the evidence of every
 * position, and the fingerprint of the mapping and collapse rule.
 *
 * @param adapterSha256 SHA-256 of {@code {adapter, chunk_to_doc}} in canonical JSON
 * @param documentRun the collapsed run; queries missing from the chunk run stay missing
 * @param evidence per query of the chunk run, in its order
 */
public record AdaptedRun(String adapterSha256, Run documentRun, Map<String, QueryEvidence> evidence) {
  /**
   * Copies the evidence map, keeping its order.
   *
   * @param adapterSha256 SHA-256 of {@code {adapter, chunk_to_doc}} in canonical JSON
   * @param documentRun the collapsed run
   * @param evidence per query of the chunk run, in its order; not null
   * @throws NullPointerException if {@code evidence} is null
   */
  public AdaptedRun {
    evidence = Collections.unmodifiableMap(new LinkedHashMap<>(evidence));
  }
}
