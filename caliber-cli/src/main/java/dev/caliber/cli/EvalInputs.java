package dev.caliber.cli;

import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.Evaluation;
import dev.caliber.eval.Evaluator;
import dev.caliber.eval.RunResult;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Scores runs for commands that work on {@link RunResult}s (evaluate's non-seed formats, compare),
 * from the same options as {@code evaluate}: on the seed's inputs without measures or policies,
 * R@k and RR@k under {@link Policy#strict()} with the seed's validation and wording; otherwise the
 * general evaluator with the declared measures and policies. Nothing is scored unless every run
 * is valid.
 */
final class EvalInputs {
  private EvalInputs() {}

  /**
   * Scores the runs.
   *
   * @param judgedCoverage whether pooled judgments add Judged@k for the measures' cutoffs
   *     ({@link PolicyOptions#measures(CommandLine, Policy)}): evaluate does; compare does not, so
   *     that the family of tested hypotheses is the measures the user asked for
   */
  static List<RunResult> score(CommandLine cl, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions policyOptions, boolean judgedCoverage) throws IOException {
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (policyOptions.seedMode()) {
      ProtocolOptions.Resolved p = protocolOptions.read(cl);
      EvalProtocol protocol = Evaluator.protocol(p.protocol(), p.split(), p.k(), protocolOptions.splitSource(p.split()));
      List<Run> runs = runOptions.readSeedRuns(cl);
      for (Run run : runs) {
        Evaluator.validate(p.protocol(), run, p.split(), p.k());
      }
      List<RunResult> results = new ArrayList<>();
      for (Run run : runs) {
        results.add(Evaluation.evaluate(protocol, ScoredRun.of(run)));
      }
      return results;
    }
    ProtocolOptions.General g = protocolOptions.readGeneral(cl);
    Policy policy = policyOptions.policy(cl);
    EvalProtocol protocol = new EvalProtocol(g.qrels(), g.querySet(), g.querySetSource(), g.corpus(), policy,
        judgedCoverage ? policyOptions.measures(cl, policy) : policyOptions.measures(cl));
    // TREC runs are validated and scored while they are read (StreamingEvaluation); nothing is
    // written before every run has been read, so an invalid later run still leaves no output.
    List<RunResult> results = new ArrayList<>();
    for (Object run : runOptions.read(cl, protocol, runOptions.progress(cl))) {
      results.add(run instanceof ScoredRun whole
          ? Evaluation.evaluate(protocol, whole)
          : ((dev.caliber.eval.StreamingEvaluation.Outcome) run).get());
    }
    return results;
  }
}
