package dev.caliber.api;

// The README's "Use from Java" example: ReadmeExampleTest runs it and checks that the README shows
// exactly the lines between the two markers.
// README:begin
import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import dev.caliber.protocol.Qrels;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

public class ReadmeExample {
  public static void main(String[] args) throws Exception {
    // Judgments and scores shaped as pytrec_eval and ranx take them: query -> document -> label / score.
    Qrels qrels = Eval.qrels(Map.of(
        "q1", Map.of("d1", 2, "d2", 0, "d3", 1),
        "q2", Map.of("d4", 1, "d5", 1)));
    Map<String, Map<String, Double>> scores = Map.of(
        "q1", Map.of("d1", 0.9, "d2", 1.7, "d3", 0.4),
        "q2", Map.of("d5", 2.5, "d6", 1.0));
    RunResult result = Eval.evaluate(qrels, Eval.run("bm25", scores), Preset.TREC_EVAL, "nDCG@10", "AP");
    for (MeasureSummary s : result.summaries()) {
      System.out.printf(Locale.ROOT, "%s = %.4f%n", s.measure(), s.decimalMean()); // the mean over q1 and q2
    }
    result.row("q1").values().forEach((m, v) -> System.out.println("q1 " + m + " = " + v)); // AP is exact: 7/12

    // The same from TREC files: qrels (qid iter docid label) and a run (qid Q0 docid rank score tag).
    RunResult trec = Eval.evaluate(EvalFiles.readQrels(Path.of(args[0])), EvalFiles.readRun(Path.of(args[1])),
        Preset.TREC_EVAL, "nDCG@10", "AP");
    for (MeasureSummary s : trec.summaries()) {
      System.out.printf(Locale.ROOT, "%s %s = %.4f%n", trec.runName(), s.measure(), s.decimalMean());
    }
  }
}
// README:end
