package dev.caliber.examples;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.compare.Compare;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.measure.Measure;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Example 2: is one run better than another?
 *
 * <p>Both runs are scored under one protocol (built once, so the judgments are indexed once), then
 * compared query by query: the mean difference, how many queries got better or worse, a bootstrap
 * interval and a randomization test, all seeded and declared (docs/COMPARE.md). The queries that
 * got worse are listed: a better mean does not hide them.
 */
public final class Example02CompareTwoRuns {
  private Example02CompareTwoRuns() {}

  /**
   * Runs the example.
   *
   * @param args optionally the CACM folder
   * @throws Exception if a file cannot be read
   */
  public static void main(String[] args) throws Exception {
    Path cacm = CacmFolder.cacm(args);
    EvalProtocol protocol = Eval.protocol(EvalFiles.readQrels(cacm.resolve("qrels.cacm.txt")), Preset.TREC_EVAL, "AP", "RR@10");
    RunResult bm25 = Eval.evaluate(protocol, EvalFiles.readRun(cacm.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz")));
    RunResult rm3 = Eval.evaluate(protocol, EvalFiles.readRun(cacm.resolve("runs-anserini-0.13.3/run.cacm.bm25+rm3.txt.gz")));

    Comparison c = Compare.runs(bm25, rm3);
    for (Measure m : c.measures()) {
      PairedComparison p = c.comparisons(m).get(0);
      System.out.printf(Locale.ROOT, "%s: %s %.4f -> %s %.4f (mean change %+.4f, 95%% interval [%+.4f, %+.4f]),"
              + " %d better, %d worse, %d tied, randomization p = %.4f%n",
          m, p.baseline(), p.baselineMean().decimal(), p.system(), p.systemMean().decimal(), p.meanDelta().decimal(),
          p.interval().lower(), p.interval().upper(), p.wins(), p.losses(), p.ties(), p.randomization().p());
      for (QueryDelta d : p.worse().subList(0, Math.min(3, p.worse().size()))) {
        System.out.printf(Locale.ROOT, "  worse: query %-3s %.4f -> %.4f%n", d.query(), d.baseline().decimal(), d.system().decimal());
      }
    }
  }
}
