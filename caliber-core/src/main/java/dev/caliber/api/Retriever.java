package dev.caliber.api;

import dev.caliber.protocol.Fingerprint;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * A search engine as caliber sees it: a query's ID and text in, its ranked documents out, and a
 * description of itself that is fingerprinted with every run it makes, so that a number can say
 * which engine, index and query produced it. {@link Eval#retrieve} sends it every topic; {@link
 * Eval#evaluate(dev.caliber.protocol.EvalProtocol, String, Retriever, dev.caliber.protocol.Topics,
 * int)} evaluates it in one call.
 *
 * <p>An implementation may be called from one thread at a time; {@link Eval#retrieve} calls it
 * once per topic, in the topics' order.
 */
public interface Retriever {
  /**
   * Searches one query.
   *
   * @param queryId the query's ID, as the topics and the judgments spell it
   * @param text the query's text
   * @param depth the most hits wanted, at least 1
   * @return the hits, best first (the order is the ranking under given ordering; under score
   *     ordering the scores are), at most {@code depth}; empty when nothing matches
   * @throws IOException if the engine cannot answer; the caller names the query
   */
  List<Hit> search(String queryId, String text, int depth) throws IOException;

  /**
   * What this retriever is, as JSON data: maps with string keys, lists, strings, numbers,
   * booleans and nulls (for example the engine and its version, the index and its document count,
   * the analyzer, the similarity and its parameters, a query template). Two retrievers with equal
   * descriptions must return equal hits for equal queries: everything that changes a ranking
   * belongs here.
   *
   * @return the description, not null
   */
  Map<String, Object> describe();

  /**
   * The fingerprint of {@link #describe()}: the SHA-256 of its canonical JSON.
   *
   * @return 64 lower-case hex digits
   * @throws IllegalArgumentException if the description holds something JSON cannot
   */
  default String sha256() {
    return Fingerprint.canonicalSha256Hex(describe());
  }

  /**
   * One ranked document.
   *
   * @param doc the document's ID, non-empty
   * @param score the engine's score, finite
   */
  record Hit(String doc, double score) {
    /**
     * Checks the hit.
     *
     * @param doc the document's ID, non-empty
     * @param score the engine's score, finite
     * @throws IllegalArgumentException if the ID is null or empty, or the score is not finite
     */
    public Hit {
      if (doc == null || doc.isEmpty()) {
        throw new IllegalArgumentException("illegal hit: document ID " + (doc == null ? "null" : "empty") + ", must be non-empty");
      }
      if (!Double.isFinite(score)) {
        throw new IllegalArgumentException("illegal hit: document " + MapInputs.quote(doc) + " has score " + score
            + ", must be a finite number");
      }
    }
  }
}
