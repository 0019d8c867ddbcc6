package dev.caliber.cli;

import dev.caliber.treceval.TrecEval;
import dev.caliber.treceval.TrecEvalArguments;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code caliber trec_eval}: trec_eval 10.0's command line and output, computed by caliber's
 * engine. Options trec_eval has and caliber does not take are refused by name, not ignored
 * ({@link TrecEvalArguments}, which reads them).
 */
@Command(
    name = "trec_eval",
    sortOptions = false, // trec_eval's own options in its order, then caliber's limits in every command's order
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    description = {
        "Run trec_eval's command line: trec_eval [-q] [-c] [-n] [-l N] [-M N] [-N N] [-R qrels|qrels_jg|prefs|qrels_prefs] [-Z FILE] [-m measure[.params]]... qrels results.",
        "Prints what trec_eval 10.0 prints, byte for byte, for the measures caliber computes (docs/MEASURES.md)."})
final class TrecEvalCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = {"-q", "--query_eval_wanted"}, description = "Print each query's values before the summary.")
  boolean perQuery;

  @Option(names = {"-c", "--complete_rel_info_wanted"},
      description = "Average over every judged query; those the run lacks score as empty rankings.")
  boolean complete;

  @Option(names = {"-n", "--nosummary"}, description = "Print no summary lines.")
  boolean noSummary;

  @Option(names = {"-l", "--level_for_rel"}, paramLabel = "N", description = "Lowest relevant label (default 1).")
  int level = 1;

  @Option(names = {"-M", "--Max_retrieved_per_topic"}, paramLabel = "N", description = "Read at most N documents per query.")
  @WholeNumbers.Range(from = 0)
  Integer depth;

  @Option(names = {"-N", "--Number_docs_in_coll"}, paramLabel = "N", description = "The collection's size, for utility.")
  long documents;

  @Option(names = {"-m", "--measure"}, paramLabel = "MEASURE[.PARAMS]",
      description = "A trec_eval measure or nickname (official, all_trec, set, qrels_jg, all_prefs, prefs), e.g. P.5,10 or ndcg.1=3,2=9. Repeatable.")
  List<String> measures = new ArrayList<>();

  @Option(names = {"-R", "--Rel_info_format"}, paramLabel = "FORMAT",
      description = "The judgments' format: qrels (qid iter docno rel, the default), qrels_jg (qid group docno rel: judgment groups, for -m qrels_jg), "
          + "prefs (qid group subgroup docno level) or qrels_prefs (a qrels file read as preferences), for -m all_prefs.")
  String relFormat = "qrels";

  @Option(names = {"-T", "--Results_format"}, paramLabel = "FORMAT", description = "Only trec_results is taken.")
  String resultsFormat = "trec_results";

  @Option(names = {"-J", "--Judged_docs_only"}, description = "Not taken by caliber.")
  boolean judgedOnly;

  @Option(names = {"-Z", "--Zscore"}, paramLabel = "FILE",
      description = "Print z-scores against FILE's lines (qid measure mean stddev): (value - mean) / stddev, names prefixed with Z.")
  Path zscores;

  @Option(names = {"-D", "--Debug_level"}, paramLabel = "N", description = "Not taken by caliber.")
  String debug;

  @Option(names = {"-o", "--Output_old_results_format"}, description = "Obsolete in trec_eval; accepted and ignored.")
  boolean oldFormat;

  /** caliber's input limits (trec_eval has no such options): the remedy the limits' errors name. */
  @CommandLine.Mixin
  LimitOptions limitOptions;

  @Parameters(index = "0", paramLabel = "QRELS", description = "The qrels file: qid iter docno rel.")
  Path qrels;

  @Parameters(index = "1", paramLabel = "RESULTS", description = "The run: qid Q0 docno rank sim run_id; - reads standard input.")
  String results;

  @CommandLine.ParentCommand Caliber root;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    TrecEval.Options options;
    try {
      options = new TrecEvalArguments(perQuery, complete, noSummary, level, depth, documents, measures, relFormat,
          resultsFormat, judgedOnly, zscores, debug).options();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    PrintWriter out = cl.getOut();
    TrecEval.run(options, qrels, results, root.stdin(), limitOptions.limits(), out::append);
    out.flush();
    return ExitCodes.OK;
  }

  /**
   * trec_eval 10.0's exit status for a failure caliber's handler gave {@code code} ({@link
   * TrecEval#status}): an input caliber says is invalid (3) or unreadable (4) is one trec_eval
   * cannot read. Usage errors keep caliber's 2.
   */
  static int status(Throwable failure, int code) {
    return TrecEval.status(failure, code == ExitCodes.INVALID_INPUT || code == ExitCodes.IO, code);
  }
}
