package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.InputLimits;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For any partition of the query set into 1 to 5 slices, the shards of a run, written, read back and
 * merged in any order, give the JSON report of the run's one evaluation, byte for byte.
 */
class ShardsProperties {
  /** Judgments for 1 to 8 queries, a TREC run (with a query outside the set), each query's slice, and a shuffle seed. */
  record Case(Map<String, Map<String, Integer>> qrels, String run, List<Integer> sliceOf, int slices, long seed) {}

  @Provide
  Arbitrary<Case> cases() {
    return Arbitraries.integers().between(1, 8).flatMap(n -> Arbitraries.integers().between(1, 5).flatMap(k ->
        Combinators.combine(
            Arbitraries.integers().between(0, 2).list().ofSize(n * 6),
            Arbitraries.integers().between(0, 9).list().ofSize(n * 6 + 6),
            Arbitraries.integers().between(0, k - 1).list().ofSize(n),
            Arbitraries.longs()).as((labels, scores, sliceOf, seed) -> {
              Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
              for (int q = 0; q < n; q++) {
                Map<String, Integer> judged = new LinkedHashMap<>();
                for (int d = 0; d < 6; d++) {
                  if (labels.get(q * 6 + d) > 0 || d == 0) {
                    judged.put("d" + d, labels.get(q * 6 + d));
                  }
                }
                qrels.put("q" + q, judged);
              }
              // the run's queries in a shuffled order, some left out; one outside the set
              List<Integer> order = new ArrayList<>();
              for (int q = 0; q <= n; q++) {
                order.add(q);
              }
              Collections.shuffle(order, new Random(seed));
              StringBuilder run = new StringBuilder();
              for (int q : order) {
                String id = q == n ? "outside" : "q" + q;
                int rank = 1;
                if (q == n) { // never an empty run
                  run.append(id).append(" Q0 x 1 1 tag\n");
                  rank++;
                }
                for (int d = 0; d < 7; d++) {
                  int score = scores.get(q * 6 + Math.min(d, 5));
                  if (score > 3 || d == 6 && score % 2 == 0) {
                    run.append(id).append(" Q0 d").append(d).append(' ').append(rank++).append(' ').append(score % 5)
                        .append(" tag\n");
                  }
                }
              }
              return new Case(qrels, run.toString(), sliceOf, k, seed);
            })));
  }

  @Property(tries = 200)
  void theMergedShardsAreTheOneEvaluationByteForByte(@ForAll("cases") Case c) throws IOException {
    EvalProtocol protocol = Protocols.protocol(c.qrels(), new ArrayList<>(c.qrels().keySet()), null, Policy.trecEval(),
        "AP", "P@5", "nDCG@10", "RR", "bpref", "R@3", "num_ret", "Rprec");
    byte[] run = c.run().getBytes(StandardCharsets.UTF_8);
    List<List<String>> slices = new ArrayList<>();
    for (int i = 0; i < c.slices(); i++) {
      slices.add(new ArrayList<>());
    }
    for (int q = 0; q < c.sliceOf().size(); q++) {
      slices.get(c.sliceOf().get(q)).add("q" + q);
    }
    List<Shard> shards = new ArrayList<>();
    for (int i = 0; i < slices.size(); i++) {
      String text = ShardsTest.text(ShardsTest.shard(protocol, "run.txt", run, slices.get(i)));
      shards.add(Shards.read("-", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), InputLimits.DEFAULT));
    }
    Collections.shuffle(shards, new Random(c.seed()));
    RunResult single = ShardsTest.single(protocol, "run.txt", run);
    assertThat(ShardsTest.json(Shards.merge(protocol, shards))).isEqualTo(ShardsTest.json(single));
  }
}
