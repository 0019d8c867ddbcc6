package dev.caliber.cli;

import dev.caliber.api.EvalFiles;
import dev.caliber.compare.RunReport;
import dev.caliber.compare.report.FacetMarkdown;
import dev.caliber.compare.report.RunReportHtml;
import dev.caliber.compare.report.RunReportMarkdown;
import dev.caliber.compare.report.TestLooks;
import dev.caliber.eval.FacetMeans;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.protocol.Facets;
import dev.caliber.report.FacetTable;
import dev.caliber.report.Numbers;
import dev.caliber.report.QueryTable;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import dev.caliber.treceval.TrecEvalText;
import dev.caliber.treceval.TrecEvalView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * How run results are printed, for every command that prints what {@code evaluate} prints
 * ({@code evaluate}, {@code merge}): the format and its options, checked before anything is read,
 * and the one rendering, so that a merge of shards prints byte for byte what one evaluation prints.
 */
final class ReportOptions {
  /** Output formats. */
  enum Format { json, trec, tsv, md, html }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json (default: caliber's report, or the seed's report for the seed's inputs), trec (trec_eval's text format; with several runs "
          + "each run's runid line is its name, not its TREC tag), tsv (per-query values), "
          + "md or html (one run's readable report: summary, per-query table, score distribution).")
  Format format;

  @Option(names = "--exact", description = "With --format tsv, md or html: print exact values as fractions (5/6) instead of "
      + "decimals (0.8333). JSON always holds the fractions.")
  boolean exact;

  @Option(names = {"-q", "--per-query"}, description = "With --format trec: print each query's lines before 'all', as trec_eval -q.")
  boolean perQuery;

  @Option(names = "--facets", paramLabel = "FILE",
      description = "Means per facet value: a file of query-id<TAB>facet<TAB>value lines (docs/FORMATS.md, 'Facets'), every "
          + "query of the query set with one value of each facet. Shown in json (a facets member), md and html (a table per "
          + "facet; html also a bar chart per measure) and tsv (then one line per run, facet and value instead of per query).")
  String facets;

  /** The files the options read. */
  List<String> filesRead() {
    return facets == null ? List.of() : List.of(facets);
  }

  /** Refuses, as usage errors, options that do not go together, for {@code runs} runs. */
  void check(CommandLine cl, int runs) {
    if (facets != null && format == Format.trec) {
      throw new CommandLine.ParameterException(cl, "--facets applies to --format json, tsv, md or html, not --format trec"
          + " (trec_eval's text has no place for them)");
    }
    if (perQuery && format != Format.trec) {
      throw new CommandLine.ParameterException(cl, "-q (--per-query) applies to --format trec only, not --format " + format
          + "; the other formats always show every query");
    }
    if (exact && format != Format.tsv && format != Format.md && format != Format.html) {
      throw new CommandLine.ParameterException(cl, "--exact applies to --format tsv, md or html, not --format " + format
          + (format == Format.json ? "; JSON always holds exact fractions" : "; trec_eval's format prints its own decimals"));
    }
    if ((format == Format.md || format == Format.html) && runs != 1) {
      throw new CommandLine.ParameterException(cl, "--format " + format
          + " reports one run; to put several side by side use caliber compare");
    }
  }

  /**
   * Checks that the format can print the results and reads the facets' means, before anything is
   * recorded or written.
   *
   * @return each result's means per facet value, in the results' order; empty without --facets
   */
  List<FacetMeans> prepare(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, List<RunResult> results)
      throws IOException {
    if (format == Format.trec) {
      try {
        TrecEvalText.requireWritable(results);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--format trec: " + e.getMessage());
      }
    }
    List<FacetMeans> byFacet = new ArrayList<>();
    if (facets != null) {
      Facets f = EvalFiles.readFacets(facets, root.stdin(), protocolOptions.limits());
      for (RunResult r : results) {
        byFacet.add(FacetMeans.of(r, f));
      }
    }
    return byFacet;
  }

  /**
   * The results as the format prints them, in pieces.
   *
   * @param byFacet what {@link #prepare} gave
   * @param looks the test looks a history counted, or null
   * @param history the history's member of a JSON report, or null
   */
  AtomicFile.Text render(LockOptions lockOptions, List<RunResult> results, List<FacetMeans> byFacet, TestLooks looks,
      Object history) {
    return switch (format) {
      case md -> AtomicFile.Text.of(RunReportMarkdown.render(RunReport.of(results.get(0)), Numbers.exact(exact),
          looks) + (facets == null ? "" : FacetMarkdown.render(byFacet.get(0), Numbers.exact(exact))));
      case html -> AtomicFile.Text.of(RunReportHtml.render(RunReport.of(results.get(0)), Numbers.exact(exact),
          looks, facets == null ? null : byFacet.get(0)));
      case json -> {
        // In pieces, one row's data at a time: never the whole report as maps or as a string.
        Map<String, Object> data = lockOptions.named(new LinkedHashMap<>(
            results.size() == 1 ? ResultJson.toData(results.get(0)) : ResultJson.toData(results)));
        if (facets != null) {
          if (results.size() == 1) {
            data.putAll(FacetTable.toData(byFacet.get(0)));
          } else {
            Map<String, Object> perRun = new LinkedHashMap<>();
            byFacet.forEach(m -> perRun.put(m.run(), FacetTable.toData(m)));
            data.put("facets", perRun);
          }
        }
        if (history != null) {
          data.put("history", history);
        }
        yield pieces -> ReportJson.render(data, pieces);
      }
      case trec -> pieces -> TrecEvalText.render(results, perQuery, pieces);
      case tsv -> facets != null ? AtomicFile.Text.of(FacetTable.render(byFacet, Numbers.exact(exact)))
          : pieces -> QueryTable.render(results, Numbers.exact(exact), pieces);
    };
  }

  /** What trec_eval's format says on standard error once the output is written: its note on num_rel, if any. */
  void note(CommandLine cl, List<RunResult> results) {
    if (format == Format.trec) {
      results.stream().map(TrecEvalView::numRelNote).filter(java.util.Objects::nonNull).findFirst()
          .ifPresent(note -> cl.getErr().print("caliber: note: " + note + "\n"));
    }
  }
}
