package dev.caliber.io;

/**
 * Which part of a TREC topic ({@code <top>} ... {@code </top>}) is the text sent to a retriever.
 * Other topic formats (BEIR {@code queries.jsonl}, {@code ID<TAB>text}, and SGML topics of one
 * text such as CACM's {@code <DOC><DOCNO>}) have one text per query, which only {@link #TITLE},
 * the default, reads.
 */
public enum TopicField {
  /** {@code <title>}: the short query a user would type (the default). */
  TITLE,
  /** {@code <desc>}: the one-sentence statement of the need, without its "Description:" label. */
  DESCRIPTION,
  /** {@code <title>} and {@code <desc>} joined by a space. */
  TITLE_DESCRIPTION,
  /** {@code <narr>}: what a relevant document holds, without its "Narrative:" label. */
  NARRATIVE;

  /**
   * The name a command line or a sidecar uses: {@code title}, {@code description}, {@code
   * title+description}, {@code narrative}.
   *
   * @return the lower-case name
   */
  public String word() {
    return this == TITLE_DESCRIPTION ? "title+description" : name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The field a word names.
   *
   * @param word {@code title}, {@code description}, {@code title+description} or {@code narrative}
   * @return the field
   * @throws IllegalArgumentException naming the words there are, if {@code word} is none of them
   */
  public static TopicField of(String word) {
    for (TopicField f : values()) {
      if (f.word().equals(word)) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown topic field " + word + "; expected title, description, title+description or narrative");
  }
}
