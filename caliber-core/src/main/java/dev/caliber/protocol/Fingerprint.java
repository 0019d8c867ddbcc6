package dev.caliber.protocol;

import dev.caliber.json.PyJson;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * protocol_sha256: the SHA-256 of the UTF-8 bytes of the canonical JSON of {@code {corpus,
 * queries, qrels, split, k}}, identical to the seed's
 * {@code json.dumps(..., sort_keys=True, ensure_ascii=False, separators=(',', ':'))}.
 *
 * <p>It identifies the protocol, not the run, and proves nothing about who saw the test set. It
 * does not depend on the order in which documents, queries or judgments were given. A query's
 * {@code text} key is present only when the text was given, so a protocol file without texts and
 * one with them fingerprint differently, as they should.
 */
public final class Fingerprint {
  private Fingerprint() {}

  /**
   * The canonical JSON text that {@link #sha256(Protocol, String, int)} hashes, for users who want
   * to check the hash with other tools.
   *
   * @param protocol the protocol, not null
   * @param split the split evaluated, such as {@code "test"}
   * @param k the cutoff the protocol fixes
   * @return sorted keys, no spaces, non-ASCII characters unescaped
   */
  public static String canonicalJson(Protocol protocol, String split, int k) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("corpus", protocol.corpus().asMap());
    Map<String, Object> queries = new LinkedHashMap<>();
    protocol.queries().asMap().forEach((id, q) -> queries.put(id, queryObject(q)));
    payload.put("queries", queries);
    payload.put("qrels", protocol.qrels().asMap());
    payload.put("split", split);
    payload.put("k", k);
    return PyJson.canonical(payload);
  }

  private static Map<String, Object> queryObject(Query q) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (q.text() != null) {
      m.put("text", q.text());
    }
    m.put("split", q.split());
    return m;
  }

  /**
   * The protocol's fingerprint, protocol_sha256.
   *
   * @param protocol the protocol, not null
   * @param split the split evaluated, such as {@code "test"}
   * @param k the cutoff the protocol fixes
   * @return 64 lower-case hex digits: the SHA-256 of {@link #canonicalJson canonicalJson}'s UTF-8
   *     bytes
   */
  public static String sha256(Protocol protocol, String split, int k) {
    return sha256Hex(canonicalJson(protocol, split, k));
  }

  /**
   * The SHA-256 of a string.
   *
   * @param text the text, not null
   * @return 64 lower-case hex digits: the SHA-256 of {@code text}'s UTF-8 bytes
   */
  public static String sha256Hex(String text) {
    return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * Lower-case hex SHA-256 of the UTF-8 bytes of {@code PyJson.canonical(data)}, hashed piece by
   * piece as it is written (equal to {@code sha256Hex(PyJson.canonical(data))}), so that a large
   * report is never held as one string.
   *
   * @param data JSON data: maps with string keys, lists, strings, Integer, Long, BigInteger,
   *     Double, Boolean and null
   * @return 64 lower-case hex digits
   * @throws IllegalArgumentException if {@code data} holds anything else
   */
  public static String canonicalSha256Hex(Object data) {
    MessageDigest digest = sha256();
    PyJson.canonical(data, piece -> digest.update(piece.toString().getBytes(StandardCharsets.UTF_8)));
    return HexFormat.of().formatHex(digest.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }
}
