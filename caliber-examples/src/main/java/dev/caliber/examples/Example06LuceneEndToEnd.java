package dev.caliber.examples;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.compare.Compare;
import dev.caliber.compare.PairedComparison;
import dev.caliber.lucene.IndexSettings;
import dev.caliber.lucene.LuceneIndex;
import dev.caliber.policy.Ordering;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.result.RunResult;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Example 6: a real retriever, end to end, in one JVM.
 *
 * <p>Lucene indexes the CACM corpus in memory (caliber-lucene's {@link LuceneIndex} with its default
 * settings: EnglishAnalyzer, standard tokens, possessives, lower case, English stop words, Porter
 * stems) and searches its 64 topics with BM25 (k1 = 0.9, b = 0.4) and Anserini's bag of words; the
 * hits become a caliber run without a file, and are scored against the 52 judged topics (the other
 * 12 have no judgments and are listed, not scored). Anserini's published BM25 run of the same
 * collection, settings and analysis has MAP 0.3123. {@code caliber index} and {@code caliber
 * search} do the same on the command line, with the index in a directory.
 *
 * <p>Lucene orders hits by score and breaks ties by its internal document number; trec_eval ranks
 * by score and breaks ties by document ID descending. caliber evaluates both, by policy: {@code
 * Ordering.GIVEN} keeps Lucene's order, {@code Ordering.SCORE} (the trec_eval preset) applies
 * trec_eval's rule. Where two documents of a query have the same score and straddle a relevant
 * position, the two orders give different numbers; the result's {@code tiesAtCutoff} names them.
 */
public final class Example06LuceneEndToEnd {
  private Example06LuceneEndToEnd() {}

  /** The measures reported. */
  static final String[] MEASURES = {"AP", "P@10", "nDCG@10", "RR@10"};

  /**
   * Runs the example.
   *
   * @param args optionally the CACM folder
   * @throws Exception if a file cannot be read
   */
  public static void main(String[] args) throws Exception {
    Path cacm = CacmFolder.cacm(args);
    Qrels qrels = EvalFiles.readQrels(cacm.resolve("qrels.cacm.txt"));
    Topics topics = EvalFiles.readTopics(cacm.resolve("topics.cacm.txt"), null); // TREC SGML, one text per topic
    EvalProtocol trecEval = Eval.protocol(qrels, Preset.TREC_EVAL, MEASURES);
    EvalProtocol luceneOrder = Eval.protocol(qrels, Preset.TREC_EVAL.policy().withOrdering(Ordering.GIVEN), MEASURES);

    try (LuceneIndex lucene = LuceneIndex.inMemory(cacm.resolve("corpus/cacm.anserini-data.jsonl.gz"), IndexSettings.DEFAULT)) {
      ScoredRun run = Eval.retrieve("lucene-bm25", lucene.retriever(), topics, 1000); // Lucene's hits, in its order
      RunResult byScore = Eval.evaluate(trecEval, run);
      RunResult given = Eval.evaluate(luceneOrder, run);
      RunResult anserini = Eval.evaluate(trecEval, EvalFiles.readRun(cacm.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz")));

      System.out.printf(Locale.ROOT, "%-34s %8s %8s %8s %8s%n", "run (ordering)", "AP", "P@10", "nDCG@10", "RR@10");
      print("Lucene BM25 (score, trec_eval ties)", byScore);
      print("Lucene BM25 (given: Lucene's order)", given);
      print("Anserini 0.13.3 BM25 run (score)", anserini);

      // Where does the Lucene run differ from Anserini's, query by query?
      PairedComparison ap = Compare.pair(anserini, byScore, "AP");
      System.out.printf(Locale.ROOT, "AP against Anserini's run: %d queries higher, %d lower, %d equal; mean change %+.4f%n",
          ap.wins(), ap.losses(), ap.ties(), ap.meanDelta().decimal());
      // Where does Lucene's own order (ties by internal number) change a query's AP against trec_eval's rule?
      dev.caliber.measure.Measure apMeasure = byScore.measures().get(0);
      long differ = byScore.rows().stream()
          .filter(r -> r.value(apMeasure) != null && !r.value(apMeasure).equals(given.row(r.query()).value(apMeasure)))
          .count();
      System.out.println("queries whose AP depends on how tied scores are ordered: " + differ);
    }
  }

  private static void print(String label, RunResult r) {
    System.out.printf(Locale.ROOT, "%-34s", label);
    r.summaries().forEach(s -> System.out.printf(Locale.ROOT, " %8.4f", s.decimalMean()));
    System.out.println();
  }
}
