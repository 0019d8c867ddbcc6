package dev.caliber.compare;

import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A named synthetic fixture for the reports: 30 queries whose IDs include markup and quotes, 60
 * documents, three runs of rising quality, measures at several cutoffs, pooled judgments.
 * Deterministic (fixed seed), so reports built from it are byte-stable.
 */
public final class Synthetic {
  /** A query ID that would run script if it were written into HTML unescaped. */
  public static final String SCRIPT_ID = "<script>alert(1)</script>";
  /** A query ID with both quotes and an ampersand, to break attributes. */
  public static final String QUOTES_ID = "q\"uote's & <b>bold</b>";

  private Synthetic() {}

  /** The query IDs. */
  public static List<String> queries() {
    List<String> ids = new ArrayList<>();
    ids.add(SCRIPT_ID);
    ids.add(QUOTES_ID);
    for (int i = 3; i <= 30; i++) {
      ids.add(String.format(java.util.Locale.ROOT, "q%02d", i));
    }
    return ids;
  }

  /** The protocol with the given measures (default: P@5, P@10, P@20, RR@10, nDCG@10). */
  public static EvalProtocol protocol(String... measures) {
    String[] names = measures.length == 0 ? new String[] {"P@5", "P@10", "P@20", "RR@10", "nDCG@10"} : measures;
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    SplittableRandom rnd = new SplittableRandom(7);
    for (String q : queries()) {
      Map<String, Integer> row = new LinkedHashMap<>();
      for (int d = 0; d < 60; d++) {
        if (rnd.nextInt(6) == 0) {
          row.put("d" + d, 1 + rnd.nextInt(2));
        }
      }
      row.putIfAbsent("d0", 1);
      qrels.put(q, row);
    }
    return new EvalProtocol(Qrels.of(qrels), queries(), "synthetic test queries", null,
        Policy.strict().withJudgments(Judgments.POOLED), Arrays.stream(names).map(Measures::parse).toList());
  }

  /** Three runs: "bm25", "dense <v2>" (better), "hybrid & rerank" (better still). */
  public static List<RunResult> runs(EvalProtocol protocol) {
    return List.of(run(protocol, "bm25", 0.25, 11), run(protocol, "dense <v2>", 0.4, 12), run(protocol, "hybrid & rerank", 0.5, 13));
  }

  private static RunResult run(EvalProtocol protocol, String name, double skill, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Map<String, List<String>> rankings = new LinkedHashMap<>();
    for (String q : protocol.querySet()) {
      Map<String, Integer> row = protocol.qrels().row(q);
      List<String> relevant = new ArrayList<>(row.keySet());
      List<String> ranking = new ArrayList<>();
      for (int pos = 0; pos < 25; pos++) {
        String doc;
        if (!relevant.isEmpty() && rnd.nextDouble() < skill) {
          doc = relevant.remove(rnd.nextInt(relevant.size()));
        } else {
          doc = "d" + rnd.nextInt(60);
        }
        if (!ranking.contains(doc)) {
          ranking.add(doc);
        }
      }
      rankings.put(q, ranking);
    }
    return Evaluation.evaluate(protocol, ScoredRun.of(Run.of(name, rankings)));
  }
}
