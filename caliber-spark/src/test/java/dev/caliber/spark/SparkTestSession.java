package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/** One local[2] session for the module's tests (a session costs seconds to start), and the shared data. */
final class SparkTestSession {
  private static SparkSession session;

  private SparkTestSession() {}

  static synchronized SparkSession get() {
    if (session == null) {
      session = CaliberSparkJob.localSession("local[2]");
    }
    return session;
  }

  /** A path under ../shared/data (the build passes the shared folder as caliber.shared). */
  static Path data(String relative) {
    String shared = System.getProperty("caliber.shared");
    assertThat(shared).as("system property caliber.shared (set by the Maven build)").isNotNull();
    Path p = Path.of(shared, "data").resolve(relative);
    assertThat(p).as("shared data file").exists();
    return p;
  }
}
