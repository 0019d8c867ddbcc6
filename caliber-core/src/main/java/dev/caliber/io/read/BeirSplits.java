package dev.caliber.io.read;

import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A BEIR dataset folder with every split's judgments, as {@link BeirReader#readAll} reads it.
 *
 * @param corpus the documents
 * @param queries every query of queries.jsonl, each with the first split (in name order) whose
 *     qrels judge it, or {@value BeirReader#UNJUDGED}
 * @param qrels each split's judgments ({@code qrels/SPLIT.tsv}), in split name order
 */
public record BeirSplits(Corpus corpus, Queries queries, Map<String, Qrels> qrels) {
  /** Requires every part; copies the map, keeping its order. */
  public BeirSplits {
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(queries, "queries");
    qrels = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(qrels, "qrels")));
  }
}
