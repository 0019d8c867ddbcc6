package dev.caliber.history;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** Named results and recordings for the history's tests. */
final class Fixtures {
  private Fixtures() {}

  /** A protocol of {@code queries} queries, each with two relevant documents of labels 1 and 2. */
  static Qrels qrels(int queries) {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    for (int q = 1; q <= queries; q++) {
      labels.put("q" + q, Map.of("d" + q + "a", 1, "d" + q + "b", 2, "d" + q + "c", 0));
    }
    return Eval.qrels(labels);
  }

  /** A run that ranks query q's documents in an order depending on {@code variant}. */
  static RunResult result(String name, Qrels qrels, int variant) {
    Map<String, Map<String, Double>> scores = new LinkedHashMap<>();
    int q = 0;
    for (String query : qrels.asMap().keySet()) {
      q++;
      int v = (q + variant) % 3;
      scores.put(query, Map.of(query.replace("q", "d") + "a", v == 0 ? 3.0 : 1.0, query.replace("q", "d") + "b",
          v == 1 ? 3.0 : 2.0, query.replace("q", "d") + "c", v == 2 ? 4.0 : 0.5));
    }
    return Eval.evaluate(qrels, Eval.run(name, scores), Preset.TREC_EVAL, "nDCG@10", "AP", "RR");
  }

  static String sha256(String content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  static Recording recording(String content, String split, Map<String, String> meta) {
    return new Recording(Instant.parse("2026-12-01T10:00:00Z"), sha256(content), split, Recording.isTestSplit(split), meta,
        "0.1.0-test");
  }
}
