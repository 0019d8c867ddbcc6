package dev.caliber.api.source;

import dev.caliber.eval.Evaluation;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The seed's inputs: the protocol, the split and the cutoff.
 *
 * @param protocol corpus, queries and qrels
 * @param split the split whose queries count
 * @param k the cutoff of R@k and RR@k
 * @param querySetSource how the split is named in general results, e.g. {@code split test of protocol.json}
 */
public record SeedProtocol(Protocol protocol, String split, int k, String querySetSource) {
  /**
   * The seed's protocol for the general evaluator: the split's queries, {@link Policy#strict()},
   * R@k and RR@k. Its results are the seed report's numbers.
   *
   * @return the protocol; nothing is validated here (see {@link #report(Run)})
   * @throws IllegalArgumentException if {@code k} is below 1, since R@k needs a positive cutoff
   */
  public EvalProtocol evalProtocol() {
    return Evaluator.protocol(protocol, split, k, querySetSource);
  }

  /**
   * The seed's report of one run.
   *
   * @param run the run, not null
   * @return the report: one row per query of the split and the two means
   * @throws dev.caliber.error.ProtocolViolationException with the seed's wording, if the protocol
   *     or the run breaks the seed's rules
   */
  public EvaluationReport report(Run run) {
    return Evaluator.evaluate(protocol, run, split, k);
  }

  /**
   * Scores runs as general results under {@link #evalProtocol()}, after checking every run with
   * the seed's rules and wording: nothing is scored unless every run is valid.
   *
   * @param runs the runs, none null; may be empty
   * @return one result per run, in the given order
   * @throws dev.caliber.error.ProtocolViolationException at the first run that breaks the seed's rules
   * @throws IllegalArgumentException if {@code k} is below 1 (see {@link #evalProtocol()})
   */
  public List<RunResult> evaluate(List<Run> runs) {
    EvalProtocol general = evalProtocol();
    for (Run run : runs) {
      Evaluator.validate(protocol, run, split, k);
    }
    List<RunResult> results = new ArrayList<>();
    // the runs share one context, so each query's judged table is made once (no thread starts)
    try (dev.caliber.eval.EvaluationWorkers shared = new dev.caliber.eval.EvaluationWorkers(1)) {
      for (Run run : runs) {
        results.add(Evaluation.evaluate(general, ScoredRun.of(run), shared, false));
      }
    }
    return results;
  }

  /**
   * The seed's protocol_sha256 of {corpus, queries, qrels, split, k}, once the protocol is valid.
   *
   * @return 64 lower-case hex digits, equal to the seed's
   * @throws dev.caliber.error.ProtocolViolationException if it is not
   */
  public String sha256() {
    Evaluator.validate(protocol, Run.of("none", Map.of()), split, k);
    return Fingerprint.sha256(protocol, split, k);
  }

  /**
   * The canonical JSON {@link #sha256()} hashes, once the protocol is valid.
   *
   * @return the JSON text, as the seed's {@code json.dumps} writes it
   * @throws dev.caliber.error.ProtocolViolationException if it is not
   */
  public String canonicalJson() {
    Evaluator.validate(protocol, Run.of("none", Map.of()), split, k);
    return Fingerprint.canonicalJson(protocol, split, k);
  }
}
