package dev.caliber.parity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Evaluation;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import dev.caliber.treceval.TrecEvalText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The streaming path on every run of the parity data (real TREC runs, gzip, a run with extra
 * columns, trec_eval's own test files): the same JSON report and trec_eval text as reading whole,
 * on two threads with small blocks (many of them).
 */
class StreamingParityTest {
  private static final List<Measure> MEASURES = new ArrayList<>();

  static {
    for (String n : List.of("map", "P.5,10,20", "recall.100,1000", "ndcg_cut.10", "ndcg", "recip_rank", "bpref",
        "Rprec", "num_ret", "num_rel_ret", "RR@10", "Judged@10")) {
      MEASURES.addAll(Measures.parseAll(n));
    }
  }

  @TestFactory
  Stream<DynamicTest> every_parity_run_gives_the_same_report_streamed_as_read_whole() throws IOException {
    return TrecEvalParityTest.cases().stream()
        .map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  private static void check(TrecEvalParityTest.Case c) throws IOException {
    Qrels qrels = TrecQrelsReader.read(c.qrels());
    List<String> querySet = new ArrayList<>(qrels.asMap().keySet());
    querySet.sort(PyJson.CODE_POINT_ORDER);
    EvalProtocol protocol = new EvalProtocol(qrels, querySet, "parity", null,
        Policy.trecEval().withRelevanceThreshold(c.threshold()).withDepth(c.depth()), MEASURES);
    TrecRunOptions options = new TrecRunOptions(null, c.extraColumns(), InputLimits.DEFAULT);
    RunResult whole = Evaluation.evaluate(protocol, TrecRunReader.read(c.run(), options));
    RunResult streamed = StreamingEvaluation.evaluate(protocol, c.run().toString(), null,
        StreamingEvaluation.Options.defaults().withThreads(2).withBlockBytes(64 << 10).withRunOptions(options)).get();
    assertThat(ReportJson.render(ResultJson.toData(streamed))).isEqualTo(ReportJson.render(ResultJson.toData(whole)));
    assertThat(TrecEvalText.render(streamed, true)).isEqualTo(TrecEvalText.render(whole, true));
  }
}
