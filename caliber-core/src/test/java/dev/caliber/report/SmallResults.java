package dev.caliber.report;

import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A named fixture for the writers (report's and trec_eval's text): two judged queries and one without relevant documents.
 *
 * <pre>
 *   qrels  q1: d1=1, d2=0, d3=2     q2: d1=0, d2=1     q3: d1=0
 *   run    q1: d3, d2, d1           q2: d1             q3: d1
 * </pre>
 *
 * q1: P@2 = 1/2, NumRet 3, RR@10 = 1, nDCG = (2 + 1/log2(4)) / (2 + 1/log2(3)) = 0.9502344167898356.
 * q2: P@2 = 0, NumRet 1, RR@10 = 0, nDCG = 0. q3 has no relevant document.
 */
public final class SmallResults {
  private SmallResults() {}

  public static final List<String> MEASURES = List.of("P@2", "num_ret", "ndcg", "RR@10");

  public static Qrels qrels() {
    Map<String, Map<String, Integer>> q = new LinkedHashMap<>();
    q.put("q1", ordered("d1", 1, "d2", 0, "d3", 2));
    q.put("q2", ordered("d1", 0, "d2", 1));
    q.put("q3", ordered("d1", 0));
    return Qrels.of(q);
  }

  private static Map<String, Integer> ordered(Object... kv) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], (Integer) kv[i + 1]);
    }
    return m;
  }

  public static List<Measure> measures(List<String> names) {
    List<Measure> out = new ArrayList<>();
    names.forEach(n -> out.add(Measures.parse(n)));
    return out;
  }

  public static ScoredRun run(String name) {
    Map<String, List<String>> r = new LinkedHashMap<>();
    r.put("q1", List.of("d3", "d2", "d1"));
    r.put("q2", List.of("d1"));
    r.put("q3", List.of("d1"));
    return ScoredRun.of(Run.of(name, r));
  }

  /** Queries q1 and q2 under the given policy. */
  public static RunResult twoQueries(Policy policy) {
    return Evaluation.evaluate(
        new EvalProtocol(qrels(), List.of("q1", "q2"), "the 2 queries listed in set.txt", null, policy,
            measures(MEASURES)),
        runWithout("q3"));
  }

  /** All three queries under the given policy. */
  public static RunResult threeQueries(Policy policy) {
    return Evaluation.evaluate(
        new EvalProtocol(qrels(), List.of("q1", "q2", "q3"), "every query judged in qrels.txt (3)", null, policy,
            measures(MEASURES)),
        run("myrun"));
  }

  private static ScoredRun runWithout(String query) {
    Map<String, List<String>> r = new LinkedHashMap<>();
    r.put("q1", List.of("d3", "d2", "d1"));
    r.put("q2", List.of("d1"));
    return ScoredRun.of(Run.of("myrun", r));
  }
}
