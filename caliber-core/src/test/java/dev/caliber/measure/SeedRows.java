package dev.caliber.measure;

import dev.caliber.eval.seed.Evaluator;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The seed's Recall@k, hits, RR@k and first relevant rank of one ranking, as the seed's report
 * gives them: a one-query exhaustive binary protocol (the corpus is every ranked or relevant
 * document) evaluated by {@link Evaluator}, so that the seed's examples and invariants test the
 * engine's measures and the report's view of them.
 */
final class SeedRows {
  private SeedRows() {}

  static QueryRow of(List<String> ranking, Set<String> relevant, int k) {
    Set<String> docs = new LinkedHashSet<>(ranking);
    docs.addAll(relevant);
    docs.add("unranked"); // a corpus is never empty
    Map<String, String> corpus = new LinkedHashMap<>();
    Map<String, Integer> labels = new LinkedHashMap<>();
    for (String d : docs) {
      corpus.put(d, d);
      labels.put(d, relevant.contains(d) ? 1 : 0);
    }
    Protocol p = new Protocol(Corpus.of(corpus), Queries.of(Map.of("q", new Query(null, "test"))),
        Qrels.of(Map.of("q", labels)));
    return Evaluator.evaluate(p, Run.of("run", Map.of("q", ranking)), "test", k).row("q");
  }
}
