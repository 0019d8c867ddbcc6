package dev.caliber.spark;

import dev.caliber.error.CaliberInputException;
import dev.caliber.eval.QueryScoring;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.ScoredQuery;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.function.MapPartitionsFunction;
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
 * Runs given as rows ({@link SparkInputs#RUN_SCHEMA}), scored as caliber scores them: the rows are
 * grouped by (run, query) and joined with that query's judgments (a broadcast join when the
 * judgments are at most {@link SparkEvaluation#BROADCAST_JUDGMENTS}, else a shuffle join); each
 * group is scored on an executor by {@link QueryScoring#score} under the protocol's policy and
 * measures ({@link ExecutorProtocol}); the scored queries come back to the driver sorted by run and
 * by first line (the run's order), one run at a time, and {@link QueryScoring#merge} makes each
 * run's result there. The path of {@link SparkEvaluation} for tables, caliber JSON runs and TREC
 * files not grouped by query.
 */
final class SparkRows {
  private SparkRows() {}

  /** Each run's result or its violation, in {@code names}' order, from its rows. */
  static List<Object> score(SparkSession spark, EvalProtocol protocol, Dataset<Row> runs, List<String> names) {
    if (protocol.qrels().labelScale() != 1) {
      // QueryScoring.score takes each query's labels as whole numbers; parts of TREC files carry the unit.
      throw new SparkInputException(protocol.querySetSource() + ": decimal labels (a unit of 1/"
          + protocol.qrels().labelScale() + ") are read by caliber-spark only with TREC run files; expected whole labels"
          + " for runs in tables, caliber JSON runs and runs not grouped by query");
    }
    Dataset<Row> judgments = judgments(spark, protocol);
    if (protocol.qrels().size() <= SparkEvaluation.BROADCAST_JUDGMENTS) {
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
    ExecutorProtocol spec = new ExecutorProtocol(protocol);
    StructType scoredSchema = new StructType()
        .add("run_index", DataTypes.IntegerType).add("run", DataTypes.StringType).add("query", DataTypes.StringType)
        .add("first_line", DataTypes.LongType).add("source", DataTypes.StringType).add("tag", DataTypes.StringType)
        .add("scored", DataTypes.BinaryType);
    MapPartitionsFunction<Row, Row> score = rows -> score(spec, rows);
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
        queries.add(read(pending.getAs("scored")));
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

  /** On an executor: each group of a partition scored, as a row of the scored schema. */
  private static Iterator<Row> score(ExecutorProtocol spec, Iterator<Row> groups) {
    Policy policy = spec.policy();
    List<Measure> parsed = spec.measures();
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

  private static Row scoreGroup(Row g, Policy policy, List<Measure> parsed) {
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
    if (!ordered && policy.ordering() == Ordering.GIVEN && entries.size() > 1) {
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

  private static byte[] write(ScoredQuery s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(s);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static ScoredQuery read(byte[] b) {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
      return (ScoredQuery) in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
