package dev.caliber.cli;

import dev.caliber.api.Preset;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.agreement.Agreement;
import dev.caliber.compare.agreement.QrelsAgreement;
import dev.caliber.compare.agreement.SystemOrderings;
import dev.caliber.compare.report.AgreementJson;
import dev.caliber.compare.report.AgreementMarkdown;
import dev.caliber.compare.report.AgreementTable;
import dev.caliber.io.InputLimits;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.report.Numbers;
import dev.caliber.report.ReportJson;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caliber qrels compare A B}: how far two judgment sets for the same topics agree and, with
 * runs, whether they would change a conclusion ({@link Agreement}, {@link SystemOrderings}).
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "How far two judgment sets for the same topics agree, over the (query, document) pairs both judge, overall and per "
            + "query: the confusion matrix, raw agreement, Cohen's kappa at the relevance threshold, weighted kappa (linear, "
            + "quadratic) and Krippendorff's alpha (nominal, ordinal, interval), exact; a coefficient with no value says why.",
        "With two or more --run: each run scored with --measure under A and under B over the queries both judge (pooled, as "
            + "trec_eval -c), Kendall's tau-b and tau_AP of the two orderings, the pairs that swap, and the pairs whose "
            + "significance differs (paired randomization test, Holm over all pairs under each set; docs/AGREEMENT.md)."})
final class QrelsCompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand QrelsCommand parent;

  @Parameters(index = "0", paramLabel = "A",
      description = "Judgment set A (TREC, JSON or CSV qrels, or judgments with sources, read as evaluate reads --qrels; - "
          + "for standard input): the confusion matrix's rows, tau_AP's first reference. Labels may be decimals (0.7), "
          + "compared exactly.")
  String a;

  @Parameters(index = "1", paramLabel = "B", description = "Judgment set B (the same forms): the columns.")
  String b;

  @Option(names = "--label-sources-a", paramLabel = "SOURCE[,SOURCE...]", split = ",",
      description = "For A's judgments with sources: the sources that count, highest first, as evaluate's --label-sources. "
          + "One option per set, so that one file of several sources can be compared with itself (A: nist, B: "
          + "llm:gpt-4o). Default: every source counts, and a pair labelled by two sources is an error.")
  List<String> labelSourcesA = List.of();

  @Option(names = "--label-sources-b", paramLabel = "SOURCE[,SOURCE...]", split = ",",
      description = "The same for B's judgments.")
  List<String> labelSourcesB = List.of();

  @Option(names = "--run", paramLabel = "[NAME=]FILE",
      description = "A run to score under both sets (TREC, JSON or CSV, read as evaluate reads --run). Repeatable; none, or "
          + "at least two.")
  List<String> runs = new ArrayList<>();

  @Mixin RunOptions.RunFiles runFiles;

  @Option(names = "--relevance-threshold", paramLabel = "N", defaultValue = "1",
      description = "Lowest label counted relevant, by the binary kappa and agreement and by the measure (default: ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int threshold;

  @Option(names = {"-m", "--measure"}, paramLabel = "NAME", defaultValue = "nDCG@10",
      description = "The one measure the runs are scored with (default: ${DEFAULT-VALUE}); any name 'caliber measures' lists.")
  String measure;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of the randomization test (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--permutations", paramLabel = "N", defaultValue = "10000",
      description = "Random sign flips of the randomization test; all 2^n are enumerated when that is fewer (default: ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int permutations;

  @Option(names = "--confidence", paramLabel = "C", defaultValue = "0.95",
      description = "A pair is significant when its Holm-adjusted p-value is below 1 - C (default: ${DEFAULT-VALUE}).")
  double confidence;

  /** Output formats. */
  enum Format { json, md, tsv }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json (everything, exact fractions; the default), md (a readable report with the confusion matrix and "
          + "the orderings) or tsv (a row per query and a row of all pairs).")
  Format format;

  @Option(names = "--exact", description = "With --format md or tsv: exact values as fractions (726/1055) instead of decimals. JSON always holds them.")
  boolean exact;

  @Mixin LimitOptions limitOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    if (exact && format == Format.json) {
      throw new CommandLine.ParameterException(cl, "--exact applies to --format md or tsv; JSON always holds exact fractions");
    }
    if (runs.size() == 1) {
      throw new CommandLine.ParameterException(cl, "--run: an ordering needs at least two runs, got one (" + runs.get(0) + ")");
    }
    Measure m = measure(cl);
    CompareSettings settings = settings(cl);
    List<String> files = runs.stream().map(Inputs::runFile).toList();
    Inputs.requireAtMostOneStdin(cl, List.of(a, b), files);
    output.requireSafeTarget(cl, Inputs.all(List.of(a, b), files));
    RunOptions.requireUniqueNames(cl, runs);
    InputLimits limits = limitOptions.limits();
    Qrels qa = Inputs.judgments(cl, a, parent.root.stdin(), limits, Inputs.precedence(cl, "--label-sources-a", labelSourcesA));
    Qrels qb = Inputs.judgments(cl, b, parent.root.stdin(), limits, Inputs.precedence(cl, "--label-sources-b", labelSourcesB));
    QrelsAgreement result = Agreement.of(qa, qb, threshold);
    if (!runs.isEmpty()) {
      List<ScoredRun> scored = new ArrayList<>();
      for (String r : runs) {
        scored.add(runFiles.runFile(r, limits).read(parent.root.stdin()));
      }
      try {
        result = result.withOrderings(SystemOrderings.of(qa, qb, scored,
            Preset.TREC_EVAL.policy().withRelevanceThreshold(threshold), m, settings));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, e.getMessage());
      }
    }
    Numbers numbers = Numbers.exact(exact);
    QrelsAgreement r = result;
    AtomicFile.Text text = switch (format) {
      case json -> pieces -> ReportJson.render(AgreementJson.toData(r, a, b), pieces);
      case md -> AtomicFile.Text.of(AgreementMarkdown.render(r, a, b, numbers));
      case tsv -> AtomicFile.Text.of(AgreementTable.tsv(r, numbers));
    };
    output.write(cl.getOut(), text);
    return ExitCodes.OK;
  }

  private Measure measure(CommandLine cl) {
    try {
      return Measures.parse(measure);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--measure: " + e.getMessage());
    }
  }

  private CompareSettings settings(CommandLine cl) {
    try {
      return new CompareSettings(seed, CompareSettings.DEFAULT_RESAMPLES, permutations, confidence,
          CompareSettings.Mode.ALL_PAIRS, null);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

}
