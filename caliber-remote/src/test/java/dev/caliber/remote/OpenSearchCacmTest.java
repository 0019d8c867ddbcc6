package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Ordering;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.remote.http.Json;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CACM end to end on a real OpenSearch node: 3,204 documents indexed with {@code _bulk}, the 64
 * topics sent through two request templates, both runs evaluated under trec_eval's rules, and
 * {@code _rank_eval}'s numbers for the same requests and judgments set beside caliber's.
 */
class OpenSearchCacmTest {
  /** Plain BM25 over the English-analysed contents (the README's examples/engines/match.json). */
  static final String MATCH = example("match.json");
  /** BM25, plus a boost for documents that hold the query's words close together (slop 2): phrase-boost.json. */
  static final String PHRASE_BOOSTED = example("phrase-boost.json");
  static final String[] MEASURES = {"AP", "P@10", "R@10", "nDCG@10", "RR@10"};

  static URI url;
  static Topics topics;
  static Qrels qrels;

  @BeforeAll
  static void start() throws Exception {
    url = OpenSearchServer.shared().url;
    OpenSearchCacmIndex.make(url);
    topics = Cacm.topics();
    qrels = Cacm.qrels();
  }

  private static String example(String name) {
    try {
      return java.nio.file.Files.readString(Cacm.example(name));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static OpenSearchRetriever open(String template) throws Exception {
    return OpenSearchRetriever.open(OpenSearchConfig.of(url.toString(), OpenSearchCacmIndex.NAME, template));
  }

  @Test
  void bm25_through_the_match_template_scores_as_a_bm25_run_of_cacm_should() throws Exception {
    // GIVEN the match template on the CACM index
    OpenSearchRetriever os = open(MATCH);
    // WHEN every topic is searched, four at a time, and the run evaluated under trec_eval's rules
    long t0 = System.nanoTime();
    ScoredRun run = os.retrieve("opensearch-match", topics, 1000);
    double concurrent = seconds(t0);
    RunResult result = Eval.evaluate(Eval.protocol(qrels, Preset.TREC_EVAL, MEASURES), run);
    // THEN AP is where BM25 on CACM lies (Anserini's BM25 run, same k1, b and stemming: 0.3123)
    report("opensearch match", result);
    assertThat(result.summary(measure(result, "AP")).decimalMean()).isBetween(0.25, 0.35);
    assertThat(run.asMap()).hasSize(64);
    // AND the same run comes back searched one query at a time, and again
    long t1 = System.nanoTime();
    ScoredRun sequential = Eval.retrieve("opensearch-match", os, topics, 1000);
    double oneByOne = seconds(t1);
    assertThat(Runs.lines(sequential)).isEqualTo(Runs.lines(run));
    // AND again four at a time, the server warm: the figure docs/ENGINES.md reports
    long t2 = System.nanoTime();
    assertThat(Runs.lines(os.retrieve("opensearch-match", topics, 1000))).isEqualTo(Runs.lines(run));
    double warm = seconds(t2);
    System.out.printf(Locale.ROOT, "opensearch match: 64 queries at depth 1000, queries/s: %.1f four at a time (first pass), %.1f one at a time,"
        + " %.1f four at a time (warm)%n", 64 / concurrent, 64 / oneByOne, 64 / warm);
  }

  @Test
  void a_phrase_boosted_template_ranks_differently_and_is_evaluated_the_same_way() throws Exception {
    // GIVEN the two templates
    ScoredRun match = open(MATCH).retrieve("opensearch-match", topics, 100);
    OpenSearchRetriever boosted = open(PHRASE_BOOSTED);
    // WHEN the phrase-boosted one is searched and evaluated
    long t0 = System.nanoTime();
    ScoredRun run = boosted.retrieve("opensearch-phrase", topics, 1000);
    System.out.printf(Locale.ROOT, "opensearch match + phrase boost: 64 queries at depth 1000: %.1f queries/s four at a time%n",
        64 / seconds(t0));
    RunResult result = Eval.evaluate(Eval.protocol(qrels, Preset.TREC_EVAL, MEASURES), run);
    report("opensearch match + phrase boost", result);
    // THEN its numbers are sane, its rankings its own, and its fingerprint another
    assertThat(result.summary(measure(result, "AP")).decimalMean()).isBetween(0.25, 0.40);
    assertThat(Runs.lines(open(PHRASE_BOOSTED).retrieve("opensearch-phrase", topics, 100))).isNotEqualTo(Runs.lines(match));
    assertThat(boosted.sha256()).isNotEqualTo(open(MATCH).sha256());
  }

  @Test
  void the_description_names_the_engine_its_version_the_index_and_the_template() throws Exception {
    // GIVEN a retriever with basic auth read from an environment (the node has no security plugin: ignored)
    OpenSearchConfig config = OpenSearchConfig.of(url.toString(), OpenSearchCacmIndex.NAME, MATCH)
        .withAuth(Auth.basic("OS_USER", "OS_PASSWORD"));
    OpenSearchRetriever os = OpenSearchRetriever.open(config, Map.of("OS_USER", "alice", "OS_PASSWORD", "s3cret-Pa55")::get);
    // WHEN it describes itself
    Map<String, Object> d = os.describe();
    // THEN it says what the server and the index are
    assertThat(d).containsEntry("engine", "opensearch").containsEntry("version", System.getProperty("caliber.opensearch.version", "2.19.6"))
        .containsEntry("index", "cacm").containsEntry("docs_count", 3204).containsEntry("id_field", "_id")
        .containsEntry("template", MATCH).containsEntry("template_sha256", Fingerprint.sha256Hex(MATCH))
        .containsEntry("url", url.toString());
    assertThat(d.get("lucene_version")).asString().startsWith("9.");
    Map<?, ?> index = (Map<?, ?>) ((List<?>) d.get("indices")).get(0);
    assertThat(index.get("name")).isEqualTo("cacm");
    assertThat(index.get("uuid")).asString().hasSizeGreaterThan(10);
    assertThat(index.get("settings_sha256")).asString().hasSize(64);
    assertThat(index.get("mappings_sha256")).asString().hasSize(64);
    // AND never the credentials
    assertThat(d.toString()).doesNotContain("s3cret-Pa55").doesNotContain("alice").doesNotContain("OS_PASSWORD");
    assertThat(os.engine()).isEqualTo("opensearch");
  }

  @Test
  void the_id_may_come_from_a_source_field() throws Exception {
    // GIVEN the document IDs in _id and in the keyword field docno
    OpenSearchRetriever byId = open(MATCH);
    OpenSearchRetriever bySource = OpenSearchRetriever.open(
        OpenSearchConfig.of(url.toString(), OpenSearchCacmIndex.NAME, MATCH).withIdField("docno"));
    // WHEN both search THEN the runs are equal; the descriptions say which field
    assertThat(Runs.lines(bySource.retrieve("r", topics, 100))).isEqualTo(Runs.lines(byId.retrieve("r", topics, 100)));
    assertThat(bySource.describe()).containsEntry("id_field", "docno");
  }

  /**
   * The same requests and judgments through OpenSearch's {@code _rank_eval} (the rank-eval module
   * added to the node): precision, recall, MRR and nDCG at 10, each query and the mean, against
   * caliber's P@10, R@10, RR@10 and nDCG@10 on the same hits in OpenSearch's order. docs/ENGINES.md
   * lists the differences of definition; on CACM (binary judgments, at least 10 hits for every
   * query) none of them changes a number, which is what this asserts.
   */
  @Test
  void rank_eval_gives_caliber_s_numbers_for_the_same_requests_and_judgments() throws Exception {
    // GIVEN the match template's requests for the judged topics, with their judgments as ratings
    List<Object> requests = new ArrayList<>();
    JsonTemplate template = JsonTemplate.parse(MATCH);
    for (String q : qrels.queryIds()) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("id", q);
      r.put("request", Json.read(template.fill(q, topics.texts().get(q))));
      List<Object> ratings = new ArrayList<>();
      qrels.row(q).forEach((doc, label) -> ratings.add(Map.of("_index", "cacm", "_id", doc, "rating", label)));
      r.put("ratings", ratings);
      requests.add(r);
    }
    // caliber on the same hits, in OpenSearch's order (ties as the engine broke them, as _rank_eval sees them)
    ScoredRun run = open(MATCH).retrieve("opensearch-match", topics, 10);
    EvalProtocol given = Eval.protocol(qrels, Preset.TREC_EVAL.policy().withOrdering(Ordering.GIVEN), "P@10", "R@10", "RR@10", "nDCG@10");
    RunResult caliber = Eval.evaluate(given, run);
    Map<String, String> metrics = new LinkedHashMap<>();
    metrics.put("P@10", "{\"precision\": {\"k\": 10, \"relevant_rating_threshold\": 1, \"ignore_unlabeled\": false}}");
    metrics.put("R@10", "{\"recall\": {\"k\": 10, \"relevant_rating_threshold\": 1}}");
    metrics.put("RR@10", "{\"mean_reciprocal_rank\": {\"k\": 10, \"relevant_rating_threshold\": 1}}");
    metrics.put("nDCG@10", "{\"dcg\": {\"k\": 10, \"normalize\": true}}");
    for (Map.Entry<String, String> m : metrics.entrySet()) {
      // WHEN _rank_eval evaluates them
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("requests", requests);
      body.put("metric", Json.read(m.getValue()));
      Object answer = Json.read(Rest.json("POST", url.resolve("/cacm/_rank_eval"), Runs.json(body)));
      assertThat((Map<?, ?>) Json.at(answer, "failures")).isEmpty();
      // THEN every query and the mean agree with caliber's
      Measure measure = measure(caliber, m.getKey());
      double mean = ((Number) Json.at(answer, "metric_score")).doubleValue();
      System.out.printf(Locale.ROOT, "_rank_eval %-8s %.4f   caliber %.4f%n", m.getKey(), mean, caliber.summary(measure).decimalMean());
      assertThat(mean).as(m.getKey() + " mean").isCloseTo(caliber.summary(measure).decimalMean(), within(1e-9));
      for (QueryResult row : caliber.rows()) {
        double theirs = ((Number) Json.at(answer, "details", row.query(), "metric_score")).doubleValue();
        assertThat(theirs).as(m.getKey() + " of query " + row.query()).isCloseTo(row.value(measure).decimal(), within(1e-9));
      }
    }
  }

  static Measure measure(RunResult r, String name) {
    return r.measures().stream().filter(m -> m.toString().equals(name)).findFirst().orElseThrow();
  }

  static void report(String label, RunResult r) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-34s", label));
    for (MeasureSummary s : r.summaries()) {
      b.append(String.format(Locale.ROOT, " %s %.4f", s.measure(), s.decimalMean()));
    }
    System.out.println(b);
  }

  static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
