/**
 * Writers that compute nothing: {@code GateReport} (a gate's verdict as a log, Markdown, JUnit XML
 * or JSON), {@code CompareJson}, {@code CompareMarkdown}, {@code CompareTable} (CSV and TSV),
 * {@code CompareLatex}, {@code CompareHtml} with {@code Charts} (inline SVG) and {@code
 * TableScript} (the one inline script, admitted by its hash), {@code RunReportMarkdown} and {@code
 * RunReportHtml} (one run), {@code TrendHtml} (a measure over time), {@code TuningMarkdown} (a
 * fusion tuning: the grid, the chosen point, then the comparison), {@code MultipleComparisonReport}
 * (every run at once: the ANOVA and Tukey HSD section of each format), {@code
 * FacetComparisonReport} with {@code FacetCharts} (per facet value: a section of each format, a
 * forest plot; and evaluate's bars of facet means), {@code DiffJson}, {@code
 * DiffTable} (TSV), {@code DiffMarkdown} and {@code DiffHtml} (what changed between two runs, with
 * {@code DiffWords}, its settings in words, and {@code DiffChanges}, how a top k's documents are
 * listed and each change worded), {@code PoolTable} (TSV), {@code PoolJson} (JSON Lines) and {@code
 * PoolMarkdown} (the holes to judge next, with {@code PoolWords}, its numbers in words); and their shared parts, {@code
 * MarkdownTable} (every Markdown table), {@code ReportBlocks} (the policy and coverage in words,
 * with {@code TestLooks}, a history's count of test-split looks), {@code Declared}, {@code Fmt},
 * {@code Html} (escaping) and {@code Untrusted}.
 *
 * <p>Rules held here once: the policy and coverage in words, for every Markdown and HTML report,
 * and where the test-split looks go ({@code ReportBlocks}; LaTeX puts them in its caption, {@code
 * CompareLatex}); untrusted IDs in readable reports, with each format's escaping ({@code
 * Untrusted}, CSV cells a spreadsheet would run as formulas; {@code Html}; {@code
 * CompareMarkdown}; {@code CompareLatex}; {@code CompareTable}); which characters no writer obeys
 * is core's {@code dev.caliber.report.UnsafeCharacters}, and every number's format core's {@code
 * dev.caliber.report.Numbers} ({@code Fmt} only adds dashes, ranks and ticks).
 */
package dev.caliber.compare.report;
