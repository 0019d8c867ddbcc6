package dev.caliber.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The documents a protocol judges: exact-string IDs (never trimmed or case-folded) in the order
 * given, each with its text when the text is known.
 */
public final class Corpus {
  private final Map<String, String> texts;
  private final Origin origin;

  private Corpus(Map<String, String> texts, Origin origin) {
    this.texts = Collections.unmodifiableMap(texts);
    this.origin = origin;
  }

  /**
   * A corpus of the given documents; a null text means "not provided" and is fingerprinted as JSON
   * null.
   */
  public static Corpus of(Map<String, String> idToText, Origin origin) {
    Objects.requireNonNull(idToText, "idToText");
    Map<String, String> copy = new LinkedHashMap<>(idToText.size() * 2);
    idToText.forEach((id, text) -> copy.put(Objects.requireNonNull(id, "document ID"), text));
    return new Corpus(copy, Objects.requireNonNull(origin, "origin"));
  }

  /** A corpus built in code. */
  public static Corpus of(Map<String, String> idToText) {
    return of(idToText, Origin.NONE);
  }

  /** Document IDs in input order. */
  public Set<String> ids() {
    return texts.keySet();
  }

  /** Whether the corpus has this exact document ID. */
  public boolean contains(String id) {
    return texts.containsKey(id);
  }

  /** The document's text, if given. */
  public Optional<String> text(String id) {
    return Optional.ofNullable(texts.get(id));
  }

  /** Number of documents. */
  public int size() {
    return texts.size();
  }

  /** ID to text (null where unknown), in input order, unmodifiable. */
  public Map<String, String> asMap() {
    return texts;
  }

  /** Where each document came from. */
  public Origin origin() {
    return origin;
  }
}
