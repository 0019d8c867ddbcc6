package dev.caliber.history;

import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import org.sqlite.SQLiteConfig;

/**
 * An evaluation history in one SQLite file: {@link #record} stores an evaluation (its result's
 * per-query rows and means, and the {@link Recording}) in one transaction; {@link #list}, {@link
 * #entry} and {@link #result} read it back. Several processes may record into one file at once
 * (a rollback journal, a busy timeout of {@value #BUSY_TIMEOUT_MS} ms, immediate transactions); a
 * process stopped in the middle of recording leaves no partial entry. {@link #read} opens a history
 * for reading only: a user who may read but not write a history reads it without leaving a file
 * behind (a write-ahead log's {@code -wal} and {@code -shm} files, owned by the reader, would lock
 * its owner out: that is why the journal is a rollback journal).
 *
 * <p>{@link #open} never writes to a file that is not a caliber history: a file that is not SQLite,
 * a damaged one, another application's database or one from a newer caliber is refused with a
 * {@link HistoryException} and left as it was. An absent or empty file, or an empty SQLite database,
 * becomes a new history; an older history is migrated to this caliber's schema.
 */
public final class History implements AutoCloseable {
  /** How long a writer waits for another to finish, in milliseconds. */
  public static final int BUSY_TIMEOUT_MS = 60_000;

  private final Path file;
  private final Connection connection;
  /** Whether this open made the file: then, if nothing is ever committed, closing removes it. */
  private final boolean created;
  private boolean committed;

  private History(Path file, Connection connection, boolean created) {
    this.file = file;
    this.connection = connection;
    this.created = created;
  }

  /**
   * Opens a history, creating or migrating it.
   *
   * @param file the history file, not null
   * @return the open history; close it
   * @throws HistoryException if the file is not a caliber history this caliber can use
   * @throws IOException if the file cannot be read or written
   */
  public static History open(Path file) throws IOException {
    return open(file, Schema.VERSION);
  }

  /** Opens a history at a given schema version: tests make old histories with it. */
  static History open(Path file, int version) throws IOException {
    Objects.requireNonNull(file, "file");
    boolean created = !Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    if (!created && Files.isRegularFile(file) && !Files.isWritable(file)) {
      // before any connection: SQLite would fall back to reading and fail at the first write
      throw new java.nio.file.AccessDeniedException(file.toString(), null,
          "this user may read the history but not write it; caliber history commands read it");
    }
    if (Schema.exists(file)) {
      rollBackHotJournal(file);
      SQLiteConfig ro = new SQLiteConfig();
      ro.setReadOnly(true);
      ro.setBusyTimeout(BUSY_TIMEOUT_MS);
      try (Connection c = ro.createConnection(url(file))) {
        Schema.check(file, c);
      } catch (SQLException e) {
        throw unusable(file, e);
      }
    }
    SQLiteConfig rw = new SQLiteConfig();
    rw.setBusyTimeout(BUSY_TIMEOUT_MS);
    // A rollback journal, not a write-ahead log: a reader then makes no file (see the class comment).
    // This also converts a history an earlier caliber left in WAL mode.
    rw.setJournalMode(SQLiteConfig.JournalMode.DELETE);
    rw.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
    rw.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
    rw.enforceForeignKeys(true);
    Connection c = null;
    try {
      c = rw.createConnection(url(file));
      c.setAutoCommit(false);
      Schema.migrate(file, c, version);
      c.commit();
      return new History(file, c, created);
    } catch (SQLException | RuntimeException e) {
      close(c);
      if (created) {
        removeMade(file);
      }
      if (e instanceof HistoryException h) {
        throw h;
      }
      throw e instanceof SQLException s ? unusable(file, s) : (RuntimeException) e;
    }
  }

  /**
   * A writer killed in the middle of a transaction leaves its rollback journal behind ("hot"):
   * SQLite rolls it back at the next read by a connection that may write, and a read-only
   * connection refuses the file instead. So before the read-only look at the schema, a connection
   * that may write reads once, which rolls back what the killed writer left half done. Nothing
   * else is written; a journal that a live writer holds is not hot, and the read waits for it.
   */
  private static void rollBackHotJournal(Path file) throws IOException {
    if (!Files.exists(Path.of(file + "-journal"))) {
      return;
    }
    SQLiteConfig plain = new SQLiteConfig();
    plain.setBusyTimeout(BUSY_TIMEOUT_MS);
    try (Connection c = plain.createConnection(url(file));
        java.sql.Statement s = c.createStatement();
        java.sql.ResultSet r = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
      r.next();
    } catch (SQLException e) {
      throw unusable(file, e);
    }
  }

  /**
   * Opens a history for reading only ({@link #list}, {@link #entry}, {@link #result}, {@link
   * #testLooks}). A file this process may write is opened as {@link #open} opens it (so that an older
   * history is migrated); one it may only read is read through a read-only connection that writes
   * and creates nothing beside it, which needs a history of this caliber's schema version.
   *
   * @param file the history file, not null; it must exist (reading never makes one)
   * @return the open history; close it
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws HistoryException if the file is not a caliber history this caliber can read
   * @throws IOException if the file cannot be read
   */
  public static History read(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    return read(file, Files.isWritable(file));
  }

  /** {@link #read}, told whether this process may write the file: tests run as a user who may. */
  static History read(Path file, boolean mayWrite) throws IOException {
    if (!Files.exists(file)) {
      throw new java.nio.file.NoSuchFileException(file.toString());
    }
    if (mayWrite) {
      return open(file);
    }
    if (!Schema.exists(file)) {
      throw new HistoryException(file, "an empty file, not a caliber history yet (evaluate --history records into it)");
    }
    SQLiteConfig ro = new SQLiteConfig();
    ro.setReadOnly(true);
    ro.setBusyTimeout(BUSY_TIMEOUT_MS);
    ro.setOpenMode(org.sqlite.SQLiteOpenMode.OPEN_URI);
    Connection c = null;
    try {
      c = ro.createConnection(readOnlyUrl(file));
      Schema.check(file, c);
      int version = Schema.number(c, "PRAGMA user_version");
      if (version != Schema.VERSION) {
        throw new HistoryException(file, "written by an older caliber (history schema version " + version
            + "); it is migrated when a user who may write it opens it, and this user may only read it");
      }
      c.setAutoCommit(false);
      return new History(file, c, false);
    } catch (SQLException | RuntimeException e) {
      close(c);
      if (e instanceof HistoryException h) {
        throw h;
      }
      throw e instanceof SQLException s ? unusable(file, s) : (RuntimeException) e;
    }
  }

  /**
   * The URI of a read-only connection. A history an earlier caliber left in WAL mode would make
   * SQLite create {@code -wal} and {@code -shm} files for the reader; when the log is absent (no
   * writer is at work and nothing waits to be copied back) it is read as immutable, which creates
   * nothing; when the log is there without its index, reading would create the index, so it is refused.
   */
  private static String readOnlyUrl(Path file) throws IOException {
    String uri = file.toAbsolutePath().toUri().toString() + "?mode=ro";
    if (!Schema.writeAheadLog(file)) {
      return "jdbc:sqlite:" + uri;
    }
    boolean log = Files.exists(Path.of(file + "-wal"));
    if (!log) {
      return "jdbc:sqlite:" + uri + "&immutable=1";
    }
    if (!Files.exists(Path.of(file + "-shm"))) {
      throw new HistoryException(file, "left in write-ahead-log mode by an earlier caliber, with a log but no index; "
          + "a user who may write it converts it by opening it once (caliber history list as its owner)");
    }
    return "jdbc:sqlite:" + uri;
  }

  private static String url(Path file) {
    return "jdbc:sqlite:" + file.toAbsolutePath();
  }

  private static void close(Connection c) {
    if (c != null) {
      try {
        c.rollback();
        c.close();
      } catch (SQLException ignored) {
        // the error that made us close is the one to report
      }
    }
  }

  private static RuntimeException unusable(Path file, SQLException e) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    if (m.contains("SQLITE_CORRUPT") || m.contains("SQLITE_NOTADB") || m.contains("malformed")) {
      return new HistoryException(file, "the database is damaged (" + m + ")", e);
    }
    // SQLite's result code ([SQLITE_IOERR_FSYNC] ...) names its internals, not the user's problem.
    String words = m.replaceFirst("^\\[SQLITE_[A-Z_]+\\]\\s*", "");
    return new java.io.UncheckedIOException(new IOException("history " + file + ": " + words, e));
  }

  private RuntimeException failed(SQLException e) {
    return unusable(file, e);
  }

  /**
   * The file.
   *
   * @return the history file
   */
  public Path file() {
    return file;
  }

  /**
   * Records one evaluation in one transaction: all of it or, if anything fails, none of it.
   *
   * @param result the evaluation's result, not null
   * @param recording where the run came from and when, not null
   * @return the new entry's ID, the test looks under its protocol and whether it is a repeat
   * @throws java.io.UncheckedIOException if the history cannot be written
   */
  public Recorded record(RunResult result, Recording recording) {
    Recorded r = stage(result, recording);
    commit();
    return r;
  }

  /**
   * Records one evaluation in the open transaction, which {@link #commit} ends and {@link #close}
   * (or a failure) rolls back: a command stages what it will report, writes its output, and commits
   * only then, so that an evaluation whose result no one saw is not counted. Until the commit,
   * other writers wait (up to {@link #BUSY_TIMEOUT_MS}).
   *
   * @param result the evaluation's result, not null
   * @param recording where the run came from and when, not null
   * @return the entry's ID, the test looks under its protocol and whether it is a repeat, counting
   *     what this transaction staged before
   * @throws java.io.UncheckedIOException if the history cannot be written; the transaction is rolled back
   */
  public Recorded stage(RunResult result, Recording recording) {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(recording, "recording");
    try {
      return Rows.insert(connection, result, recording);
    } catch (SQLException e) {
      rollbackQuietly();
      throw failed(e);
    }
  }

  /**
   * Makes what was {@link #stage staged} permanent.
   *
   * @throws java.io.UncheckedIOException if the history cannot be written; nothing staged is kept
   */
  public void commit() {
    try {
      connection.commit();
      committed = true;
    } catch (SQLException e) {
      rollbackQuietly();
      throw failed(e);
    }
  }

  private void rollbackQuietly() {
    try {
      connection.rollback();
    } catch (SQLException ignored) {
      // the first error is the one to report
    }
  }

  /**
   * The entries a filter selects, oldest first.
   *
   * @param filter which entries, not null ({@link Filter#ALL} for all)
   * @return the entries in the order of recording
   */
  public List<Entry> list(Filter filter) {
    Objects.requireNonNull(filter, "filter");
    try {
      List<Entry> l = Rows.list(connection, filter, null);
      connection.commit();
      return l;
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /**
   * One entry.
   *
   * @param id the entry's ID
   * @return the entry, or null when the history has none with that ID
   */
  public Entry entry(long id) {
    try {
      List<Entry> l = Rows.list(connection, Filter.ALL, id);
      connection.commit();
      return l.isEmpty() ? null : l.get(0);
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /**
   * An entry's result as recorded: per-query rows, means and coverage, under a protocol that carries
   * the recorded policy, measures, query set and fingerprint but no judgments (a history keeps the
   * results, not the inputs), so that the comparison and report writers take it as they take a
   * fresh result.
   *
   * @param id the entry's ID
   * @return the result, or null when the history has no entry with that ID
   */
  public RunResult result(long id) {
    try {
      RunResult r = Rows.result(connection, id);
      connection.commit();
      return r;
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /**
   * Evaluations on a test split recorded under a protocol.
   *
   * @param protocolSha256 the protocol fingerprint
   * @return how many there are
   */
  public int testLooks(String protocolSha256) {
    try {
      int n = Rows.testLooks(connection, protocolSha256);
      connection.commit();
      return n;
    } catch (SQLException e) {
      throw failed(e);
    }
  }

  /**
   * Closes the connection; what was staged and not committed is rolled back.
   *
   * @throws java.io.UncheckedIOException if SQLite cannot close the file
   */
  @Override
  public void close() {
    try {
      connection.rollback();
      connection.close();
    } catch (SQLException e) {
      throw failed(e);
    }
    if (created && !committed) {
      removeMade(file); // a command that failed, or only read, leaves no history it made behind
    }
  }

  /** Removes a history file this process made, with SQLite's files beside it; best effort. */
  private static void removeMade(Path file) {
    for (String suffix : new String[] {"-wal", "-shm", "-journal", ""}) {
      try {
        Files.deleteIfExists(Path.of(file + suffix));
      } catch (IOException e) {
        // nothing recorded is lost: at worst an empty history stays
      }
    }
  }
}
