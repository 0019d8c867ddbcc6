package dev.caliber.remote;

import dev.caliber.api.EvalFiles;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Topics;
import dev.caliber.remote.http.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** The CACM collection in data/cacm: 3,204 documents, 64 topics, 52 of them judged. */
final class Cacm {
  private Cacm() {}

  /** One document. */
  record Doc(String id, String contents) {}

  static Path folder() {
    return Path.of(System.getProperty("caliber.root", "..")).resolve("data/cacm");
  }

  /** A file of examples/engines, the README's templates and index settings. */
  static Path example(String name) {
    return Path.of(System.getProperty("caliber.root", "..")).resolve("examples/engines").resolve(name);
  }

  static List<Doc> docs() throws IOException {
    List<Doc> docs = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        new GZIPInputStream(Files.newInputStream(folder().resolve("corpus/cacm.anserini-data.jsonl.gz"))), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          Map<?, ?> m = (Map<?, ?>) Json.read(line);
          docs.add(new Doc((String) m.get("id"), (String) m.get("contents")));
        }
      }
    }
    return docs;
  }

  static Topics topics() throws IOException {
    return EvalFiles.readTopics(folder().resolve("topics.cacm.txt"), null);
  }

  static Qrels qrels() throws IOException {
    return EvalFiles.readQrels(folder().resolve("qrels.cacm.txt"));
  }
}
