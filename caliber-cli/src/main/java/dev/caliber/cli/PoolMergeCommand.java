package dev.caliber.cli;

import dev.caliber.api.source.JudgmentFiles;
import dev.caliber.io.InputLimits;
import dev.caliber.pool.QrelsMerge;
import dev.caliber.protocol.Qrels;
import dev.caliber.report.TrecTokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code caliber pool merge}: new labels appended to the judgments, as a new TREC qrels file, or,
 * when labels name their source, a new judgments-with-sources table ({@link QrelsMerge}).
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "Append newly judged pairs (TREC qrels lines: query 0 doc label) to the judgments, as a new TREC qrels file: "
            + "the old judgments in their order, then the new ones. An exact repeat of an old judgment is counted and "
            + "not written again; another label for a pair already judged is refused, naming both files and lines.",
        "With sources (either file names them, or --qrels-source / --labels-source names them): a judgments-with-sources "
            + "table (query, doc, label, source; exact labels) is written, every source's labels kept. A pair the same "
            + "source labelled is a repeat or refused as above; a pair another source labelled gets the new label beside "
            + "the old, and --label-sources decides which counts when the judgments are read.",
        "Standard error gets the counts before and after (per source, with sources), and the SHA-256 of both sets of "
            + "judgments as the protocol fingerprint covers them, so that a changed judgments version shows."})
final class PoolMergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand PoolCommand pool;

  @Option(names = "--qrels", paramLabel = "OLD", required = true,
      description = "The judgments so far (TREC, JSON or CSV, or judgments with sources, read as evaluate reads them).")
  String qrels;

  @Option(names = "--labels", paramLabel = "NEW", required = true,
      description = "The new judgments, read as --qrels is (TREC qrels: query 0 doc label; or a table with a source column).")
  String labels;

  @Option(names = "--qrels-source", paramLabel = "NAME",
      description = "The source of OLD's labels when OLD names none (nist): the output is then a judgments-with-sources table.")
  String qrelsSource;

  @Option(names = "--labels-source", paramLabel = "NAME",
      description = "The source of NEW's labels when NEW names none (llm:gpt-4o, umbrela): the output is then a "
          + "judgments-with-sources table.")
  String labelsSource;

  @Option(names = "--label-sources", paramLabel = "SOURCE[,SOURCE...]", split = ",",
      description = "With sources: the precedence evaluate will read the merged judgments under (its --label-sources), "
          + "for the SHA-256 on standard error; the output keeps every label. Default: every source counts, and with a "
          + "pair labelled by two sources there is no such hash.")
  List<String> labelSources = List.of();

  @Mixin LimitOptions limitOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> inputs = List.of(qrels, labels);
    Inputs.requireAtMostOneStdin(cl, inputs, List.of());
    output.requireSafeTarget(cl, inputs);
    name(cl, "--qrels-source", qrelsSource);
    name(cl, "--labels-source", labelsSource);
    Inputs.precedence(cl, "--label-sources", labelSources);
    InputLimits limits = limitOptions.limits();
    List<Qrels> old = JudgmentFiles.readBySource(qrels, pool.root.stdin(), limits);
    List<Qrels> news = JudgmentFiles.readBySource(labels, pool.root.stdin(), limits);
    boolean oldNamed = !old.get(0).sources().isEmpty();
    boolean newNamed = !news.get(0).sources().isEmpty();
    if (!oldNamed && !newNamed && qrelsSource == null && labelsSource == null) {
      if (!labelSources.isEmpty()) {
        throw new CommandLine.ParameterException(cl, "--label-sources applies to judgments with sources; neither " + qrels
            + " nor " + labels + " names one, and no --qrels-source or --labels-source was given");
      }
      plain(cl, old.get(0), news.get(0));
      return ExitCodes.OK;
    }
    String oldSource = sourceOf(cl, "--qrels-source", qrelsSource, "OLD", qrels, old);
    String newSource = sourceOf(cl, "--labels-source", labelsSource, "NEW", labels, news);
    QrelsMerge.Sourced m = QrelsMerge.mergeSources(old, oldSource, news, newSource, labelSources);
    output.write(cl.getOut(), m::writeTo);
    long before = m.before().values().stream().mapToLong(Long::longValue).sum();
    long after = m.after().values().stream().mapToLong(Long::longValue).sum();
    StringBuilder say = new StringBuilder("caliber: merged ").append(before).append(" labels (").append(counts(m.before()))
        .append(") and ").append(m.added() + m.duplicates()).append(" new labels: ").append(m.added()).append(" added, ")
        .append(m.duplicates()).append(" already there, ").append(after).append(" labels now (").append(counts(m.after()))
        .append(")");
    if (m.shared() > 0) {
      say.append("; ").append(m.shared()).append(m.shared() == 1 ? " pair is" : " pairs are")
          .append(" labelled by several sources, and evaluate counts the label of the first its --label-sources lists");
    }
    say.append("; judgments sha256 ").append(sha(m.beforeSha256())).append(" before, ").append(sha(m.afterSha256()))
        .append(" after");
    if (m.beforeSha256() == null || m.afterSha256() == null) {
      say.append(" (").append(labelSources.isEmpty() ? "a pair labelled by two sources needs --label-sources to be read"
          : "no label from the sources --label-sources lists").append(")");
    }
    cl.getErr().print(say.append('\n'));
    cl.getErr().flush();
    return ExitCodes.OK;
  }

  /** TREC qrels merged as before: a TREC qrels file. */
  private void plain(CommandLine cl, Qrels old, Qrels news) throws java.io.IOException {
    QrelsMerge.Merged m = QrelsMerge.merge(old, news);
    output.write(cl.getOut(), m::writeTo);
    cl.getErr().print("caliber: merged " + m.before() + " judgments and " + (m.added() + m.duplicates()) + " new labels: "
        + m.added() + " added, " + m.duplicates() + " already there, " + m.after() + " judgments now; judgments sha256 "
        + m.beforeSha256() + " before, " + m.afterSha256() + " after\n");
    cl.getErr().flush();
  }

  /** The source option of one input: required when it names none, refused when it names its own. */
  private static String sourceOf(CommandLine cl, String option, String given, String what, String file, List<Qrels> read) {
    List<String> named = new ArrayList<>();
    read.forEach(q -> named.addAll(q.sources()));
    if (!named.isEmpty() && given != null) {
      throw new CommandLine.ParameterException(cl, option + " names the source of " + what + "'s labels when it names none; "
          + file + " names its sources (" + String.join(", ", named) + "): give no " + option);
    }
    if (named.isEmpty() && given == null) {
      throw new CommandLine.ParameterException(cl, what + " (" + file + ") names no source, and the merged judgments name one"
          + " for every label: give " + option + " NAME");
    }
    return given;
  }

  /** A source name a table row can hold. */
  private static void name(CommandLine cl, String option, String name) {
    if (name == null) {
      return;
    }
    try {
      TrecTokens.require("source", name, "a judgments table's row", "give a name without blanks, such as nist or llm:gpt-4o");
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage());
    }
  }

  private static String counts(Map<String, Long> perSource) {
    List<String> each = new ArrayList<>();
    perSource.forEach((s, n) -> each.add(s + " " + n));
    return each.isEmpty() ? "none" : String.join(", ", each);
  }

  private static String sha(String hex) {
    return hex == null ? "none" : hex;
  }
}
