package dev.caliber.cli;

import dev.caliber.compare.diff.Diff;
import dev.caliber.compare.diff.DiffSettings;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.compare.report.DiffHtml;
import dev.caliber.compare.report.DiffJson;
import dev.caliber.compare.report.DiffMarkdown;
import dev.caliber.compare.report.DiffTable;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.QueryListReader;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.policy.Ordering;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.report.Numbers;
import dev.caliber.report.ReportJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caliber diff A B}: what changed between two runs, before anyone judged ({@link Diff}):
 * RBO, the top-k lists and their documents, ANN recall, per query and on average.
 */
@Command(
    name = "diff",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "What changed between run A and run B, before anyone judged: rank-biased overlap, top-k overlap and the documents "
            + "that moved, arrived or left, per query and on average.",
        "RBO_min, RBO_res and RBO_ext (Webber, Moffat and Zobel 2010; p from --rbo-p), overlap@k and Jaccard@k for each --k, "
            + "the rank changes, and with --qrels which arrivals are unjudged (docs/DIFF.md).",
        "The query set is the union of both runs' queries unless --query-set names one; a query one run lacks is an empty "
            + "ranking there. --ann adds recall@k of B against A taken as the exact nearest neighbours."})
final class DiffCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Parameters(index = "0", paramLabel = "A",
      description = "Run A, the reference ([NAME=]FILE; - for standard input): TREC, JSON or CSV, read as evaluate reads --run.")
  String a;

  @Parameters(index = "1", paramLabel = "B", description = "Run B, compared with A (the same forms).")
  String b;

  @Mixin RunOptions.RunFiles runFiles;

  @Option(names = "--qrels", paramLabel = "FILE",
      description = "Judgments (TREC, JSON or CSV, read as evaluate reads them): each document new to B's top k says whether they judge it.")
  String qrels;

  @Option(names = "--query-set", paramLabel = "FILE",
      description = "The queries to compare, one ID per line, in that order (default: the union of both runs' queries, in code point order). Run queries outside it are ignored and listed.")
  String querySet;

  @Option(names = "--k", paramLabel = "K",
      description = "A cutoff of overlap@k, Jaccard@k, the rank changes and recall@k (repeatable; default 10).")
  @WholeNumbers.Range(from = 1)
  List<Integer> cutoffs = new ArrayList<>();

  @Option(names = "--ordering", paramLabel = "RULE", defaultValue = "score",
      description = "How a run's entries become its ranking: score (score descending, ties by document ID descending, as trec_eval; the default) or given (file or list order).")
  Ordering ordering;

  @Option(names = "--depth", paramLabel = "N", description = "Compare only the first N ranked documents of each query, for every value. Default: all.")
  @WholeNumbers.Range(from = 1)
  Integer depth;

  @Option(names = "--rbo-p", paramLabel = "P", defaultValue = "0.9",
      description = "RBO's persistence, strictly between 0 and 1 (default: ${DEFAULT-VALUE}, which puts about 86%% of the weight on the first 10 ranks).")
  double persistence;

  @Option(names = "--ann",
      description = "Also report recall@k of run B against run A taken as the exact nearest neighbours: |top-k(B) ∩ top-k(A)| / min(k, |A|), compared by document ID.")
  boolean ann;

  /** Output formats. */
  enum Format { tsv, csv, json, md, html }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "tsv",
      description = "tsv (a row per query and a row of means; the default), csv (the same table for a spreadsheet), json (every value, exact fractions where rational, and each top k's documents), md or html (with each changed query's documents).")
  Format format;

  @Option(names = "--raw-csv",
      description = "With --format csv: write query IDs that begin with = + - @ as they are. By default they get a leading ' so that a spreadsheet shows them instead of running them as formulas.")
  boolean rawCsv;

  @Option(names = "--exact", description = "With --format tsv, csv, md or html: overlap, Jaccard and recall as exact fractions (7/10) instead of decimals. JSON always holds them.")
  boolean exact;

  @Mixin LimitOptions limitOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    DiffSettings settings = settings(cl);
    if (exact && format == Format.json) {
      throw new CommandLine.ParameterException(cl, "--exact applies to --format tsv, csv, md or html; JSON always holds exact fractions");
    }
    if (rawCsv && format != Format.csv) {
      throw new CommandLine.ParameterException(cl, "--raw-csv applies to --format csv only, not --format " + format);
    }
    List<String> runs = List.of(Inputs.runFile(a), Inputs.runFile(b));
    List<String> others = Stream.of(qrels, querySet).filter(Objects::nonNull).toList();
    Inputs.requireAtMostOneStdin(cl, runs, others);
    output.requireSafeTarget(cl, Inputs.all(runs, others));
    InputLimits limits = limitOptions.limits();
    ScoredRun runA = runFiles.runFile(a, limits).read(root.stdin());
    ScoredRun runB = runFiles.runFile(b, limits).read(root.stdin());
    Diff diff = Diff.of(runA, runB).settings(settings);
    if (querySet != null) {
      List<String> ids = QueryListReader.read(querySet, root.stdin(), limits);
      diff = diff.querySet(ids, QueryListReader.source(querySet, ids));
    }
    if (qrels != null) {
      diff = diff.judgments(Inputs.judgments(cl, qrels, root.stdin(), limits));
    }
    RunDiff d = diff.compute();
    Numbers numbers = Numbers.exact(exact);
    AtomicFile.Text text = switch (format) {
      case tsv -> AtomicFile.Text.of(DiffTable.tsv(d, numbers));
      case csv -> AtomicFile.Text.of(DiffTable.csv(d, rawCsv, numbers));
      case json -> pieces -> ReportJson.render(DiffJson.toData(d), pieces); // in pieces
      case md -> AtomicFile.Text.of(DiffMarkdown.render(d, numbers));
      case html -> AtomicFile.Text.of(DiffHtml.render(d, numbers));
    };
    output.write(cl.getOut(), text);
    return ExitCodes.OK;
  }

  /** The settings the options give, checked by the library's rules before anything is read. */
  private DiffSettings settings(CommandLine cl) {
    try {
      DiffSettings.requirePersistence(persistence);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--rbo-p: " + e.getMessage());
    }
    List<Integer> ks = cutoffs.isEmpty() ? List.of(DiffSettings.DEFAULT_K) : cutoffs;
    try {
      DiffSettings.requireCutoffs(ks);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--k: " + e.getMessage());
    }
    return new DiffSettings(persistence, ks, depth == null ? 0 : depth, ordering, ann);
  }
}
