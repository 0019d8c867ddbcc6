package dev.caliber.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small corpora written in the tests, and where the repository's CACM collection is. */
final class Corpora {
  private Corpora() {}

  /** Five documents in Anserini's {"id", "contents"} form; d4 and d5 have the same text. */
  static final String CONTENTS = """
      {"id": "d1", "contents": "Apple pie with apples and pears"}
      {"id": "d2", "contents": "A pear tree in the garden"}
      {"id": "d3", "contents": "Garden tools and garden sheds"}
      {"id": "d4", "contents": "Orange juice"}
      {"id": "d5", "contents": "Orange juice"}
      """;

  /** Three documents in BEIR's form, one without a title. */
  static final String BEIR = """
      {"_id": "b1", "title": "Quantum computing", "text": "Qubits and gates."}
      {"_id": "b2", "title": "", "text": "Classical computing with bits."}
      {"_id": "b3", "text": "Gardening in spring."}
      """;

  static Path write(Path dir, String name, String text) {
    try {
      Path p = dir.resolve(name);
      Files.writeString(p, text, StandardCharsets.UTF_8);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The repository's data/cacm (the build passes caliber.root). */
  static Path cacm() {
    return Path.of(System.getProperty("caliber.root", "..")).resolve("data/cacm");
  }
}
