package dev.caliber.cli;

import dev.caliber.io.InputLimits;
import dev.caliber.pool.QrelsMerge;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caliber pool merge}: new labels appended to the judgments, as a new TREC qrels file ({@link QrelsMerge}). */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "Append newly judged pairs (TREC qrels lines: query 0 doc label) to the judgments, as a new TREC qrels file: "
            + "the old judgments in their order, then the new ones. An exact repeat of an old judgment is counted and "
            + "not written again; another label for a pair already judged is refused, naming both files and lines.",
        "Standard error gets the counts before and after, and the SHA-256 of both sets of judgments as the protocol "
            + "fingerprint covers them, so that a changed judgments version shows."})
final class PoolMergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand PoolCommand pool;

  @Option(names = "--qrels", paramLabel = "OLD", required = true,
      description = "The judgments so far (TREC, JSON or CSV, read as evaluate reads them).")
  String qrels;

  @Option(names = "--labels", paramLabel = "NEW", required = true,
      description = "The new judgments, read as --qrels is (TREC qrels: query 0 doc label).")
  String labels;

  @Mixin LimitOptions limitOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> inputs = List.of(qrels, labels);
    Inputs.requireAtMostOneStdin(cl, inputs, List.of());
    output.requireSafeTarget(cl, inputs);
    InputLimits limits = limitOptions.limits();
    QrelsMerge.Merged m = QrelsMerge.merge(PoolCommand.judgments(cl, qrels, pool.root.stdin(), limits),
        PoolCommand.judgments(cl, labels, pool.root.stdin(), limits));
    output.write(cl.getOut(), m::writeTo);
    cl.getErr().print("caliber: merged " + m.before() + " judgments and " + (m.added() + m.duplicates()) + " new labels: "
        + m.added() + " added, " + m.duplicates() + " already there, " + m.after() + " judgments now; judgments sha256 "
        + m.beforeSha256() + " before, " + m.afterSha256() + " after\n");
    cl.getErr().flush();
    return ExitCodes.OK;
  }
}
