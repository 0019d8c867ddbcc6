package dev.caliber.api.lock;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.io.read.BeirReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** The input files a lock records, each with the SHA-256 of its bytes as stored (before decompression). */
public final class LockInputs {
  private LockInputs() {}

  /**
   * The input files a source reads, each with its SHA-256: the protocol file, the corpus, the
   * queries, the qrels and the query set as named; a BEIR folder's corpus, queries and every split's
   * qrels (each named as the folder's path joined with the file's name).
   *
   * @param source the files; none is {@code -}
   * @return the files in that order with their hashes
   * @throws IOException if a file cannot be read
   */
  public static List<Lock.Input> of(ProtocolSource source) throws IOException {
    List<Lock.Input> out = new ArrayList<>();
    add(out, "protocol", source.protocol());
    if (source.beir() != null) {
      for (Map.Entry<String, Path> f : BeirReader.files(Path.of(source.beir()))) {
        out.add(new Lock.Input(f.getKey(), f.getValue().toString(), sha256(f.getValue())));
      }
    }
    add(out, "corpus", source.corpus());
    add(out, "queries", source.queries());
    add(out, "qrels", source.qrels());
    add(out, "query_set", source.querySet());
    return out;
  }

  private static void add(List<Lock.Input> out, String role, String name) throws IOException {
    if (name != null) {
      out.add(new Lock.Input(role, name, sha256(Path.of(name))));
    }
  }

  /**
   * The SHA-256 of a file's bytes as stored: what a lock records for each input, and how a lock
   * file itself is named in results.
   *
   * @param file the file
   * @return 64 lower-case hex digits
   * @throws IOException if the file cannot be read
   */
  public static String sha256(Path file) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
      in.transferTo(java.io.OutputStream.nullOutputStream());
    }
    return HexFormat.of().formatHex(digest.digest());
  }
}
