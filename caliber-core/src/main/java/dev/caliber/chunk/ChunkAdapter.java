package dev.caliber.chunk;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a chunk-level run into a document-level run by first-occurrence collapse
 * ({@value #ADAPTER}): each document takes the position of its first chunk, in chunk rank order,
 * and keeps the evidence of every chunk rank that mapped to it.
 *
 * <p>It validates everything before producing anything, including mapping entries no run uses and
 * chunks after any cutoff. It has no k on purpose: the document-level cutoff stays with the
 * evaluator, and a smaller chunk budget is a different protocol that nothing can backfill. A query
 * missing from the chunk run stays missing. Inputs are never modified.
 */
public final class ChunkAdapter {
  /** The name and version of the collapse rule, part of {@code adapter_sha256}. */
  public static final String ADAPTER = "first-occurrence-document-v1";

  private ChunkAdapter() {}

  /**
   * Validates, then collapses every ranking of {@code chunkRun}.
   *
   * @param corpus the corpus the mapping points into, not null
   * @param queries the queries and their splits, not null
   * @param mapping chunk to document, not null
   * @param chunkRun query ID to chunk IDs, best first, not null
   * @param split the split whose queries the run may name; null or empty is a violation
   * @return the document run (same name and origin as {@code chunkRun}), the evidence of every
   *     position and the adapter's fingerprint
   * @throws ProtocolViolationException at the first violation, before any output exists
   */
  public static AdaptedRun adapt(Corpus corpus, Queries queries, ChunkMapping mapping, Run chunkRun, String split) {
    validate(corpus, queries, mapping, chunkRun, split);
    return collapse(mapping, chunkRun);
  }

  /**
   * Validates, then collapses every ranking of {@code chunkRun}, for judgments without the seed's
   * queries (TREC qrels): the run's queries must be in {@code querySet}, and the mapping's
   * documents in {@code corpus} when there is one (TREC qrels name no corpus: then only the
   * mapping says which documents exist). The checks are the seed's that apply, in its order.
   *
   * @param corpus the corpus the mapping points into, or null when there is none
   * @param querySet the queries the run may name, not null
   * @param querySetSource how the query set was fixed (every query judged in FILE, ...), for errors
   * @param mapping chunk to document, not null
   * @param chunkRun query ID to chunk IDs, best first, not null
   * @return the document run, the evidence of every position and the adapter's fingerprint
   * @throws ProtocolViolationException at the first violation, before any output exists
   */
  public static AdaptedRun adapt(Corpus corpus, List<String> querySet, String querySetSource, ChunkMapping mapping,
      Run chunkRun) {
    if (corpus != null) {
      validateCorpus(corpus);
    }
    if (querySet.isEmpty()) {
      throw new ProtocolViolationException(Location.NONE, AdapterViolations.EMPTY_SPLIT, querySetSource);
    }
    validateMapping(corpus, mapping);
    Set<String> selected = new HashSet<>(querySet);
    for (String q : chunkRun.asMap().keySet()) {
      if (!selected.contains(q)) {
        throw new ProtocolViolationException(chunkRun.origin().locate(q), AdapterViolations.WRONG_SPLIT_QUERY,
            "query " + PyJson.canonical(q) + " is not in the query set (" + querySetSource + ")");
      }
    }
    validateRankings(mapping, chunkRun);
    return collapse(mapping, chunkRun);
  }

  private static AdaptedRun collapse(ChunkMapping mapping, Run chunkRun) {
    Map<String, List<String>> documentRankings = new LinkedHashMap<>();
    Map<String, QueryEvidence> evidence = new LinkedHashMap<>();
    chunkRun.asMap().forEach((query, chunks) -> {
      Map<String, Collapsing> byDocument = new LinkedHashMap<>();
      for (int i = 0; i < chunks.size(); i++) {
        String chunk = chunks.get(i);
        int rank = i + 1;
        byDocument.computeIfAbsent(mapping.documentOf(chunk), d -> new Collapsing(d, chunk, rank)).ranks.add(rank);
      }
      documentRankings.put(query, List.copyOf(byDocument.keySet()));
      List<DocumentEvidence> documents = byDocument.values().stream().map(Collapsing::snapshot).toList();
      evidence.put(query, new QueryEvidence(chunks.size(), documents.size(), documents));
    });
    return new AdaptedRun(fingerprint(mapping), Run.of(chunkRun.name(), documentRankings, chunkRun.origin()), evidence);
  }

  /**
   * adapter_sha256: changes with the mapping, not with the mapping's order.
   *
   * @param mapping the mapping, not null
   * @return 64 lower-case hex digits: the SHA-256 of the canonical JSON of {@code {adapter,
   *     chunk_to_doc}}
   */
  public static String fingerprint(ChunkMapping mapping) {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("adapter", ADAPTER);
    config.put("chunk_to_doc", mapping.asMap());
    return Fingerprint.sha256Hex(PyJson.canonical(config));
  }

  /** The mutable accumulator for one document while a ranking is collapsed. */
  private static final class Collapsing {
    final String document;
    final String firstChunk;
    final int firstRank;
    final List<Integer> ranks = new ArrayList<>();

    Collapsing(String document, String firstChunk, int firstRank) {
      this.document = document;
      this.firstChunk = firstChunk;
      this.firstRank = firstRank;
    }

    DocumentEvidence snapshot() {
      return new DocumentEvidence(document, firstChunk, firstRank, ranks);
    }
  }

  /**
   * Everything the seed's adapter checks, in its order, so that the first violation reported is
   * the seed's.
   *
   * @param corpus the corpus the mapping points into, not null
   * @param queries the queries and their splits, not null
   * @param mapping chunk to document, not null
   * @param chunkRun query ID to chunk IDs, best first, not null
   * @param split the split whose queries the run may name; null or empty is a violation
   * @throws ProtocolViolationException at the first violation
   */
  public static void validate(Corpus corpus, Queries queries, ChunkMapping mapping, Run chunkRun, String split) {
    validateCorpus(corpus);
    if (queries.size() == 0) {
      throw new ProtocolViolationException(Location.NONE, AdapterViolations.QUERIES, "there is no query");
    }
    if (split == null || split.isEmpty()) {
      throw new ProtocolViolationException(Location.NONE, AdapterViolations.SPLIT, "got " + (split == null ? "null" : "\"\""));
    }
    for (Map.Entry<String, Query> e : queries.asMap().entrySet()) {
      if (e.getKey().isEmpty()) {
        throw new ProtocolViolationException(queries.origin().locate(e.getKey()), AdapterViolations.QUERY_IDS, "got query ID \"\"");
      }
      if (e.getValue().split().isEmpty()) {
        throw new ProtocolViolationException(queries.origin().locate(e.getKey(), "split"), AdapterViolations.QUERY_SPLIT,
            "query " + PyJson.canonical(e.getKey()) + " has split \"\"");
      }
    }
    validateMapping(corpus, mapping);
    Set<String> selected = new HashSet<>(queries.inSplit(split));
    if (selected.isEmpty()) {
      throw new ProtocolViolationException(Location.NONE, AdapterViolations.EMPTY_SPLIT, "split " + PyJson.canonical(split));
    }
    for (String q : chunkRun.asMap().keySet()) {
      if (!selected.contains(q)) {
        throw new ProtocolViolationException(chunkRun.origin().locate(q), AdapterViolations.WRONG_SPLIT_QUERY,
            "query " + PyJson.canonical(q) + (queries.get(q) == null ? " is not in the protocol"
                : " is in split " + PyJson.canonical(queries.get(q).split()) + ", not " + PyJson.canonical(split)));
      }
    }
    validateRankings(mapping, chunkRun);
  }

  private static void validateCorpus(Corpus corpus) {
    if (corpus.size() == 0) {
      throw new ProtocolViolationException(Location.NONE, AdapterViolations.CORPUS, "the corpus has no document");
    }
    for (String id : corpus.ids()) {
      if (id.isEmpty()) {
        throw new ProtocolViolationException(corpus.origin().locate(id), AdapterViolations.CORPUS_IDS, "got \"\"");
      }
    }
  }

  /** The mapping's IDs are non-empty, and its documents in the corpus when there is one. */
  private static void validateMapping(Corpus corpus, ChunkMapping mapping) {
    for (Map.Entry<String, String> e : mapping.asMap().entrySet()) {
      if (e.getKey().isEmpty() || e.getValue().isEmpty()) {
        throw new ProtocolViolationException(mapping.origin().locate(e.getKey()), AdapterViolations.MAPPING_IDS,
            "chunk " + PyJson.canonical(e.getKey()) + " -> document " + PyJson.canonical(e.getValue()) + "; expected non-empty strings");
      }
      if (corpus != null && !corpus.contains(e.getValue())) {
        throw new ProtocolViolationException(mapping.origin().locate(e.getKey()), AdapterViolations.MAPPING_OUTSIDE,
            "chunk " + PyJson.canonical(e.getKey()) + " -> document " + PyJson.canonical(e.getValue()) + ", which is not in the corpus");
      }
    }
  }

  /** Every ranked chunk is in the mapping, and none is ranked twice for a query. */
  private static void validateRankings(ChunkMapping mapping, Run chunkRun) {
    chunkRun.asMap().forEach((q, ranking) -> {
      for (int i = 0; i < ranking.size(); i++) {
        if (mapping.documentOf(ranking.get(i)) == null) {
          throw new ProtocolViolationException(chunkRun.origin().locate(q, i), AdapterViolations.UNKNOWN_CHUNK,
              "query " + PyJson.canonical(q) + ": chunk " + PyJson.canonical(ranking.get(i)) + " at rank " + (i + 1)
                  + " is not in the mapping");
        }
      }
      Map<String, Integer> seen = new HashMap<>();
      for (int i = 0; i < ranking.size(); i++) {
        Integer earlier = seen.putIfAbsent(ranking.get(i), i);
        if (earlier != null) {
          throw new ProtocolViolationException(chunkRun.origin().locate(q, i), AdapterViolations.DUPLICATE_CHUNK,
              "query " + PyJson.canonical(q) + ": chunk " + PyJson.canonical(ranking.get(i)) + " at rank " + (i + 1)
                  + " repeats rank " + (earlier + 1));
        }
      }
    });
  }
}
