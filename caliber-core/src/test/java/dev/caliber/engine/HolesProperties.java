package dev.caliber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Protocols;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.ScoredQuery.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Bounds under holes on random pooled judgments: every value within its bounds for the measures
 * whose value is the low completion's (an unjudged document reads as non-relevant), and the bounds
 * equal to the value where no ranked document is unjudged.
 */
class HolesProperties {
  /** Measures whose value reads an unjudged document as a judged non-relevant one. */
  static final String[] MEASURES = {"P@1", "P@5", "P@10", "Rprec", "R@10", "AP", "AP@5", "RR", "nDCG@5", "nDCG",
      "P(rel=2)@5", "NumRelRet", "NumRel", "Success@3", "RBP"};

  @Property(tries = 200)
  void bounds_hold_the_value_and_meet_it_without_holes(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    StringBuilder run = new StringBuilder();
    List<Boolean> withHoles = new ArrayList<>();
    int queries = 1 + rng.nextInt(3);
    for (int q = 0; q < queries; q++) {
      String qid = "q" + q;
      Map<String, Integer> labels = new LinkedHashMap<>();
      int n = rng.nextInt(15);
      boolean holes = rng.nextBoolean();
      for (int i = 0; i < n; i++) {
        String doc = "d" + i;
        run.append(qid).append(" Q0 ").append(doc).append(' ').append(i + 1).append(' ').append(n - i).append(" t\n");
        if (!holes || rng.nextInt(3) > 0) {
          labels.put(doc, rng.nextInt(4) - (rng.nextInt(8) == 0 ? 2 : 0));
        }
      }
      for (int u = rng.nextInt(3); u > 0; u--) {
        labels.put("unranked" + u, rng.nextInt(4));
      }
      qrels.put(qid, labels);
      withHoles.add(holes);
    }
    Policy policy = Policy.strict().withJudgments(Judgments.POOLED)
        .withNoRelevant(rng.nextBoolean() ? NoRelevant.ZERO : NoRelevant.EXCLUDE)
        .withDepth(rng.nextBoolean() ? 0 : 1 + rng.nextInt(8));
    EvalProtocol p = Protocols.protocol(qrels, new ArrayList<>(qrels.keySet()), null, policy, MEASURES);
    var scorer = new QueryScorer(HolesTest.context(p, true));
    var block = run.isEmpty() ? null : QueryScorerTest.parse(run.toString());
    for (int q = 0; block != null && q < block.queries(); q++) {
      Row r = scorer.score(block, q).row();
      for (int k = 0; k < MEASURES.length; k++) {
        Value v = r.values().get(k);
        String as = MEASURES[k] + " of " + block.queryId(q);
        if (v == null) {
          assertThat(r.low().get(k)).as(as).isNull();
          assertThat(r.high().get(k)).as(as).isNull();
          continue;
        }
        if (r.unjudged() == 0) {
          assertThat(r.low().get(k)).as(as).isEqualTo(v);
          assertThat(r.high().get(k)).as(as).isEqualTo(v);
        }
        assertThat(r.low().get(k).decimal()).as(as).isLessThanOrEqualTo(v.decimal());
        assertThat(r.high().get(k).decimal()).as(as).isGreaterThanOrEqualTo(v.decimal());
      }
    }
  }
}
