/**
 * Search servers as caliber retrievers, over HTTP. {@code OpenSearchRetriever} sends a JSON
 * request template to OpenSearch's or Elasticsearch's {@code _search}; {@code SolrRetriever} sends
 * a parameter template to Solr's {@code /select}. Each is opened from a configuration record built
 * from strings ({@code OpenSearchConfig.of}, {@code SolrConfig.of}), asks the server what it is
 * when opened (engine, version, index identity) so that {@code describe()} can say it, and is safe
 * to call from many threads; {@code retrieve(name, topics, depth)} searches every topic a bounded
 * number at a time ({@code Eval.retrieve} with threads) and keeps the topics' order. Credentials come from
 * environment variables named by {@code Auth}, never from a file or a description. Every failure is
 * a {@code SearchFailure}: one line naming the engine, the index, the query and what came back.
 *
 * <p>Rules held here once: the placeholders and their spelling ({@code Placeholders}); how each
 * template is checked and filled in ({@code JsonTemplate}, {@code ParamTemplate}); what a
 * description holds (each retriever's {@code describe()}). HTTP, retries and JSON reading are in
 * the unexported {@code dev.caliber.remote.http}. docs/ENGINES.md is the user's guide.
 */
package dev.caliber.remote;
