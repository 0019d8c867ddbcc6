package dev.caliber.io.read;

import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A BEIR dataset folder as {@link BeirReader} reads it for one split.
 *
 * @param corpus the documents; a document's text is its {@code "text"} field alone
 * @param queries every query of queries.jsonl, each with the split of the qrels file that judges
 *     it, or {@value BeirReader#UNJUDGED}
 * @param qrels the judgments of the requested split
 * @param titles document ID to {@code "title"}, in corpus order, for the documents that have one
 */
public record BeirDataset(Corpus corpus, Queries queries, Qrels qrels, Map<String, String> titles) {
  /** Requires every part; copies the titles. */
  public BeirDataset {
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(queries, "queries");
    Objects.requireNonNull(qrels, "qrels");
    titles = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(titles, "titles")));
  }

  /** Corpus, queries and the split's judgments as a protocol. */
  public Protocol protocol() {
    return new Protocol(corpus, queries, qrels);
  }
}
