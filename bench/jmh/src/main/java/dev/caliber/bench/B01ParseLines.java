package dev.caliber.bench;

import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.LineBlocks;
import java.io.ByteArrayInputStream;
import java.io.IOException;
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
 * 01: parsing TREC run lines, the work each worker does per line before scoring. One block of
 * 20,000 lines (20 queries x 1,000) is checked and parsed as {@link TrecRunStream#parse} does it:
 * line end, UTF-8 and line rules, columns, rank, score, tag, query changes. The score is time per
 * line.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class B01ParseLines {
  private static final int LINES = 20_000;
  private TrecRunStream stream;
  private LineBlocks.Block block;

  @Setup
  public void setUp() throws IOException {
    byte[] run = Workloads.run(20, 1000, 1);
    stream = TrecRunStream.open("bench", new ByteArrayInputStream(run), TrecRunOptions.DEFAULT, run.length + 1);
    block = stream.next();
  }

  @Benchmark
  @OperationsPerInvocation(LINES)
  public int parseBlock() {
    return stream.parse(block).queries();
  }
}
