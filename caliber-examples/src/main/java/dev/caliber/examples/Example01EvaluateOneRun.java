package dev.caliber.examples;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.measure.Measure;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Example 1: evaluate one run.
 *
 * <p>The judgments (qrels) and a run are files in TREC format. {@code Preset.TREC_EVAL} is the
 * policy trec_eval applies with {@code -c}: unjudged documents count as non-relevant, documents are
 * ranked by score with ties broken by document ID descending, and every judged query counts in the
 * denominator even when the run has nothing for it. The means are the numbers trec_eval prints; the
 * rows are what lies behind them.
 */
public final class Example01EvaluateOneRun {
  private Example01EvaluateOneRun() {}

  /**
   * Runs the example.
   *
   * @param args optionally the CACM folder
   * @throws Exception if a file cannot be read
   */
  public static void main(String[] args) throws Exception {
    Path cacm = CacmFolder.cacm(args);
    Qrels qrels = EvalFiles.readQrels(cacm.resolve("qrels.cacm.txt"));

    // One call: judgments, run, policy, measures. The run is named by its file.
    RunResult bm25 = Eval.evaluate(qrels, EvalFiles.readRun(cacm.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz")),
        Preset.TREC_EVAL, "AP", "P@10", "nDCG@10", "RR@10");

    // The means: AP is trec_eval's map (0.3123 for this run), P@10 its P_10, and so on.
    System.out.println(bm25.runName() + " over " + bm25.rows().size() + " judged queries:");
    for (MeasureSummary s : bm25.summaries()) {
      System.out.printf(Locale.ROOT, "  %-8s %.4f%n", s.measure(), s.decimalMean());
    }

    // Each query's row: rational measures are exact fractions; the first relevant rank explains RR.
    Measure ap = bm25.measures().get(0);
    for (QueryResult row : bm25.rows().subList(0, 3)) {
      System.out.printf(Locale.ROOT, "  query %-3s AP = %-12s first relevant at rank %s%n", row.query(), row.value(ap),
          row.firstRelevantRank());
    }
    // The fingerprint names the protocol (qrels, query set, policy, measures): quote it with the numbers.
    System.out.println("protocol sha256 " + bm25.protocolSha256());
  }
}
