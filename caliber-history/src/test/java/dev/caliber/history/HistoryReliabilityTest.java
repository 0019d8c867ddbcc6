package dev.caliber.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writers in separate processes: nothing lost when two write at once, nothing partial when one is killed. */
class HistoryReliabilityTest {
  @TempDir Path dir;

  @Test
  void should_lose_nothing_when_two_processes_record_into_one_history_at_once() throws Exception {
    // GIVEN
    Path file = dir.resolve("h.sqlite");
    int each = 500;
    int queries = 20;
    // WHEN two processes record at once
    Process a = child(file, "A", each, queries, "a");
    Process b = child(file, "B", each, queries, "b");
    assertThat(a.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(b.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(a.exitValue()).as(Files.readString(dir.resolve("a.err"))).isZero();
    assertThat(b.exitValue()).as(Files.readString(dir.resolve("b.err"))).isZero();
    // THEN every evaluation is there, whole, each ID once
    try (History h = History.open(file)) {
      List<Entry> all = h.list(Filter.ALL);
      assertThat(all).hasSize(2 * each);
      assertThat(all.stream().filter(e -> e.runName().equals("A"))).hasSize(each);
      assertThat(all.stream().map(e -> e.meta().get("writer") + e.meta().get("i")).distinct()).hasSize(2 * each);
      assertThat(h.testLooks(all.get(0).protocolSha256())).isEqualTo(2 * each);
    }
    List<String> ids = new ArrayList<>(Files.readAllLines(dir.resolve("a.out")));
    ids.addAll(Files.readAllLines(dir.resolve("b.out")));
    assertThat(ids).doesNotHaveDuplicates().hasSize(2 * each);
    assertWhole(file, queries);
  }

  @Test
  void should_leave_every_complete_record_and_no_partial_one_when_killed_while_recording() throws Exception {
    // GIVEN a process recording large evaluations
    Path file = dir.resolve("h.sqlite");
    int queries = 3000;
    Process p = child(file, "K", 100_000, queries, "k");
    // WHEN it is killed (SIGKILL) once it has recorded a few, in the middle of the next
    Path out = dir.resolve("k.out");
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (lines(out) < 5 && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    Thread.sleep(37);
    p.destroyForcibly();
    assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as("killed, not finished: " + Files.readString(dir.resolve("k.err"))).isNotZero();
    // THEN the history opens, holds at least every entry the process reported, each one whole
    int reported = lines(out);
    assertThat(reported).isGreaterThanOrEqualTo(5);
    try (History h = History.open(file)) {
      List<Entry> all = h.list(Filter.ALL);
      assertThat(all.size()).isBetween(reported, reported + 1);
      for (Entry e : all) {
        assertThat(h.result(e.id()).rows()).hasSize(queries);
      }
    }
    assertWhole(file, queries);
  }

  private static int lines(Path out) throws Exception {
    return Files.exists(out) ? Files.readAllLines(out).size() : 0;
  }

  /** Integrity check ok, and every evaluation has all its rows, values and means. */
  private static void assertWhole(Path file, int queries) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file)) {
      assertThat(HistoryTest.pragma(c, "integrity_check")).isEqualTo("ok");
      try (PreparedStatement s = c.prepareStatement("SELECT e.id,"
          + " (SELECT COUNT(*) FROM query_row r WHERE r.evaluation_id = e.id),"
          + " (SELECT COUNT(*) FROM query_value v WHERE v.evaluation_id = e.id),"
          + " (SELECT COUNT(*) FROM measure m WHERE m.evaluation_id = e.id),"
          + " (SELECT COUNT(*) FROM meta x WHERE x.evaluation_id = e.id) FROM evaluation e");
          ResultSet r = s.executeQuery()) {
        while (r.next()) {
          assertThat(List.of(r.getInt(2), r.getInt(3), r.getInt(4), r.getInt(5)))
              .as("evaluation %d", r.getLong(1)).isEqualTo(List.of(queries, queries * 3, 3, 2));
        }
      }
      try (PreparedStatement s = c.prepareStatement(
          "SELECT COUNT(*) FROM query_row WHERE evaluation_id NOT IN (SELECT id FROM evaluation)");
          ResultSet r = s.executeQuery()) {
        r.next();
        assertThat(r.getInt(1)).as("rows without an evaluation").isZero();
      }
    }
  }

  private Process child(Path file, String label, int count, int queries, String name) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xshare:auto");
    command.add("-XX:TieredStopAtLevel=1");
    // the library is on the test's module path, the tests' classes in target/test-classes: the child gets all on its class path
    String modules = System.getProperty("jdk.module.path", "");
    command.add("-cp");
    command.add(String.join(File.pathSeparator, System.getProperty("java.class.path"), modules,
        Path.of("target", "test-classes").toAbsolutePath().toString()));
    command.add(HistoryWriter.class.getName());
    command.addAll(List.of(file.toString(), label, String.valueOf(count), String.valueOf(queries)));
    return new ProcessBuilder(command).redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectError(dir.resolve(name + ".err").toFile()).start();
  }
}
