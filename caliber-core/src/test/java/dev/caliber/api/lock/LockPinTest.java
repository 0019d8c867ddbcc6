package dev.caliber.api.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lock can pin what made the runs (keys of a {@code caliber search} run's sidecar): the pins
 * survive the lock file in order, leave the fingerprint alone, are read strictly, and every way a
 * run's sidecar differs from them is listed as data and refused in one message.
 */
class LockPinTest {
  private static final Path HELPCENTRE = Path.of(System.getProperty("caliber.root"), "examples", "helpcentre");
  private static final List<Measure> AP = List.of(Measures.parse("AP"));

  @TempDir Path dir;

  /** A sidecar's keys as caliber search writes them, in its order. */
  private static Map<String, String> sidecar() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("engine", "lucene");
    m.put("engine.version", "9.12.1");
    m.put("index", "cacm-index");
    m.put("index.documents", "3204");
    m.put("index.id", "41aa");
    m.put("retriever.sha256", "77ee");
    m.put("config", "bm25");
    m.put("config.sha256", "c0ff");
    m.put("topics", "topics.cacm.txt");
    m.put("topics.sha256", "70b1");
    m.put("topics.field", "title");
    m.put("topics.count", "64");
    m.put("depth", "1000");
    return m;
  }

  private Lock plain() throws IOException {
    Path qrels = dir.resolve("qrels.json");
    if (!Files.exists(qrels)) {
      Files.copy(HELPCENTRE.resolve("qrels.json"), qrels);
    }
    return Lock.freeze(ProtocolSource.qrels(qrels), Policy.trecEval(), AP);
  }

  private Path write(String name, String json) throws IOException {
    return Files.writeString(dir.resolve(name), json);
  }

  @Test
  void should_pin_by_default_what_was_searched_not_with_which_system() {
    Map<String, String> m = sidecar();
    m.put("index.uuid", "Xq3"); // a remote engine's index
    assertThat(Lock.searchPins(m)).containsExactly(Map.entry("engine", "lucene"), Map.entry("index", "cacm-index"),
        Map.entry("index.id", "41aa"), Map.entry("index.uuid", "Xq3"), Map.entry("topics.sha256", "70b1"),
        Map.entry("topics.field", "title"), Map.entry("depth", "1000"));
    assertThat(Lock.searchPins(Map.of("engine", "java", "depth", "10"))).containsExactly(Map.entry("engine", "java"),
        Map.entry("depth", "10"));
    assertThat(Lock.searchPins(Map.of("model", "bm25"))).isEmpty();
  }

  @Test
  void should_write_the_pins_in_order_read_them_back_and_keep_the_fingerprint() throws Exception {
    // GIVEN a lock, and the same lock pinning the config's fingerprint before the index
    Lock plain = plain();
    Map<String, String> pins = new LinkedHashMap<>();
    pins.put("config.sha256", "c0ff");
    pins.put("index.id", "41aa");
    pins.put("depth", "1000");
    Lock pinned = plain.withSearch(pins);
    // THEN the member is there, in the order pinned, after the others; the fingerprint is the same
    assertThat(pinned.protocolSha256()).isEqualTo(plain.protocolSha256());
    assertThat(pinned.toJson()).endsWith("\"test_set\": false,\n  \"search\": {\n    \"config.sha256\": \"c0ff\",\n"
        + "    \"index.id\": \"41aa\",\n    \"depth\": \"1000\"\n  }\n}\n");
    Lock read = Lock.read(write("pinned.json", pinned.toJson()));
    assertThat(read).isEqualTo(pinned);
    assertThat(read.search().keySet()).containsExactly("config.sha256", "index.id", "depth");
    // and a lock that pins nothing has no member, and reads back pinning nothing, as every lock before pins did
    assertThat(plain.toJson()).doesNotContain("search");
    assertThat(Lock.read(write("plain.json", plain.toJson())).search()).isEmpty();
    assertThat(plain.withSearch(Map.of())).isEqualTo(plain);
    assertThat(pinned.withTestSet(true).search()).isEqualTo(pins);
  }

  @Test
  void should_read_a_lock_written_before_pins_as_before() throws Exception {
    Lock plain = plain();
    String old = plain.toJson().replace(",\n  \"test_set\": false", "");
    assertThat(old).doesNotContain("test_set").doesNotContain("search");
    assertThat(Lock.read(write("old.json", old))).isEqualTo(plain);
    // pins without test_set (a lock edited by hand) read too
    Lock pinned = plain.withSearch(Map.of("depth", "10"));
    assertThat(Lock.read(write("edited.json", pinned.toJson().replace("  \"test_set\": false,\n", "")))).isEqualTo(pinned);
  }

  @Test
  void should_refuse_a_malformed_search_member_at_its_json_path() throws Exception {
    String json = plain().withSearch(Map.of("depth", "1000")).toJson();
    String member = "\"search\": {\n    \"depth\": \"1000\"\n  }";
    assertThat(json).contains(member);
    assertThatThrownBy(() -> Lock.read(write("a.json", json.replace(member, "\"search\": [\"depth\"]"))))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("a.json:").hasMessageContaining("$.search: lock file: not an object (got an array; expected "
            + "{\"KEY\": \"VALUE\", ...}, the pinned keys of a run's sidecar)");
    assertThatThrownBy(() -> Lock.read(write("b.json", json.replace(member, "\"search\": {\"depth\": 1000}"))))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("$.search.depth: lock file: not a string (got the integer 1000)");
    assertThatThrownBy(() -> Lock.read(write("c.json", json.replace(member, "\"search\": {\"depth\": null}"))))
        .hasMessageContaining("$.search.depth: lock file: not a string (got null)");
    assertThatThrownBy(() -> Lock.read(write("d.json", json.replace(member, "\"search\": {}"))))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("$.search: lock file: no pinned key (got an object; expected at least one, or no member \"search\")");
    assertThatThrownBy(() -> Lock.read(write("e.json", json.replace(member, "\"search\": null"))))
        .hasMessageContaining("$.search: lock file: not an object (got null;");
    assertThatThrownBy(() -> Lock.read(write("f.json", json.replace(member, member + ", \"pins\": {}"))))
        .hasMessageContaining("$.pins: lock file: unknown member \"pins\"");
  }

  @Test
  void should_list_every_way_a_runs_sidecar_differs_from_the_pins() throws Exception {
    // GIVEN a lock pinning the index, the topics and the depth
    Lock lock = plain().withSearch(Lock.searchPins(sidecar()));
    // WHEN a run's sidecar is the same but for the engine's version and config (not pinned)
    Map<String, String> same = sidecar();
    same.put("engine.version", "10.0.0");
    same.put("config.sha256", "beef");
    assertThat(lock.checkRun("a.txt", "a.txt.meta.json", same)).isEmpty();
    // WHEN another's index differs and its depth is missing
    Map<String, String> other = sidecar();
    other.put("index.id", "9f2c");
    other.remove("depth");
    List<LockDifference> d = lock.checkRun("runs/b.txt", "runs/b.txt.meta.json", other);
    // THEN both, in the lock's order, as data and in words
    assertThat(d).containsExactly(new LockDifference(LockDifference.Kind.PIN, "run runs/b.txt: index.id", "41aa", "9f2c"),
        new LockDifference(LockDifference.Kind.PIN, "run runs/b.txt: depth", "1000", null));
    assertThat(d).extracting(LockDifference::message).containsExactly(
        "run runs/b.txt: index.id is \"9f2c\" where the lock pins \"41aa\"",
        "run runs/b.txt: depth is not in its sidecar, where the lock pins \"1000\"");
    // and a run without a sidecar is one difference, naming it and what the lock pins
    assertThat(lock.checkRun("x.txt", "x.txt.meta.json", null)).extracting(LockDifference::message).containsExactly(
        "run x.txt has no sidecar x.txt.meta.json; the lock pins what made its runs (engine, index, index.id, topics.sha256, "
            + "topics.field, depth): expected a run written by caliber search");
    // and a lock that pins nothing takes any run
    assertThat(plain().checkRun("x.txt", "x.txt.meta.json", null)).isEmpty();
    // values are exact strings
    Map<String, String> padded = sidecar();
    padded.put("depth", "1000 ");
    assertThat(lock.checkRun("c.txt", "c.txt.meta.json", padded)).extracting(LockDifference::name)
        .containsExactly("run c.txt: depth");
  }

  @Test
  void should_say_whether_the_protocol_the_runs_or_both_differ() {
    LockDifference setting = new LockDifference(LockDifference.Kind.SETTING, "k", "10", "20");
    LockDifference pin = new LockDifference(LockDifference.Kind.PIN, "run b.txt: depth", "1000", "100");
    LockDifference none = new LockDifference(LockDifference.Kind.NO_SIDECAR, "run c.txt", "depth", "c.txt.meta.json");
    assertThatThrownBy(() -> Lock.require("x.lock", List.of(pin, none))).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("x.lock: the runs differ from what the lock pins (run b.txt: depth is \"100\" where the lock pins \"1000\"; "
            + "run c.txt has no sidecar c.txt.meta.json; the lock pins what made its runs (depth): expected a run written by "
            + "caliber search)");
    assertThatThrownBy(() -> Lock.require("x.lock", List.of(setting, pin)))
        .hasMessage("x.lock: the protocol and the runs differ from the lock (k: locked 10, given 20; run b.txt: depth is \"100\""
            + " where the lock pins \"1000\")");
    assertThatThrownBy(() -> Lock.require("x.lock", List.of(setting))).hasMessage("x.lock: the protocol differs from the lock "
        + "(k: locked 10, given 20)");
  }

  @Test
  void should_refuse_a_null_pin() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("depth", null);
    assertThatThrownBy(() -> new Lock("v", "s", ProtocolSource.none(), null, null, List.of(), false, m))
        .isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> new Lock("v", "s", ProtocolSource.none(), null, null, List.of(), false, null))
        .isInstanceOf(NullPointerException.class);
  }
}
