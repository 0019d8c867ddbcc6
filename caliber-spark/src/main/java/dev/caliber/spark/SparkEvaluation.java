package dev.caliber.spark;

import dev.caliber.api.RunFile;
import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.eval.QueryScoring;
import dev.caliber.eval.RunParts;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Many runs evaluated in one Spark job by caliber-core's one engine, with the numbers and messages
 * of {@code caliber evaluate}.
 *
 * <p>How: the runs' rows are grouped by (run, query) and joined with that query's judgments (a
 * broadcast join when the judgments are at most {@link #BROADCAST_JUDGMENTS}, else a shuffle join);
 * each group is scored on an executor by {@link QueryScoring#score} under the protocol's policy and
 * measures; the scored queries come back to the driver sorted by run and by first line (the run's
 * order), one run at a time, and {@link QueryScoring#merge} makes each run's result there through
 * the engine's one ordered list of checks and its one mean: rows in query-set order, means summed
 * in query-set order (exact fractions where the measure is rational), so nothing depends on the
 * number of partitions. The fingerprint is hashed once, on the driver.
 */
public final class SparkEvaluation {
  /** Judgments up to this many are broadcast to every executor; more are joined by a shuffle. */
  public static final long BROADCAST_JUDGMENTS = 5_000_000L;

  private final EvalProtocol protocol;
  private final List<RunResult> results;
  private final SparkSession spark;

  private SparkEvaluation(SparkSession spark, EvalProtocol protocol, List<RunResult> results) {
    this.spark = spark;
    this.protocol = protocol;
    this.results = results;
  }

  /**
   * Scores every run of {@code runs} under {@code protocol}.
   *
   * @param spark the session
   * @param protocol the protocol (no corpus), made on the driver ({@link SparkInputs#trecQrels},
   *     {@link SparkInputs#qrels})
   * @param runs the runs' rows, {@link SparkInputs#RUN_SCHEMA}
   * @param runOrder the runs' names in report order; null for their names sorted
   * @return each run's result
   * @throws CaliberInputException the first violation of a run (in {@code runOrder}), in caliber's
   *     words, or a malformed line of a TREC file
   * @throws SparkInputException a row without a query, document or score, or without an order
   */
  public static SparkEvaluation evaluate(SparkSession spark, EvalProtocol protocol, Dataset<Row> runs, List<String> runOrder) {
    try {
      return run(spark, protocol, runs, runOrder);
    } catch (Exception e) { // Spark throws its SparkException, a checked exception, undeclared
      RuntimeException r = unwrap(e);
      if (r != null) {
        throw r;
      }
      throw SparkEvaluation.<RuntimeException>rethrow(e);
    }
  }

  /**
   * Scores TREC run files and runs' rows together, as {@link #evaluate(SparkSession, EvalProtocol,
   * Dataset, List)} does, with the files read in parts: each file of plain text is cut into parts of
   * about equal bytes at query boundaries ({@link RunParts}), and each part is read and scored by one
   * task straight from its bytes, with no row per line; only the parts' scored queries travel to the
   * driver, which merges each run through {@link RunParts#merge} (then {@link QueryScoring#merge}).
   * A gzip file is one part. A file whose queries are not grouped is read whole as a table is.
   *
   * @param spark the session
   * @param protocol the protocol (no corpus)
   * @param trecFiles run name to path of TREC run files (a local path, or a Hadoop path such as
   *     {@code s3a://}); their rows are never made
   * @param rows other runs' rows ({@link SparkInputs#RUN_SCHEMA}), or null
   * @param runOrder every run's name (of both) in report order
   * @return each run's result
   * @throws CaliberInputException the first malformed line, in {@code runOrder}, else the first
   *     violation of a run in {@code runOrder}, in caliber's words
   * @throws SparkInputException a row without a query, document or score, or without an order
   */
  public static SparkEvaluation evaluate(SparkSession spark, EvalProtocol protocol, Map<String, String> trecFiles,
      Dataset<Row> rows, List<String> runOrder) {
    try {
      return inParts(spark, protocol, trecFiles, rows, runOrder);
    } catch (Exception e) { // Spark throws its SparkException, a checked exception, undeclared
      RuntimeException r = unwrap(e);
      if (r != null) {
        throw r;
      }
      throw SparkEvaluation.<RuntimeException>rethrow(e);
    }
  }

  /** What a task scores: part {@code index} of run {@code run}'s file, cut at {@code cut} and {@code next}. */
  record PartTask(int run, String path, String source, int index, long cut, long next) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** A part scored, with its run's place. */
  record ScoredPart(int run, RunParts.Part part) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  private static SparkEvaluation inParts(SparkSession spark, EvalProtocol protocol, Map<String, String> files,
      Dataset<Row> rows, List<String> order) throws IOException {
    String sha = protocol.sha256(); // once, on the driver
    SparkInputs.HadoopConf conf = SparkInputs.HadoopConf.of(spark);
    Map<String, Long> sizes = new LinkedHashMap<>();
    for (String path : files.values()) {
      sizes.put(path, conf.size(path)); // each file asked once: an object store's stat is a request
    }
    long partBytes = partBytes(spark, sizes.values().stream().mapToLong(Long::longValue).sum());
    List<PartTask> tasks = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      String path = files.get(order.get(i));
      if (path == null) {
        continue;
      }
      long size = sizes.get(path);
      long[] cuts = RunParts.canCut(conf.head(path)) ? RunParts.cuts(size, partBytes) : new long[] {0};
      for (int k = 0; k < cuts.length; k++) {
        tasks.add(new PartTask(i, SparkInputs.forExecutors(path), conf.source(path), k, cuts[k],
            k + 1 < cuts.length ? cuts[k + 1] : size));
      }
    }
    RunResult[] results = new RunResult[order.size()];
    CaliberInputException[] failures = new CaliberInputException[order.size()];
    List<String> whole = new ArrayList<>();
    if (!tasks.isEmpty()) {
      JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
      Broadcast<ExecutorProtocol> spec = jsc.broadcast(new ExecutorProtocol(protocol));
      try {
        List<ScoredPart> scored = jsc.parallelize(tasks, tasks.size())
            .map(t -> new ScoredPart(t.run(), RunParts.score(spec.value().protocol(), t.source(), conf.positioned(t.path()),
                t.index(), t.cut(), t.next(), TrecRunOptions.DEFAULT)))
            .collect();
        Map<Integer, List<RunParts.Part>> byRun = new java.util.TreeMap<>();
        scored.forEach(p -> byRun.computeIfAbsent(p.run(), k -> new ArrayList<>()).add(p.part()));
        for (Map.Entry<Integer, List<RunParts.Part>> e : byRun.entrySet()) {
          int i = e.getKey();
          try {
            results[i] = RunParts.merge(protocol, order.get(i), conf.source(files.get(order.get(i))), e.getValue());
            if (results[i] == null) {
              whole.add(order.get(i));
            }
          } catch (CaliberInputException x) {
            failures[i] = x;
          }
        }
      } finally {
        spec.destroy();
      }
    }
    // Malformed lines come first, in run order, as when every run is read before any is merged.
    int firstSyntax = firstOf(failures, InputSyntaxException.class);
    Map<String, String> wholeFiles = new LinkedHashMap<>();
    for (String name : order) {
      if (whole.contains(name) && (firstSyntax < 0 || order.indexOf(name) < firstSyntax)) {
        wholeFiles.put(name, files.get(name));
      }
    }
    Dataset<Row> rest = rows;
    if (!wholeFiles.isEmpty()) {
      Dataset<Row> read = SparkInputs.runFiles(spark, wholeFiles, RunFile.Format.TREC);
      rest = rest == null ? read : rest.unionByName(read);
    } else if (firstSyntax >= 0) {
      throw failures[firstSyntax];
    }
    if (rest != null) {
      List<String> names = order.stream().filter(n -> !files.containsKey(n) || wholeFiles.containsKey(n)).toList();
      List<Object> outcomes = SparkRows.score(spark, protocol, rest, names); // throws a malformed line of a file read whole
      if (firstSyntax >= 0) {
        throw failures[firstSyntax];
      }
      for (int j = 0; j < names.size(); j++) {
        int i = order.indexOf(names.get(j));
        if (outcomes.get(j) instanceof RunResult r) {
          results[i] = r;
        } else {
          failures[i] = (CaliberInputException) outcomes.get(j);
        }
      }
    }
    for (CaliberInputException f : failures) {
      if (f != null) {
        throw f;
      }
    }
    for (RunResult r : results) {
      if (!sha.equals(r.protocolSha256())) {
        throw new IllegalStateException("the fingerprint changed while the runs were scored");
      }
    }
    return new SparkEvaluation(spark, protocol, List.of(results));
  }

  private static int firstOf(CaliberInputException[] failures, Class<?> kind) {
    for (int i = 0; i < failures.length; i++) {
      if (kind.isInstance(failures[i])) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The bytes a part holds: Spark's own rule for splitting files ({@code FilePartition}), so that
   * the cores are busy and a part is never beyond {@code spark.sql.files.maxPartitionBytes}: the
   * files' bytes over the default parallelism, at least {@code spark.sql.files.openCostInBytes}.
   */
  private static long partBytes(SparkSession spark, long total) {
    long max = spark.sessionState().conf().filesMaxPartitionBytes();
    long open = spark.sessionState().conf().filesOpenCostInBytes();
    long perCore = total / Math.max(1, spark.sparkContext().defaultParallelism());
    return Math.max(1, Math.min(max, Math.max(open, perCore)));
  }

  @SuppressWarnings("unchecked")
  private static <T extends Exception> T rethrow(Exception e) throws T {
    throw (T) e;
  }

  private static SparkEvaluation run(SparkSession spark, EvalProtocol protocol, Dataset<Row> runs, List<String> order) {
    String sha = protocol.sha256(); // once, on the driver
    List<String> names = order != null ? order
        : runs.select("run").distinct().orderBy("run").as(Encoders.STRING()).collectAsList();
    List<RunResult> results = new ArrayList<>();
    for (Object o : SparkRows.score(spark, protocol, runs, names)) {
      if (o instanceof CaliberInputException e) {
        throw e;
      }
      results.add((RunResult) o);
    }
    if (!sha.equals(results.isEmpty() ? sha : results.get(0).protocolSha256())) {
      throw new IllegalStateException("the fingerprint changed while the runs were scored");
    }
    return new SparkEvaluation(spark, protocol, results);
  }

  /**
   * The cause in caliber's words of a job's failure; an executor's I/O failure (a file a worker
   * cannot read) as an {@link java.io.UncheckedIOException}; the failure itself when it is
   * unchecked; else null.
   */
  static RuntimeException unwrap(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof CaliberInputException c) {
        return c;
      }
      if (t instanceof SparkInputException s) {
        return s;
      }
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IOException io) {
        return new java.io.UncheckedIOException(io);
      }
    }
    // A task's failure reaches the driver as a SparkException whose message quotes the executor's
    // exception by class name and message (its cause is not always kept): take caliber's words back.
    String m = e.getMessage();
    String marker = SparkInputException.class.getName() + ": ";
    int at = m == null ? -1 : m.indexOf(marker);
    if (at >= 0) {
      return new SparkInputException(lineAfter(m, at + marker.length()));
    }
    String missing = "java.nio.file.NoSuchFileException: ";
    at = m == null ? -1 : m.indexOf(missing);
    if (at >= 0) { // a run file an executor does not find (the driver found it)
      return new java.io.UncheckedIOException(new java.nio.file.NoSuchFileException(lineAfter(m, at + missing.length())));
    }
    String io = "java.io.IOException: ";
    at = m == null ? -1 : m.indexOf(io);
    if (at >= 0) {
      return new java.io.UncheckedIOException(new IOException(lineAfter(m, at + io.length())));
    }
    return e instanceof RuntimeException r ? r : null;
  }

  private static String lineAfter(String m, int from) {
    int end = m.indexOf('\n', from);
    return end < 0 ? m.substring(from) : m.substring(from, end);
  }

  /**
   * Each run's result, in report order.
   *
   * @return the results
   */
  public List<RunResult> results() {
    return results;
  }

  /**
   * The protocol the runs were scored under.
   *
   * @return the protocol
   */
  public EvalProtocol protocol() {
    return protocol;
  }

  /**
   * Every run's rows as a DataFrame: run, query, missing, then per measure its value as a double
   * (null where the query has none) and, in the column {@code MEASURE exact}, its exact fraction as
   * text where the measure is rational (a double cannot hold {@code 1/3}). One row per query of
   * the set, in query-set order, as in the JSON report.
   *
   * @return the rows
   */
  public Dataset<Row> perQuery() {
    StructType schema = new StructType().add("run", DataTypes.StringType, false).add("query", DataTypes.StringType, false)
        .add("missing", DataTypes.BooleanType, false);
    for (Measure m : protocol.measures()) {
      schema = schema.add(m.name(), DataTypes.DoubleType, true).add(m.name() + " exact", DataTypes.StringType, true);
    }
    List<Row> rows = new ArrayList<>();
    for (RunResult r : results) {
      for (QueryResult q : r.rows()) {
        Object[] cells = new Object[3 + 2 * protocol.measures().size()];
        cells[0] = r.runName();
        cells[1] = q.query();
        cells[2] = q.missing();
        int k = 3;
        for (Measure m : protocol.measures()) {
          Value v = q.value(m);
          cells[k++] = v == null ? null : v.decimal();
          cells[k++] = v == null || !v.isExact() ? null : v.exact().toString();
        }
        rows.add(RowFactory.create(cells));
      }
    }
    return spark.createDataFrame(rows, schema);
  }

  /**
   * The JSON report of {@code caliber evaluate --format json} for these runs: one run's report, or
   * {@code {"results": {...}}} for several, in pieces.
   *
   * @param out receives the text
   */
  public void json(Consumer<? super CharSequence> out) {
    Map<String, Object> data = results.size() == 1 ? ResultJson.toData(results.get(0)) : ResultJson.toData(results);
    ReportJson.render(data, out);
  }
}
