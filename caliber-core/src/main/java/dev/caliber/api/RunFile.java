package dev.caliber.api;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.Evaluation;
import dev.caliber.eval.EvaluationWorkers;
import dev.caliber.eval.RunNotGroupedException;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.CsvReader;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A run file and how to read it: TREC (six columns, or MS MARCO's three), JSON (the seed's
 * {@code {query: [doc, ...]}}, a list that keeps its order, the score map {@code {query: {doc:
 * score}}}, ranked by score with ties by document ID descending, since a JSON object is unordered,
 * or pandas' records {@code [{"query_id": ..., "doc_id": ..., "score": ...}, ...]}, read as TREC
 * lines are) or CSV with a header ({@code query,docid,score}, read as TREC lines are).
 *
 * <p>{@link #evaluate} evaluates a TREC file while reading it (or reads it whole, as it reads every
 * other format, when its options say so); it returns a protocol violation in the {@link
 * StreamingEvaluation.Outcome} rather than throw it, so that a caller evaluating several runs
 * reports a malformed later file before an earlier run's violation, as when reading all first.
 *
 * @param path the file's path, or {@code -} for standard input
 * @param name the run's name in results, or null for the file's own, whatever the format: its name
 *     without directory, trailing {@code .gz} and trailing {@code .json} or {@code .csv} ({@code runs/bm25.json.gz}
 *     is {@code bm25}), {@code stdin} for {@code -}; see {@link #runName()}. A TREC file's tag column
 *     never names the run (runs of one toolkit often share one); it is kept as the result's {@link
 *     dev.caliber.result.RunResult#tag()}
 * @param format how to read it
 * @param ignoreExtraColumns accept TREC lines with more than six columns, ignoring the extra ones
 *     (as trec_eval does); off by default, since a seventh column usually means a mis-written file
 * @param limits what reading the file may cost ({@link InputLimits}), not null
 */
public record RunFile(String path, String name, Format format, boolean ignoreExtraColumns, InputLimits limits) {
  /** How a run file is read. */
  public enum Format {
    /**
     * JSON when the name ends in {@code .json} or {@code .json.gz}, CSV when it ends in {@code .csv}
     * or {@code .csv.gz} (any case), else TREC.
     */
    AUTO,
    /** JSON, whatever the name. */
    JSON,
    /** TREC, whatever the name. */
    TREC,
    /** CSV with a header naming the columns, whatever the name. */
    CSV
  }

  /**
   * Validates.
   *
   * @param path the file's path, or {@code -} for standard input; not null
   * @param name the run's name in results, non-empty; null for the file's own
   * @param format how to read it, not null
   * @param ignoreExtraColumns accept TREC lines with more than six columns, ignoring the extra ones
   * @param limits what reading the file may cost, not null
   * @throws IllegalArgumentException if the path is null or the name is empty
   * @throws NullPointerException if {@code format} or {@code limits} is null
   */
  public RunFile {
    if (path == null) {
      throw new IllegalArgumentException("illegal run file path: null, must be a path or -");
    }
    if (name != null && name.isEmpty()) {
      throw new IllegalArgumentException("illegal run name: \"\", must be null (use the file's) or non-empty");
    }
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(limits, "limits");
  }

  /**
   * A run file read within {@link InputLimits#DEFAULT}.
   *
   * @param path the file's path, or {@code -} for standard input; not null
   * @param name the run's name in results, non-empty; null for the file's own
   * @param format how to read it, not null
   * @param ignoreExtraColumns accept TREC lines with more than six columns, ignoring the extra ones
   * @throws IllegalArgumentException if the path is null or the name is empty
   * @throws NullPointerException if {@code format} is null
   */
  public RunFile(String path, String name, Format format, boolean ignoreExtraColumns) {
    this(path, name, format, ignoreExtraColumns, InputLimits.DEFAULT);
  }

  /**
   * This file read within other limits.
   *
   * @param bounds what reading the file may cost, not null
   * @return a new run file, otherwise equal to this one
   * @throws NullPointerException if {@code bounds} is null
   */
  public RunFile withLimits(InputLimits bounds) {
    return new RunFile(path, name, format, ignoreExtraColumns, bounds);
  }

  /**
   * The file, named after itself ({@link #runName()}), its format told by its name, strict.
   *
   * @param file the run file, not null; nothing is opened yet
   * @return the run file with {@link Format#AUTO} and no extra columns accepted
   */
  public static RunFile of(Path file) {
    return new RunFile(file.toString(), null, Format.AUTO, false);
  }

  /**
   * The name given in a run as the command line gives it, {@code NAME=FILE} or {@code FILE}: the
   * text before the first {@code =}, unless the whole text is an existing file (a file named {@code
   * bm25_k1=0.9_b=0.4.txt} is a file, not a run {@code bm25_k1} in {@code 0.9_b=0.4.txt}) or the
   * {@code =} comes first (an empty name is no name). The one rule of the command line and the
   * Spark job.
   *
   * @param spec {@code NAME=FILE} or {@code FILE}; not null
   * @return the name given, or null when the run is named by its file ({@link #runName()})
   */
  public static String givenName(String spec) {
    int eq = spec.indexOf('=');
    return eq > 0 && !java.nio.file.Files.exists(Path.of(spec)) ? spec.substring(0, eq) : null;
  }

  /**
   * The file of a run given as {@code NAME=FILE} or {@code FILE}, by {@link #givenName}'s rule.
   *
   * @param spec {@code NAME=FILE} or {@code FILE}; not null
   * @return the file's path as given, or {@code -}
   */
  public static String fileOf(String spec) {
    String name = givenName(spec);
    return name == null ? spec : spec.substring(name.length() + 1);
  }

  /**
   * This file under another name.
   *
   * @param runName the run's name in results, non-empty; null for the file's own
   * @return a new run file, otherwise equal to this one
   * @throws IllegalArgumentException if {@code runName} is empty
   */
  public RunFile withName(String runName) {
    return new RunFile(path, runName, format, ignoreExtraColumns, limits);
  }

  /**
   * This file read as the given format, for a name that does not tell it.
   *
   * @param f the format, not null
   * @return a new run file, otherwise equal to this one
   * @throws NullPointerException if {@code f} is null
   */
  public RunFile withFormat(Format f) {
    return new RunFile(path, name, f, ignoreExtraColumns, limits);
  }

  /**
   * This file with TREC lines' extra columns ignored or refused.
   *
   * @param ignore true to ignore columns after the sixth, as trec_eval does; false to refuse them
   * @return a new run file, otherwise equal to this one
   */
  public RunFile withIgnoreExtraColumns(boolean ignore) {
    return new RunFile(path, name, format, ignore, limits);
  }

  /**
   * Whether the file is read as JSON.
   *
   * @return true for {@link Format#JSON}, and for {@link Format#AUTO} when the path ends in {@code
   *     .json} or {@code .json.gz} in any case
   */
  public boolean isJson() {
    return format == Format.JSON || (format == Format.AUTO && InputFiles.isJsonName(path));
  }

  /**
   * Whether the file is read as CSV.
   *
   * @return true for {@link Format#CSV}, and for {@link Format#AUTO} when the path ends in {@code
   *     .csv} or {@code .csv.gz} in any case
   */
  public boolean isCsv() {
    return format == Format.CSV || (format == Format.AUTO && InputFiles.isCsvName(path));
  }

  /**
   * Whether the file is read as TREC lines, the one format evaluated while it is read; every other
   * is read whole.
   *
   * @return true when it is read neither as JSON nor as CSV
   */
  public boolean isTrec() {
    return !isJson() && !isCsv();
  }

  /**
   * The name the run gets in results, known before the file is read.
   *
   * @return {@link #name()} when given, else {@link InputFiles#runName} of the path: the file's name
   *     without its directory, a trailing {@code .gz} and a trailing {@code .json} or {@code .csv} (in any case), or
   *     {@code stdin} for {@code -}
   */
  public String runName() {
    return name != null ? name : InputFiles.runName(path);
  }

  /**
   * How the file's TREC lines are read: its run name, extra columns and limits.
   *
   * @return the options {@link #read} and {@link #evaluate} read TREC lines with
   */
  public TrecRunOptions trecOptions() {
    return new TrecRunOptions(runName(), ignoreExtraColumns, limits);
  }

  /**
   * Reads the whole run.
   *
   * @param stdin what {@code -} reads; not closed; may be null when the path is a file
   * @return the run, entries in file order with their scores and rank columns
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public ScoredRun read(InputStream stdin) throws IOException {
    if (isJson()) {
      return ProtocolFiles.scoredRun(runName(), ProtocolFiles.readJson(path, stdin, limits));
    }
    if (isCsv()) {
      return CsvReader.readRun(path, stdin, runName(), limits);
    }
    return TrecRunReader.read(path, stdin, trecOptions());
  }

  /**
   * Reads the seed's list-shaped JSON run ({@code {query: [doc, ...]}}), whatever the format says.
   *
   * @param stdin what {@code -} reads; not closed; may be null when the path is a file
   * @return the run, each list in file order
   * @throws dev.caliber.error.CaliberInputException if the file is not such a run
   * @throws IOException if it cannot be read
   */
  public Run readRankings(InputStream stdin) throws IOException {
    return ProtocolFiles.run(runName(), ProtocolFiles.readJson(path, stdin, limits));
  }

  /**
   * Reads a chunk-level run for the chunk adapter ({@link dev.caliber.chunk.ChunkAdapter}): JSON
   * {@code {query: [chunk, ...]}}, best first, or TREC lines {@code qid Q0 chunkid rank score tag}
   * (or three columns), taken in file order as under the given ordering; which one the format
   * says, as for document runs.
   *
   * @param stdin what {@code -} reads; not closed; may be null when the path is a file
   * @return the chunk run, each query's chunks in the file's order, located by JSON path or line
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public Run readChunkRun(InputStream stdin) throws IOException {
    if (isJson()) {
      return ProtocolFiles.chunkRun(runName(), ProtocolFiles.readJson(path, stdin, limits));
    }
    ScoredRun lines = read(stdin);
    java.util.Map<String, java.util.List<String>> chunks = new java.util.LinkedHashMap<>();
    lines.asMap().forEach((q, list) -> chunks.put(q, list.docs()));
    return Run.of(lines.name(), chunks, lines.origin());
  }

  /**
   * Evaluates the run: a TREC file while reading it ({@link StreamingEvaluation}: the same results
   * and errors as reading it whole, in less memory, on {@code options.threads()} workers), unless
   * {@code options} say not to stream; a JSON or CSV file is read whole. The file is read as it says
   * (its name, extra columns and limits: {@link #trecOptions()}), whatever {@code
   * options.runOptions()} says.
   *
   * @param protocol what the run is scored under, not null
   * @param stdin what {@code -} reads; not closed; may be null when the path is a file
   * @param options how to evaluate ({@link StreamingEvaluation.Options#defaults()}, then its {@code
   *     with...} methods): threads or shared workers, progress, block size, bounds under holes,
   *     streamed or read whole; not null
   * @return the result, or the protocol violation that rejects the run
   * @throws RunNotGroupedException if the run is streamed from standard input or a named pipe and
   *     is not grouped by query (it cannot be read again): read it whole instead
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public StreamingEvaluation.Outcome evaluate(EvalProtocol protocol, InputStream stdin, StreamingEvaluation.Options options)
      throws IOException {
    Objects.requireNonNull(options, "options");
    if (isTrec() && options.streaming()) {
      return StreamingEvaluation.evaluate(protocol, path, stdin, options.withRunOptions(trecOptions()));
    }
    if (options.workers() != null) {
      return whole(protocol, stdin, options.workers(), options.bounds());
    }
    try (EvaluationWorkers one = new EvaluationWorkers(1)) {
      return whole(protocol, stdin, one, options.bounds());
    }
  }

  /** The file read whole and scored on {@code workers}' context, shared with the other runs of a call. */
  private StreamingEvaluation.Outcome whole(EvalProtocol protocol, InputStream stdin, EvaluationWorkers workers,
      boolean bounds) throws IOException {
    ScoredRun run = read(stdin);
    try {
      return new StreamingEvaluation.Outcome(Evaluation.evaluate(protocol, run, workers, bounds), null);
    } catch (ProtocolViolationException e) {
      return new StreamingEvaluation.Outcome(null, e);
    }
  }
}
