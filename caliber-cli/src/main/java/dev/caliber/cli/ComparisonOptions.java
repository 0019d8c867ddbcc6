package dev.caliber.cli;

import dev.caliber.api.EvalFiles;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.FacetComparison;
import dev.caliber.compare.FacetComparisons;
import dev.caliber.compare.MultipleComparison;
import dev.caliber.compare.MultipleComparisons;
import dev.caliber.compare.report.CompareHtml;
import dev.caliber.compare.report.CompareJson;
import dev.caliber.compare.report.CompareLatex;
import dev.caliber.compare.report.CompareMarkdown;
import dev.caliber.compare.report.CompareTable;
import dev.caliber.compare.report.FacetComparisonReport;
import dev.caliber.compare.report.MultipleComparisonReport;
import dev.caliber.io.InputLimits;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.report.Numbers;
import dev.caliber.result.RunResult;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The comparison's statistics and report formats, shared by {@code compare} (fresh runs) and {@code
 * history compare} (recorded entries): the same settings, the same checks, the same writers.
 */
final class ComparisonOptions {
  /** Output formats. */
  enum Format { json, md, tsv, csv, latex, html }

  @Option(names = "--baseline", paramLabel = "NAME", description = "The run the others are compared against (default: the first --run).")
  String baseline;

  @Option(names = "--all-pairs", description = "Compare every pair of runs instead (the run given first is each pair's baseline).")
  boolean allPairs;

  @Option(names = "--tukey",
      description = "Also test every run at once, per measure: a two-way ANOVA (run x query) and the randomised Tukey HSD test of every "
          + "pair (--permutations within-query permutations, --seed; significant below 1 - --confidence). Markdown and HTML add a "
          + "significance matrix, JSON multiple_comparisons, LaTeX the ANOVA table; CSV and TSV become its table.")
  boolean tukey;

  @Option(names = "--groups", paramLabel = "FILE",
      description = "Query groups: one line per query, query-id<TAB>group, for paraphrases of one need (docs/FORMATS.md, "
          + "\"Query groups\"). The bootstrap then draws whole groups and the randomization and Tukey HSD tests move a group's "
          + "queries together; a query not listed is a group of its own. With one query per group the numbers are the same.")
  String groups;

  @Option(names = "--facets", paramLabel = "FILE",
      description = "Also compare every measure and pair per facet value: a file of query-id<TAB>facet<TAB>value lines "
          + "(docs/FORMATS.md, 'Facets'), every query of the query set with one value of each facet. Each value's queries alone: "
          + "delta, bootstrap interval, randomization test, Holm over every measure x pair x facet value (apart from the overall "
          + "family). Markdown, HTML (a forest plot per facet and measure) and LaTeX add a section, JSON facet_comparisons; "
          + "CSV and TSV become its table (not with --tukey).")
  String facets;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of the bootstrap and the randomization test (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--resamples", paramLabel = "N", defaultValue = "10000", description = "Bootstrap resamples (default: ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1, to = dev.caliber.compare.CompareSettings.MAX_RESAMPLES)
  int resamples;

  @Option(names = "--permutations", paramLabel = "N", defaultValue = "10000",
      description = "Random sign flips of the randomization test; all 2^n are enumerated when that is fewer (default: ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int permutations;

  @Option(names = "--confidence", paramLabel = "C", defaultValue = "0.95", description = "Confidence level of the interval (default: ${DEFAULT-VALUE}).")
  double confidence;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json, md, tsv, csv, latex or html (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--raw-csv",
      description = "With --format csv: write IDs that begin with = + - @ as they are. By default they get a leading ' so that a spreadsheet shows them instead of running them as formulas.")
  boolean rawCsv;

  @Option(names = "--exact", description = "With --format md, tsv, csv, latex or html: print exact values and deltas as fractions "
      + "(5/6) instead of decimals (0.8333). JSON always holds the fractions.")
  boolean exact;

  /** The settings, checked with the options that combine, before anything is read. */
  CompareSettings settings(CommandLine cl) {
    if (rawCsv && format != Format.csv) {
      throw new CommandLine.ParameterException(cl, "--raw-csv applies to --format csv only, not --format " + format);
    }
    if (exact && format == Format.json) {
      throw new CommandLine.ParameterException(cl, "--exact applies to --format md, tsv, csv, latex or html; JSON always holds exact fractions");
    }
    if (facets != null && tukey && isTable()) {
      throw new CommandLine.ParameterException(cl, "--facets and --tukey each make --format " + format
          + " their own table; give one of them, or use --format json, md, latex or html for both");
    }
    if (allPairs && baseline != null) {
      throw new CommandLine.ParameterException(cl, "--baseline and --all-pairs exclude each other: with all pairs every pair has its own baseline");
    }
    try {
      CompareSettings s = new CompareSettings(seed, resamples, permutations, confidence, CompareSettings.Mode.BASELINE, baseline);
      return allPairs ? s.allPairs() : s;
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

  /**
   * The settings with the query groups of {@code --groups}, read now (after the checks of {@link
   * #settings}); the settings themselves without it.
   */
  CompareSettings withGroups(CompareSettings settings, java.io.InputStream stdin, InputLimits limits)
      throws java.io.IOException {
    return groups == null ? settings : settings.withGroups(dev.caliber.api.EvalFiles.readGroups(groups, stdin, limits));
  }

  /**
   * Compares the results and renders the comparison in the chosen format, per facet value too with
   * {@code --facets} (its file read from {@code stdin} when it is {@code -}).
   */
  AtomicFile.Text compare(CommandLine cl, List<RunResult> results, CompareSettings settings, java.io.InputStream stdin,
      InputLimits limits) throws java.io.IOException {
    Comparison comparison = comparison(cl, results, settings);
    return render(comparison, facetComparison(comparison, stdin, limits), data -> data, null);
  }

  /** The files this reads besides the runs and the protocol: the group and facet files, if any. */
  List<String> filesRead() {
    List<String> files = new java.util.ArrayList<>();
    if (groups != null) {
      files.add(groups);
    }
    if (facets != null) {
      files.add(facets);
    }
    return files;
  }

  /**
   * The comparison per facet value with {@code --facets}: the file read, checked against the query
   * set (a query without a value is bad input, exit 3), every pair compared per value.
   *
   * @return the comparison per facet value, or null without {@code --facets}
   */
  FacetComparison facetComparison(Comparison comparison, java.io.InputStream stdin, InputLimits limits) throws java.io.IOException {
    return facets == null ? null : FacetComparisons.of(comparison, EvalFiles.readFacets(facets, stdin, limits));
  }

  /** Compares the results; a baseline that names no run is a usage error. */
  Comparison comparison(CommandLine cl, List<RunResult> results, CompareSettings settings) {
    if (baseline != null && results.stream().noneMatch(r -> r.runName().equals(baseline))) {
      throw new CommandLine.ParameterException(cl, "--baseline " + baseline + ": no run has that name; the runs are "
          + String.join(", ", results.stream().map(RunResult::runName).toList()));
    }
    Comparison comparison;
    try {
      comparison = Comparisons.compare(results, settings);
    } catch (dev.caliber.compare.ProtocolMismatchException e) {
      // compare scores every run under one protocol; recorded entries may come from several
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    return comparison;
  }

  /** Whether the chosen format is a table other tools read, with no place for a note. */
  boolean isTable() {
    return format == Format.tsv || format == Format.csv;
  }

  /**
   * Renders a comparison in the chosen format, the JSON data through {@code json} (which may add to
   * it, as a lock names itself) and the test split's looks in the readable reports.
   */
  AtomicFile.Text render(Comparison comparison, FacetComparison byFacet,
      java.util.function.UnaryOperator<java.util.Map<String, Object>> json, dev.caliber.compare.report.TestLooks looks) {
    Numbers numbers = Numbers.exact(exact);
    if (tukey || byFacet != null) {
      return withSections(comparison, tukey ? MultipleComparisons.of(comparison) : null, byFacet, json, looks, numbers);
    }
    return switch (format) {
      case json -> pieces -> dev.caliber.report.ReportJson.render(json.apply(CompareJson.toData(comparison)), pieces); // in pieces
      case md -> AtomicFile.Text.of(CompareMarkdown.render(comparison, numbers, looks));
      case tsv -> AtomicFile.Text.of(CompareTable.tsv(comparison, numbers));
      case csv -> AtomicFile.Text.of(CompareTable.csv(comparison, rawCsv, numbers));
      case latex -> AtomicFile.Text.of(CompareLatex.render(comparison, numbers, looks));
      case html -> AtomicFile.Text.of(CompareHtml.render(comparison, numbers, looks));
    };
  }

  /**
   * The report with more sections: every run tested at once ({@code --tukey}, null without) and
   * the comparison per facet value ({@code --facets}, null without), in that order after the
   * comparison's own in Markdown, HTML and LaTeX, {@code multiple_comparisons} and {@code
   * facet_comparisons} in JSON; CSV and TSV become the one section's table.
   */
  private AtomicFile.Text withSections(Comparison comparison, List<MultipleComparison> tests, FacetComparison byFacet,
      java.util.function.UnaryOperator<java.util.Map<String, Object>> json, dev.caliber.compare.report.TestLooks looks, Numbers numbers) {
    return switch (format) {
      case json -> pieces -> {
        java.util.Map<String, Object> data = new java.util.LinkedHashMap<>(json.apply(CompareJson.toData(comparison)));
        if (tests != null) {
          data.put("multiple_comparisons", MultipleComparisonReport.toData(tests));
        }
        if (byFacet != null) {
          data.put("facet_comparisons", FacetComparisonReport.toData(byFacet));
        }
        dev.caliber.report.ReportJson.render(data, pieces);
      };
      case md -> AtomicFile.Text.of(CompareMarkdown.render(comparison, numbers, looks)
          + (tests == null ? "" : MultipleComparisonReport.markdown(tests, numbers))
          + (byFacet == null ? "" : FacetComparisonReport.markdown(byFacet, numbers)));
      case tsv -> AtomicFile.Text.of(tests != null ? MultipleComparisonReport.tsv(tests, numbers) : FacetComparisonReport.tsv(byFacet, numbers));
      case csv -> AtomicFile.Text.of(tests != null ? MultipleComparisonReport.csv(tests, rawCsv, numbers)
          : FacetComparisonReport.csv(byFacet, rawCsv, numbers));
      case latex -> AtomicFile.Text.of(CompareLatex.render(comparison, numbers, looks) + (tests == null ? "" : MultipleComparisonReport.latex(tests))
          + (byFacet == null ? "" : FacetComparisonReport.latex(byFacet, numbers)));
      case html -> AtomicFile.Text.of(CompareHtml.render(comparison, numbers, looks,
          (tests == null ? "" : MultipleComparisonReport.html(tests, numbers)) + (byFacet == null ? "" : FacetComparisonReport.html(byFacet, numbers))));
    };
  }
}
