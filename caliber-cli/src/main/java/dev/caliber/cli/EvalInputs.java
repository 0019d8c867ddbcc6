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
 * from the same options as {@code evaluate}: for the seed's report ({@link PolicyOptions#choose}),
 * R@k and RR@k under the strict policy with the seed's validation and wording ({@link
 * dev.caliber.api.SeedProtocol#evaluate}); otherwise the general evaluator with the chosen measures
 * and policies. Nothing is scored unless every run is valid.
 */
final class EvalInputs {
  private EvalInputs() {}

  /**
   * Refuses, before anything is read, an {@code -o} that would destroy one of an evaluation's
   * inputs (the protocol's files and the lock, the runs, the history and the runs' sidecars it
   * reads) or the history it writes, though that is not created yet: evaluate's and compare's one check.
   */
  static void requireSafeOutput(CommandLine cl, Output output, ProtocolOptions protocolOptions, LockOptions lockOptions,
      RunOptions runOptions, HistoryOptions historyOptions) {
    output.requireSafeTarget(cl, Inputs.all(Inputs.all(Inputs.all(LockOptions.with(protocolOptions.filesRead(), lockOptions),
        runOptions.files()), historyOptions.files()), historyOptions.sidecars(runOptions.files())));
    historyOptions.files().forEach(h -> output.requireOtherThan(cl, "the history", h));
  }

  /**
   * Scores the runs under what the options chose ({@link PolicyOptions#choose}), once the protocol
   * read has the lock's fingerprint (when there is a lock).
   */
  static List<RunResult> score(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions.Choice choice, LockOptions lock) throws IOException {
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (choice.seedReport()) {
      dev.caliber.api.SeedProtocol seed = protocolOptions.seed(cl, root.stdin());
      lock.requireFingerprint(seed.sha256());
      return seed.evaluate(runOptions.readSeedRuns(cl, root.stdin(), protocolOptions.limits()));
    }
    EvalProtocol protocol = protocol(cl, root, protocolOptions, choice);
    lock.requireFingerprint(protocol.sha256()); // before any run is read
    // TREC runs are validated and scored while they are read (StreamingEvaluation); nothing is
    // written before every run has been read, so an invalid later run still leaves no output.
    List<RunResult> results = new ArrayList<>();
    for (StreamingEvaluation.Outcome run : runOptions.read(cl, protocol, root.stdin(), runOptions.progress(cl, root.errIsTerminal()),
        protocolOptions.limits())) {
      results.add(run.get());
    }
    return results;
  }

  /** The general protocol the options chose (not the seed's report), once its files are read. */
  static EvalProtocol protocol(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, PolicyOptions.Choice choice)
      throws IOException {
    protocolOptions.requireSubtopicsFor(cl, choice.measures());
    ProtocolSource.General g = protocolOptions.general(cl, root.stdin());
    return g.protocol(choice.policy(), choice.measures());
  }

  /**
   * Says on standard error what the user should know of runs {@link #score} scored (runs scored in
   * an order that disagrees with their scores, judgments no run can rank) and what was chosen for
   * them: once the output is written, so that a command that fails says only why, in its one line.
   * Nothing for the seed's report, which has its own checks.
   */
  static void warn(CommandLine cl, PolicyOptions.Choice choice, List<RunResult> results, List<String> files) {
    if (choice.seedReport()) {
      return;
    }
    warnOrderDisagreement(cl, choice.policy(), results, files);
    if (!results.isEmpty()) {
      warnJudgedOutsideCorpus(cl, results.get(0).protocol());
    }
    note(cl, choice);
  }

  /**
   * Says on standard error what was chosen for the user, if anything: once everything has been
   * read and scored, so that a command that fails says only why, in its one line.
   */
  static void note(CommandLine cl, PolicyOptions.Choice choice) {
    if (choice.note() != null) {
      cl.getErr().print("caliber: " + choice.note() + "\n");
      cl.getErr().flush();
    }
  }

  /**
   * Under the given order, a run whose order disagrees with its own scores or rank column is
   * scored as given, which trec_eval (sorting by score) does not do: one warning line per such run
   * on standard error, with the counts the engine made ({@link dev.caliber.eval.OrderDisagreement})
   * and the option that ranks by score. Nothing under score ordering: then the file order is not
   * what is scored.
   */
  private static void warnOrderDisagreement(CommandLine cl, Policy policy, List<RunResult> results, List<String> files) {
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

  /**
   * Judgments of documents outside the corpus are scored (no run can rank those documents), but
   * the user should know that some relevant documents can never be found: one warning line.
   */
  private static void warnJudgedOutsideCorpus(CommandLine cl, EvalProtocol protocol) {
    EvalProtocol.OutsideCorpus o = protocol.judgedOutsideCorpus();
    if (o != null) {
      cl.getErr().print("caliber: warning: " + count(o.count(), "judgment") + " of the query set name"
          + (o.count() == 1 ? "s a document" : " documents") + " outside the corpus, which no run can rank (the first: query "
          + dev.caliber.json.PyJson.canonical(o.query()) + ", document " + dev.caliber.json.PyJson.canonical(o.doc())
          + (o.at().isUnknown() ? "" : ", " + o.at()) + "); caliber protocol check lists them\n");
      cl.getErr().flush();
    }
  }

  private static String count(long n, String noun) {
    return n + " " + (n == 1 ? noun : noun.equals("query") ? "queries" : noun + "s");
  }
}
