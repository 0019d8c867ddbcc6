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
   *
   * @param idToText document ID to text, in the order to keep; copied, so later changes to the map
   *     do not reach the corpus. IDs must not be null; texts may be
   * @param origin where each document was read from, not null; {@link Origin#NONE} for none
   * @return the corpus, possibly empty (the protocol rejects an empty one, not this method)
   * @throws NullPointerException if the map, an ID or {@code origin} is null
   */
  public static Corpus of(Map<String, String> idToText, Origin origin) {
    Objects.requireNonNull(idToText, "idToText");
    Map<String, String> copy = new LinkedHashMap<>(idToText.size() * 2);
    idToText.forEach((id, text) -> copy.put(Objects.requireNonNull(id, "document ID"), text));
    return new Corpus(copy, Objects.requireNonNull(origin, "origin"));
  }

  /**
   * A corpus built in code, whose errors name no file.
   *
   * @param idToText document ID to text (null where not provided), copied; IDs not null
   * @return the corpus, with {@link Origin#NONE}
   * @throws NullPointerException if the map or an ID is null
   */
  public static Corpus of(Map<String, String> idToText) {
    return of(idToText, Origin.NONE);
  }

  /**
   * The document IDs.
   *
   * @return an unmodifiable view, in input order
   */
  public Set<String> ids() {
    return texts.keySet();
  }

  /**
   * Whether the corpus has this exact document ID: no trimming, no case folding.
   *
   * @param id a document ID; null is never contained
   * @return true when {@code id} is one of {@link #ids()}
   */
  public boolean contains(String id) {
    return texts.containsKey(id);
  }

  /**
   * The document's text, if given.
   *
   * @param id a document ID
   * @return the text; empty when the text was not provided or the ID is not in the corpus
   */
  public Optional<String> text(String id) {
    return Optional.ofNullable(texts.get(id));
  }

  /**
   * The number of documents.
   *
   * @return the number of distinct IDs, 0 or more
   */
  public int size() {
    return texts.size();
  }

  /**
   * The corpus as the fingerprint hashes it.
   *
   * @return ID to text (null where unknown), in input order, unmodifiable
   */
  public Map<String, String> asMap() {
    return texts;
  }

  /**
   * Where each document came from, so that a late violation can name its file and line.
   *
   * @return the origin, located by document ID; {@link Origin#NONE} for a corpus built in code
   */
  public Origin origin() {
    return origin;
  }
}
