package dev.caliber.chunk;

import static dev.caliber.testkit.HelpCentre.CHUNK_RUN;
import static dev.caliber.testkit.HelpCentre.CHUNK_TO_DOC;
import static dev.caliber.testkit.HelpCentre.CORPUS;
import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL;
import static dev.caliber.testkit.HelpCentre.QRELS;
import static dev.caliber.testkit.HelpCentre.QUERIES;
import static dev.caliber.testkit.HelpCentre.TEST;
import static dev.caliber.testkit.HelpCentre.chunkRunMap;
import static dev.caliber.testkit.HelpCentre.chunkToDocMap;
import static dev.caliber.testkit.HelpCentre.corpusMap;
import static dev.caliber.testkit.HelpCentre.corpusWith;
import static dev.caliber.testkit.HelpCentre.emptyRun;
import static dev.caliber.testkit.HelpCentre.mappingWith;
import static dev.caliber.testkit.HelpCentre.ordered;
import static dev.caliber.testkit.HelpCentre.queriesMap;
import static dev.caliber.testkit.HelpCentre.run;
import static dev.caliber.testkit.HelpCentre.truncated;
import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import dev.caliber.testkit.SeedFiles;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seed's fourteen adapter tests (test_chunk_adapter.py), one method each, in the seed's order
 * and asserting what the seed asserts; the seed's name is in each method's comment. Six of them
 * kill the seed's six named adapter mutants (see {@link SeedMutantsTest}).
 */
class ChunkAdapterSeedTest {

  private static AdaptedRun adapt(Run chunkRun) {
    return ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, chunkRun, TEST);
  }

  private static AdaptedRun adapt(ChunkMapping mapping) {
    return ChunkAdapter.adapt(CORPUS, QUERIES, mapping, CHUNK_RUN, TEST);
  }

  private static AdaptedRun adapt(Corpus corpus) {
    return ChunkAdapter.adapt(corpus, QUERIES, CHUNK_TO_DOC, CHUNK_RUN, TEST);
  }

  // seed: test_exact_fixed_observations
  @Test
  void the_fixed_observations_equal_expected_chunk_json() {
    // GIVEN the literal expectations written before the program ran
    Object expected = SeedFiles.plain(json(SeedFiles.conformance("expected-chunk.json")));
    // WHEN
    Map<String, Object> observed = experiment();
    // THEN compared as parsed JSON: objects regardless of key order, lists in order
    assertThat(SeedFiles.plain(json("observed", PyJson.canonical(observed)))).isEqualTo(expected);
  }

  /** probe_chunk_cutoff.py's experiment(), step for step. */
  private static Map<String, Object> experiment() {
    AdaptedRun completePool = adapt(CHUNK_RUN);
    // A legitimate alternative candidate budget; not the same input pool.
    AdaptedRun twoChunks = adapt(truncated(CHUNK_RUN, 2));
    // Merely replacing IDs leaves duplicate documents; the evaluator refuses it.
    Map<String, List<String>> uncollapsed = new LinkedHashMap<>();
    CHUNK_RUN.asMap().forEach((q, chunks) -> uncollapsed.put(q, chunks.stream().map(CHUNK_TO_DOC::documentOf).toList()));
    Map<String, Object> rawMapping = new LinkedHashMap<>();
    try {
      Evaluator.evaluate(PROTOCOL, Run.of("uncollapsed", uncollapsed), TEST, K);
      throw new AssertionError("the evaluator unexpectedly accepted duplicate documents");
    } catch (ProtocolViolationException e) {
      rawMapping.put("accepted", false);
      rawMapping.put("reason", e.reason());
    }
    // Deliberately wrong: count occurrences instead of distinct relevant documents.
    int repeatedHits = CHUNK_RUN.ranking("q2").subList(0, 2).stream()
        .mapToInt(c -> QRELS.row("q2").get(CHUNK_TO_DOC.documentOf(c))).sum();
    int relevantCount = QRELS.row("q2").values().stream().mapToInt(Integer::intValue).sum();

    Map<String, Object> observations = new LinkedHashMap<>();
    observations.put("document_runs", completePool.documentRun().asMap());
    observations.put("provenance", provenance(completePool));
    observations.put("collapse_then_document_cutoff", summary(completePool.documentRun()));
    observations.put("two_chunk_budget_then_collapse", summary(twoChunks.documentRun()));
    observations.put("raw_id_replacement", rawMapping);
    observations.put("naive_q2_duplicate_occurrence_recall", Fraction.of(repeatedHits, relevantCount).toString());
    return observations;
  }

  private static Map<String, Object> provenance(AdaptedRun adapted) {
    Map<String, Object> provenance = new LinkedHashMap<>();
    adapted.evidence().forEach((q, e) -> {
      List<Object> documents = new ArrayList<>();
      for (DocumentEvidence d : e.documents()) {
        documents.add(ordered("document_id", d.documentId(), "first_chunk_id", d.firstChunkId(),
            "first_chunk_rank", d.firstChunkRank(), "chunk_ranks", d.chunkRanks()));
      }
      provenance.put(q, ordered("received_chunks", e.receivedChunks(), "distinct_documents", e.distinctDocuments(),
          "documents", documents));
    });
    return provenance;
  }

  private static Map<String, Object> summary(Run run) {
    EvaluationReport report = Evaluator.evaluate(PROTOCOL, run, TEST, K);
    Map<String, Object> rows = new LinkedHashMap<>();
    for (QueryRow row : report.rows()) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("recall", text(row.recall()));
      r.put("rr", text(row.rr()));
      r.put("returned", row.returned());
      rows.put(row.query(), r);
    }
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("recall_at_2", String.valueOf(report.recallAtK()));
    s.put("mrr_at_2", String.valueOf(report.mrrAtK()));
    s.put("missing_queries", report.missingQueries());
    s.put("eligible_queries", report.eligibleQueries());
    s.put("rows", rows);
    return s;
  }

  private static String text(Fraction f) {
    return f == null ? null : f.toString();
  }

  // seed: test_nonadjacent_parent_repeats_collapse
  @Test
  void non_adjacent_chunks_of_one_document_collapse_into_its_first_position() {
    AdaptedRun result = adapt(run("q2", "d3a", "d4a", "d3b"));
    assertThat(result.documentRun().ranking("q2")).containsExactly("d3", "d4");
    DocumentEvidence d3 = result.evidence().get("q2").documents().get(0);
    assertThat(d3.chunkRanks()).containsExactly(1, 3);
    assertThat(d3.firstChunkId()).isEqualTo("d3a");
    assertThat(d3.firstChunkRank()).isEqualTo(1);
  }

  // seed: test_first_occurrence_not_sorted_document_id
  @Test
  void documents_keep_first_occurrence_order_not_sorted_id_order() {
    AdaptedRun result = adapt(run("q2", "d4a", "d3a"));
    assertThat(result.documentRun().ranking("q2")).containsExactly("d4", "d3");
  }

  // seed: test_identical_text_is_not_identical_document
  @Test
  void identical_text_does_not_make_two_documents_one() {
    Corpus corpus = corpusWith(c -> {
      c.put("d3", "same title and text");
      c.put("d4", "same title and text");
    });
    assertThat(adapt(corpus).documentRun().ranking("q2")).containsExactly("d3", "d4");
  }

  // seed: test_incomplete_candidate_pool_cannot_be_backfilled
  @Test
  void an_incomplete_candidate_pool_cannot_be_backfilled() {
    // GIVEN only the two chunks of d3 were received
    AdaptedRun result = adapt(run("q2", "d3a", "d3b"));
    // THEN d4 does not appear from nowhere
    assertThat(result.documentRun().asMap()).isEqualTo(Map.of("q2", List.of("d3")));
    QueryRow row = Evaluator.evaluate(PROTOCOL, result.documentRun(), TEST, K).rows().get(0);
    assertThat(row.recall()).hasToString("1/2");
  }

  // seed: test_missing_and_empty_stay_different
  @Test
  void a_missing_query_stays_missing_and_an_empty_one_stays_empty() {
    Map<String, List<String>> result = adapt(CHUNK_RUN).documentRun().asMap();
    assertThat(result).doesNotContainKey("q4");
    assertThat(result.get("q5")).isEmpty();
  }

  // seed: test_unknown_chunk_after_document_cutoff_rejected
  @Test
  void an_unknown_chunk_after_any_cutoff_is_rejected() {
    assertThatRejected(() -> adapt(run("q2", "d3a", "d4a", "missing")))
        .isViolation(AdapterViolations.UNKNOWN_CHUNK)
        .hasDetail("query \"q2\": chunk \"missing\" at rank 3 is not in the mapping");
  }

  // seed: test_duplicate_chunk_after_document_cutoff_rejected
  @Test
  void a_duplicate_chunk_after_any_cutoff_is_rejected() {
    assertThatRejected(() -> adapt(run("q2", "d3a", "d4a", "d3a")))
        .isViolation(AdapterViolations.DUPLICATE_CHUNK)
        .hasDetail("query \"q2\": chunk \"d3a\" at rank 3 repeats rank 1");
  }

  // seed: test_mapping_outside_corpus_rejected_even_if_unused
  @Test
  void a_mapping_entry_outside_the_corpus_is_rejected_even_if_no_run_uses_it() {
    assertThatRejected(() -> adapt(mappingWith(m -> m.put("unused", "missing-doc"))))
        .isViolation(AdapterViolations.MAPPING_OUTSIDE)
        .hasDetail("chunk \"unused\" -> document \"missing-doc\", which is not in the corpus");
  }

  // seed: test_unknown_and_wrong_split_queries_rejected
  @Test
  void unknown_and_wrong_split_queries_are_rejected() {
    assertThatRejected(() -> adapt(run("q1")))
        .isViolation(AdapterViolations.WRONG_SPLIT_QUERY)
        .hasDetail("query \"q1\" is in split \"dev\", not \"test\"");
    assertThatRejected(() -> adapt(run("absent")))
        .isViolation(AdapterViolations.WRONG_SPLIT_QUERY)
        .hasDetail("query \"absent\" is not in the protocol");
  }

  // seed: test_strict_rank_and_id_types
  // Java's types make some of the seed's cases impossible: a tuple ranking ('d3a',), a non-string
  // key ({1: 'd3'}, {1: 'text'}, {True: {...}}) and a boolean split argument. Inputs of the wrong JSON
  // type are refused where they can still arrive, by ProtocolFiles; the rest reach the adapter.
  @Test
  void rankings_ids_mappings_queries_and_splits_are_strictly_typed() {
    // Rankings: not a list, or items that are not known chunk ID strings.
    assertThatRejected(() -> ProtocolFiles.chunkRun("run", json("run.json", "{\"q2\": \"d3a\"}")))
        .isViolation(AdapterViolations.RANKING_SHAPE).isAtPath("$.q2");
    for (String items : List.of("[[\"d3a\"]]", "[true]", "[1]", "[null]")) {
      assertThatRejected(() -> ProtocolFiles.chunkRun("run", json("run.json", "{\"q2\": " + items + "}")))
          .isViolation(AdapterViolations.UNKNOWN_CHUNK).isAtPath("$.q2[0]");
    }
    assertThatRejected(() -> adapt(run("q2", "")))
        .isViolation(AdapterViolations.UNKNOWN_CHUNK);

    // Mappings: not an object, empty IDs, a non-string document.
    for (String mapping : List.of("[]", "null")) {
      assertThatRejected(() -> ProtocolFiles.chunkMapping(json("chunk_to_doc.json", mapping)))
          .isViolation(AdapterViolations.SHAPES);
    }
    assertThatRejected(() -> ProtocolFiles.chunkMapping(json("chunk_to_doc.json", "{\"x\": true}")))
        .isViolation(AdapterViolations.MAPPING_IDS).isAtPath("$.x");
    for (Map<String, String> mapping : List.of(Map.of("", "d3"), Map.of("x", ""))) {
      assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, ChunkMapping.of(mapping), emptyRun(), TEST))
          .isViolation(AdapterViolations.MAPPING_IDS);
    }

    // Corpus (index 0): a list is not a corpus; an empty corpus and an empty document ID are refused.
    assertThatRejected(() -> ProtocolFiles.corpus(json("corpus.json", "[]")))
        .isSyntaxError("wrong JSON type");
    assertThatRejected(() -> ChunkAdapter.adapt(Corpus.of(Map.of()), QUERIES, CHUNK_TO_DOC, CHUNK_RUN, TEST))
        .isViolation(AdapterViolations.CORPUS);
    Map<String, String> emptyId = corpusMap();
    emptyId.put("", "text");
    assertThatRejected(() -> ChunkAdapter.adapt(Corpus.of(emptyId), QUERIES, CHUNK_TO_DOC, CHUNK_RUN, TEST))
        .isViolation(AdapterViolations.CORPUS_IDS);

    // Queries (index 1): a list, an empty object, metadata that is not an object, a missing or
    // non-string split, an empty query ID.
    assertThatRejected(() -> ProtocolFiles.queries(json("queries.json", "[]")))
        .isSyntaxError("wrong JSON type");
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, Queries.of(Map.of()), CHUNK_TO_DOC, CHUNK_RUN, TEST))
        .isViolation(AdapterViolations.QUERIES);
    assertThatRejected(() -> ProtocolFiles.queries(json("queries.json", "{\"q2\": null}")))
        .isViolation(AdapterViolations.QUERY_IDS).isAtPath("$.q2");
    for (String meta : List.of("{}", "{\"split\": true}", "{\"split\": \"\"}")) {
      assertThatRejected(() -> ProtocolFiles.queries(json("queries.json", "{\"q2\": " + meta + "}")))
          .isViolation(AdapterViolations.QUERY_SPLIT);
    }
    Map<String, Query> emptyQueryId = queriesMap();
    emptyQueryId.put("", new Query(null, TEST));
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, Queries.of(emptyQueryId), CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.QUERY_IDS);
    Map<String, Query> emptySplit = queriesMap();
    emptySplit.put("q2", new Query("text", ""));
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, Queries.of(emptySplit), CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.QUERY_SPLIT);

    // Chunk runs (index 3): a list is not a run.
    assertThatRejected(() -> ProtocolFiles.chunkRun("run", json("run.json", "[]")))
        .isViolation(AdapterViolations.SHAPES);

    // Split: absent, empty, missing; a boolean split can only come from a file.
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, emptyRun(), "absent"))
        .isViolation(AdapterViolations.EMPTY_SPLIT);
    for (String split : new String[] {"", null}) {
      assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, emptyRun(), split))
          .isViolation(AdapterViolations.SPLIT);
    }
    assertThatRejected(() -> ProtocolFiles.protocol(json("protocol.json",
        "{\"corpus\": {}, \"queries\": {}, \"qrels\": {}, \"split\": true}")))
        .isViolation(AdapterViolations.SPLIT).isAtPath("$.split");
  }

  // seed: test_input_snapshots_not_mutated
  @Test
  void the_inputs_are_not_mutated() {
    // GIVEN inputs built from mutable maps, and deep copies of them
    Map<String, String> corpus = corpusMap();
    Map<String, Query> queries = queriesMap();
    Map<String, String> mapping = chunkToDocMap();
    Map<String, List<String>> chunkRun = chunkRunMap();
    List<Object> before = deepCopy(corpus, queries, mapping, chunkRun);
    Corpus c = Corpus.of(corpus);
    Queries q = Queries.of(queries);
    ChunkMapping m = ChunkMapping.of(mapping);
    Run r = Run.of("chunk_run", chunkRun);
    // WHEN
    AdaptedRun adapted = ChunkAdapter.adapt(c, q, m, r, TEST);
    // THEN neither the maps nor the values built from them changed
    assertThat(deepCopy(corpus, queries, mapping, chunkRun)).isEqualTo(before);
    assertThat(deepCopy(c.asMap(), q.asMap(), m.asMap(), r.asMap())).isEqualTo(before);
    assertThat(adapted.documentRun().asMap()).isNotSameAs(r.asMap());
  }

  private static List<Object> deepCopy(Map<String, String> corpus, Map<String, Query> queries,
      Map<String, String> mapping, Map<String, List<String>> chunkRun) {
    Map<String, List<String>> runCopy = new LinkedHashMap<>();
    chunkRun.forEach((k, v) -> runCopy.put(k, new ArrayList<>(v)));
    // Key order is part of what must not change, so compare entry lists, not maps.
    return List.of(new ArrayList<>(corpus.entrySet()), new ArrayList<>(queries.entrySet()),
        new ArrayList<>(mapping.entrySet()), new ArrayList<>(runCopy.entrySet()));
  }

  // seed: test_mapping_fingerprint_changes_while_metric_protocol_does_not
  @Test
  void a_changed_mapping_changes_adapter_sha256_but_not_protocol_sha256() {
    AdaptedRun one = adapt(CHUNK_RUN);
    AdaptedRun two = adapt(mappingWith(m -> m.put("d3b", "d4")));
    assertThat(two.adapterSha256()).isNotEqualTo(one.adapterSha256());
    EvaluationReport a = Evaluator.evaluate(PROTOCOL, one.documentRun(), TEST, K);
    EvaluationReport b = Evaluator.evaluate(PROTOCOL, two.documentRun(), TEST, K);
    assertThat(b.protocolSha256()).isEqualTo(a.protocolSha256());
  }

  // seed: test_dictionary_mapping_order_does_not_change_fingerprint
  @Test
  void the_mapping_order_does_not_change_adapter_sha256() {
    List<Map.Entry<String, String>> entries = new ArrayList<>(chunkToDocMap().entrySet());
    Collections.reverse(entries);
    Map<String, String> backward = new LinkedHashMap<>();
    entries.forEach(e -> backward.put(e.getKey(), e.getValue()));
    assertThat(adapt(ChunkMapping.of(backward)).adapterSha256()).isEqualTo(adapt(CHUNK_TO_DOC).adapterSha256());
  }
}
