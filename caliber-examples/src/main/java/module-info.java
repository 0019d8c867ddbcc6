/**
 * caliber's numbered examples and a Lucene BM25 retriever evaluated in the same JVM. Examples are
 * run (their main methods, and the tests beside them), not depended on: nothing is exported.
 */
module dev.caliber.examples {
  requires dev.caliber.compare;
  requires dev.caliber.lucene;
}
