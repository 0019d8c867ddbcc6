package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A --run spec is named as caliber evaluate names it, whatever file system its path is on. */
class SparkInputsTest {
  @Test
  void aRunIsNamedByNameEqualsElseByItsFileNameWithoutDirectoryGzOrJson() {
    assertThat(SparkInputs.runName("bm25=s3a://bucket/runs/run.txt")).isEqualTo(Map.entry("bm25", "s3a://bucket/runs/run.txt"));
    assertThat(SparkInputs.runName("s3a://bucket/runs/bm25.txt.gz")).isEqualTo(Map.entry("bm25.txt", "s3a://bucket/runs/bm25.txt.gz"));
    assertThat(SparkInputs.runName("hdfs://namenode:8020/runs/ql.json")).isEqualTo(Map.entry("ql", "hdfs://namenode:8020/runs/ql.json"));
    assertThat(SparkInputs.runName("runs/dense.RUN.GZ")).isEqualTo(Map.entry("dense.RUN", "runs/dense.RUN.GZ"));
    assertThat(SparkInputs.runName("runs/bm25.parquet/")).isEqualTo(Map.entry("bm25.parquet", "runs/bm25.parquet/"));
    assertThat(SparkInputs.runName("=x.txt")).isEqualTo(Map.entry("=x.txt", "=x.txt")); // an empty NAME is no name, as in the CLI
  }

  @Test
  void aPathIsLocalWithoutASchemeOrWithFile() {
    assertThat(SparkInputs.isLocal("runs/a.txt")).isTrue();
    assertThat(SparkInputs.isLocal("file:/data/a.txt")).isTrue();
    assertThat(SparkInputs.isLocal("s3a://bucket/a.txt")).isFalse();
    assertThat(SparkInputs.isLocal("hdfs://nn/a.txt")).isFalse();
    assertThat(SparkInputs.fileName("s3a://bucket/runs/a.parquet/")).isEqualTo("a.parquet");
  }

  @Test
  void aFileAWorkerCannotReadIsAnInputOutputErrorNotAnInternalOne() {
    // as a task's failure reaches the driver: Spark's text quoting the executor's exception
    RuntimeException text = SparkEvaluation.unwrap(new RuntimeException("Job aborted due to stage failure: Task 0 in stage 1.0"
        + " failed 4 times: java.nio.file.NoSuchFileException: /data/runs/bm25.txt\n\tat sun.nio.fs.UnixException"));
    assertThat(text).isInstanceOf(java.io.UncheckedIOException.class);
    assertThat(text.getCause()).isInstanceOf(java.nio.file.NoSuchFileException.class).hasMessage("/data/runs/bm25.txt");
    RuntimeException io = SparkEvaluation.unwrap(new RuntimeException("Task failed: java.io.IOException: disk gone\n\tat x"));
    assertThat(io.getCause()).isExactlyInstanceOf(java.io.IOException.class).hasMessage("disk gone");
    java.io.IOException cause = new java.io.IOException("kept");
    assertThat(SparkEvaluation.unwrap(new RuntimeException("wrapped", cause)).getCause()).isSameAs(cause);
    assertThat(SparkEvaluation.unwrap(new RuntimeException("x: dev.caliber.spark.SparkInputException: run.txt:2: bad\nmore")))
        .isInstanceOf(SparkInputException.class).hasMessage("run.txt:2: bad");
    IllegalStateException other = new IllegalStateException("a bug");
    assertThat(SparkEvaluation.unwrap(other)).isSameAs(other);
  }

  @Test
  void executorsOpenLocalPathsMadeAbsoluteOnTheDriverAndOtherPathsAsGiven() {
    // an executor on a cluster runs in a folder of its worker's: a relative path would not be found there
    assertThat(SparkInputs.forExecutors("runs/a.txt")).isEqualTo(java.nio.file.Path.of("runs/a.txt").toAbsolutePath().toString());
    assertThat(SparkInputs.forExecutors("file:/data/a.txt")).isEqualTo("/data/a.txt");
    assertThat(SparkInputs.forExecutors("/data/a.txt")).isEqualTo("/data/a.txt");
    assertThat(SparkInputs.forExecutors("s3a://bucket/a.txt")).isEqualTo("s3a://bucket/a.txt");
  }
}
