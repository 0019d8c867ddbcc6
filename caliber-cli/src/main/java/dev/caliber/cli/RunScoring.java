package dev.caliber.cli;

import dev.caliber.api.source.GeneralInputs;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Scores runs for commands that work on {@link RunResult}s (evaluate's non-seed formats, compare),
 * from the same options as {@code evaluate}: for the seed's report ({@link PolicyOptions#choose}),
 * R@k and RR@k under the strict policy with the seed's validation and wording ({@link
 * dev.caliber.api.source.SeedProtocol#evaluate}); otherwise the general evaluator with the chosen measures
 * and policies. Nothing is scored unless every run is valid.
 */
final class RunScoring {
  private RunScoring() {}

  /**
   * Refuses, before anything is read, an {@code -o} that would destroy one of an evaluation's
   * inputs (the protocol's files and the lock, the runs, the history, and the runs' sidecars that it
   * or the lock's pins read) or the history it writes, though that is not created yet: evaluate's
   * and compare's one check.
   */
  static void requireSafeOutput(CommandLine cl, Output output, ProtocolOptions protocolOptions, LockOptions lockOptions,
      RunOptions runOptions, HistoryOptions historyOptions) {
    requireSafeOutputs(cl, List.of(output), protocolOptions, lockOptions, runOptions, historyOptions);
  }

  /** {@link #requireSafeOutput} for several outputs, each also other than the others. */
  static void requireSafeOutputs(CommandLine cl, List<Output> outputs, ProtocolOptions protocolOptions,
      LockOptions lockOptions, RunOptions runOptions, HistoryOptions historyOptions) {
    requireSafeOutputs(cl, outputs, protocolOptions, lockOptions, runOptions, historyOptions, List.of());
  }

  /** {@link #requireSafeOutputs(CommandLine, List, ProtocolOptions, LockOptions, RunOptions, HistoryOptions)}, with more files read. */
  static void requireSafeOutputs(CommandLine cl, List<Output> outputs, ProtocolOptions protocolOptions,
      LockOptions lockOptions, RunOptions runOptions, HistoryOptions historyOptions, List<String> alsoRead) {
    java.util.Collection<String> inputs = Inputs.all(Inputs.all(Inputs.all(Inputs.all(LockOptions.with(protocolOptions.filesRead(),
        lockOptions), runOptions.files()), historyOptions.files()), historyOptions.sidecars(runOptions.files())), Inputs.all(lockOptions.sidecars(runOptions.files()), alsoRead));
    for (int i = 0; i < outputs.size(); i++) {
      Output output = outputs.get(i);
      output.requireSafeTarget(cl, inputs);
      historyOptions.files().forEach(h -> output.requireOtherThan(cl, "the history", h));
      for (Output earlier : outputs.subList(0, i)) {
        output.requireOtherThan(cl, "the output of " + earlier.option(), earlier.file);
      }
    }
  }

  /**
   * Scores the runs under what the options chose ({@link PolicyOptions#choose}), once the protocol
   * read has the lock's fingerprint (when there is a lock).
   */
  static List<RunResult> score(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions.Choice choice, LockOptions lock) throws IOException {
    return score(cl, root, protocolOptions, runOptions, choice, lock, false);
  }

  /** {@link #score(CommandLine, Caliber, ProtocolOptions, RunOptions, PolicyOptions.Choice, LockOptions)}, with each mean's bounds under holes when asked (not for the seed's report). */
  static List<RunResult> score(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions.Choice choice, LockOptions lock, boolean bounds) throws IOException {
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (choice.seedReport()) {
      dev.caliber.api.source.SeedProtocol seed = protocolOptions.seed(cl, root.stdin());
      lock.requireFingerprint(seed.sha256());
      return seed.evaluate(runOptions.readSeedRuns(cl, root.stdin(), protocolOptions.limits()));
    }
    EvalProtocol protocol = protocol(cl, root, protocolOptions, choice);
    lock.requireFingerprint(protocol.sha256()); // before any run is read
    // TREC runs are validated and scored while they are read (StreamingEvaluation); nothing is
    // written before every run has been read, so an invalid later run still leaves no output.
    List<RunResult> results = new ArrayList<>();
    for (StreamingEvaluation.Outcome run : runOptions.read(cl, protocol, root.stdin(), runOptions.progress(cl, root.errIsTerminal()),
        protocolOptions.limits(), bounds)) {
      results.add(run.get());
    }
    return results;
  }

  /** The general protocol the options chose (not the seed's report), once its files are read. */
  static EvalProtocol protocol(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, PolicyOptions.Choice choice)
      throws IOException {
    protocolOptions.requireSubtopicsFor(cl, choice.measures());
    GeneralInputs g = protocolOptions.general(cl, root.stdin());
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
    warnNothingMatched(cl, results, files);
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
    for (String note : choice.notes()) {
      cl.getErr().print("caliber: " + note + "\n");
    }
    cl.getErr().flush();
  }

  /**
   * Under the given order, a run whose order disagrees with its own scores or rank column is
   * scored as given, which trec_eval (sorting by score) does not do: one warning line per such run
   * on standard error, with the counts the engine made ({@link dev.caliber.result.OrderDisagreement})
   * and the option that ranks by score. Nothing under score ordering: then the file order is not
   * what is scored.
   */
  private static void warnOrderDisagreement(CommandLine cl, Policy policy, List<RunResult> results, List<String> files) {
    if (policy.ordering() != dev.caliber.policy.Ordering.GIVEN) {
      return;
    }
    for (int i = 0; i < results.size(); i++) {
      dev.caliber.result.OrderDisagreement d = results.get(i).orderDisagreement();
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
   * A run that matches nothing of the judgments scores 0 everywhere, silently in the machine
   * formats: one warning line per run when none of its queries is in the query set, or when none
   * of the documents it ranks within the evaluated depth is judged (IDs spelt otherwise: {@code q101}
   * against {@code 101}, another case), with an example of each side.
   */
  private static void warnNothingMatched(CommandLine cl, List<RunResult> results, List<String> files) {
    for (int i = 0; i < results.size(); i++) {
      RunResult r = results.get(i);
      String run = "caliber: warning: run " + dev.caliber.json.PyJson.canonical(r.runName()) + " (" + files.get(i) + "): ";
      List<String> querySet = r.protocol().querySet();
      boolean noneAnswered = r.rows().stream().allMatch(dev.caliber.result.QueryResult::missing);
      if (noneAnswered && !r.ignoredQueries().isEmpty() && !querySet.isEmpty()) {
        cl.getErr().print(run + "none of its " + count(r.ignoredQueries().size(), "query") + " is in the query set, so every"
            + " query scores as missing (the run's first: " + dev.caliber.json.PyJson.canonical(r.ignoredQueries().get(0))
            + "; the query set's first: " + dev.caliber.json.PyJson.canonical(querySet.get(0)) + "); check that the run and"
            + " the judgments spell query IDs alike\n");
        continue;
      }
      int depth = r.protocol().policy().depth();
      long ranked = 0;
      long unjudged = 0;
      dev.caliber.result.QueryResult example = null;
      for (dev.caliber.result.QueryResult q : r.rows()) {
        long inDepth = depth > 0 ? Math.min(q.returned(), depth) : q.returned();
        ranked += inDepth;
        unjudged += q.unjudged();
        java.util.Map<String, Integer> judgments = r.protocol().qrels().row(q.query());
        if (example == null && inDepth > 0 && judgments != null && !judgments.isEmpty()) {
          example = q;
        }
      }
      if (ranked > 0 && unjudged == ranked && example != null) {
        String judged = r.protocol().qrels().row(example.query()).keySet().iterator().next();
        cl.getErr().print(run + "none of the " + count(ranked, "document") + " it ranks within the evaluated depth is judged,"
            + " so every value rests on unjudged documents (query " + dev.caliber.json.PyJson.canonical(example.query())
            + " ranks " + (depth > 0 ? Math.min(example.returned(), depth) : example.returned()) + ", none judged; a document it judges: " + dev.caliber.json.PyJson.canonical(judged)
            + "); check that the run and the judgments spell document IDs alike\n");
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
