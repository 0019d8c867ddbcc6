package dev.caliber.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The texts a retriever is sent: query ID to text, in input order, as read from a topics file
 * (TREC topics, BEIR {@code queries.jsonl}, {@code ID<TAB>text}) or built in code. Its {@link
 * #sha256()} fingerprints exactly what is sent, so that a run can say which texts produced it.
 */
public final class Topics {
  private final Map<String, String> texts;
  private final String source;

  private Topics(Map<String, String> texts, String source) {
    this.texts = Collections.unmodifiableMap(texts);
    this.source = source;
  }

  /**
   * Topics in the given order.
   *
   * @param texts query ID to text, in the order to keep; copied. No ID or text may be null, and no
   *     text may be blank (a retriever sent nothing would answer nothing, silently)
   * @param source where they were read from (a file name), or the empty string for topics built in
   *     code
   * @return the topics
   * @throws NullPointerException if the map, an ID, a text or the source is null
   * @throws IllegalArgumentException if there is no topic, or a text is blank
   */
  public static Topics of(Map<String, String> texts, String source) {
    Objects.requireNonNull(texts, "texts");
    Objects.requireNonNull(source, "source");
    if (texts.isEmpty()) {
      throw new IllegalArgumentException("no topics: a retriever needs at least one query text");
    }
    Map<String, String> copy = new LinkedHashMap<>(texts.size() * 2);
    texts.forEach((id, text) -> {
      Objects.requireNonNull(id, "query ID");
      if (Objects.requireNonNull(text, "text").isBlank()) {
        throw new IllegalArgumentException("query " + id + " has a blank text; expected words to search for");
      }
      copy.put(id, text);
    });
    return new Topics(copy, source);
  }

  /**
   * Topics built in code.
   *
   * @param texts query ID to text, in order; as for {@link #of(Map, String)}
   * @return the topics, whose source is empty
   */
  public static Topics of(Map<String, String> texts) {
    return of(texts, "");
  }

  /**
   * Query ID to text, in input order.
   *
   * @return an unmodifiable map
   */
  public Map<String, String> texts() {
    return texts;
  }

  /**
   * The query IDs in input order.
   *
   * @return a new list
   */
  public List<String> ids() {
    return new ArrayList<>(texts.keySet());
  }

  /**
   * How many topics there are.
   *
   * @return at least 1
   */
  public int size() {
    return texts.size();
  }

  /**
   * Where the topics were read from.
   *
   * @return a file name, or the empty string for topics built in code
   */
  public String source() {
    return source;
  }

  /**
   * The fingerprint of what is sent: the SHA-256 of the canonical JSON of the list of {@code [ID,
   * text]} pairs in order. Equal texts in equal order give equal fingerprints whatever file they
   * came from; another field (a description instead of a title) or another order gives another.
   *
   * @return 64 lower-case hex digits
   */
  public String sha256() {
    List<Object> pairs = new ArrayList<>(texts.size());
    texts.forEach((id, text) -> pairs.add(List.of(id, text)));
    return Fingerprint.canonicalSha256Hex(pairs);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Topics t && t.texts.equals(texts) && List.copyOf(t.texts.keySet()).equals(List.copyOf(texts.keySet()));
  }

  @Override
  public int hashCode() {
    return texts.hashCode();
  }

  @Override
  public String toString() {
    return "Topics[" + texts.size() + (source.isEmpty() ? "" : " from " + source) + "]";
  }
}
