package dev.caliber.chunk;

import static dev.caliber.testkit.HelpCentre.CHUNK_RUN;
import static dev.caliber.testkit.HelpCentre.CHUNK_TO_DOC;
import static dev.caliber.testkit.HelpCentre.CORPUS;
import static dev.caliber.testkit.HelpCentre.QUERIES;
import static dev.caliber.testkit.HelpCentre.TEST;
import static dev.caliber.testkit.HelpCentre.emptyRun;
import static dev.caliber.testkit.HelpCentre.ordered;
import static dev.caliber.testkit.HelpCentre.queriesMap;
import static dev.caliber.testkit.HelpCentre.run;
import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the adapter refuses beyond the seed's own tests, with details and locations, and what its
 * output carries besides the collapsed rankings.
 */
class ChunkAdapterValidationTest {

  private static AdaptedRun adapt(Run chunkRun) {
    return ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, chunkRun, TEST);
  }

  private static Run chunkRunFile(String text) {
    return ProtocolFiles.chunkRun("chunks.json", json("chunks.json", text));
  }

  @Test
  void a_missing_or_empty_split_argument_is_named_in_the_detail() {
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, emptyRun(), null))
        .isViolation(AdapterViolations.SPLIT).hasDetail("got null");
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, emptyRun(), ""))
        .isViolation(AdapterViolations.SPLIT).hasDetail("got \"\"");
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, CHUNK_TO_DOC, emptyRun(), "absent"))
        .isViolation(AdapterViolations.EMPTY_SPLIT).hasDetail("split \"absent\"");
  }

  @Test
  void empty_corpus_and_queries_are_refused_with_their_details() {
    assertThatRejected(() -> ChunkAdapter.adapt(Corpus.of(Map.of()), QUERIES, CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.CORPUS).hasMessage("nonempty corpus dictionary required (the corpus has no document)");
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, Queries.of(Map.of()), CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.QUERIES).hasDetail("there is no query");
  }

  @Test
  void empty_ids_are_located_in_their_files() {
    Corpus corpus = ProtocolFiles.corpus(json("corpus.json", "{\"d1\": \"a\", \"\": \"b\"}"));
    assertThatRejected(() -> ChunkAdapter.adapt(corpus, QUERIES, CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.CORPUS_IDS).hasDetail("got \"\"").isAt("corpus.json:1:17: $[\"\"]");
    Queries queries = ProtocolFiles.queries(json("queries.json", "{\"q2\": {\"split\": \"test\"}, \"\": {\"split\": \"test\"}}"));
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, queries, CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.QUERY_IDS).hasDetail("got query ID \"\"").isAtPath("$[\"\"]");
    ChunkMapping mapping = ProtocolFiles.chunkMapping(json("chunk_to_doc.json", "{\"d3a\": \"d3\", \"x\": \"\"}"));
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, mapping, emptyRun(), TEST))
        .isViolation(AdapterViolations.MAPPING_IDS)
        .hasDetail("chunk \"x\" -> document \"\"; expected non-empty strings")
        .isAtPath("$.x");
  }

  @Test
  void an_empty_query_split_built_in_code_is_refused() {
    Map<String, Query> queries = queriesMap();
    queries.put("q3", new Query("text", ""));
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, Queries.of(queries), CHUNK_TO_DOC, emptyRun(), TEST))
        .isViolation(AdapterViolations.QUERY_SPLIT).hasDetail("query \"q3\" has split \"\"");
  }

  @Test
  void chunk_run_violations_are_located_at_the_query_or_the_rank() {
    assertThatRejected(() -> adapt(chunkRunFile("{\"q1\": []}")))
        .isViolation(AdapterViolations.WRONG_SPLIT_QUERY).isAtPath("$.q1");
    assertThatRejected(() -> adapt(chunkRunFile("{\"q2\": [\"d3a\", \"d3b\", \"zz\"]}")))
        .isViolation(AdapterViolations.UNKNOWN_CHUNK).isAtPath("$.q2[2]");
    assertThatRejected(() -> adapt(chunkRunFile("{\"q2\": [\"d3a\", \"d3b\", \"d3b\"]}")))
        .isViolation(AdapterViolations.DUPLICATE_CHUNK)
        .hasDetail("query \"q2\": chunk \"d3b\" at rank 3 repeats rank 2")
        .isAtPath("$.q2[2]");
    ChunkMapping outside = ProtocolFiles.chunkMapping(json("chunk_to_doc.json", "{\"d3a\": \"d3\", \"d9a\": \"d9\"}"));
    assertThatRejected(() -> ChunkAdapter.adapt(CORPUS, QUERIES, outside, emptyRun(), TEST))
        .isViolation(AdapterViolations.MAPPING_OUTSIDE).isAtPath("$.d9a");
  }

  @Test
  void every_ranking_is_validated_before_anything_is_produced() {
    // the bad ranking is the last one; nothing may come out for the good ones before it
    assertThatRejected(() -> adapt(HelpCentreRuns.with(CHUNK_RUN, "q4", List.of("d6a", "d6a"))))
        .isViolation(AdapterViolations.DUPLICATE_CHUNK);
    assertThatRejected(() -> adapt(HelpCentreRuns.with(CHUNK_RUN, "q4", List.of("d6a", "d7a"))))
        .isViolation(AdapterViolations.UNKNOWN_CHUNK);
    // unknown chunks are reported before duplicates, as in the seed
    assertThatRejected(() -> adapt(run("q2", "d3a", "d3a", "zz")))
        .isViolation(AdapterViolations.UNKNOWN_CHUNK);
  }

  @Test
  void the_evidence_records_every_chunk_of_every_document_in_rank_order() {
    AdaptedRun adapted = adapt(run("q3", "d5a", "d1b", "d6a", "d1a"));
    QueryEvidence q3 = adapted.evidence().get("q3");
    assertThat(q3.receivedChunks()).isEqualTo(4);
    assertThat(q3.distinctDocuments()).isEqualTo(3);
    assertThat(q3.documents()).containsExactly(
        new DocumentEvidence("d5", "d5a", 1, List.of(1)),
        new DocumentEvidence("d1", "d1b", 2, List.of(2, 4)),
        new DocumentEvidence("d6", "d6a", 3, List.of(3)));
    assertThat(adapted.documentRun().ranking("q3")).containsExactly("d5", "d1", "d6");
  }

  @Test
  void the_output_keeps_the_run_name_the_query_order_and_the_chunk_runs_locations() {
    Run chunks = chunkRunFile("{\"q5\": [], \"q2\": [\"d4a\"]}");
    AdaptedRun adapted = adapt(chunks);
    assertThat(adapted.documentRun().name()).isEqualTo("chunks.json");
    assertThat(adapted.documentRun().asMap().keySet()).containsExactly("q5", "q2");
    assertThat(adapted.evidence().keySet()).containsExactly("q5", "q2");
    assertThat(adapted.documentRun().origin().locate("q2", 0)).isEqualTo(chunks.origin().locate("q2", 0));
    assertThat(adapted.documentRun().origin().locate("q2", 0).path()).isEqualTo("$.q2[0]");
  }

  @Test
  void adapter_sha256_is_the_sha256_of_the_canonical_adapter_and_mapping() {
    Map<String, String> mapping = ordered("b", "d2", "a", "d1");
    String canonical = "{\"adapter\":\"first-occurrence-document-v1\",\"chunk_to_doc\":{\"a\":\"d1\",\"b\":\"d2\"}}";
    assertThat(ChunkAdapter.fingerprint(ChunkMapping.of(mapping))).isEqualTo(Fingerprint.sha256Hex(canonical));
    assertThat(adapt(CHUNK_RUN).adapterSha256()).isEqualTo(ChunkAdapter.fingerprint(CHUNK_TO_DOC));
  }

  @Test
  void the_mapping_copies_its_input_and_answers_null_for_unknown_chunks() {
    Map<String, String> source = ordered("a", "d1");
    ChunkMapping mapping = ChunkMapping.of(source);
    source.put("b", "d2");
    assertThat(mapping.asMap()).containsExactly(Map.entry("a", "d1"));
    assertThat(mapping.documentOf("b")).isNull();
    assertThat(mapping.origin()).isSameAs(dev.caliber.protocol.Origin.NONE);
  }

  /** Small helpers for chunk runs. */
  private static final class HelpCentreRuns {
    static Run with(Run run, String query, List<String> ranking) {
      Map<String, List<String>> rankings = new java.util.LinkedHashMap<>(run.asMap());
      rankings.put(query, ranking);
      return Run.of(run.name(), rankings);
    }
  }

  @Test
  void judgments_query_set_without_a_corpus_collapses_as_the_seed_s_queries_do() {
    // GIVEN the split's queries as a query set, and no corpus (TREC qrels name none)
    List<String> querySet = QUERIES.inSplit(TEST);
    // WHEN
    AdaptedRun adapted = ChunkAdapter.adapt(null, querySet, "every query judged in qrels.txt (3)", CHUNK_TO_DOC, CHUNK_RUN);
    // THEN the same run, evidence and fingerprint as under the seed's queries and corpus
    AdaptedRun seed = adapt(CHUNK_RUN);
    assertThat(adapted.documentRun().asMap()).isEqualTo(seed.documentRun().asMap());
    assertThat(adapted.evidence()).isEqualTo(seed.evidence());
    assertThat(adapted.adapterSha256()).isEqualTo(seed.adapterSha256());
  }

  @Test
  void judgments_query_set_refuses_a_query_outside_it_an_empty_set_and_with_a_corpus_a_document_outside_it() {
    assertThatRejected(() -> ChunkAdapter.adapt(null, List.of("q9"), "the 1 queries listed in set.txt", CHUNK_TO_DOC, CHUNK_RUN))
        .isViolation(AdapterViolations.WRONG_SPLIT_QUERY)
        .hasDetail("query \"q2\" is not in the query set (the 1 queries listed in set.txt)");
    assertThatRejected(() -> ChunkAdapter.adapt(null, List.of(), "the 0 queries listed in set.txt", CHUNK_TO_DOC, CHUNK_RUN))
        .isViolation(AdapterViolations.EMPTY_SPLIT).hasDetail("the 0 queries listed in set.txt");
    Corpus small = Corpus.of(Map.of("d1", "a"));
    assertThatRejected(() -> ChunkAdapter.adapt(small, QUERIES.inSplit(TEST), "q", CHUNK_TO_DOC, CHUNK_RUN))
        .isViolation(AdapterViolations.MAPPING_OUTSIDE);
    assertThatRejected(() -> ChunkAdapter.adapt(Corpus.of(Map.of()), QUERIES.inSplit(TEST), "q", CHUNK_TO_DOC, CHUNK_RUN))
        .isViolation(AdapterViolations.CORPUS);
    ChunkMapping mapping = ProtocolFiles.chunkMapping(json("chunk_to_doc.json", "{\"d3a\": \"\"}"));
    assertThatRejected(() -> ChunkAdapter.adapt(null, QUERIES.inSplit(TEST), "q", mapping, emptyRun()))
        .isViolation(AdapterViolations.MAPPING_IDS);
    assertThatRejected(() -> ChunkAdapter.adapt(null, QUERIES.inSplit(TEST), "q", CHUNK_TO_DOC, run("q2", "d3a", "zz")))
        .isViolation(AdapterViolations.UNKNOWN_CHUNK);
  }
}
