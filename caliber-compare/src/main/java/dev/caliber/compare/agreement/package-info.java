/**
 * Two judgment sets for the same topics, compared (docs/AGREEMENT.md): {@code Agreement.of} gives a
 * {@code QrelsAgreement}, pure data: the queries and pairs only one set judges, a {@code
 * LabelAgreement} over the pairs both judge (confusion matrix, raw agreement, Cohen's kappa, weighted
 * kappa, Krippendorff's alpha; each a {@code Coefficient}, exact, or undefined with its reason),
 * overall and per query ({@code QueryAgreement}); {@code SystemOrderings.of} scores runs under both
 * sets and compares the systems' orderings (Kendall's tau-b, tau_AP, swaps, and significance through
 * {@code dev.caliber.compare.Comparisons}). The writers are {@code AgreementJson}, {@code
 * AgreementMarkdown} and {@code AgreementTable} in {@code dev.caliber.compare.report}.
 *
 * <p>Rules held here once: the common pairs and queries and their order, the categories ({@code
 * Agreement}); the coefficients' formulas, in integers ({@code Coefficients}, {@code
 * RankCorrelation}); the query set and protocols the runs are scored under ({@code
 * SystemOrderings}).
 */
package dev.caliber.compare.agreement;
