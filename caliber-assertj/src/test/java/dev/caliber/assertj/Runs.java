package dev.caliber.assertj;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Thirty queries, each with one relevant document r and a judged non-relevant n, and runs over them. */
final class Runs {
  static final int QUERIES = 30;

  private Runs() {}

  static Qrels qrels() {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    for (int q = 1; q <= QUERIES; q++) {
      labels.put("q" + q, Map.of("r" + q, 1, "n" + q, 0));
    }
    return Eval.qrels(labels);
  }

  static EvalProtocol protocol(String... measures) {
    return Eval.protocol(qrels(), Preset.TREC_EVAL, measures);
  }

  /** Every query ranks its relevant document first, except those listed, which rank it second. */
  static Map<String, List<String>> rankings(int... second) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (int q = 1; q <= QUERIES; q++) {
      boolean late = false;
      for (int s : second) {
        late |= s == q;
      }
      out.put("q" + q, late ? List.of("n" + q, "r" + q) : List.of("r" + q, "n" + q));
    }
    return out;
  }

  static RunResult evaluate(EvalProtocol protocol, String name, Map<String, List<String>> rankings) {
    return Eval.evaluate(protocol, Eval.rankings(name, rankings));
  }

  static int[] range(int from, int to) {
    int[] out = new int[to - from + 1];
    for (int i = from; i <= to; i++) {
      out[i - from] = i;
    }
    return out;
  }
}
