package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.testkit.SeedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** The public evaluation data the repository carries in {@code data/} (data/README.md names each source). */
public final class TestData {
  private TestData() {}

  /** A path under the repository's {@code data/}, which must exist. */
  public static Path path(String relative) {
    Path p = SeedFiles.root().resolve("data").resolve(relative);
    assertThat(p).as("data file").exists();
    return p;
  }

  /** A text file's lines as UTF-8, gunzipped when the name ends in .gz (the reference outputs are). */
  public static List<String> lines(Path file) throws IOException {
    try (InputStream raw = Files.newInputStream(file);
        InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
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
