package dev.caliber.pool;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Qrels;
import dev.caliber.report.TrecTokens;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * New judgments merged into old ones ({@code caliber pool merge}): every pair the old judgments
 * lack is appended; a pair they judge with the same label is an exact duplicate, counted and not
 * written twice; a pair they judge with another label is refused, naming both files, both lines,
 * the pair and both labels. The result is plain TREC qrels ({@code query 0 doc label}): the old
 * judgments in their order, then the new ones in theirs.
 */
public final class QrelsMerge {
  private QrelsMerge() {}

  /**
   * The merged judgments and what changed.
   *
   * @param judgments every judgment, old then new, in order (query ID to document ID to label)
   * @param before how many judgments the old file held
   * @param added how many new pairs were appended
   * @param duplicates how many new judgments repeated an old one exactly
   * @param beforeSha256 the SHA-256 of the old judgments as the protocol fingerprint covers them
   *     ({@link #sha256(Map)})
   * @param afterSha256 the same of the merged judgments
   */
  public record Merged(Map<String, Map<String, Integer>> judgments, long before, long added, long duplicates,
      String beforeSha256, String afterSha256) {
    /**
     * Copies.
     *
     * @param judgments copied, order kept
     * @param before the old count
     * @param added the appended count
     * @param duplicates the exact duplicates
     * @param beforeSha256 the old judgments' SHA-256
     * @param afterSha256 the merged judgments' SHA-256
     */
    public Merged {
      Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
      judgments.forEach((q, row) -> copy.put(q, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(row))));
      judgments = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * How many judgments the merged file holds.
     *
     * @return {@code before + added}
     */
    public long after() {
      return before + added;
    }

    /**
     * The merged judgments as TREC qrels text, a line {@code query 0 doc label} per judgment.
     *
     * @param out receives the text a line at a time, in order
     */
    public void writeTo(Consumer<? super CharSequence> out) {
      judgments.forEach((q, row) -> row.forEach((doc, label) -> out.accept(q + " 0 " + doc + " " + label + "\n")));
    }
  }

  /**
   * Merges new judgments into old ones.
   *
   * @param old the old judgments, located (their origin names file and line), not null
   * @param labels the new judgments, located, not null
   * @return the merged judgments and the counts
   * @throws ProtocolViolationException at the new judgment's line, naming the old one's, when a
   *     pair has two labels; or at an ID a TREC qrels line cannot hold (a blank, a control
   *     character)
   * @throws NullPointerException if an argument is null
   */
  public static Merged merge(Qrels old, Qrels labels) {
    Objects.requireNonNull(old, "old");
    Objects.requireNonNull(labels, "labels");
    Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
    long before = 0;
    for (Map.Entry<String, Map<String, Integer>> row : old.asMap().entrySet()) {
      Map<String, Integer> copy = out.computeIfAbsent(row.getKey(), q -> new LinkedHashMap<>());
      for (Map.Entry<String, Integer> j : row.getValue().entrySet()) {
        writable(old, row.getKey(), j.getKey());
        copy.put(j.getKey(), j.getValue());
        before++;
      }
    }
    long added = 0;
    long duplicates = 0;
    for (Map.Entry<String, Map<String, Integer>> row : labels.asMap().entrySet()) {
      String q = row.getKey();
      Map<String, Integer> judged = old.row(q);
      for (Map.Entry<String, Integer> j : row.getValue().entrySet()) {
        Integer earlier = judged == null ? null : judged.get(j.getKey());
        if (earlier == null) {
          writable(labels, q, j.getKey());
          out.computeIfAbsent(q, k -> new LinkedHashMap<>()).put(j.getKey(), j.getValue());
          added++;
        } else if (earlier.equals(j.getValue())) {
          duplicates++;
        } else {
          Location at = old.origin().locate(q, j.getKey());
          throw new ProtocolViolationException(labels.origin().locate(q, j.getKey()), "conflicting label",
              "query " + PyJson.canonical(q) + ", document " + PyJson.canonical(j.getKey()) + ": label " + j.getValue()
                  + " here, " + earlier + " at " + at + "; expected new labels only for pairs the old judgments lack,"
                  + " or the same label");
        }
      }
    }
    return new Merged(out, before, added, duplicates, sha256(old.asMap()), sha256(out));
  }

  /**
   * The SHA-256 of judgments as caliber's protocol fingerprint covers them: of the canonical JSON
   * (keys in code point order, no blanks) of {@code {query: {doc: label}}}, the {@code qrels}
   * member of the text {@code EvalProtocol.sha256} hashes. Equal judgments give equal hashes
   * whatever their file's order or format.
   *
   * @param judgments query ID to document ID to label
   * @return 64 lower-case hex digits
   */
  public static String sha256(Map<String, ? extends Map<String, Integer>> judgments) {
    return Fingerprint.canonicalSha256Hex(judgments);
  }

  /** Refuses an ID a TREC qrels line cannot hold, at its judgment's line. */
  private static void writable(Qrels from, String q, String doc) {
    try {
      TrecTokens.require("query ID", q, "a TREC qrels line", "give IDs without blanks");
      TrecTokens.require("document ID", doc, "a TREC qrels line", "give IDs without blanks");
    } catch (IllegalArgumentException e) {
      throw new ProtocolViolationException(from.origin().locate(q, doc), "not writable as TREC qrels", e.getMessage());
    }
  }
}
