package dev.caliber.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.caliber.protocol.Qrels;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user who may read a history but not write it: reading leaves nothing behind that would lock
 * the owner out (SQLite's {@code -wal} and {@code -shm} files, owned by the reader).
 */
class HistoryReadTest {
  @TempDir Path dir;

  private final Qrels qrels = Fixtures.qrels(5);

  private Path recorded(String name, int entries) throws Exception {
    Path file = dir.resolve(name);
    try (History h = History.open(file)) {
      for (int i = 0; i < entries; i++) {
        h.record(Fixtures.result("run" + i, qrels, i), Fixtures.recording("r" + i, "dev", Map.of()));
      }
    }
    return file;
  }

  private List<String> files() throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void should_read_without_writing_or_creating_a_file_when_the_user_may_not_write() throws Exception {
    // GIVEN a history as recorded
    Path file = recorded("h.sqlite", 2);
    byte[] before = Files.readAllBytes(file);
    // WHEN a user who may only read lists it, shows an entry and reads a result
    try (History h = History.read(file, false)) {
      assertThat(h.list(Filter.ALL)).extracting(Entry::id).containsExactly(1L, 2L);
      assertThat(h.entry(2).runName()).isEqualTo("run1");
      assertThat(h.result(1).rows()).hasSize(5);
      assertThat(h.testLooks(h.entry(1).protocolSha256())).isZero();
      // THEN nothing beside the file exists, even while it is open
      assertThat(files()).containsExactly("h.sqlite");
    }
    assertThat(files()).containsExactly("h.sqlite");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void should_read_a_history_an_earlier_caliber_left_in_wal_mode_without_making_its_log() throws Exception {
    // GIVEN a history in write-ahead-log mode, as caliber wrote them before, with no writer at work
    Path file = recorded("old.sqlite", 1);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      assertThat(pragma(c, "journal_mode = WAL")).isEqualTo("wal");
    }
    assertThat(Schema.writeAheadLog(file)).isTrue();
    assertThat(files()).containsExactly("old.sqlite");
    byte[] before = Files.readAllBytes(file);
    // WHEN a user who may only read lists it
    try (History h = History.read(file, false)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
      assertThat(files()).containsExactly("old.sqlite");
    }
    // THEN no -wal or -shm file was made, and the file is as it was
    assertThat(files()).containsExactly("old.sqlite");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    // and its owner's next open converts it to a rollback journal
    try (History h = History.open(file)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
    }
    assertThat(Schema.writeAheadLog(file)).isFalse();
    assertThat(files()).containsExactly("old.sqlite");
  }

  @Test
  void should_refuse_a_wal_history_whose_log_has_no_index_rather_than_make_the_index() throws Exception {
    Path file = recorded("log.sqlite", 1);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      pragma(c, "journal_mode = WAL");
    }
    Files.write(Path.of(file + "-wal"), new byte[0]);
    assertThatThrownBy(() -> History.read(file, false)).isInstanceOf(HistoryException.class)
        .hasMessageStartingWith("history " + file + ": left in write-ahead-log mode by an earlier caliber, with a log but no index");
    assertThat(files()).containsExactly("log.sqlite", "log.sqlite-wal");
  }

  @Test
  void should_refuse_to_read_only_an_older_schema_that_needs_migrating() throws Exception {
    Path file = dir.resolve("v1.sqlite");
    try (History h = History.open(file, 1)) {
      h.record(Fixtures.result("a", qrels, 0), Fixtures.recording("x", "dev", Map.of()));
    }
    assertThatThrownBy(() -> History.read(file, false)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + file + ": written by an older caliber (history schema version 1); it is migrated when a "
            + "user who may write it opens it, and this user may only read it");
    // and one who may write it reads it, migrated
    try (History h = History.read(file, true)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
    }
    try (History h = History.read(file, false)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
    }
  }

  @Test
  void should_refuse_an_absent_or_empty_file_and_make_none() throws Exception {
    Path absent = dir.resolve("absent.sqlite");
    assertThatThrownBy(() -> History.read(absent)).isInstanceOf(NoSuchFileException.class);
    assertThat(absent).doesNotExist();
    Path empty = Files.createFile(dir.resolve("empty.sqlite"));
    assertThatThrownBy(() -> History.read(empty, false)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + empty + ": an empty file, not a caliber history yet (evaluate --history records into it)");
    assertThat(files()).containsExactly("empty.sqlite");
  }

  @Test
  void should_read_with_a_user_who_may_not_write_and_refuse_that_user_a_recording() throws Exception {
    // Only meaningful where the file mode binds this user (not the superuser).
    assumeThat(System.getProperty("user.name")).isNotEqualTo("root");
    Path file = recorded("mine.sqlite", 1);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
    try (History h = History.read(file)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
    }
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("may read the history but not write it");
    assertThat(files()).containsExactly("mine.sqlite");
  }

  private static String pragma(Connection c, String p) throws Exception {
    try (PreparedStatement s = c.prepareStatement("PRAGMA " + p); ResultSet r = s.executeQuery()) {
      return r.next() ? r.getString(1) : null;
    }
  }

  @Test
  void should_open_a_history_whose_writer_was_killed_mid_transaction_and_roll_its_journal_back() throws Exception {
    // GIVEN a history and a copy of it taken while a writer was half way through a transaction
    // whose pages had already spilled into the file: what a writer killed at that moment leaves
    Path file = recorded("h.sqlite", 2);
    Path crashed = dir.resolve("crashed.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
      s.execute("PRAGMA cache_size = 1"); // spill modified pages into the file before commit
      c.setAutoCommit(false);
      s.execute("CREATE TABLE half_done (x TEXT)");
      for (int i = 0; i < 2000; i++) {
        s.execute("INSERT INTO half_done VALUES ('" + "x".repeat(200) + "')");
      }
      s.execute("UPDATE evaluation SET run_name = 'changed'");
      assertThat(Path.of(file + "-journal")).exists();
      Files.copy(file, crashed);
      Files.copy(Path.of(file + "-journal"), Path.of(crashed + "-journal"));
      c.rollback();
    }
    // WHEN it is opened for reading (by a user who may write it) and for recording
    try (History h = History.read(crashed)) {
      // THEN the half-done transaction is rolled back: both entries as recorded, no trace of the rest
      assertThat(h.list(Filter.ALL)).extracting(Entry::runName).containsExactly("run0", "run1");
    }
    assertThat(Path.of(crashed + "-journal")).doesNotExist();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + crashed); Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'")) {
      r.next();
      assertThat(r.getInt(1)).isZero();
      assertThat(HistoryTest.pragma(c, "integrity_check")).isEqualTo("ok");
    }
  }
}
