package dev.caliber.history;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The history's schema, versioned with SQLite's {@code user_version} and marked as caliber's with
 * its {@code application_id}. Each version is the list of statements that take the schema from the
 * version before to it; a file is migrated, in one transaction, from its version to {@link #VERSION}.
 * docs/HISTORY.md describes the tables.
 */
final class Schema {
  private Schema() {}

  /** "Calb": marks an SQLite file as a caliber history. */
  static final int APPLICATION_ID = 0x43616C62;

  /** The statements of each version, version 1 first. */
  static final List<List<String>> MIGRATIONS = List.of(
      // 1: evaluations, their metadata, means, coverage, per-query rows and values
      List.of(
          "CREATE TABLE evaluation (id INTEGER PRIMARY KEY AUTOINCREMENT, recorded_at TEXT NOT NULL,"
              + " protocol_sha256 TEXT NOT NULL, query_set_source TEXT NOT NULL, split TEXT, test INTEGER NOT NULL,"
              + " run_name TEXT NOT NULL, run_sha256 TEXT NOT NULL, tag TEXT, caliber_version TEXT NOT NULL,"
              + " repeat_of INTEGER REFERENCES evaluation(id), judgments TEXT NOT NULL,"
              + " relevance_threshold INTEGER NOT NULL, gain TEXT NOT NULL, ordering TEXT NOT NULL,"
              + " no_relevant TEXT NOT NULL, unknown_queries TEXT NOT NULL, depth INTEGER NOT NULL,"
              + " queries INTEGER NOT NULL, lock_file TEXT, lock_sha256 TEXT)",
          "CREATE TABLE meta (evaluation_id INTEGER NOT NULL REFERENCES evaluation(id), key TEXT NOT NULL,"
              + " value TEXT NOT NULL, PRIMARY KEY (evaluation_id, key))",
          "CREATE TABLE measure (evaluation_id INTEGER NOT NULL REFERENCES evaluation(id), position INTEGER NOT NULL,"
              + " name TEXT NOT NULL, count INTEGER NOT NULL, mean_exact TEXT, mean REAL, sum REAL,"
              + " PRIMARY KEY (evaluation_id, position))",
          "CREATE TABLE coverage (evaluation_id INTEGER NOT NULL REFERENCES evaluation(id), k INTEGER NOT NULL,"
              + " judged_exact TEXT, judged REAL NOT NULL, low INTEGER NOT NULL, PRIMARY KEY (evaluation_id, k))",
          "CREATE TABLE query_row (evaluation_id INTEGER NOT NULL REFERENCES evaluation(id), position INTEGER NOT NULL,"
              + " query TEXT NOT NULL, missing INTEGER NOT NULL, returned INTEGER NOT NULL, relevant INTEGER NOT NULL,"
              + " unjudged INTEGER NOT NULL, first_relevant_rank INTEGER, PRIMARY KEY (evaluation_id, position))",
          "CREATE TABLE query_value (evaluation_id INTEGER NOT NULL REFERENCES evaluation(id),"
              + " position INTEGER NOT NULL, measure_position INTEGER NOT NULL, exact TEXT, value REAL,"
              + " PRIMARY KEY (evaluation_id, position, measure_position))",
          "CREATE TABLE ignored_query (evaluation_id INTEGER NOT NULL REFERENCES evaluation(id), query TEXT NOT NULL,"
              + " PRIMARY KEY (evaluation_id, query))"),
      // 2: what list, repeats and test looks search by
      List.of(
          "CREATE INDEX evaluation_protocol_run ON evaluation (protocol_sha256, run_sha256)",
          "CREATE INDEX evaluation_protocol_test ON evaluation (protocol_sha256, test)",
          "CREATE INDEX evaluation_time ON evaluation (recorded_at)"));

  /** The schema version this caliber writes and reads. */
  static final int VERSION = MIGRATIONS.size();

  private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);

  /**
   * Whether the file is an SQLite database by its header; an empty or absent file is not one yet.
   *
   * @throws HistoryException if the file has content that is not an SQLite database's
   */
  static boolean exists(Path file) throws IOException {
    // What cannot be opened as a file at all is an I/O error, not a damaged history.
    if (Files.isDirectory(file)) {
      throw new IOException("history " + file + ": is a directory; expected a caliber history file");
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new IOException("history " + file + ": is a device, pipe or socket; expected a caliber history file");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (!Files.exists(file) && parent != null && !Files.isDirectory(parent)) {
      throw new IOException("history " + file + ": no such directory " + parent + "; the history is made on first use, "
          + "in a directory that exists");
    }
    if (!Files.exists(file) || Files.size(file) == 0) {
      return false;
    }
    byte[] head = new byte[MAGIC.length];
    int n;
    try (InputStream in = Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, head.length);
    }
    if (n < head.length || !java.util.Arrays.equals(head, MAGIC)) {
      throw new HistoryException(file, "not an SQLite database (expected a caliber history, or a new or empty file)");
    }
    return true;
  }

  /** Whether an SQLite file's header says write-ahead-log mode (file format numbers 2 at offsets 18 and 19). */
  static boolean writeAheadLog(Path file) throws IOException {
    byte[] head = new byte[20];
    int n;
    try (InputStream in = Files.newInputStream(file)) {
      n = in.readNBytes(head, 0, head.length);
    }
    return n == head.length && head[18] == 2;
  }

  /**
   * Checks, on a read-only connection, that an existing file is a sound caliber history of a version
   * this caliber reads (or an empty SQLite database), so that nothing is written to any other file.
   *
   * @throws HistoryException if it is not
   */
  static void check(Path file, Connection readOnly) throws SQLException {
    String quick = text(readOnly, "PRAGMA quick_check");
    if (!"ok".equals(quick)) {
      throw new HistoryException(file, "the database is damaged (SQLite's quick_check: " + quick + ")");
    }
    int applicationId = number(readOnly, "PRAGMA application_id");
    int version = number(readOnly, "PRAGMA user_version");
    List<String> tables = tables(readOnly);
    if (applicationId != APPLICATION_ID && !(applicationId == 0 && version == 0 && tables.isEmpty())) {
      throw new HistoryException(file, "another application's SQLite database (application_id " + applicationId
          + (tables.isEmpty() ? "" : ", tables " + String.join(", ", tables.subList(0, Math.min(5, tables.size()))))
          + "), not a caliber history");
    }
    requireReadable(file, version);
    if (applicationId == APPLICATION_ID) {
      List<String> missing = new ArrayList<>(tablesOf(version));
      missing.removeAll(tables);
      if (!missing.isEmpty()) {
        throw new HistoryException(file, "the database is damaged (a caliber history of schema version " + version
            + " without its table" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing) + ")");
      }
    }
  }

  /** The tables a history of {@code version} has: those its migrations create. */
  static List<String> tablesOf(int version) {
    List<String> names = new ArrayList<>();
    for (List<String> step : MIGRATIONS.subList(0, Math.max(0, Math.min(version, VERSION)))) {
      for (String sql : step) {
        java.util.regex.Matcher m = CREATE_TABLE.matcher(sql);
        if (m.lookingAt()) {
          names.add(m.group(1));
        }
      }
    }
    return names;
  }

  private static final java.util.regex.Pattern CREATE_TABLE = java.util.regex.Pattern.compile("CREATE TABLE (\\w+) ");

  static void requireReadable(Path file, int version) {
    if (version < 0) {
      throw new HistoryException(file, "the database is damaged (history schema version " + version + "; expected 1 to "
          + VERSION + ")");
    }
    if (version > VERSION) {
      throw new HistoryException(file, "written by a newer caliber (history schema version " + version
          + "; this caliber reads versions 1 to " + VERSION + "): use that caliber or a newer one");
    }
  }

  /** Migrates to {@code target} inside the caller's (immediate) transaction. */
  static void migrate(Path file, Connection c, int target) throws SQLException {
    int applicationId = number(c, "PRAGMA application_id");
    int version = number(c, "PRAGMA user_version");
    if (applicationId != APPLICATION_ID && !(applicationId == 0 && version == 0 && tables(c).isEmpty())) {
      throw new HistoryException(file, "another application's SQLite database (application_id " + applicationId
          + "), not a caliber history");
    }
    requireReadable(file, version);
    for (int v = version; v < target; v++) {
      for (String sql : MIGRATIONS.get(v)) {
        execute(c, sql);
      }
    }
    if (version < target) {
      // PRAGMA takes no parameters; both values are this class's constants
      execute(c, "PRAGMA application_id = " + APPLICATION_ID);
      execute(c, "PRAGMA user_version = " + target);
    }
  }

  static void execute(Connection c, String sql) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.execute();
    }
  }

  static int number(Connection c, String sql) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
      return r.next() ? r.getInt(1) : 0;
    }
  }

  private static String text(Connection c, String sql) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql); ResultSet r = s.executeQuery()) {
      return r.next() ? r.getString(1) : "no answer";
    }
  }

  private static List<String> tables(Connection c) throws SQLException {
    List<String> names = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
        ResultSet r = s.executeQuery()) {
      while (r.next()) {
        names.add(r.getString(1));
      }
    }
    return names;
  }
}
