package dev.caliber.treceval;

import java.nio.file.Path;
import java.util.List;

/**
 * trec_eval 10.0's command line as typed ({@code trec_eval [-q] [-c] [-n] [-l N] [-M N] [-N N] [-R
 * FORMAT] [-T FORMAT] [-J] [-Z FILE] [-D N] [-m MEASURE]... qrels results}), read as the drop-in
 * reads it: the flags caliber takes become {@link TrecEval.Options}; those it does not take, or
 * takes only in part, are refused by name rather than ignored. A command-line parser (caliber-cli's
 * {@code caliber trec_eval}) fills it; the flags' meaning is here.
 *
 * @param perQuery {@code -q}
 * @param complete {@code -c}
 * @param noSummary {@code -n}
 * @param level {@code -l}
 * @param depth {@code -M}, or null when not given (every document)
 * @param documents {@code -N}
 * @param measures the {@code -m} arguments in order, not null
 * @param relFormat {@code -R}, or null for trec_eval's default, {@code qrels}
 * @param resultsFormat {@code -T}, or null for trec_eval's default, {@code trec_results}
 * @param judgedOnly {@code -J}
 * @param zscores {@code -Z}, or null
 * @param debug {@code -D}, or null when not given
 */
public record TrecEvalArguments(boolean perQuery, boolean complete, boolean noSummary, int level, Integer depth,
    long documents, List<String> measures, String relFormat, String resultsFormat, boolean judgedOnly, Path zscores,
    String debug) {
  /**
   * Copies the measures.
   *
   * @param perQuery {@code -q}
   * @param complete {@code -c}
   * @param noSummary {@code -n}
   * @param level {@code -l}
   * @param depth {@code -M}, or null
   * @param documents {@code -N}
   * @param measures the {@code -m} arguments, not null
   * @param relFormat {@code -R}, or null
   * @param resultsFormat {@code -T}, or null
   * @param judgedOnly {@code -J}
   * @param zscores {@code -Z}, or null
   * @param debug {@code -D}, or null
   * @throws NullPointerException if {@code measures} is null
   */
  public TrecEvalArguments {
    measures = List.copyOf(measures);
  }

  /**
   * The options, checked as trec_eval's command line checks them before any file is read: the
   * flags caliber does not take first ({@code -T}, {@code -J}, {@code -D}, and {@code -M 0}, under
   * which trec_eval reads no document and every measure is 0), then each value, then the measures
   * and what the judgments' format allows ({@link TrecEval#lines}).
   *
   * @return the options
   * @throws IllegalArgumentException naming the flag and its value
   */
  public TrecEval.Options options() {
    if (resultsFormat != null && !resultsFormat.equals("trec_results")) {
      throw new IllegalArgumentException("-T " + resultsFormat + ": caliber reads only trec_eval's trec_results format");
    }
    if (judgedOnly) {
      throw new IllegalArgumentException("-J: caliber does not take trec_eval's judged-documents-only mode");
    }
    if (debug != null) {
      throw new IllegalArgumentException("-D " + debug + ": caliber has no trec_eval debug output");
    }
    // trec_eval reads no document under -M 0 (every measure 0); caliber's depth 0 means all of them.
    if (depth != null && depth < 1) {
      throw new IllegalArgumentException("-M " + depth + ": caliber reads at least one document per query (trec_eval's "
          + "-M " + depth + " reads none, so every measure is 0); give -M 1 or more, or leave -M out for all");
    }
    TrecEval.Options options = new TrecEval.Options(perQuery, complete, !noSummary, level, depth == null ? 0 : depth,
        documents, measures, TrecEval.RelFormat.of(relFormat == null ? "qrels" : relFormat), zscores);
    TrecEval.lines(options);
    return options;
  }
}
