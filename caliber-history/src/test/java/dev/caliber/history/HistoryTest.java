package dev.caliber.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.Qrels;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {
  @TempDir Path dir;

  private final Qrels qrels = Fixtures.qrels(7);

  @Test
  void should_give_back_every_row_and_mean_as_recorded() throws Exception {
    // GIVEN
    RunResult result = Fixtures.result("bm25", qrels, 0);
    Path file = dir.resolve("h.sqlite");
    // WHEN
    long id;
    try (History h = History.open(file)) {
      id = h.record(result, Fixtures.recording("run A", "dev", Map.of("model", "bm25", "index", "v3"))).id();
    }
    // THEN
    try (History h = History.open(file)) {
      RunResult back = h.result(id);
      assertThat(back.runName()).isEqualTo("bm25");
      assertThat(back.protocolSha256()).isEqualTo(result.protocolSha256());
      assertThat(back.protocol().policy()).isEqualTo(result.protocol().policy());
      assertThat(back.protocol().querySet()).isEqualTo(result.protocol().querySet());
      assertThat(back.summaries()).isEqualTo(result.summaries());
      assertThat(back.coverage()).isEqualTo(result.coverage());
      for (int q = 0; q < result.rows().size(); q++) {
        QueryResult a = result.rows().get(q);
        QueryResult b = back.rows().get(q);
        assertThat(b.values()).containsExactlyEntriesOf(a.values());
        assertThat(List.of(b.query(), b.missing(), b.returned(), b.relevant(), b.unjudged()))
            .isEqualTo(List.of(a.query(), a.missing(), a.returned(), a.relevant(), a.unjudged()));
        assertThat(b.firstRelevantRank()).isEqualTo(a.firstRelevantRank());
      }
      Entry e = h.entry(id);
      assertThat(e.meta()).containsExactly(Map.entry("index", "v3"), Map.entry("model", "bm25"));
      assertThat(e.split()).isEqualTo("dev");
      assertThat(e.test()).isFalse();
      assertThat(e.runSha256()).isEqualTo(Fixtures.sha256("run A"));
      assertThat(e.caliberVersion()).isEqualTo("0.1.0-test");
      assertThat(e.queries()).isEqualTo(7);
      assertThat(e.lockFile()).isNull();
      assertThat(e.lockSha256()).isNull();
      assertThat(e.means()).isEqualTo(result.summaries());
      assertThat(h.entry(id + 1)).isNull();
      assertThat(h.result(id + 1)).isNull();
    }
  }

  @Test
  void should_give_back_a_row_without_a_relevant_document_retrieved_and_a_missing_row() throws Exception {
    // GIVEN q1 retrieves only its non-relevant document, q2 a relevant one at rank 2, q3 nothing
    Qrels three = Fixtures.qrels(3);
    RunResult result = dev.caliber.api.Eval.evaluate(three, dev.caliber.api.Eval.run("sparse",
            Map.of("q1", Map.of("d1c", 1.0), "q2", Map.of("d2c", 2.0, "d2a", 1.0))),
        dev.caliber.api.Preset.TREC_EVAL, "AP");
    assertThat(result.rows()).extracting(QueryResult::firstRelevantRank).containsExactly(null, 2, null);
    Path file = dir.resolve("h.sqlite");
    long id;
    try (History h = History.open(file)) {
      id = h.record(result, Fixtures.recording("sparse", "dev", Map.of())).id();
    }
    // WHEN
    RunResult back;
    try (History h = History.open(file)) {
      back = h.result(id);
    }
    // THEN
    assertThat(back.rows()).extracting(QueryResult::firstRelevantRank).containsExactly(null, 2, null);
    assertThat(back.rows()).extracting(QueryResult::missing).containsExactly(false, false, true);
    assertThat(back.summaries()).isEqualTo(result.summaries());
  }

  @Test
  void should_record_the_lock_file_the_protocol_came_from() throws Exception {
    try (History h = History.open(dir.resolve("h.sqlite"))) {
      long id = h.record(Fixtures.result("a", qrels, 0),
          Fixtures.recording("x", "test", Map.of()).withLock("cacm.lock.json", Fixtures.sha256("lock"))).id();
      assertThat(h.entry(id).lockFile()).isEqualTo("cacm.lock.json");
      assertThat(h.entry(id).lockSha256()).isEqualTo(Fixtures.sha256("lock"));
    }
  }

  @Test
  void should_note_a_repeat_of_the_same_content_under_the_same_protocol_only() throws Exception {
    try (History h = History.open(dir.resolve("h.sqlite"))) {
      RunResult r = Fixtures.result("a", qrels, 0);
      Recorded first = h.record(r, Fixtures.recording("same", "dev", Map.of()));
      Recorded second = h.record(Fixtures.result("renamed", qrels, 0), Fixtures.recording("same", "dev", Map.of()));
      Recorded other = h.record(r, Fixtures.recording("different", "dev", Map.of()));
      RunResult otherProtocol = Fixtures.result("a", Fixtures.qrels(6), 0);
      Recorded elsewhere = h.record(otherProtocol, Fixtures.recording("same", "dev", Map.of()));

      assertThat(first.repeat()).isFalse();
      assertThat(second.repeatOf()).isEqualTo(first.id());
      assertThat(other.repeat()).isFalse();
      assertThat(elsewhere.repeat()).isFalse();
      assertThat(h.entry(second.id()).repeatOf()).isEqualTo(first.id());
    }
  }

  @Test
  void should_count_test_looks_per_protocol_fingerprint() throws Exception {
    try (History h = History.open(dir.resolve("h.sqlite"))) {
      RunResult r = Fixtures.result("a", qrels, 0);
      assertThat(h.record(r, Fixtures.recording("1", "dev", Map.of())).testLooks()).isZero();
      assertThat(h.record(r, Fixtures.recording("2", "test", Map.of())).testLooks()).isEqualTo(1);
      assertThat(h.record(r, Fixtures.recording("3", "test", Map.of())).testLooks()).isEqualTo(2);
      RunResult other = Fixtures.result("a", Fixtures.qrels(5), 0);
      assertThat(h.record(other, Fixtures.recording("4", "test", Map.of())).testLooks()).isEqualTo(1);
      assertThat(h.testLooks(r.protocolSha256())).isEqualTo(2);
    }
  }

  @Test
  void should_list_by_protocol_prefix_run_split_and_time() throws Exception {
    try (History h = History.open(dir.resolve("h.sqlite"))) {
      RunResult a = Fixtures.result("a", qrels, 0);
      RunResult b = Fixtures.result("b", Fixtures.qrels(3), 1);
      h.record(a, new Recording(Instant.parse("2026-01-01T00:00:00Z"), Fixtures.sha256("1"), "dev", false, Map.of(), "v"));
      h.record(b, new Recording(Instant.parse("2026-02-01T00:00:00Z"), Fixtures.sha256("2"), "test", true, Map.of(), "v"));
      h.record(a, new Recording(Instant.parse("2026-03-01T00:00:00Z"), Fixtures.sha256("3"), "test", true, Map.of(), "v"));

      assertThat(h.list(Filter.ALL)).extracting(Entry::id).containsExactly(1L, 2L, 3L);
      assertThat(h.list(new Filter(a.protocolSha256().substring(0, 8), null, null, null, null)))
          .extracting(Entry::id).containsExactly(1L, 3L);
      assertThat(h.list(new Filter(null, "b", null, null, null))).extracting(Entry::id).containsExactly(2L);
      assertThat(h.list(new Filter(null, null, "test", null, null))).extracting(Entry::id).containsExactly(2L, 3L);
      assertThat(h.list(new Filter(null, null, null, Instant.parse("2026-01-15T00:00:00Z"),
          Instant.parse("2026-03-01T00:00:00Z")))).extracting(Entry::id).containsExactly(2L);
    }
  }

  @Test
  void should_make_a_new_history_of_an_empty_file_with_a_rollback_journal() throws Exception {
    Path file = Files.createFile(dir.resolve("empty.sqlite"));
    try (History h = History.open(file)) {
      h.record(Fixtures.result("a", qrels, 0), Fixtures.recording("x", "dev", Map.of()));
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      assertThat(pragma(c, "journal_mode")).isEqualTo("delete");
      assertThat(pragma(c, "user_version")).isEqualTo(String.valueOf(Schema.VERSION));
      assertThat(pragma(c, "application_id")).isEqualTo(String.valueOf(Schema.APPLICATION_ID));
    }
  }

  @Test
  void should_migrate_an_older_history_keeping_its_entries() throws Exception {
    // GIVEN a history of schema version 1
    Path file = dir.resolve("old.sqlite");
    try (History h = History.open(file, 1)) {
      h.record(Fixtures.result("a", qrels, 0), Fixtures.recording("x", "dev", Map.of()));
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      assertThat(pragma(c, "user_version")).isEqualTo("1");
    }
    // WHEN this caliber opens it
    try (History h = History.open(file)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
    }
    // THEN it is at this version, with version 2's indexes
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        PreparedStatement s = c.prepareStatement("SELECT name FROM sqlite_master WHERE type = 'index' AND name = ?")) {
      assertThat(pragma(c, "user_version")).isEqualTo(String.valueOf(Schema.VERSION));
      s.setString(1, "evaluation_protocol_run");
      try (ResultSet r = s.executeQuery()) {
        assertThat(r.next()).isTrue();
      }
    }
  }

  @Test
  void should_refuse_a_history_from_a_newer_caliber_naming_its_version_and_leave_it_alone() throws Exception {
    Path file = recordedWithVersion(dir.resolve("newer.sqlite"), 99);
    byte[] before = Files.readAllBytes(file);
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + file + ": written by a newer caliber (history schema version 99; this caliber reads "
            + "versions 1 to " + Schema.VERSION + "): use that caliber or a newer one");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void should_refuse_a_negative_schema_version_as_damage_and_leave_the_file_alone() throws Exception {
    Path file = recordedWithVersion(dir.resolve("negative.sqlite"), -1);
    byte[] before = Files.readAllBytes(file);
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + file + ": the database is damaged (history schema version -1; expected 1 to " + Schema.VERSION + ")");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void should_refuse_a_caliber_history_without_its_tables_as_damage_and_leave_it_alone() throws Exception {
    // GIVEN a history carrying caliber's ID and version whose table of values is gone
    Path file = dir.resolve("tables.sqlite");
    try (History h = History.open(file)) {
      h.record(Fixtures.result("a", qrels, 0), Fixtures.recording("x", "dev", Map.of()));
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      try (PreparedStatement s = c.prepareStatement("DROP TABLE query_value")) {
        s.execute();
      }
      pragma(c, "wal_checkpoint(TRUNCATE)");
      try (PreparedStatement s = c.prepareStatement("PRAGMA journal_mode = DELETE")) {
        s.execute();
      }
    }
    byte[] before = Files.readAllBytes(file);
    // WHEN / THEN refused as damaged, not switched to WAL or otherwise written
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + file + ": the database is damaged (a caliber history of schema version " + Schema.VERSION
            + " without its table query_value)");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
    assertThat(dir.resolve("tables.sqlite-wal")).doesNotExist();
  }

  @Test
  void should_leave_no_file_behind_when_it_made_one_and_nothing_was_committed() throws Exception {
    // GIVEN a new path, opened and closed with nothing recorded (a command that failed, or only read)
    Path file = dir.resolve("new.sqlite");
    try (History h = History.open(file)) {
      assertThat(h.list(Filter.ALL)).isEmpty();
    }
    // THEN no history, nor SQLite's files beside it, stays
    assertThat(file).doesNotExist();
    assertThat(dir.resolve("new.sqlite-wal")).doesNotExist();
    assertThat(dir.resolve("new.sqlite-shm")).doesNotExist();
    // and one that recorded stays
    try (History h = History.open(file)) {
      h.record(Fixtures.result("a", qrels, 0), Fixtures.recording("x", "dev", Map.of()));
    }
    assertThat(file).exists();
    // and an existing one read and closed stays too
    try (History h = History.open(file)) {
      assertThat(h.list(Filter.ALL)).hasSize(1);
    }
    assertThat(file).exists();
  }

  @Test
  void should_refuse_a_file_that_is_not_sqlite_and_leave_it_alone() throws Exception {
    Path file = Files.writeString(dir.resolve("notes.txt"), "qid Q0 doc 1 2.0 run\n");
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + file + ": not an SQLite database (expected a caliber history, or a new or empty file)");
    assertThat(Files.readString(file)).isEqualTo("qid Q0 doc 1 2.0 run\n");
    assertThat(dir.resolve("notes.txt-wal")).doesNotExist();
  }

  @Test
  void should_refuse_another_applications_sqlite_file_and_leave_it_alone() throws Exception {
    Path file = dir.resolve("app.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      try (PreparedStatement s = c.prepareStatement("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")) {
        s.execute();
      }
      try (PreparedStatement s = c.prepareStatement("INSERT INTO users (name) VALUES ('ada')")) {
        s.execute();
      }
    }
    byte[] before = Files.readAllBytes(file);
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(HistoryException.class)
        .hasMessage("history " + file + ": another application's SQLite database (application_id 0, tables users), "
            + "not a caliber history");
    assertThat(Files.readAllBytes(file)).isEqualTo(before);
  }

  @Test
  void should_refuse_a_damaged_history_and_leave_it_alone() throws Exception {
    // GIVEN a history whose pages after the header are overwritten
    Path file = dir.resolve("damaged.sqlite");
    try (History h = History.open(file)) {
      for (int i = 0; i < 20; i++) {
        h.record(Fixtures.result("a", Fixtures.qrels(50), i), Fixtures.recording("x" + i, "dev", Map.of()));
      }
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      pragma(c, "wal_checkpoint(TRUNCATE)");
    }
    byte[] bytes = Files.readAllBytes(file);
    for (int i = 4096 * 2; i < bytes.length; i += 7) {
      bytes[i] = (byte) (bytes[i] ^ 0x5A);
    }
    Files.write(file, bytes);
    // WHEN / THEN
    assertThatThrownBy(() -> History.open(file)).isInstanceOf(HistoryException.class)
        .hasMessageStartingWith("history " + file + ": the database is damaged (");
    assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
  }

  /** A history with one entry whose schema version is then set to {@code version}, its log checkpointed. */
  private Path recordedWithVersion(Path file, int version) throws Exception {
    try (History h = History.open(file)) {
      h.record(Fixtures.result("a", qrels, 0), Fixtures.recording("x", "dev", Map.of()));
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      pragma(c, "wal_checkpoint(TRUNCATE)");
      try (PreparedStatement s = c.prepareStatement("PRAGMA user_version = " + version)) {
        s.execute();
      }
    }
    return file;
  }

  static String pragma(Connection c, String name) throws Exception {
    try (PreparedStatement s = c.prepareStatement("PRAGMA " + name); ResultSet r = s.executeQuery()) {
      r.next();
      return r.getString(1);
    }
  }
}
