package dev.caliber.cli;

import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.Evaluation;
import dev.caliber.eval.Evaluator;
import dev.caliber.eval.RunResult;
import dev.caliber.io.ProtocolFiles;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Turns what {@link ProtocolOptions} read into the general evaluator's inputs, for commands that
 * work on {@link RunResult}s (compare). Today the seed's JSON protocol and runs: query set = the
 * split, {@link Policy#strict()}, R@k and RR@k unless measures are named. Other input formats
 * (TREC, BEIR) plug in here by producing an {@link EvalProtocol} and {@link ScoredRun}s.
 */
final class EvalInputs {
  private EvalInputs() {}

  /** The measures named on the command line (trec_eval lists such as P.5,10 allowed), or R@k and RR@k. */
  static List<Measure> measures(CommandLine cl, List<String> names, int k) {
    if (names == null || names.isEmpty()) {
      return List.of(Measures.parse("R@" + k), Measures.parse("RR@" + k));
    }
    List<Measure> out = new ArrayList<>();
    for (String name : names) {
      try {
        out.addAll(Measures.parseAll(name));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--measure: " + e.getMessage());
      }
    }
    return out;
  }

  /**
   * The seed protocol as a general one: the split's queries, the strict policy, the measures. The
   * query set's source names the file's name only, so reports do not depend on where files lie.
   */
  static EvalProtocol seedProtocol(ProtocolOptions options, ProtocolOptions.Resolved p, List<Measure> measures) {
    String file = options.source.protocol != null ? options.source.protocol : options.source.parts.queries;
    Path name = Path.of(file).getFileName();
    String source = "split " + p.split() + ("-".equals(file) || name == null ? " of standard input" : " of " + name);
    return new EvalProtocol(p.protocol().qrels(), p.protocol().queries().inSplit(p.split()), source, p.protocol().corpus(),
        Policy.strict(), measures);
  }

  /**
   * Reads every {@code [NAME=]FILE} run, validates it exactly as {@code caliber evaluate} does
   * (the seed's rules and wording), then scores it under {@code protocol}. Nothing is scored
   * unless every run is valid.
   */
  static List<RunResult> evaluateSeedRuns(CommandLine cl, ProtocolOptions.Resolved p, EvalProtocol protocol, List<String> specs)
      throws IOException {
    Map<String, Run> runs = new LinkedHashMap<>();
    for (String spec : specs) {
      String name = Inputs.runName(spec);
      if (runs.containsKey(name)) {
        throw new CommandLine.ParameterException(cl, "two runs are named " + name + "; name them with NAME=FILE");
      }
      Run run = ProtocolFiles.run(name, Inputs.json(Inputs.runFile(spec)));
      Evaluator.validate(p.protocol(), run, p.split(), p.k());
      runs.put(name, run);
    }
    List<RunResult> results = new ArrayList<>();
    for (Run run : runs.values()) {
      results.add(Evaluation.evaluate(protocol, ScoredRun.of(run)));
    }
    return results;
  }
}
