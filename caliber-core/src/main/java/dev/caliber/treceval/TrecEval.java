package dev.caliber.treceval;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.Evaluation;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecPrefsReader;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.read.ZScoresReader;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Count;
import dev.caliber.measure.JudgmentGroupMean;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Preference;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.JudgmentGroups;
import dev.caliber.protocol.Preferences;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.ZScores;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * trec_eval, as its command line runs it: a qrels file and a TREC run scored under trec_eval's
 * policy ({@link Policy#trecEval()}, the preset TREC_EVAL) through caliber's one engine, printed
 * in trec_eval's words and order, so that a JVM project can drop the native binary.
 *
 * <p>What trec_eval 10.0 decides and caliber reproduces: the query set is every judged query; without
 * {@code -c} a judged query the run lacks stops the evaluation ({@link Stopped}, status 4), with
 * {@code -c} it scores as an empty ranking; queries of the run without judgments are skipped;
 * {@code -l} is the relevance threshold and {@code -M} the depth, cut before duplicates are looked
 * for; the results file is read by trec_eval's rules ({@link TrecRunReader#readTrecEvalResults}:
 * any rank column, any tags, columns after the sixth ignored). Every remaining difference is listed
 * in docs/MEASURES.md ("caliber trec_eval and NIST trec_eval"). What it prints comes from {@link
 * TrecEvalMeasures} (names, order, parameters), {@link TrecEvalView} (what each line shows) and
 * {@link TrecEvalText} (format).
 */
public final class TrecEval {
  private TrecEval() {}

  /**
   * trec_eval's options that caliber takes.
   *
   * @param perQuery {@code -q}: each query's lines before the summary
   * @param complete {@code -c}: average over every judged query, not only those the run answers
   * @param summary false for {@code -n}: no summary lines
   * @param relevanceLevel {@code -l}: the lowest relevant label, 1 or more (trec_eval's default 1)
   * @param depth {@code -M}: documents read per query, 0 for all
   * @param documents {@code -N}: the collection's size, for {@code utility}; 0 when not given
   * @param measures the {@code -m} arguments in order; empty for trec_eval's default
   * @param relFormat {@code -R}: the judgments' format
   * @param zscores {@code -Z}: the file of each query's and measure's mean and standard deviation
   *     that every value is expressed against, or null for the values themselves
   */
  public record Options(boolean perQuery, boolean complete, boolean summary, int relevanceLevel, int depth, long documents,
      List<String> measures, RelFormat relFormat, Path zscores) {
    /**
     * Copies the measures and checks the numbers.
     *
     * @param perQuery {@code -q}
     * @param complete {@code -c}
     * @param summary false for {@code -n}
     * @param relevanceLevel {@code -l}, 1 or more
     * @param depth {@code -M}, 0 for all, else positive
     * @param documents {@code -N}, 0 or more
     * @param measures the {@code -m} arguments, not null
     * @param relFormat {@code -R}, not null
     * @param zscores {@code -Z}, or null
     * @throws IllegalArgumentException naming the option whose value is out of range
     * @throws NullPointerException if {@code measures} or {@code relFormat} is null
     */
    public Options {
      measures = List.copyOf(measures);
      Objects.requireNonNull(relFormat, "relFormat");
      if (relevanceLevel < 1) {
        throw new IllegalArgumentException("-l " + relevanceLevel + ": caliber needs a relevance level of 1 or more");
      }
      if (depth < 0) {
        throw new IllegalArgumentException("-M " + depth + ": the number of documents per query must be 0 or more");
      }
      if (documents < 0) {
        throw new IllegalArgumentException("-N " + documents + ": the collection's size must be 0 or more");
      }
    }

    /**
     * The options with qrels judgments ({@code -R qrels}) and no z-scores.
     *
     * @param perQuery {@code -q}
     * @param complete {@code -c}
     * @param summary false for {@code -n}
     * @param relevanceLevel {@code -l}, 1 or more
     * @param depth {@code -M}, 0 for all, else positive
     * @param documents {@code -N}, 0 or more
     * @param measures the {@code -m} arguments, not null
     * @throws IllegalArgumentException naming the option whose value is out of range
     */
    public Options(boolean perQuery, boolean complete, boolean summary, int relevanceLevel, int depth, long documents,
        List<String> measures) {
      this(perQuery, complete, summary, relevanceLevel, depth, documents, measures, RelFormat.QRELS, null);
    }

    /**
     * trec_eval's defaults: summary only, official measures, level 1, every document.
     *
     * @return the options {@code trec_eval qrels run} runs with
     */
    public static Options defaults() {
      return new Options(false, false, true, 1, 0, 0, List.of(), RelFormat.QRELS, null);
    }
  }

  /** trec_eval's {@code -R}: the format of the judgments file. */
  public enum RelFormat {
    /** {@code qrels}: {@code qid iter docno rel}, the default. */
    QRELS,
    /**
     * {@code qrels_jg}: {@code qid jg docno rel}, judgments in groups (one group per judge);
     * trec_eval computes only the measures averaged over groups from them ({@code -m qrels_jg}).
     */
    QRELS_JG,
    /**
     * {@code prefs}: {@code qid jg jsg docno rel_level}, preference judgments in groups and
     * subgroups; trec_eval computes only the preference measures from them ({@code -m all_prefs}).
     */
    PREFS,
    /** {@code qrels_prefs}: a qrels file read as preferences, its second column the group. */
    QRELS_PREFS;

    /** Whether trec_eval computes a measure over judgments in this format. */
    boolean computes(Measure m) {
      boolean preference = m instanceof Preference || m instanceof Count c && c.kind().name().startsWith("Prefs");
      return switch (this) {
        case QRELS -> !preference;
        case QRELS_JG -> m instanceof JudgmentGroupMean;
        case PREFS, QRELS_PREFS -> preference;
      };
    }

    /**
     * The format trec_eval names so.
     *
     * @param name {@code -R}'s argument
     * @return the format
     * @throws IllegalArgumentException naming the option when caliber does not read that format
     */
    public static RelFormat of(String name) {
      return switch (name) {
        case "qrels" -> QRELS;
        case "qrels_jg" -> QRELS_JG;
        case "prefs" -> PREFS;
        case "qrels_prefs" -> QRELS_PREFS;
        default -> throw new IllegalArgumentException("-R " + name
            + ": caliber reads trec_eval's qrels, qrels_jg, prefs and qrels_prefs formats");
      };
    }
  }

  /**
   * The lines trec_eval prints for the options, checked as trec_eval's command line checks them
   * before any file is read.
   *
   * @param options the options, not null
   * @return the lines in trec_eval's order
   * @throws IllegalArgumentException naming the option when a {@code -m} argument is not a
   *     measure caliber computes, or not one the judgments' format allows
   */
  public static List<TrecEvalMeasures.Line> lines(Options options) {
    List<TrecEvalMeasures.Line> lines = TrecEvalMeasures.resolve(options.measures(), options.documents());
    for (TrecEvalMeasures.Line l : lines) {
      if (l.measure() != null && !options.relFormat().computes(l.measure())) {
        String format = options.relFormat().name().toLowerCase(java.util.Locale.ROOT);
        throw new IllegalArgumentException(switch (options.relFormat()) {
          case QRELS_JG -> "-R qrels_jg: " + l.name()
              + " is not computed over judgment groups; trec_eval computes only map_avgjg, P_avgjg and Rprec_mult_avgjg there (-m qrels_jg)";
          case PREFS, QRELS_PREFS -> "-R " + format + ": " + l.name()
              + " is not a preference measure; trec_eval computes only those there (-m all_prefs)";
          case QRELS -> "-m " + l.name() + ": a preference measure needs -R prefs or -R qrels_prefs";
        });
      }
    }
    return lines;
  }

  /**
   * Scores {@code results} against {@code qrels} and hands trec_eval's output over in pieces.
   *
   * @param options the options, not null
   * @param qrels the qrels file ({@code qid iter docno rel}), not null
   * @param results the run ({@code qid Q0 docno rank sim run_id}), not null
   * @param out receives the text in order; must copy or write each piece before returning
   * @throws IOException if a file cannot be read
   * @throws dev.caliber.error.CaliberInputException if a file is not its format, or no judged
   *     query is left to average over
   * @throws IllegalArgumentException if a {@code -m} argument is not a measure caliber computes
   */
  public static void run(Options options, Path qrels, Path results, Consumer<? super CharSequence> out) throws IOException {
    run(options, qrels, results.toString(), null, out);
  }

  /**
   * {@link #run(Options, Path, Path, Consumer)}, reading the run from {@code stdin} when {@code
   * results} is {@code -}, as trec_eval does.
   *
   * @param options the options, not null
   * @param qrels the qrels file, not null
   * @param results the run's path, or {@code -}
   * @param stdin what {@code -} reads; not closed; may be null otherwise
   * @param out receives the text in order; must copy or write each piece before returning
   * @throws IOException if a file cannot be read
   * @throws dev.caliber.error.CaliberInputException if a file is not its format, or no judged
   *     query is left to average over
   * @throws IllegalArgumentException if a {@code -m} argument is not a measure caliber computes
   */
  public static void run(Options options, Path qrels, String results, InputStream stdin, Consumer<? super CharSequence> out)
      throws IOException {
    run(options, qrels, results, stdin, InputLimits.DEFAULT, out);
  }

  /**
   * {@link #run(Options, Path, String, InputStream, Consumer)} with every input read within
   * {@code limits} (the command line's {@code --max-line-bytes}, {@code --max-query-bytes} and
   * {@code --max-input-bytes}) instead of the defaults.
   *
   * @param options the options, not null
   * @param qrels the qrels file, not null
   * @param results the run's path, or {@code -}
   * @param stdin what {@code -} reads; not closed; may be null otherwise
   * @param limits what each input may cost, not null
   * @param out receives the text in order; must copy or write each piece before returning
   * @throws IOException if a file cannot be read
   * @throws Stopped where trec_eval 10.0 stops on inputs it reads (its exit status is {@link
   *     Stopped#status()})
   * @throws dev.caliber.error.CaliberInputException if a file is not its format, breaks a limit, or
   *     no judged query is left to average over
   * @throws IllegalArgumentException if a {@code -m} argument is not a measure caliber computes
   */
  public static void run(Options options, Path qrels, String results, InputStream stdin, InputLimits limits,
      Consumer<? super CharSequence> out) throws IOException {
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(limits, "limits");
    List<TrecEvalMeasures.Line> lines = lines(options);
    Qrels judged;
    List<Qrels> groups = List.of();
    Preferences preferences = null;
    if (options.relFormat() == RelFormat.PREFS || options.relFormat() == RelFormat.QRELS_PREFS) {
      preferences = TrecPrefsReader.read(qrels, limits, options.relFormat() == RelFormat.QRELS_PREFS);
      judged = preferences.union();
    } else if (options.relFormat() == RelFormat.QRELS_JG) {
      JudgmentGroups read = TrecQrelsReader.readGroups(qrels, limits);
      judged = read.union();
      groups = read.groups();
    } else {
      judged = qrels(qrels);
    }
    ScoredRun read = TrecRunReader.readTrecEvalResults(results, stdin, new TrecRunOptions(null, true, limits));
    ZScores zscores = options.zscores() == null ? null : ZScoresReader.read(options.zscores(), limits);
    List<String> querySet = new ArrayList<>(judged.asMap().keySet());
    querySet.sort(PyJson.CODE_POINT_ORDER);
    if (!options.complete()) {
      for (String q : querySet) {
        if (!read.has(q)) {
          throw new Stopped(judged.origin().locate(q), "judged query without results",
              "query " + PyJson.canonical(q) + " is judged in " + qrels + " and has no line in " + results
                  + "; trec_eval 10.0 stops here with status 4, -c scores such a query as an empty ranking");
        }
      }
    }
    Set<Measure> measures = new LinkedHashSet<>();
    for (TrecEvalMeasures.Line l : lines) {
      if (l.measure() != null) {
        measures.add(l.measure());
      }
    }
    if (measures.isEmpty()) {
      measures.add(Measures.parse("NumRet")); // relstring, runid, num_q alone: the engine scores at least one measure
    }
    Policy policy = Policy.trecEval().withRelevanceThreshold(options.relevanceLevel()).withDepth(options.depth());
    ScoredRun run = TrecEvalRankings.evaluated(read, querySet, policy.ordering(), options.depth());
    String source = options.complete() ? "the judged queries of " + qrels : "the judged queries that " + results + " answers";
    RunResult result = Evaluation.evaluate((preferences != null
        ? new EvalProtocol(preferences, querySet, source, policy, List.copyOf(measures))
        : new EvalProtocol(judged, groups, querySet, source, null, policy, List.copyOf(measures))), run);
    int shown = 0;
    for (TrecEvalMeasures.Line l : lines) {
      shown = Math.max(shown, l.length());
    }
    int length = options.depth() == 0 ? shown : Math.min(shown, options.depth());
    // -c scores a judged query the run lacks on trec_eval's one placeholder document (trec_eval.c)
    Set<String> placeholders = new java.util.HashSet<>();
    if (options.complete()) {
      querySet.stream().filter(q -> !run.has(q)).forEach(placeholders::add);
    }
    TrecEvalText.requireWritable(result);
    TrecEvalView view = TrecEvalView.of(result, lines, options.complete(),
        q -> TrecEvalRankings.leadingLabels(judged, run, policy.ordering(), q, length), zscores, placeholders);
    TrecEvalText.write(view, options.perQuery(), options.summary(), out);
  }

  /**
   * The qrels as trec_eval's {@code -R qrels} reads them. A pair judged twice is where trec_eval
   * stops with status 4 (form_res_rels.c, "duplicate docs"), not an unreadable file: caliber says
   * so at the repetition, for any query (trec_eval only for a query it evaluates).
   */
  private static Qrels qrels(Path file) throws IOException {
    try {
      return TrecQrelsReader.read(file);
    } catch (ProtocolViolationException e) {
      if (e.reason().equals(TrecQrelsReader.DUPLICATE) || e.reason().equals(TrecQrelsReader.CONFLICTING)) {
        throw new Stopped(e.location(), e.reason(), e.detail() + "; trec_eval 10.0 stops with status 4 on a pair judged twice");
      }
      throw e;
    }
  }

  /**
   * trec_eval 10.0's exit status for a run that failed: the status it stops with on an input it
   * reads ({@link Stopped#status()}), 2 on an input it cannot read (its "Quit in file"), else the
   * caller's own. Usage errors are the caller's: trec_eval's is 1, which caliber keeps for its
   * own faults.
   *
   * @param failure what failed, not null
   * @param unreadable whether {@code failure} is an input the caller found invalid or could not read
   * @param otherwise the status for any other failure
   * @return the status
   */
  public static int status(Throwable failure, boolean unreadable, int otherwise) {
    if (failure instanceof Stopped stopped) {
      return stopped.status();
    }
    return unreadable ? UNREADABLE_INPUT : otherwise;
  }

  /** trec_eval's exit status when it cannot read an input file ("Quit in file"). */
  private static final int UNREADABLE_INPUT = 2;

  /**
   * An input trec_eval 10.0 reads but stops on, with the exit status it stops with
   * ({@link #status()}): a judged query the results lack, without {@code -c} ("result qid not
   * found", status 4), or a document twice among those a query's measures read ("duplicate docs",
   * status 4). Its message is caliber's, naming the file and line.
   */
  public static final class Stopped extends CaliberInputException {
    private static final long serialVersionUID = 1L;

    Stopped(Location location, String reason, String detail) {
      super(location, reason, detail);
    }

    /**
     * The exit status trec_eval 10.0 stops with on this input.
     *
     * @return 4 (trec_eval's "Can't calculate measure" and "not found in qrels")
     */
    public int status() {
      return 4;
    }
  }
}
