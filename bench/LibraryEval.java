import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.nio.file.Path;

/**
 * caliber's library path in a fresh JVM, without the command line: read TREC judgments and a run,
 * evaluate them under trec_eval's conventions (the preset fingerprints the protocol, as the CLI
 * does) with four measures, and print the means. Run by bench/small.sh with the launcher's JVM
 * options and class-data archive, beside `caliber evaluate` of the same files: the difference is
 * what the command line (picocli, the report) costs at start-up, and this against the JVM byte scan
 * (bench/ByteScan.java) is what the library's first evaluation costs above reading the run.
 *
 * <pre>
 *   javac --release 17 -cp caliber-cli/target/caliber.jar -d bench/data/libeval bench/LibraryEval.java
 *   java -cp caliber-cli/target/caliber.jar:bench/data/libeval LibraryEval QRELS RUN
 * </pre>
 */
public final class LibraryEval {
  private LibraryEval() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: java LibraryEval QRELS RUN");
      System.exit(2);
    }
    RunResult r = Eval.evaluate(EvalFiles.readQrels(Path.of(args[0])), EvalFiles.readRun(Path.of(args[1])), Preset.TREC_EVAL,
        "AP", "nDCG@10", "RR@10", "R@1000");
    StringBuilder out = new StringBuilder();
    for (MeasureSummary s : r.summaries()) {
      out.append(s.measure()).append('\t').append(s.decimalMean()).append('\n');
    }
    System.out.print(out);
  }
}
