package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** The public evaluation data in ../shared/data, read in place (never copied into the repository). */
public final class SharedData {
  private SharedData() {}

  /** A path under shared/data; the build passes the shared folder as system property caliber.shared. */
  public static Path path(String relative) {
    String shared = System.getProperty("caliber.shared");
    assertThat(shared).as("system property caliber.shared (set by the Maven build)").isNotNull();
    Path p = Path.of(shared, "data").resolve(relative);
    assertThat(p).as("shared data file").exists();
    return p;
  }

  /** Counts newline bytes, decompressing with the JDK when the name ends in .gz: the `zcat | wc -l` check. */
  public static long newlines(Path file) throws IOException {
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
      byte[] buf = new byte[1 << 16];
      long count = 0;
      for (int n; (n = in.read(buf)) > 0; ) {
        for (int i = 0; i < n; i++) {
          if (buf[i] == '\n') {
            count++;
          }
        }
      }
      return count;
    }
  }
}
