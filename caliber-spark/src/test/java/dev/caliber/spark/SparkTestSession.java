package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** One local[2] session for the module's tests (a session costs seconds to start), and the repository's data. */
final class SparkTestSession {
  private static SparkSession session;

  private SparkTestSession() {}

  static synchronized SparkSession get() {
    if (session == null) {
      session = CaliberSparkJob.localSession("local[2]");
    }
    return session;
  }

  /** A path under the repository's {@code data/} (the build passes the repository root as caliber.root). */
  static Path data(String relative) {
    String root = System.getProperty("caliber.root");
    assertThat(root).as("system property caliber.root (set by the Maven build)").isNotNull();
    Path p = Path.of(root, "data").resolve(relative);
    assertThat(p).as("data file").exists();
    return p;
  }
}
