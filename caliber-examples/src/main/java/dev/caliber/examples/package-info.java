/**
 * caliber's numbered examples: {@code Example01EvaluateOneRun}, {@code Example02CompareTwoRuns},
 * {@code Example03AdaptChunksToDocuments} and {@code Example06LuceneEndToEnd} (main methods, run
 * by {@code ExamplesRunTest}); examples 04 and 05 are JUnit tests under src/test. Example 06 and
 * the tests search an in-memory Lucene index of CACM (caliber-lucene's {@code LuceneIndex}) whose
 * hits go straight into a run; {@code CacmFolder} finds the data. The module exports nothing and is not installed:
 * examples are run and read, never depended on.
 */
package dev.caliber.examples;
