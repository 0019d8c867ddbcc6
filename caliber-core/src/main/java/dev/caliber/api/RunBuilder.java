package dev.caliber.api;

import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Collects a retriever's output, one (query, document, score) at a time, into a {@link ScoredRun}:
 * an in-memory TREC run file. Entries keep the order they were added in, and each query's rank
 * column is its entries' positions (1, 2, ...); which order is the ranking is the policy's rule,
 * as for a file: under score ordering ({@link Preset#TREC_EVAL}, {@link Preset#POOLED}) score
 * descending with ties by document ID descending ({@link dev.caliber.policy.RankingOrder}), under
 * given ordering ({@link Preset#STRICT}) the order added, so add a retriever's hits best first.
 *
 * <p>A document added twice for one query is not refused here: evaluating the run reports it as
 * the protocol violation it is, as it would in a file. {@link #build()} hands out a snapshot; the
 * builder can go on collecting. Not thread-safe.
 */
public final class RunBuilder {
  private final String name;
  private final Map<String, Entries> queries = new LinkedHashMap<>();

  /**
   * A builder for the run called {@code name} in results.
   *
   * @param name the run's name, non-empty
   * @throws IllegalArgumentException if the name is null or empty
   */
  public RunBuilder(String name) {
    MapInputs.requireName(name);
    this.name = name;
  }

  /**
   * Adds a retrieved document.
   *
   * @param query the query ID, not null; exact string, never trimmed
   * @param doc the document ID, not null; exact string, never trimmed
   * @param score the retriever's score, finite; higher is better under score ordering
   * @return this builder
   * @throws IllegalArgumentException if an ID is null or the score is NaN or infinite
   */
  public RunBuilder add(String query, String doc, double score) {
    if (query == null || doc == null) {
      throw new IllegalArgumentException("illegal entry: query " + (query == null ? "null" : MapInputs.quote(query))
          + ", document " + (doc == null ? "null" : MapInputs.quote(doc)) + ", IDs must be non-null");
    }
    if (!Double.isFinite(score)) {
      throw new IllegalArgumentException("illegal entry: query " + MapInputs.quote(query) + ", document "
          + MapInputs.quote(doc) + " has score " + score + ", must be a finite number");
    }
    queries.computeIfAbsent(query, q -> new Entries()).add(doc, score);
    return this;
  }

  /**
   * Declares a query the retriever was asked, even if it returns nothing: a query with an empty
   * ranking is scored as such, while a query absent from the run is reported as missing.
   *
   * @param query the query ID, not null; declaring it again, or after adding entries, changes
   *     nothing
   * @return this builder
   * @throws IllegalArgumentException if the ID is null
   */
  public RunBuilder query(String query) {
    if (query == null) {
      throw new IllegalArgumentException("illegal query: null, IDs must be non-null");
    }
    queries.computeIfAbsent(query, q -> new Entries());
    return this;
  }

  /**
   * The number of entries added, over all queries.
   *
   * @return the count of {@link #add} calls so far; declared queries add nothing
   */
  public int size() {
    return queries.values().stream().mapToInt(e -> e.size).sum();
  }

  /**
   * The run as collected so far; queries in the order first seen.
   *
   * @return a snapshot that later additions do not change, with no origin (errors name no file)
   */
  public ScoredRun build() {
    Map<String, RankedList> lists = new LinkedHashMap<>();
    queries.forEach((q, e) -> lists.put(q, e.snapshot()));
    return ScoredRun.of(name, lists, Origin.NONE);
  }

  /** One query's entries as growing parallel arrays. */
  private static final class Entries {
    private String[] docs = new String[8];
    private double[] scores = new double[8];
    private int size;

    void add(String doc, double score) {
      if (size == docs.length) {
        docs = Arrays.copyOf(docs, size * 2);
        scores = Arrays.copyOf(scores, size * 2);
      }
      docs[size] = doc;
      scores[size] = score;
      size++;
    }

    RankedList snapshot() {
      long[] ranks = new long[size];
      for (int i = 0; i < size; i++) {
        ranks[i] = i + 1;
      }
      return RankedList.of(Arrays.copyOf(docs, size), Arrays.copyOf(scores, size), ranks);
    }
  }
}
