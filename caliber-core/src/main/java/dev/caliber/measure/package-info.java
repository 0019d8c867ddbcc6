/**
 * The measures (docs/MEASURES.md): one class per measure (ir_measures' names, trec_eval's
 * catalogue, cwl_eval's and ndeval's measures, the intent-aware ones sharing {@code Novelty}),
 * their input {@code JudgedRanking} (with its judgment groups' rankings, its preferences, or its
 * documents' {@code Intents}), {@code Value} (an exact fraction or a double), {@code Mean}
 * (arithmetic, or trec_eval's geometric), {@code Measures} (the registry and the name parser) with
 * {@code Spellings} (other tools' names), and {@code TrecEvalMeasures}, the one table of
 * trec_eval's measures: -m names, the family each stands for, parameters, nicknames and output
 * order, mapped onto the registry both ways ({@code TrecEvalParameters} reads the text after the
 * dot as C's atol and atof do). The table lives here, not in {@code dev.caliber.treceval}, because
 * the parser reads its names and it builds its measures through the parser.
 *
 * <p>Rules held here once: trec_eval's names, parameters and output order ({@code
 * TrecEvalMeasures}, read by the parser, {@code Measures.trecEvalName}, {@code
 * Measures.Family.trecEval()} and {@code dev.caliber.treceval}); trec_eval's -m NAME.PARAMETERS
 * wherever a measure is named ({@code TrecEvalMeasures.withParameters}, through {@code
 * Measures.parse}); other tools' spellings, names matched ignoring case where that is unambiguous,
 * and the closest names to an unknown one ({@code Spellings}; the table: {@code
 * Measures.spellings()}; a definition that differs: {@code Measures.difference}); Judged@k added
 * under pooled judgments, not under trec_eval's rules ({@code Measures.withJudgedCoverage(Policy,
 * List)}); the cutoffs coverage is reported at ({@code Measures.coverageCutoffs}); trec_eval's
 * preference counts ({@code PreferenceCounts}, a port of form_prefs_counts.c).
 */
package dev.caliber.measure;
