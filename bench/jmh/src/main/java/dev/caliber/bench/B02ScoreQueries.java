package dev.caliber.bench;

import dev.caliber.eval.Evaluation;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.text.LineReader;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 02: evaluating queries of 1,000 documents under trec_eval's policies with RR@10, R@1000,
 * nDCG@10 and AP, per query: the streaming path on one thread (parse, then score from bytes)
 * against reading whole (Strings, maps, a sorted ranking per query). Both give the same result;
 * the score is time per query, parsing included.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class B02ScoreQueries {
  private static final int QUERIES = 100;
  private byte[] run;
  private EvalProtocol protocol;

  @Setup
  public void setUp() throws IOException {
    run = Workloads.run(QUERIES, 1000, 2);
    Qrels qrels;
    try (LineReader lines = LineReader.of("qrels", new ByteArrayInputStream(Workloads.qrels(run, QUERIES, 1000, 2)),
        InputLimits.DEFAULT)) {
      qrels = TrecQrelsReader.read(lines);
    }
    List<String> set = new ArrayList<>(qrels.asMap().keySet());
    protocol = new EvalProtocol(qrels, set, "bench", null, Policy.trecEval(),
        List.of(Measures.parse("RR@10"), Measures.parse("R@1000"), Measures.parse("nDCG@10"), Measures.parse("AP")));
  }

  @Benchmark
  @OperationsPerInvocation(QUERIES)
  public RunResult streamingOneThread() throws IOException {
    return StreamingEvaluation.evaluate(protocol, "bench", () -> new ByteArrayInputStream(run), true,
        StreamingEvaluation.Options.defaults().withThreads(1)).get();
  }

  @Benchmark
  @OperationsPerInvocation(QUERIES)
  public RunResult readWholeThenEvaluate() throws IOException {
    try (LineReader lines = LineReader.of("bench", new ByteArrayInputStream(run), InputLimits.DEFAULT)) {
      return Evaluation.evaluate(protocol, TrecRunReader.read(lines, TrecRunOptions.DEFAULT));
    }
  }
}
