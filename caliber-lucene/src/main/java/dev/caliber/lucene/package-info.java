/**
 * Apache Lucene, embedded, as a caliber retriever. {@link dev.caliber.lucene.LuceneIndex} builds an
 * index directory from a corpus file (BEIR {@code corpus.jsonl} or {@code {"id", "contents"}} JSON
 * Lines) with a declared {@link dev.caliber.lucene.IndexSettings analyzer and BM25 parameters},
 * recorded beside Lucene's files in {@code caliber-index.json}, written whole or not at all; {@link
 * dev.caliber.lucene.LuceneRetriever} searches it with a declared {@link
 * dev.caliber.lucene.QueryBuilder} and describes itself (engine, versions, index identity, analyzer,
 * similarity, query builder) for the run's fingerprint.
 *
 * <p>Rules held here once: how a corpus record becomes a Lucene document ({@code
 * LuceneIndex.document}: BEIR's title and text as Anserini's flat BEIR index joins them); how a
 * query's text becomes a Lucene query ({@code QueryBuilder}); what identifies an index (the SHA-256
 * of its settings file, {@code SettingsFile}); how an index directory is put in place ({@code
 * IndexDirectories}).
 */
package dev.caliber.lucene;
