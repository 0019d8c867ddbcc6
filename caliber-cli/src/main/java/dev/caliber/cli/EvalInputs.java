package dev.caliber.cli;

import dev.caliber.api.ProtocolSource;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.RunResult;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.policy.Policy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Scores runs for commands that work on {@link RunResult}s (evaluate's non-seed formats, compare),
 * from the same options as {@code evaluate}: on the seed's inputs without measures or policies,
 * R@k and RR@k under {@link Policy#strict()} with the seed's validation and wording
 * ({@link dev.caliber.api.SeedProtocol#evaluate}); otherwise the general evaluator with the
 * declared measures and policies. Nothing is scored unless every run is valid.
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
  static List<RunResult> score(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions policyOptions, boolean judgedCoverage) throws IOException {
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (policyOptions.seedMode()) {
      return protocolOptions.seed(cl, root.stdin()).evaluate(runOptions.readSeedRuns(cl, root.stdin(), protocolOptions.limits()));
    }
    ProtocolSource.General g = protocolOptions.general(cl, root.stdin());
    Policy policy = policyOptions.policy(cl);
    EvalProtocol protocol = g.protocol(policy,
        judgedCoverage ? policyOptions.measures(cl, policy) : policyOptions.measures(cl));
    // TREC runs are validated and scored while they are read (StreamingEvaluation); nothing is
    // written before every run has been read, so an invalid later run still leaves no output.
    List<RunResult> results = new ArrayList<>();
    for (StreamingEvaluation.Outcome run : runOptions.read(cl, protocol, root.stdin(), runOptions.progress(cl, root.errIsTerminal()),
        protocolOptions.limits())) {
      results.add(run.get());
    }
    warnOrderDisagreement(cl, policy, results, runOptions.files());
    return results;
  }

  /**
   * Under the given order, a run whose order disagrees with its own scores or rank column is
   * scored as given, which trec_eval (sorting by score) does not do: one warning line per such run
   * on standard error, with the counts the engine made ({@link dev.caliber.eval.OrderDisagreement})
   * and the option that ranks by score. Nothing under score ordering: then the file order is not
   * what is scored.
   */
  static void warnOrderDisagreement(CommandLine cl, Policy policy, List<RunResult> results, List<String> files) {
    if (policy.ordering() != dev.caliber.policy.Ordering.GIVEN) {
      return;
    }
    for (int i = 0; i < results.size(); i++) {
      dev.caliber.eval.OrderDisagreement d = results.get(i).orderDisagreement();
      if (d.any()) {
        cl.getErr().print("caliber: warning: run " + dev.caliber.json.PyJson.canonical(results.get(i).runName()) + " ("
            + files.get(i) + "): " + count(d.lines(), "line") + " in " + count(d.queries(), "query")
            + " out of order (" + d.scoreLines() + " with a score higher than the line before, " + d.rankLines()
            + " with a rank no greater than the line before); scored in file order (--ordering given); --ordering score"
            + " ranks by score, as trec_eval does\n");
      }
    }
    cl.getErr().flush();
  }

  private static String count(long n, String noun) {
    return n + " " + (n == 1 ? noun : noun.equals("query") ? "queries" : noun + "s");
  }
}
