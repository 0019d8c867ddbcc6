/**
 * Apache Lucene, embedded, as a caliber {@link dev.caliber.api.Retriever}: a corpus indexed into a
 * directory with a declared analyzer and BM25 parameters ({@link dev.caliber.lucene.LuceneIndex}),
 * searched by a declared query builder ({@link dev.caliber.lucene.LuceneRetriever}). Start with
 * {@link dev.caliber.lucene.LuceneIndex}.
 */
module dev.caliber.lucene {
  requires transitive dev.caliber.core;
  requires transitive org.apache.lucene.core;
  requires org.apache.lucene.analysis.common;

  exports dev.caliber.lucene;
}
