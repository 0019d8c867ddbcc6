package dev.caliber.spark;

import dev.caliber.api.RunFile;
import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.QueryResult;
import dev.caliber.eval.QueryScoring;
import dev.caliber.eval.RunParts;
import dev.caliber.eval.RunResult;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.qrels.QrelsBuilder;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.ScoredQuery;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.jdk.javaapi.CollectionConverters;

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
      Broadcast<Spec> spec = jsc.broadcast(new Spec(protocol));
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
      List<Object> outcomes = scoreRows(spark, protocol, rest, names); // throws a malformed line of a file read whole
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
    for (Object o : scoreRows(spark, protocol, runs, names)) {
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

  /** Each run's result or its violation, in {@code names}' order, from its rows. */
  private static List<Object> scoreRows(SparkSession spark, EvalProtocol protocol, Dataset<Row> runs, List<String> names) {
    if (protocol.qrels().labelScale() != 1) {
      // QueryScoring.score takes each query's labels as whole numbers; parts of TREC files carry the unit.
      throw new SparkInputException(protocol.querySetSource() + ": decimal labels (a unit of 1/"
          + protocol.qrels().labelScale() + ") are read by caliber-spark only with TREC run files; expected whole labels"
          + " for runs in tables, caliber JSON runs and runs not grouped by query");
    }
    Dataset<Row> judgments = judgments(spark, protocol);
    if (protocol.qrels().size() <= BROADCAST_JUDGMENTS) {
      judgments = functions.broadcast(judgments);
    }
    List<Row> indexRows = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      indexRows.add(RowFactory.create(names.get(i), i));
    }
    Dataset<Row> index = functions.broadcast(spark.createDataFrame(indexRows,
        new StructType().add("run", DataTypes.StringType).add("run_index", DataTypes.IntegerType)));
    Dataset<Row> groups = runs.groupBy("run", "query")
        .agg(functions.collect_list(functions.struct("line", "rank", "score", "doc")).as("entries"),
            functions.min("line").as("first_line"), functions.first("source").as("source"), functions.first("tag").as("tag"))
        .join(judgments, groups(), "left_outer")
        .join(index, "run");
    Spec spec = new Spec(protocol);
    StructType scoredSchema = new StructType()
        .add("run_index", DataTypes.IntegerType).add("run", DataTypes.StringType).add("query", DataTypes.StringType)
        .add("first_line", DataTypes.LongType).add("source", DataTypes.StringType).add("tag", DataTypes.StringType)
        .add("scored", DataTypes.BinaryType);
    MapPartitionsFunction<Row, Row> score = rows -> spec.score(rows);
    Dataset<Row> scored = groups.mapPartitions(score, Encoders.row(scoredSchema))
        .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      return merge(protocol, names, scored.orderBy("run_index", "first_line", "query").toLocalIterator());
    } finally {
      scored.unpersist();
    }
  }

  private static scala.collection.immutable.Seq<String> groups() {
    return CollectionConverters.asScala(List.of("query")).toList();
  }

  /** The judgments of every query of the set, one row per query: query, in_set, docs, labels. */
  private static Dataset<Row> judgments(SparkSession spark, EvalProtocol protocol) {
    List<Row> rows = new ArrayList<>();
    for (String q : protocol.querySet()) {
      Map<String, Integer> row = protocol.qrels().row(q);
      String[] docs = row == null ? new String[0] : row.keySet().toArray(String[]::new);
      Integer[] labels = row == null ? new Integer[0] : row.values().toArray(Integer[]::new);
      rows.add(RowFactory.create(q, true, Arrays.asList(docs), Arrays.asList(labels)));
    }
    StructType schema = new StructType().add("query", DataTypes.StringType).add("in_set", DataTypes.BooleanType)
        .add("judged_docs", DataTypes.createArrayType(DataTypes.StringType))
        .add("judged_labels", DataTypes.createArrayType(DataTypes.IntegerType));
    return spark.createDataFrame(rows, schema);
  }

  /** Each run's result, or its violation, from its scored queries, which arrive sorted by run, then by first line. */
  private static List<Object> merge(EvalProtocol protocol, List<String> names, Iterator<Row> sorted) {
    List<Object> results = new ArrayList<>();
    Row pending = sorted.hasNext() ? sorted.next() : null;
    for (int i = 0; i < names.size(); i++) {
      List<ScoredQuery> queries = new ArrayList<>();
      String source = null;
      String tag = null;
      while (pending != null && pending.getInt(0) == i) {
        source = pending.getString(4);
        tag = pending.getString(5);
        queries.add(Spec.read(pending.getAs("scored")));
        pending = sorted.hasNext() ? sorted.next() : null;
      }
      try {
        results.add(QueryScoring.merge(protocol, names.get(i), tag, source != null ? source : names.get(i), queries));
      } catch (CaliberInputException e) {
        results.add(e);
      }
    }
    return results;
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
   * What an executor needs to score a query: the policy's rules and the measures' names, parsed
   * once per partition.
   */
  static final class Spec implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Judgments judgments;
    private final int threshold;
    private final Gain gain;
    private final Ordering ordering;
    private final NoRelevant noRelevant;
    private final UnknownQueries unknownQueries;
    private final int depth;
    private final List<String> measures;
    /** The unit of the labels below: each counts 1/labelScale (1 for whole labels). */
    private final int labelScale;
    /** The query set, and each query's judgments (its documents and labels, in the judgments' order); null when unjudged. */
    private final String[] querySet;
    private final String[][] judgedDocs;
    private final int[][] judgedLabels;
    /** The protocol made again from the above, once per executor (a broadcast value is one object there). */
    private transient volatile EvalProtocol remade;

    Spec(EvalProtocol protocol) {
      Policy p = protocol.policy();
      judgments = p.judgments();
      threshold = p.relevanceThreshold();
      gain = p.gain();
      ordering = p.ordering();
      noRelevant = p.noRelevant();
      unknownQueries = p.unknownQueries();
      depth = p.depth();
      measures = new ArrayList<>(QueryScoring.measureNames(protocol));
      labelScale = protocol.qrels().labelScale();
      querySet = protocol.querySet().toArray(String[]::new);
      judgedDocs = new String[querySet.length][];
      judgedLabels = new int[querySet.length][];
      for (int q = 0; q < querySet.length; q++) {
        Map<String, Integer> row = protocol.qrels().row(querySet[q]);
        if (row != null) {
          judgedDocs[q] = row.keySet().toArray(String[]::new);
          judgedLabels[q] = row.values().stream().mapToInt(Integer::intValue).toArray();
        }
      }
    }

    /**
     * The protocol as an executor scores by: the same query set, judgments, policy and measures
     * (no fingerprint is taken from it: the driver's is the report's).
     */
    EvalProtocol protocol() {
      EvalProtocol p = remade;
      if (p == null) {
        synchronized (this) {
          p = remade;
          if (p == null) {
            QrelsBuilder b = new QrelsBuilder();
            if (labelScale > 1) {
              b.rescale(labelScale); // before any label: labels are added in the unit of 1/labelScale
            }
            for (int q = 0; q < querySet.length; q++) {
              if (judgedDocs[q] != null) {
                int at = b.query(querySet[q]);
                for (int j = 0; j < judgedDocs[q].length; j++) {
                  b.add(at, judgedDocs[q][j], judgedLabels[q][j], 0);
                }
              }
            }
            Policy policy = new Policy(judgments, threshold, gain, ordering, noRelevant, unknownQueries, depth);
            p = new EvalProtocol(b.build(""), List.of(querySet), "", null, policy, parsed());
            remade = p;
          }
        }
      }
      return p;
    }

    private List<Measure> parsed() {
      List<Measure> parsed = measures.stream().map(Measures::parse).toList();
      if (!parsed.stream().map(Measure::name).toList().equals(measures)) {
        throw new IllegalStateException("measure names do not round-trip: " + measures);
      }
      return parsed;
    }

    Iterator<Row> score(Iterator<Row> groups) {
      Policy policy = new Policy(judgments, threshold, gain, ordering, noRelevant, unknownQueries, depth);
      List<Measure> parsed = parsed();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return groups.hasNext();
        }

        @Override
        public Row next() {
          return scoreGroup(groups.next(), policy, parsed);
        }
      };
    }

    private Row scoreGroup(Row g, Policy policy, List<Measure> parsed) {
      String run = g.getAs("run");
      String query = g.getAs("query");
      List<Row> entries = new ArrayList<>(g.<Row>getList(g.fieldIndex("entries")));
      String source = g.getAs("source");
      for (Row e : entries) {
        if (e.isNullAt(2) || e.isNullAt(3) || e.isNullAt(0) || e.isNullAt(1)) {
          throw new SparkInputException((source == null ? "run " + SparkInputs.quote(run) : source) + ": query "
              + SparkInputs.quote(query) + ": an entry without a document, a score (a number), a rank or a line: " + e.mkString("(", ", ", ")"));
        }
      }
      if (query == null) {
        throw new SparkInputException((source == null ? "run " + SparkInputs.quote(run) : source) + ": an entry without a query");
      }
      boolean ordered = entries.stream().anyMatch(e -> e.getLong(0) > 0 || e.getLong(1) > 0);
      if (!ordered && ordering == Ordering.GIVEN && entries.size() > 1) {
        throw new SparkInputException((source == null ? "run " + SparkInputs.quote(run) : source) + ": query "
            + SparkInputs.quote(query) + ": the rows have neither a line nor a rank column, so they have no given order (expected a line or rank column, "
            + "or the score ordering)");
      }
      // The run's order: by line, else by rank column, else by score (RankingOrder's: score descending, document ID descending).
      entries.sort(Comparator.<Row>comparingLong(e -> e.getLong(0)).thenComparingLong(e -> e.getLong(1))
          .thenComparing(Comparator.<Row>comparingDouble(e -> e.getDouble(2)).reversed())
          .thenComparing((a, b) -> b.getString(3).compareTo(a.getString(3))));
      int n = entries.size();
      String[] docs = new String[n];
      double[] scores = new double[n];
      long[] ranks = new long[n];
      long[] lines = new long[n];
      boolean fromLines = n > 0;
      for (int i = 0; i < n; i++) {
        Row e = entries.get(i);
        lines[i] = e.getLong(0);
        ranks[i] = e.getLong(1);
        scores[i] = e.getDouble(2);
        docs[i] = e.getString(3);
        fromLines &= lines[i] > 0;
      }
      if (Arrays.stream(ranks).allMatch(r -> r == 0)) {
        for (int i = 0; i < n; i++) {
          ranks[i] = i + 1; // no rank column: the ranks of the order, as a run ranked in code has them
        }
      }
      boolean inSet = !g.isNullAt(g.fieldIndex("in_set"));
      Map<String, Integer> judged = new LinkedHashMap<>();
      if (inSet) {
        List<String> jd = g.getList(g.fieldIndex("judged_docs"));
        List<Integer> jl = g.getList(g.fieldIndex("judged_labels"));
        for (int i = 0; i < jd.size(); i++) {
          judged.put(jd.get(i), jl.get(i));
        }
      }
      ScoredQuery s = QueryScoring.score(policy, parsed, query, inSet, judged, docs, scores, ranks,
          fromLines ? lines : null);
      return RowFactory.create(g.getAs("run_index"), run, query, s.firstLine(), source, g.getAs("tag"), write(s));
    }

    static byte[] write(ScoredQuery s) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(s);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return bytes.toByteArray();
    }

    static ScoredQuery read(byte[] b) {
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
        return (ScoredQuery) in.readObject();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
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
