package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every way a Solr search can fail, against the real Solr: each a {@link SearchFailure} of one line. */
class SolrFailureTest {
  static String url;

  @BeforeAll
  static void start() throws Exception {
    url = SolrServer.shared().url.toString();
  }

  @Test
  void a_missing_core_fails_when_opened() {
    assertThatThrownBy(() -> SolrRetriever.open(SolrConfig.of(url, "no-such-core", SolrCacmTest.EDISMAX)))
        .isInstanceOf(SearchFailure.class)
        .hasMessage("solr " + url + "/no-such-core: HTTP 404 from GET /solr/no-such-core/admin/luke Can not find:"
            + " /solr/no-such-core/admin/luke; Solr has no core or collection \"no-such-core\"")
        .satisfies(e -> assertThat(((SearchFailure) e).status()).isEqualTo(404));
  }

  @Test
  void an_undefined_field_fails_the_query_with_solr_s_message() throws Exception {
    SolrRetriever solr = SolrRetriever.open(SolrConfig.of(url, "cacm", "q={{query_text}}", "defType=edismax", "qf=no_such_field"));
    assertThatThrownBy(() -> solr.search("4", "distributed processes", 10)).isInstanceOf(SearchFailure.class)
        .hasMessage("solr " + url + "/cacm, query \"4\": HTTP 400 org.apache.solr.search.SyntaxError: Query Field 'no_such_field' is not a valid field name");
  }

  @Test
  void a_query_text_the_standard_parser_refuses_fails_with_its_reason() throws Exception {
    SolrRetriever solr = SolrRetriever.open(SolrConfig.of(url, "cacm", "q={{query_text}}", "df=contents"));
    assertThatThrownBy(() -> solr.search("9", "compilers AND ((", 10)).isInstanceOf(SearchFailure.class)
        .hasMessageStartingWith("solr " + url + "/cacm, query \"9\": HTTP 400 org.apache.solr.search.SyntaxError: Cannot parse")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void a_document_without_the_id_field_fails_naming_the_field() throws Exception {
    SolrRetriever solr = SolrRetriever.open(SolrConfig.of(url, "cacm", SolrCacmTest.EDISMAX).withIdField("docno"));
    assertThatThrownBy(() -> solr.search("3", "intermediate languages", 10)).isInstanceOf(SearchFailure.class)
        .hasMessage("solr " + url + "/cacm, query \"3\": document 1 has no value in field \"docno\" (is it stored, or docValues?);"
            + " it has [score]");
  }
}
