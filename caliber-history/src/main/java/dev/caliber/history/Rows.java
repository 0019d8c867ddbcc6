package dev.caliber.history;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.Coverage;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The SQL of {@link History}: every statement prepared, every value a parameter. */
final class Rows {
  private Rows() {}

  private static final String ENTRY_COLUMNS = "id, recorded_at, protocol_sha256, query_set_source, split, test, run_name,"
      + " run_sha256, caliber_version, repeat_of, queries, lock_file, lock_sha256";

  static Recorded insert(Connection c, RunResult result, Recording rec) throws SQLException {
    String fingerprint = result.protocolSha256();
    long repeatOf = 0;
    try (PreparedStatement s = c.prepareStatement(
        "SELECT MIN(id) FROM evaluation WHERE protocol_sha256 = ? AND run_sha256 = ?")) {
      s.setString(1, fingerprint);
      s.setString(2, rec.runSha256());
      try (ResultSet r = s.executeQuery()) {
        if (r.next()) {
          repeatOf = r.getLong(1); // 0 for SQL NULL: none
        }
      }
    }
    Policy p = result.protocol().policy();
    long id;
    try (PreparedStatement s = c.prepareStatement("INSERT INTO evaluation (recorded_at, protocol_sha256, query_set_source,"
        + " split, test, run_name, run_sha256, tag, caliber_version, repeat_of, judgments, relevance_threshold, gain,"
        + " ordering, no_relevant, unknown_queries, depth, queries, lock_file, lock_sha256)"
        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        + " RETURNING id")) {
      int i = 1;
      s.setString(i++, rec.time().toString());
      s.setString(i++, fingerprint);
      s.setString(i++, result.protocol().querySetSource());
      s.setString(i++, rec.split());
      s.setInt(i++, rec.test() ? 1 : 0);
      s.setString(i++, result.runName());
      s.setString(i++, rec.runSha256());
      s.setString(i++, result.tag());
      s.setString(i++, rec.caliberVersion());
      if (repeatOf == 0) {
        s.setNull(i++, Types.INTEGER);
      } else {
        s.setLong(i++, repeatOf);
      }
      s.setString(i++, p.judgments().name());
      s.setInt(i++, p.relevanceThreshold());
      s.setString(i++, p.gain().name());
      s.setString(i++, p.ordering().name());
      s.setString(i++, p.noRelevant().name());
      s.setString(i++, p.unknownQueries().name());
      s.setInt(i++, p.depth());
      s.setInt(i++, result.rows().size());
      s.setString(i++, rec.lockFile());
      s.setString(i, rec.lockSha256());
      try (ResultSet r = s.executeQuery()) {
        r.next();
        id = r.getLong(1);
      }
    }
    try (PreparedStatement s = c.prepareStatement("INSERT INTO meta (evaluation_id, key, value) VALUES (?, ?, ?)")) {
      for (Map.Entry<String, String> e : rec.meta().entrySet()) {
        s.setLong(1, id);
        s.setString(2, e.getKey());
        s.setString(3, e.getValue());
        s.addBatch();
      }
      s.executeBatch();
    }
    List<Measure> measures = result.measures();
    try (PreparedStatement s = c.prepareStatement(
        "INSERT INTO measure (evaluation_id, position, name, count, mean_exact, mean, sum) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
      for (int m = 0; m < measures.size(); m++) {
        MeasureSummary sum = result.summary(measures.get(m));
        s.setLong(1, id);
        s.setInt(2, m);
        s.setString(3, measures.get(m).toString());
        s.setInt(4, sum.count());
        s.setString(5, sum.mean() == null ? null : sum.mean().toString());
        setDouble(s, 6, sum.decimalMean());
        setDouble(s, 7, sum.decimalSum());
        s.addBatch();
      }
      s.executeBatch();
    }
    try (PreparedStatement s = c.prepareStatement(
        "INSERT INTO coverage (evaluation_id, k, judged_exact, judged, low) VALUES (?, ?, ?, ?, ?)")) {
      for (Coverage.Cutoff k : result.coverage().cutoffs()) {
        s.setLong(1, id);
        s.setInt(2, k.k());
        s.setString(3, k.judged().exact() == null ? null : k.judged().exact().toString());
        s.setDouble(4, k.judged().decimal());
        s.setInt(5, k.low() ? 1 : 0);
        s.addBatch();
      }
      s.executeBatch();
    }
    try (PreparedStatement rows = c.prepareStatement("INSERT INTO query_row (evaluation_id, position, query, missing,"
            + " returned, relevant, unjudged, first_relevant_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement values = c.prepareStatement("INSERT INTO query_value (evaluation_id, position,"
            + " measure_position, exact, value) VALUES (?, ?, ?, ?, ?)")) {
      List<QueryResult> all = result.rows();
      for (int q = 0; q < all.size(); q++) {
        QueryResult row = all.get(q);
        rows.setLong(1, id);
        rows.setInt(2, q);
        rows.setString(3, row.query());
        rows.setInt(4, row.missing() ? 1 : 0);
        rows.setInt(5, row.returned());
        rows.setInt(6, row.relevant());
        rows.setInt(7, row.unjudged());
        if (row.firstRelevantRank() == null) {
          rows.setNull(8, Types.INTEGER);
        } else {
          rows.setInt(8, row.firstRelevantRank());
        }
        rows.addBatch();
        for (int m = 0; m < measures.size(); m++) {
          Value v = row.value(measures.get(m));
          values.setLong(1, id);
          values.setInt(2, q);
          values.setInt(3, m);
          values.setString(4, v == null || v.exact() == null ? null : v.exact().toString());
          if (v == null) {
            values.setNull(5, Types.REAL);
          } else {
            setDouble(values, 5, v.decimal());
          }
          values.addBatch();
        }
      }
      rows.executeBatch();
      values.executeBatch();
    }
    try (PreparedStatement s = c.prepareStatement("INSERT INTO ignored_query (evaluation_id, query) VALUES (?, ?)")) {
      for (String q : result.ignoredQueries()) {
        s.setLong(1, id);
        s.setString(2, q);
        s.addBatch();
      }
      s.executeBatch();
    }
    int looks = testLooks(c, fingerprint);
    return new Recorded(id, looks, repeatOf);
  }

  /** NaN (a mean over no query) is stored as NULL, as SQLite stores it anyway. */
  private static void setDouble(PreparedStatement s, int i, double d) throws SQLException {
    if (Double.isNaN(d)) {
      s.setNull(i, Types.REAL);
    } else {
      s.setDouble(i, d);
    }
  }

  private static double getDouble(ResultSet r, int i) throws SQLException {
    double d = r.getDouble(i);
    return r.wasNull() ? Double.NaN : d;
  }

  static int testLooks(Connection c, String fingerprint) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM evaluation WHERE protocol_sha256 = ? AND test = 1")) {
      s.setString(1, fingerprint);
      try (ResultSet r = s.executeQuery()) {
        r.next();
        return r.getInt(1);
      }
    }
  }

  static List<Entry> list(Connection c, Filter f, Long id) throws SQLException {
    List<Entry> out = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT " + ENTRY_COLUMNS + " FROM evaluation"
        + " WHERE (?1 IS NULL OR id = ?1) AND (?2 IS NULL OR substr(protocol_sha256, 1, length(?2)) = ?2)"
        + " AND (?3 IS NULL OR run_name = ?3) AND (?4 IS NULL OR split = ?4)"
        + " AND (?5 IS NULL OR recorded_at >= ?5) AND (?6 IS NULL OR recorded_at < ?6) ORDER BY id")) {
      if (id == null) {
        s.setNull(1, Types.INTEGER);
      } else {
        s.setLong(1, id);
      }
      s.setString(2, f.protocolSha256());
      s.setString(3, f.runName());
      s.setString(4, f.split());
      s.setString(5, f.from() == null ? null : f.from().toString());
      s.setString(6, f.to() == null ? null : f.to().toString());
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          long e = r.getLong(1);
          out.add(new Entry(e, Instant.parse(r.getString(2)), r.getString(3), r.getString(4), r.getString(5),
              r.getInt(6) == 1, r.getString(7), r.getString(8), meta(c, e), r.getString(9), r.getLong(10), r.getInt(11),
              means(c, e), r.getString(12), r.getString(13)));
        }
      }
    }
    return out;
  }

  private static Map<String, String> meta(Connection c, long id) throws SQLException {
    Map<String, String> m = new TreeMap<>();
    try (PreparedStatement s = c.prepareStatement("SELECT key, value FROM meta WHERE evaluation_id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          m.put(r.getString(1), r.getString(2));
        }
      }
    }
    return m;
  }

  private static List<MeasureSummary> means(Connection c, long id) throws SQLException {
    List<MeasureSummary> m = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(
        "SELECT name, count, mean_exact, mean, sum FROM measure WHERE evaluation_id = ? ORDER BY position")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          String exact = r.getString(3);
          m.add(new MeasureSummary(Measures.parse(r.getString(1)), r.getInt(2), exact == null ? null : Fraction.parse(exact),
              getDouble(r, 4), getDouble(r, 5)));
        }
      }
    }
    return m;
  }

  static RunResult result(Connection c, long id) throws SQLException {
    String fingerprint;
    String source;
    String runName;
    String tag;
    Policy policy;
    try (PreparedStatement s = c.prepareStatement("SELECT protocol_sha256, query_set_source, run_name, tag, judgments,"
        + " relevance_threshold, gain, ordering, no_relevant, unknown_queries, depth FROM evaluation WHERE id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        if (!r.next()) {
          return null;
        }
        fingerprint = r.getString(1);
        source = r.getString(2);
        runName = r.getString(3);
        tag = r.getString(4);
        policy = new Policy(Judgments.valueOf(r.getString(5)), r.getInt(6), Gain.valueOf(r.getString(7)),
            Ordering.valueOf(r.getString(8)), NoRelevant.valueOf(r.getString(9)), UnknownQueries.valueOf(r.getString(10)),
            r.getInt(11));
      }
    }
    List<MeasureSummary> means = means(c, id);
    List<Measure> measures = means.stream().map(MeasureSummary::measure).toList();
    List<String> querySet = new ArrayList<>();
    List<Object[]> heads = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT query, missing, returned, relevant, unjudged, first_relevant_rank"
        + " FROM query_row WHERE evaluation_id = ? ORDER BY position")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          int rank = r.getInt(6);
          Integer first = r.wasNull() ? null : rank; // wasNull speaks of the last column read: ask at once
          heads.add(new Object[] {r.getString(1), r.getInt(2) == 1, r.getInt(3), r.getInt(4), r.getInt(5), first});
          querySet.add(r.getString(1));
        }
      }
    }
    List<Map<Measure, Value>> values = new ArrayList<>();
    for (int q = 0; q < heads.size(); q++) {
      Map<Measure, Value> m = new LinkedHashMap<>();
      measures.forEach(x -> m.put(x, null));
      values.add(m);
    }
    try (PreparedStatement s = c.prepareStatement(
        "SELECT position, measure_position, exact, value FROM query_value WHERE evaluation_id = ?")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          String exact = r.getString(3);
          double d = r.getDouble(4);
          Value v = r.wasNull() ? null : exact != null ? new Value(Fraction.parse(exact), d) : Value.ofDouble(d);
          values.get(r.getInt(1)).put(measures.get(r.getInt(2)), v);
        }
      }
    }
    List<QueryResult> rows = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<String> noRelevant = new ArrayList<>();
    for (int q = 0; q < heads.size(); q++) {
      Object[] h = heads.get(q);
      QueryResult row = new QueryResult((String) h[0], (Boolean) h[1], (Integer) h[2], (Integer) h[3], (Integer) h[4],
          values.get(q), Map.of(), (Integer) h[5]);
      rows.add(row);
      if (row.missing()) {
        missing.add(row.query());
      }
      if (row.relevant() == 0) {
        noRelevant.add(row.query());
      }
    }
    List<String> ignored = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT query FROM ignored_query WHERE evaluation_id = ? ORDER BY rowid")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          ignored.add(r.getString(1));
        }
      }
    }
    List<Coverage.Cutoff> cutoffs = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(
        "SELECT k, judged_exact, judged, low FROM coverage WHERE evaluation_id = ? ORDER BY k")) {
      s.setLong(1, id);
      try (ResultSet r = s.executeQuery()) {
        while (r.next()) {
          String exact = r.getString(2);
          Value v = exact != null ? new Value(Fraction.parse(exact), r.getDouble(3)) : Value.ofDouble(r.getDouble(3));
          cutoffs.add(new Coverage.Cutoff(r.getInt(1), v, r.getInt(4) == 1));
        }
      }
    }
    EvalProtocol protocol = new EvalProtocol(Qrels.of(Map.of()), querySet, source, null, policy, measures);
    return new RunResult(runName, protocol, fingerprint, dev.caliber.eval.Evaluation.rows(rows), means, missing, ignored, noRelevant, tag,
        dev.caliber.result.OrderDisagreement.NONE, new Coverage(cutoffs));
  }
}
