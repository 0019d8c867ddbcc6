package dev.caliber.maven;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** CACM as the repository carries it (data/cacm), and BM25's run broken on purpose. */
final class Cacm {
  private Cacm() {}

  /** The repository root (surefire passes caliber.root; an IDE run falls back to the parent). */
  static Path root() {
    String root = System.getProperty("caliber.root");
    return (root != null ? Path.of(root) : Path.of("").toAbsolutePath().getParent()).toAbsolutePath().normalize();
  }

  static final Path DIR = root().resolve("data/cacm");
  static final Path QRELS = DIR.resolve("qrels.cacm.txt");
  static final Path BM25 = DIR.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  static final Path QL = DIR.resolve("runs-anserini-0.13.3/run.cacm.ql.txt.gz");

  /**
   * BM25 broken as caliber-cli's GateCommandTest breaks it (and src/it/gate-fails/prebuild.groovy):
   * in every other query its first ten documents go to the end of the ranking.
   */
  static Path brokenBm25(Path dir) throws IOException {
    String text;
    try (InputStream in = new GZIPInputStream(Files.newInputStream(BM25))) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Map<String, List<String[]>> byQuery = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.trim().split("\\s+");
      byQuery.computeIfAbsent(f[0], q -> new ArrayList<>()).add(f);
    }
    StringBuilder out = new StringBuilder();
    int n = 0;
    for (List<String[]> rows : byQuery.values()) {
      List<String[]> order = new ArrayList<>(rows);
      if (n++ % 2 == 0 && rows.size() > 10) {
        order = new ArrayList<>(rows.subList(10, rows.size()));
        order.addAll(rows.subList(0, 10));
      }
      for (int i = 0; i < order.size(); i++) {
        String[] f = order.get(i);
        out.append(f[0]).append(" Q0 ").append(f[2]).append(' ').append(i + 1).append(' ').append(1000 - i).append(" broken\n");
      }
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
      z.write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    return Files.write(dir.resolve("broken.txt.gz"), gz.toByteArray());
  }
}
