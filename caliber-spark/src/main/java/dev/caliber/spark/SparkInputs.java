package dev.caliber.spark;

import dev.caliber.api.RunFile;
import dev.caliber.api.source.GeneralInputs;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.qrels.QrelsBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Where runs and judgments come from: TREC text files (read by caliber-core's own readers, so a
 * malformed line is caliber's error with its file and line), Parquet or CSV tables, or DataFrames
 * with named columns. Every run becomes rows of {@link #RUN_SCHEMA}; judgments become the
 * driver's {@link EvalProtocol}, whose fingerprint covers them.
 */
public final class SparkInputs {
  private SparkInputs() {}

  /** The columns of a run's rows: run, query, doc, score, rank (0 for none), line (0 for none), source, tag. */
  public static final StructType RUN_SCHEMA = new StructType()
      .add("run", DataTypes.StringType, false)
      .add("query", DataTypes.StringType, false)
      .add("doc", DataTypes.StringType, false)
      .add("score", DataTypes.DoubleType, false)
      .add("rank", DataTypes.LongType, false)
      .add("line", DataTypes.LongType, false)
      .add("source", DataTypes.StringType, true)
      .add("tag", DataTypes.StringType, true);

  /**
   * TREC run files (six columns, or MS MARCO's three; gzip read as is), one task per file, each
   * read whole by caliber-core's TREC reader on an executor: the same rules and messages as
   * {@code caliber evaluate}, and each entry keeps its line. A path with a scheme other than
   * {@code file:} (s3a://, hdfs://) is copied to the executor's temporary folder through Hadoop's
   * file systems first.
   *
   * @param spark the session
   * @param runs run name to path, in report order (names as the CLI makes them: {@link
   *     #runName})
   * @return the runs' rows, {@link #RUN_SCHEMA}
   */
  public static Dataset<Row> trecRuns(SparkSession spark, Map<String, String> runs) {
    return runFiles(spark, runs, RunFile.Format.TREC);
  }

  /**
   * Run files read as {@code caliber evaluate} reads them: with {@link RunFile.Format#AUTO}, a name
   * ending in {@code .json} or {@code .json.gz} is caliber's JSON run (docs/FORMATS.md, "Runs": a
   * list of document IDs or an object of document ID to score per query), any other a TREC run as
   * {@link #trecRuns} reads it; {@link RunFile.Format#JSON} and {@link RunFile.Format#TREC} say so
   * whatever the name. The format is decided here from the path given, not from the copy an
   * executor reads. One task per file, each read whole by caliber-core's reader.
   *
   * @param spark the session
   * @param runs run name to path, in report order (names as the CLI makes them: {@link #runName})
   * @param format how to read them, not null
   * @return the runs' rows, {@link #RUN_SCHEMA}; a JSON run has no tag
   */
  public static Dataset<Row> runFiles(SparkSession spark, Map<String, String> runs, RunFile.Format format) {
    List<Row> files = new ArrayList<>();
    runs.forEach((name, path) -> files.add(RowFactory.create(name, forExecutors(path),
        new RunFile(path, name, format, false).isJson() ? RunFile.Format.JSON.name() : RunFile.Format.TREC.name(), path)));
    StructType fileSchema = new StructType().add("run", DataTypes.StringType).add("path", DataTypes.StringType)
        .add("format", DataTypes.StringType).add("given", DataTypes.StringType);
    HadoopConf conf = HadoopConf.of(spark);
    FlatMapFunction<Row, Row> read = file -> readRun(file.getString(0), file.getString(1), file.getString(3),
        RunFile.Format.valueOf(file.getString(2)), conf);
    return spark.createDataFrame(files, fileSchema)
        .repartition(Math.max(1, files.size()))
        .flatMap(read, Encoders.row(RUN_SCHEMA));
  }

  /**
   * A run's name as {@code caliber evaluate} makes it from {@code --run [NAME=]FILE}: NAME, else the
   * file's name without directory, {@code .gz} and {@code .json}.
   *
   * @param spec {@code NAME=FILE} or {@code FILE}
   * @return name and path
   */
  public static Map.Entry<String, String> runName(String spec) {
    String given = RunFile.givenName(spec); // an existing local file named a=b is a file
    if (given != null) {
      return Map.entry(given, RunFile.fileOf(spec));
    }
    return Map.entry(RunFile.of(Path.of(spec.replaceFirst("^[a-z0-9]+://[^/]*", ""))).runName(), spec);
  }

  /**
   * The path an executor opens: a local path made absolute against the driver's working directory,
   * as Spark qualifies its own paths (an executor's working directory is a folder of its worker's),
   * any other as it is.
   */
  static String forExecutors(String path) {
    return isLocal(path) ? HadoopConf.localPath(path).toAbsolutePath().toString() : path;
  }

  /** Reads run {@code name} at {@code path} ({@link #forExecutors}); messages name it {@code given}, as the CLI does. */
  private static Iterator<Row> readRun(String name, String path, String given, RunFile.Format format, HadoopConf conf)
      throws IOException {
    Path local = conf.local(path);
    String source = isLocal(given) ? HadoopConf.localPath(given).toString() : given;
    ScoredRun run;
    try {
      run = RunFile.of(local).withName(name).withFormat(format).read(null);
    } catch (dev.caliber.error.CaliberInputException e) {
      // caliber's message travels to the driver as text (its location does not serialize), naming
      // the file as it was given: the reader named the absolute path it opened
      throw new SparkInputException(isLocal(given) ? e.getMessage().replace(local.toString(), source) : e.getMessage());
    }
    String tag = run.tag();
    Iterator<Map.Entry<String, RankedList>> queries = run.asMap().entrySet().iterator();
    return new Iterator<>() { // row by row: the run is held once, as caliber's reader holds it
      private String query;
      private RankedList list;
      private int i;

      @Override
      public boolean hasNext() {
        while ((list == null || i == list.size()) && queries.hasNext()) {
          Map.Entry<String, RankedList> e = queries.next();
          query = e.getKey();
          list = e.getValue();
          i = 0;
        }
        return list != null && i < list.size();
      }

      @Override
      public Row next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        long line = run.origin().locate(query, i).line();
        Row r = RowFactory.create(name, query, list.doc(i), list.score(i), list.rank(i), line, source, tag);
        i++;
        return r;
      }
    };
  }

  /**
   * A table of runs (Parquet, CSV with a header, or any format Spark reads) with the columns run,
   * query, doc, score and optionally rank and line; {@code runName} names a table without a run
   * column.
   *
   * @param spark the session
   * @param format {@code parquet}, {@code csv}, ...
   * @param path where the table is
   * @param runName the run's name when the table has no run column, else null
   * @return the rows, {@link #RUN_SCHEMA}
   */
  public static Dataset<Row> runTable(SparkSession spark, String format, String path, String runName) {
    Dataset<Row> df = spark.read().format(format).option("header", "true").load(path);
    return runs(df, runName, path);
  }

  /**
   * A DataFrame of runs as {@link #RUN_SCHEMA}: its columns run (or {@code runName}), query, doc,
   * score, and optionally rank and line, cast to their types ({@code try_cast}: a value that is not
   * a number becomes null). A row whose query, document, score, rank or line is missing or not a
   * number is refused by the evaluation, in caliber's words.
   *
   * @param df the rows
   * @param runName the run's name when the frame has no run column, else null
   * @param source what violations name (a file), or null
   * @return the rows, {@link #RUN_SCHEMA}
   */
  public static Dataset<Row> runs(Dataset<Row> df, String runName, String source) {
    List<String> cols = List.of(df.columns());
    for (String required : List.of("query", "doc", "score")) {
      if (!cols.contains(required)) {
        throw new SparkInputException((source == null ? "runs" : source) + ": no column '" + required
            + "' (expected the columns run, query, doc, score and optionally rank and line; got " + String.join(", ", cols) + ")");
      }
    }
    if (!cols.contains("run") && runName == null) {
      throw new SparkInputException((source == null ? "runs" : source) + ": no column 'run' and no run name given");
    }
    return df.select(
        cols.contains("run") ? functions.col("run").cast("string").as("run") : functions.lit(runName).as("run"),
        functions.col("query").cast("string").as("query"),
        functions.col("doc").cast("string").as("doc"),
        functions.col("score").try_cast("double").as("score"),
        cols.contains("rank") ? functions.col("rank").try_cast("long").as("rank") : functions.lit(0L).as("rank"),
        cols.contains("line") ? functions.col("line").try_cast("long").as("line") : functions.lit(0L).as("line"),
        functions.lit(source).cast("string").as("source"),
        functions.lit(null).cast("string").as("tag"));
  }

  /**
   * The protocol of bare qrels, as {@code caliber evaluate --qrels FILE} makes it: TREC qrels read
   * by caliber-core's reader on the driver (a path with a scheme is copied locally first), every
   * judged query as the query set.
   *
   * @param spark the session (for Hadoop's file systems)
   * @param path the qrels file
   * @param policy the policy
   * @param measures the measures, in report order
   * @return the protocol
   * @throws IOException if the file cannot be read
   */
  public static EvalProtocol trecQrels(SparkSession spark, String path, Policy policy, List<Measure> measures) throws IOException {
    Path local = HadoopConf.of(spark).local(path);
    GeneralInputs g = ProtocolSource.qrels(local).general();
    return GeneralInputs.everyJudgedQuery(g.qrels(), fileName(path), null).protocol(policy, measures);
  }

  /**
   * The protocol of judgments in a DataFrame with the columns query, doc and label (integers),
   * collected on the driver (they are fingerprinted there): every judged query is the query set.
   *
   * @param judgments the rows
   * @param name the judgments' name in the query set's description (a file's name)
   * @param policy the policy
   * @param measures the measures
   * @return the protocol
   */
  public static EvalProtocol qrels(Dataset<Row> judgments, String name, Policy policy, List<Measure> measures) {
    QrelsBuilder b = new QrelsBuilder();
    Map<String, Integer> queries = new HashMap<>();
    long row = 0;
    Iterator<Row> it = judgments.select(functions.col("query").cast("string"), functions.col("doc").cast("string"),
        functions.col("label").try_cast("int")).toLocalIterator();
    while (it.hasNext()) {
      Row r = it.next();
      row++;
      if (r.isNullAt(0) || r.isNullAt(1) || r.isNullAt(2)) {
        throw new SparkInputException(name + ": row " + row + ": a judgment needs a query, a document and an integer label (got "
            + r.mkString(", ") + ")");
      }
      int q = queries.computeIfAbsent(r.getString(0), b::query);
      int earlier = b.add(q, r.getString(1), r.getInt(2), (int) Math.min(row, Integer.MAX_VALUE));
      if (earlier >= 0) {
        throw new SparkInputException(name + ": row " + row + ": query " + quote(r.getString(0)) + ", document "
            + quote(r.getString(1)) + " is judged again (label " + r.getInt(2) + "; row " + b.line(earlier) + ": label "
            + b.label(earlier) + "); expected one judgment per pair");
      }
    }
    Qrels qrels = b.build(name);
    return GeneralInputs.everyJudgedQuery(qrels, name, null).protocol(policy, measures);
  }

  /**
   * Judgments read from a table (Parquet, CSV with a header) with the columns query, doc and label.
   *
   * @param spark the session
   * @param format the table's format
   * @param path where it is
   * @param policy the policy
   * @param measures the measures
   * @return the protocol
   */
  public static EvalProtocol qrelsTable(SparkSession spark, String format, String path, Policy policy, List<Measure> measures) {
    return qrels(spark.read().format(format).option("header", "true").load(path), fileName(path), policy, measures);
  }

  /** An ID as caliber's messages quote it (a JSON string, as Python writes it). */
  static String quote(String id) {
    return dev.caliber.report.ReportJson.render(id).strip();
  }

  static String fileName(String path) {
    String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    return p.substring(p.lastIndexOf('/') + 1);
  }

  static boolean isLocal(String path) {
    return !path.matches("^[A-Za-z][A-Za-z0-9+.-]*://.*") || path.startsWith("file:");
  }

  /** Hadoop's configuration as plain entries, so that executors open the same file systems. */
  static final class HadoopConf implements Serializable {
    private static final long serialVersionUID = 1L;
    private final Map<String, String> entries;

    private HadoopConf(Map<String, String> entries) {
      this.entries = entries;
    }

    static HadoopConf of(SparkSession spark) {
      Map<String, String> m = new LinkedHashMap<>();
      spark.sparkContext().hadoopConfiguration().iterator().forEachRemaining(e -> m.put(e.getKey(), e.getValue()));
      return new HadoopConf(m);
    }

    /** The file's length in bytes. */
    long size(String path) throws IOException {
      if (isLocal(path)) {
        return Files.size(local(path));
      }
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
      return FileSystem.get(p.toUri(), configuration()).getFileStatus(p).getLen();
    }

    /** The file's first bytes that tell whether it may be cut ({@link dev.caliber.eval.RunParts#canCut}). */
    byte[] head(String path) throws IOException {
      try (InputStream in = positioned(path).openAt(0)) {
        return in.readNBytes(dev.caliber.eval.RunParts.HEAD_BYTES);
      }
    }

    /** What violations and errors call the file: a local path as a file, else the path as given. */
    String source(String path) throws IOException {
      return isLocal(path) ? local(path).toString() : path;
    }

    /** The file's bytes from any position: a local file's channel, else Hadoop's seekable stream. */
    dev.caliber.eval.RunParts.Positioned positioned(String path) throws IOException {
      if (isLocal(path)) {
        Path file = local(path);
        return at -> {
          java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file);
          ch.position(at);
          return new java.io.BufferedInputStream(java.nio.channels.Channels.newInputStream(ch), 1 << 16);
        };
      }
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
      Configuration c = configuration();
      return at -> {
        // Hadoop's cached instance (one per scheme, authority and user, closed at shutdown): a part
        // opens the file three or four times, and an object store's client is costly to make.
        org.apache.hadoop.fs.FSDataInputStream in = FileSystem.get(p.toUri(), c).open(p);
        in.seek(at);
        return new java.io.BufferedInputStream(in, 1 << 16);
      };
    }

    private Configuration configuration() {
      Configuration c = new Configuration(false);
      entries.forEach(c::set);
      return c;
    }

    /** The path itself when it is local, else a copy in the temporary folder under the same file name. */
    /** A local path (no scheme, or {@code file:}) as a file's path. */
    static Path localPath(String path) {
      return Path.of(path.startsWith("file:") ? URI.create(path).getPath() : path);
    }

    Path local(String path) throws IOException {
      if (isLocal(path)) {
        return localPath(path);
      }
      Configuration c = configuration();
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(path);
      Path dir = Files.createTempDirectory("caliber-spark");
      Path copy = dir.resolve(fileName(path));
      try (FileSystem fs = FileSystem.newInstance(p.toUri(), c); InputStream in = fs.open(p)) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      copy.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
      return copy;
    }
  }
}
