package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.lock.Lock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber protocol freeze --pin-search} pins what made the runs, from a run {@code caliber
 * search} wrote: under the lock, {@code evaluate}, {@code compare} and {@code gate} refuse, before a
 * run is read, every run whose sidecar is not what the lock pins, all of them in one message. CACM
 * is indexed and searched once for the class, end to end.
 */
class LockPinCommandTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");

  @TempDir static Path searched;

  /** bm25 and b75 (b=0.75) searched to depth 1000; shallow/bm25 to depth 100. */
  private static Path runs;
  private static Path shallow;

  @TempDir Path dir;

  @BeforeAll
  static void searchCacm() {
    Path index = searched.resolve("cacm-index");
    assertThatRun(Cli.run("index", "--corpus", CACM.resolve("corpus/cacm.anserini-data.jsonl.gz"), "--index", index)).succeeded();
    runs = searched.resolve("runs");
    shallow = searched.resolve("shallow");
    Path topics = CACM.resolve("topics.cacm.txt");
    assertThat(Cli.run("search", "--index", index, "--topics", topics, "--config", "bm25", "--config", "b75:b=0.75", "-o", runs)
        .exitCode()).isZero();
    assertThat(Cli.run("search", "--index", index, "--topics", topics, "--depth", "100", "-o", shallow).exitCode()).isZero();
  }

  /** Freezes CACM's qrels under trec_eval's rules with these options into dir/protocol.lock.json. */
  private Path freeze(Object... options) {
    Path lock = dir.resolve("protocol.lock.json");
    Object[] args = new Object[options.length + 10];
    Object[] protocol = {"protocol", "freeze", "--qrels", QRELS, "--preset", "trec_eval", "-m", "AP", "-o", lock};
    System.arraycopy(protocol, 0, args, 0, protocol.length);
    System.arraycopy(options, 0, args, protocol.length, options.length);
    assertThatRun(Cli.run(args)).succeeded();
    return lock;
  }

  /** A copy of a searched run in dir, under another name, with its sidecar edited (or none, for null). */
  private Path copy(Path run, String name, String from, String to) throws IOException {
    Path copy = Files.copy(run, dir.resolve(name));
    if (from != null) {
      String side = Files.readString(HistoryOptions.sidecarOf(run));
      assertThat(side).contains(from);
      Files.writeString(HistoryOptions.sidecarOf(copy), side.replace(from, to));
    }
    return copy;
  }

  private static Map<String, String> sidecar(Path run) throws IOException {
    return SearchCommandTest.sidecar(HistoryOptions.sidecarOf(run));
  }

  @Test
  void should_pin_what_was_searched_and_take_every_run_searched_alike() throws Exception {
    // GIVEN a lock frozen with the pins of a run caliber search wrote
    Path bm25 = runs.resolve("bm25.txt");
    Path lock = freeze("--pin-search", bm25);
    // THEN it pins what was searched, in order, with the run's values, and the fingerprint is the protocol's
    Map<String, String> side = sidecar(bm25);
    assertThat(Lock.read(lock).search()).containsExactly(Map.entry("engine", "lucene"), Map.entry("index", "cacm-index"),
        Map.entry("index.id", side.get("index.id")), Map.entry("topics.sha256", side.get("topics.sha256")),
        Map.entry("topics.field", "title"), Map.entry("depth", "1000"));
    assertThat(Files.readString(lock)).contains("\"test_set\": false,\n  \"search\": {\n    \"engine\": \"lucene\",\n");
    Path plain = dir.resolve("plain.lock.json");
    assertThatRun(Cli.run("protocol", "freeze", "--qrels", QRELS, "--preset", "trec_eval", "-m", "AP", "-o", plain)).succeeded();
    assertThat(Lock.read(lock).protocolSha256()).isEqualTo(Lock.read(plain).protocolSha256());
    // WHEN runs searched alike, in another configuration too (not pinned), are evaluated, compared and gated under it
    Path b75 = runs.resolve("b75.txt");
    CliResult evaluated = Cli.run("evaluate", "--lock", lock, "--run", b75, "--no-history");
    CliResult compared = Cli.run("compare", "--lock", lock, "--run", bm25, "--run", b75, "--no-history");
    CliResult gated = Cli.run("gate", "--lock", lock, "--run", bm25, "--run", b75, "--tolerance", "AP=1", "--no-history");
    // THEN each is taken
    assertThat(evaluated.exitCode()).as(evaluated.stderr()).isZero();
    assertThat(compared.exitCode()).as(compared.stderr()).isZero();
    assertThat(gated.exitCode()).as(gated.stderr()).isZero();
    assertThat(evaluated.stdout()).contains("\"protocol_sha256\": \"" + Lock.read(lock).protocolSha256() + "\"");
  }

  @Test
  void should_refuse_every_run_not_searched_as_pinned_in_one_message_before_reading_any() throws Exception {
    // GIVEN a pinned lock; a run searched to another depth, one whose index and field were others, one without a
    // sidecar, and one that is no run at all but says it was searched alike
    Path lock = freeze("--pin-search", runs.resolve("bm25.txt"));
    Path deep = shallow.resolve("bm25.txt");
    String index = sidecar(runs.resolve("bm25.txt")).get("index.id");
    Path other = copy(runs.resolve("bm25.txt"), "other.txt", "\"index.id\": \"" + index + "\"", "\"index.id\": \"9f2c\"");
    Files.writeString(HistoryOptions.sidecarOf(other), Files.readString(HistoryOptions.sidecarOf(other))
        .replace("  \"topics.field\": \"title\",\n", ""));
    Path bare = copy(runs.resolve("bm25.txt"), "bare.txt", null, null);
    Path broken = Files.writeString(dir.resolve("broken.txt"), "not a run\n");
    Files.copy(HistoryOptions.sidecarOf(runs.resolve("bm25.txt")), HistoryOptions.sidecarOf(broken));
    // WHEN they are evaluated under it
    CliResult r = Cli.run("evaluate", "--lock", lock, "--run", broken, "--run", deep, "--run", other, "--run", bare);
    // THEN every difference, run by run, in one line; exit 3, nothing recorded
    assertThatRun(r).rejectedInput(lock + ": the runs differ from what the lock pins ("
        + "run " + deep + ": depth is \"100\" where the lock pins \"1000\"; "
        + "run " + other + ": index.id is \"9f2c\" where the lock pins \"" + index + "\"; "
        + "run " + other + ": topics.field is not in its sidecar, where the lock pins \"title\"; "
        + "run " + bare + " has no sidecar " + bare + ".meta.json; the lock pins what made its runs (engine, index, index.id, "
        + "topics.sha256, topics.field, depth): expected a run written by caliber search)");
    assertThat(dir.resolve("protocol.lock.history.sqlite")).doesNotExist();
    // and a protocol difference is in the same message
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--depth", "5", "--run", deep)).rejectedInput(lock
        + ": the protocol and the runs differ from the lock (depth: locked 0, given 5; run " + deep
        + ": depth is \"100\" where the lock pins \"1000\")");
    // and the one run that is what the lock pins, alone, is read (and is no run)
    assertThat(Cli.run("evaluate", "--lock", lock, "--run", broken, "--no-history").stderr()).doesNotContain("pins")
        .contains(broken.toString());
  }

  @Test
  void should_refuse_a_compared_or_gated_run_not_searched_as_pinned() throws Exception {
    Path lock = freeze("--pin-search", runs.resolve("bm25.txt"));
    Path bm25 = runs.resolve("bm25.txt");
    Path bare = copy(runs.resolve("b75.txt"), "b75.txt", null, null);
    String message = lock + ": the runs differ from what the lock pins (run " + bare + " has no sidecar " + bare
        + ".meta.json; the lock pins what made its runs (engine, index, index.id, topics.sha256, topics.field, depth): "
        + "expected a run written by caliber search)";
    assertThatRun(Cli.run("compare", "--lock", lock, "--run", bm25, "--run", bare)).rejectedInput(message);
    assertThatRun(Cli.run("compare", "--lock", lock, "--run", "base=" + bare, "--run", bm25, "--baseline", "base"))
        .rejectedInput(message);
    assertThatRun(Cli.run("gate", "--lock", lock, "--run", bm25, "--run", bare, "--tolerance", "AP=1")).rejectedInput(message);
    assertThat(dir.resolve("protocol.lock.history.sqlite")).doesNotExist();
  }

  @Test
  void should_pin_exactly_the_keys_given_the_configuration_too() throws Exception {
    // GIVEN a lock pinning the index, the configuration and the depth, from the sidecar itself
    Path lock = freeze("--pin-search", HistoryOptions.sidecarOf(runs.resolve("bm25.txt")), "--pin", "index.id,config.sha256",
        "--pin", "depth");
    assertThat(Lock.read(lock).search().keySet()).containsExactly("index.id", "config.sha256", "depth");
    // THEN the same configuration is taken, another refused by its configuration alone
    assertThat(Cli.run("evaluate", "--lock", lock, "--run", runs.resolve("bm25.txt"), "--no-history").exitCode()).isZero();
    Path b75 = runs.resolve("b75.txt");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", b75, "--no-history")).rejectedInput(lock
        + ": the runs differ from what the lock pins (run " + b75 + ": config.sha256 is \"" + sidecar(b75).get("config.sha256")
        + "\" where the lock pins \"" + sidecar(runs.resolve("bm25.txt")).get("config.sha256") + "\")");
  }

  @Test
  void should_refuse_standard_input_under_pins() throws Exception {
    Path lock = freeze("--pin-search", runs.resolve("bm25.txt"));
    assertThatRun(Cli.runWithInput(Files.readAllBytes(runs.resolve("bm25.txt")), "evaluate", "--lock", lock, "--run", "-",
        "--no-history")).failedWithUsage("caliber evaluate", "--run -: the lock " + lock + " pins what made its runs (engine, "
            + "index, index.id, topics.sha256, topics.field, depth), which a run's sidecar RUN.meta.json says; a run on "
            + "standard input has none: give the run file");
  }

  @Test
  void should_refuse_pins_it_cannot_take_naming_the_file_and_its_keys() throws Exception {
    Path bm25 = runs.resolve("bm25.txt");
    Path side = HistoryOptions.sidecarOf(bm25);
    Object[] protocol = {"protocol", "freeze", "--qrels", QRELS, "--preset", "trec_eval", "-m", "AP"};
    // --pin without --pin-search
    assertThatRun(Cli.run(with(protocol, "--pin", "depth"))).failedWithUsage("caliber protocol freeze",
        "--pin depth needs --pin-search FILE, a run written by caliber search (or its sidecar RUN.meta.json) whose keys it pins");
    // a key the sidecar lacks
    String keys = String.join(", ", sidecar(bm25).keySet());
    assertThat(keys).startsWith("engine, engine.version, index, ");
    assertThatRun(Cli.run(with(protocol, "--pin-search", bm25, "--pin", "depth,index.uuid,model"))).failedWithUsage(
        "caliber protocol freeze", "--pin index.uuid,model: the sidecar " + side + " has no such keys; its keys are " + keys);
    // a run without a sidecar
    Path bare = copy(bm25, "bare.txt", null, null);
    assertThatRun(Cli.run(with(protocol, "--pin-search", bare))).failedWithUsage("caliber protocol freeze",
        "--pin-search " + bare + ": no sidecar " + bare + ".meta.json beside it; expected a run written by caliber search, or its "
            + "sidecar RUN.meta.json");
    // a sidecar with none of the keys pinned by default
    Path fused = Files.writeString(dir.resolve("fused.txt.meta.json"), "{\"fusion\": \"rrf\"}\n");
    assertThatRun(Cli.run(with(protocol, "--pin-search", fused))).failedWithUsage("caliber protocol freeze",
        "--pin-search " + fused + ": the sidecar " + fused + " has none of the keys pinned by default (engine, index, index.id, "
            + "index.uuid, topics.sha256, topics.field, depth); its keys are fusion: name them with --pin KEY");
    // a malformed sidecar: one line, the file and the JSON path
    Path bad = Files.writeString(dir.resolve("bad.txt.meta.json"), "{\"engine\": \"lucene\", \"depth\": [1000]}\n");
    assertThatRun(Cli.run(with(protocol, "--pin-search", bad))).failedWithLineStartingWith(ExitCodes.INVALID_INPUT,
        "invalid input: " + bad + ":1:31: $.depth: not run metadata (an array; expected a string, number or boolean)");
    Path missing = dir.resolve("missing.txt.meta.json");
    assertThatRun(Cli.run(with(protocol, "--pin-search", missing))).failedWith(ExitCodes.IO, "cannot read " + missing
        + ": no such file");
    // nothing written by any of them
    assertThat(dir.resolve("protocol.lock.json")).doesNotExist();
  }

  @Test
  void should_refuse_a_malformed_sidecar_of_a_run_under_pins() throws Exception {
    Path lock = freeze("--pin-search", runs.resolve("bm25.txt"));
    Path run = copy(runs.resolve("bm25.txt"), "run.txt", null, null);
    Files.writeString(HistoryOptions.sidecarOf(run), "[\"lucene\"]\n");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", run, "--no-history")).failedWithLineStartingWith(
        ExitCodes.INVALID_INPUT, "invalid input: " + HistoryOptions.sidecarOf(run) + ":1:1: $: not run metadata");
    // and a run that is not there is said to be so when runs are read, not taken for a run without a sidecar
    Path missing = dir.resolve("missing.txt");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", missing, "--no-history")).failedWith(ExitCodes.IO, "cannot read "
        + missing + ": no such file");
  }

  @Test
  void should_not_write_over_a_sidecar_the_pins_read() throws Exception {
    Path lock = freeze("--pin-search", runs.resolve("bm25.txt"));
    Path run = copy(runs.resolve("bm25.txt"), "run.txt", "\"config\": \"bm25\"", "\"config\": \"bm25\"");
    String before = Files.readString(HistoryOptions.sidecarOf(run));
    assertThat(Cli.run("evaluate", "--lock", lock, "--run", run, "--no-history", "-o", HistoryOptions.sidecarOf(run)).exitCode())
        .isEqualTo(ExitCodes.USAGE);
    assertThat(Cli.run("protocol", "freeze", "--qrels", QRELS, "--preset", "trec_eval", "-m", "AP", "--pin-search", run, "-o",
        HistoryOptions.sidecarOf(run)).exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(Files.readString(HistoryOptions.sidecarOf(run))).isEqualTo(before);
  }

  @Test
  void should_refuse_to_freeze_other_pins_over_a_lock_unless_told() {
    Path lock = freeze("--pin-search", runs.resolve("bm25.txt"));
    freeze("--pin-search", runs.resolve("bm25.txt")); // the same lock again: written unchanged
    CliResult other = Cli.run("protocol", "freeze", "--qrels", QRELS, "--preset", "trec_eval", "-m", "AP", "-o", lock,
        "--pin-search", shallow.resolve("bm25.txt"));
    assertThat(other.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(other.stderr()).contains(", the same protocol pinning other runs); replacing it would unfix");
  }

  @Test
  void should_name_the_default_pins_in_the_help() {
    String help = new picocli.CommandLine(new FreezeCommand()).getCommandSpec().findOption("--pin-search").description()[0];
    assertThat(help).contains(String.join(", ", Lock.SEARCH_PINS.subList(0, Lock.SEARCH_PINS.size() - 1)) + " and "
        + Lock.SEARCH_PINS.get(Lock.SEARCH_PINS.size() - 1));
  }

  private static Object[] with(Object[] a, Object... b) {
    Object[] out = new Object[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
