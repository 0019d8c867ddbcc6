package dev.caliber.bench;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * 04: the library path's first evaluation in a JVM that is already running (JMH's own, so the
 * JVM's start and JMH's are not in it): read the CACM judgments and run from files and evaluate
 * them under trec_eval's preset with its usual measures, once per fresh JVM ({@code
 * SingleShotTime}, no warm-up, 10 forks), against the same evaluation once the code is warm
 * ({@code warm}: average time after warm-up). The difference is class loading, initialisation and
 * the interpreter: what a Java caller pays once. The CACM files are {@code
 * data/cacm} from where JMH runs (the repository's root), or {@code -Dcaliber.cacm=DIR}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class B04FirstEvaluation {
  private static final Path CACM = Path.of(System.getProperty("caliber.cacm", "data/cacm"));

  private static RunResult evaluate() throws IOException {
    return Eval.evaluate(EvalFiles.readQrels(CACM.resolve("qrels.cacm.txt")),
        EvalFiles.readRun(CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz")), Preset.TREC_EVAL,
        "AP", "P@10", "nDCG@10", "RR", "R@1000");
  }

  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  @Fork(10)
  public RunResult first() throws IOException {
    return evaluate();
  }

  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  @Warmup(iterations = 3, time = 1)
  @Measurement(iterations = 5, time = 1)
  @Fork(1)
  public RunResult warm() throws IOException {
    return evaluate();
  }
}
