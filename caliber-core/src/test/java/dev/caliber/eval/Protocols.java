package dev.caliber.eval;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small protocols and runs built in code, in a fixed order, for the general evaluator's tests. */
public final class Protocols {
  private Protocols() {}

  /** A map in the order given: key, value, key, value... */
  @SuppressWarnings("unchecked")
  public static <V> Map<String, V> ordered(Object... keysAndValues) {
    Map<String, V> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], (V) keysAndValues[i + 1]);
    }
    return m;
  }

  /** A qrels row: document, label, document, label... */
  public static Map<String, Integer> row(Object... docsAndLabels) {
    return ordered(docsAndLabels);
  }

  /** A corpus of these IDs, without texts. */
  public static Corpus corpus(String... ids) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String id : ids) {
      m.put(id, null);
    }
    return Corpus.of(m);
  }

  public static List<Measure> measures(String... names) {
    List<Measure> out = new ArrayList<>();
    for (String n : names) {
      out.addAll(Measures.parseAll(n));
    }
    return out;
  }

  public static EvalProtocol protocol(Map<String, Map<String, Integer>> qrels, List<String> querySet, Corpus corpus,
      Policy policy, String... measures) {
    return new EvalProtocol(Qrels.of(qrels), querySet, "split test", corpus, policy, measures(measures));
  }

  /** A run named r from query, ranking, query, ranking... (rankings as lists of document IDs). */
  public static ScoredRun run(Object... queriesAndRankings) {
    return ScoredRun.of(Run.of("r", Protocols.<List<String>>ordered(queriesAndRankings)));
  }

  /** One query's entries with scores, in file order; rank column 1..n. */
  public static RankedList scored(String[] docs, double... scores) {
    long[] ranks = new long[docs.length];
    Arrays.setAll(ranks, i -> i + 1);
    return RankedList.of(docs, scores, ranks);
  }

  public static String[] docs(String... ids) {
    return ids;
  }
}
