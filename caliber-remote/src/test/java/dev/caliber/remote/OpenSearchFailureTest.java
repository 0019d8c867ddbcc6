package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.protocol.Topics;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every way a search can fail, against the real node: each a {@link SearchFailure} of one line
 * naming the engine, the address and index, the query and what came back.
 */
class OpenSearchFailureTest {
  static URI url;
  static String base;

  @BeforeAll
  static void start() throws Exception {
    url = OpenSearchServer.shared().url;
    base = url.toString();
    OpenSearchCacmIndex.make(url);
  }

  @Test
  void a_missing_index_fails_when_opened_with_the_engine_s_reason() {
    assertThatThrownBy(() -> OpenSearchRetriever.open(OpenSearchConfig.of(base, "no-such-index", OpenSearchCacmTest.MATCH)))
        .isInstanceOf(SearchFailure.class)
        .hasMessage("opensearch " + base + "/no-such-index: HTTP 404 from GET /no-such-index/_settings"
            + " index_not_found_exception: no such index [no-such-index]")
        .satisfies(e -> assertThat(((SearchFailure) e).status()).isEqualTo(404));
  }

  @Test
  void an_index_gone_after_opening_fails_the_query_and_eval_names_it_too() throws Exception {
    // GIVEN a retriever opened on an index that is then deleted
    Rest.json("PUT", url.resolve("/gone"), "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0}}");
    OpenSearchRetriever os = OpenSearchRetriever.open(OpenSearchConfig.of(base, "gone", OpenSearchCacmTest.MATCH));
    Rest.send("DELETE", url.resolve("/gone"), null, null);
    // WHEN a query is sent THEN the failure names the query, and Eval.retrieve passes it on as it is (the query named once)
    String message = "opensearch " + base + "/gone, query \"7\": HTTP 404 index_not_found_exception: no such index [gone]";
    assertThatThrownBy(() -> os.search("7", "sorting algorithms", 10)).isInstanceOf(SearchFailure.class).hasMessage(message)
        .satisfies(e -> assertThat(((SearchFailure) e).queryId()).isEqualTo("7"));
    assertThatThrownBy(() -> Eval.retrieve("r", os, Topics.of(Map.of("7", "sorting algorithms")), 10)).hasMessage(message);
  }

  @Test
  void a_query_the_engine_cannot_parse_fails_with_its_reason() throws Exception {
    // GIVEN a template with a query type OpenSearch does not have
    OpenSearchRetriever os = OpenSearchRetriever.open(OpenSearchConfig.of(base, "cacm",
        "{\"query\": {\"match_nothing_like_this\": {\"contents\": \"{{query_text}}\"}}}"));
    // WHEN searched THEN HTTP 400 and the parser's reason
    assertThatThrownBy(() -> os.search("1", "time sharing", 10)).isInstanceOf(SearchFailure.class)
        .hasMessageStartingWith("opensearch " + base + "/cacm, query \"1\": HTTP 400 parsing_exception: unknown query [match_nothing_like_this]")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void a_query_text_the_query_parser_refuses_fails_with_the_deepest_cause() throws Exception {
    // GIVEN query_string, whose syntax the query text must follow
    OpenSearchRetriever os = OpenSearchRetriever.open(OpenSearchConfig.of(base, "cacm",
        "{\"query\": {\"query_string\": {\"query\": \"{{query_text}}\", \"default_field\": \"contents\"}}}"));
    // WHEN a text with an unclosed parenthesis is sent THEN HTTP 400, the root cause and the parser's own words, one line
    assertThatThrownBy(() -> os.search("9", "compilers AND ((", 10)).isInstanceOf(SearchFailure.class)
        .hasMessageStartingWith("opensearch " + base + "/cacm, query \"9\": HTTP 400 query_shard_exception: Failed to parse query [compilers AND ((]"
            + " (caused by parse_exception: Encountered \"<EOF>\" at line 1, column 16.")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").hasSizeLessThan(700));
  }

  @Test
  void a_hit_without_the_id_field_fails_naming_the_hit_and_the_field() throws Exception {
    OpenSearchRetriever os = OpenSearchRetriever.open(OpenSearchConfig.of(base, "cacm", OpenSearchCacmTest.MATCH).withIdField("doc_id"));
    List<dev.caliber.api.Retriever.Hit> first = OpenSearchRetriever.open(OpenSearchConfig.of(base, "cacm", OpenSearchCacmTest.MATCH))
        .search("3", "intermediate languages", 1);
    assertThatThrownBy(() -> os.search("3", "intermediate languages", 10)).isInstanceOf(SearchFailure.class)
        .hasMessage("opensearch " + base + "/cacm, query \"3\": hit 1 (_id \"" + first.get(0).doc()
            + "\") has no string or number in _source field \"doc_id\"");
  }

  @Test
  void a_server_that_is_down_fails_when_opened() throws Exception {
    // GIVEN a loopback port nothing listens on
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    String down = "http://127.0.0.1:" + port;
    // THEN one line, no retry (a refused connection is not transient)
    assertThatThrownBy(() -> OpenSearchRetriever.open(OpenSearchConfig.of(down, "cacm", OpenSearchCacmTest.MATCH)))
        .isInstanceOf(SearchFailure.class)
        .hasMessage("opensearch " + down + "/cacm: connection refused (is the server running?)")
        .satisfies(e -> assertThat(((SearchFailure) e).status()).isEqualTo(-1));
  }

  @Test
  void a_server_unavailable_for_a_while_is_retried_with_backoff_until_it_answers() throws Exception {
    // GIVEN an index whose only shard cannot be allocated yet (503 on every search)
    Rest.json("PUT", url.resolve("/later?wait_for_active_shards=0"), "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0,"
        + "\"index.routing.allocation.require._name\":\"nowhere\"}}");
    try {
      // WHEN the retries run out first THEN the 503 and its reason, and how many attempts were made
      HttpOptions impatient = HttpOptions.defaults().withRetries(1, Duration.ofMillis(50), Duration.ofMillis(50));
      assertThatThrownBy(() -> OpenSearchRetriever.open(OpenSearchConfig.of(base, "later", OpenSearchCacmTest.MATCH).withHttp(impatient)))
          .isInstanceOf(SearchFailure.class)
          .hasMessage("opensearch " + base + "/later: HTTP 503 from GET /later/_count search_phase_execution_exception: all shards failed"
              + " (after 2 attempts)");
      // WHEN the shard is let go a second from now, with retries enough to wait for it
      Thread release = new Thread(() -> {
        try {
          Thread.sleep(1000);
          Rest.json("PUT", url.resolve("/later/_settings"), "{\"index.routing.allocation.require._name\": null}");
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      release.start();
      HttpOptions patient = HttpOptions.defaults().withRetries(10, Duration.ofMillis(100), Duration.ofSeconds(1));
      OpenSearchRetriever os = OpenSearchRetriever.open(OpenSearchConfig.of(base, "later", OpenSearchCacmTest.MATCH).withHttp(patient));
      release.join();
      // THEN it opened, and searches
      assertThat(os.describe()).containsEntry("docs_count", 0);
      assertThat(os.search("1", "anything", 10)).isEmpty();
    } finally {
      Rest.send("DELETE", url.resolve("/later"), null, null);
    }
  }
}
