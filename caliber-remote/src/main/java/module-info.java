/**
 * Retrievers for search servers over HTTP: OpenSearch and Elasticsearch ({@code _search} with a JSON
 * request template) and Solr ({@code /select} with a parameter template), each a {@link
 * dev.caliber.api.Retriever} whose description names the engine, its version, the index and the
 * template. Start with {@link dev.caliber.remote.OpenSearchRetriever} or {@link
 * dev.caliber.remote.SolrRetriever}; docs/ENGINES.md has the options, the templates and the errors.
 */
module dev.caliber.remote {
  requires transitive dev.caliber.core;
  requires java.net.http;
  requires com.fasterxml.jackson.core;

  exports dev.caliber.remote;
}
