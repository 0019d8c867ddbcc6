package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * CACM end to end on a real Solr: the 64 topics sent through two parameter templates, both runs
 * evaluated under trec_eval's rules.
 */
class SolrCacmTest {
  /** edismax over the English-analysed contents: BM25. */
  static final String[] EDISMAX = {"q={{query_text}}", "defType=edismax", "qf=contents"};
  /** The same, plus a boost for the query's words close together (pf, slop 2): OpenSearch's phrase-boosted template. */
  static final String[] PHRASE_BOOSTED = {"q={{query_text}}", "defType=edismax", "qf=contents", "pf=contents^2", "ps=2"};

  static String url;
  static Topics topics;
  static Qrels qrels;

  @BeforeAll
  static void start() throws Exception {
    url = SolrServer.shared().url.toString();
    topics = Cacm.topics();
    qrels = Cacm.qrels();
  }

  @Test
  void bm25_through_edismax_scores_as_a_bm25_run_of_cacm_should() throws Exception {
    // GIVEN the edismax template on the CACM core
    SolrRetriever solr = SolrRetriever.open(SolrConfig.of(url, "cacm", EDISMAX));
    // WHEN every topic is searched, four at a time, and evaluated under trec_eval's rules
    long t0 = System.nanoTime();
    ScoredRun run = solr.retrieve("solr-edismax", topics, 1000);
    double concurrent = OpenSearchCacmTest.seconds(t0);
    RunResult result = Eval.evaluate(Eval.protocol(qrels, Preset.TREC_EVAL, OpenSearchCacmTest.MEASURES), run);
    OpenSearchCacmTest.report("solr edismax", result);
    // THEN AP is where BM25 on CACM lies, and one query at a time gives the same run
    assertThat(result.summary(OpenSearchCacmTest.measure(result, "AP")).decimalMean()).isBetween(0.25, 0.35);
    assertThat(run.asMap()).hasSize(64);
    long t1 = System.nanoTime();
    ScoredRun sequential = Eval.retrieve("solr-edismax", solr, topics, 1000);
    double oneByOne = OpenSearchCacmTest.seconds(t1);
    assertThat(Runs.lines(sequential)).isEqualTo(Runs.lines(run));
    // AND again four at a time, the server warm: the figure docs/ENGINES.md reports
    long t2 = System.nanoTime();
    assertThat(Runs.lines(solr.retrieve("solr-edismax", topics, 1000))).isEqualTo(Runs.lines(run));
    double warm = OpenSearchCacmTest.seconds(t2);
    System.out.printf(Locale.ROOT, "solr edismax: 64 queries at depth 1000, queries/s: %.1f four at a time (first pass), %.1f one at a time,"
        + " %.1f four at a time (warm)%n", 64 / concurrent, 64 / oneByOne, 64 / warm);
  }

  @Test
  void a_phrase_boosted_template_ranks_differently() throws Exception {
    SolrRetriever plain = SolrRetriever.open(SolrConfig.of(url, "cacm", EDISMAX));
    SolrRetriever boosted = SolrRetriever.open(SolrConfig.of(url, "cacm", PHRASE_BOOSTED));
    long t0 = System.nanoTime();
    ScoredRun run = boosted.retrieve("solr-phrase", topics, 1000);
    System.out.printf(Locale.ROOT, "solr edismax + phrase boost: 64 queries at depth 1000: %.1f queries/s four at a time%n",
        64 / OpenSearchCacmTest.seconds(t0));
    RunResult result = Eval.evaluate(Eval.protocol(qrels, Preset.TREC_EVAL, OpenSearchCacmTest.MEASURES), run);
    OpenSearchCacmTest.report("solr edismax + phrase boost", result);
    assertThat(result.summary(OpenSearchCacmTest.measure(result, "AP")).decimalMean()).isBetween(0.25, 0.40);
    assertThat(Runs.lines(run)).isNotEqualTo(Runs.lines(plain.retrieve("solr-edismax", topics, 1000)));
    assertThat(boosted.sha256()).isNotEqualTo(plain.sha256());
  }

  @Test
  void the_description_names_solr_its_version_the_core_and_the_template() throws Exception {
    SolrRetriever solr = SolrRetriever.open(SolrConfig.of(url, "cacm", EDISMAX));
    Map<String, Object> d = solr.describe();
    assertThat(d).containsEntry("engine", "solr").containsEntry("core", "cacm").containsEntry("docs_count", 3204)
        .containsEntry("id_field", "id").containsEntry("params", List.of(EDISMAX)).containsEntry("url", url);
    assertThat(d.get("version")).asString().startsWith("9.10.1");
    assertThat(d.get("lucene_version")).asString().startsWith("9.");
    assertThat(d.get("index_version")).isInstanceOf(Number.class);
    assertThat(d.get("schema_sha256")).asString().hasSize(64);
    assertThat(d.get("template_sha256")).isEqualTo(dev.caliber.protocol.Fingerprint.sha256Hex(String.join("\n", EDISMAX)));
  }
}
