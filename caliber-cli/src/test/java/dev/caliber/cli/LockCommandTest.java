package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.lock.Lock;
import dev.caliber.api.lock.LockInputs;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber protocol freeze} writes the lock that {@code evaluate --lock} and {@code compare
 * --lock} replay, and every difference from it is refused in one line before a run is read.
 */
class LockCommandTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path BEIR = CACM.resolve("beir-format");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path QL = CACM.resolve("runs-anserini-0.13.3/run.cacm.ql.txt.gz");

  @TempDir Path dir;

  private Path freeze(Object... options) {
    Path lock = dir.resolve("protocol.lock.json");
    Object[] args = new Object[options.length + 4];
    args[0] = "protocol";
    args[1] = "freeze";
    System.arraycopy(options, 0, args, 2, options.length);
    args[options.length + 2] = "-o";
    args[options.length + 3] = lock;
    assertThatRun(Cli.run(args)).succeeded();
    return lock;
  }

  private static JsonValue json(CliResult r) throws Exception {
    return JsonReader.parse("out", new ByteArrayInputStream(r.stdoutBytes()));
  }

  @Test
  void should_freeze_evaluates_fingerprint_and_replay_it() throws Exception {
    // GIVEN
    Object[] protocol = {"--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10", "-m", "AP"};
    Path lock = freeze(protocol);
    CliResult plain = Cli.run(append(new Object[] {"evaluate", "--run", BM25}, protocol));
    // WHEN
    CliResult locked = Cli.run("evaluate", "--lock", lock, "--run", BM25);
    // THEN
    assertThatRun(locked).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    String sha = json(plain).at("protocol_sha256").text();
    assertThat(Lock.read(lock).protocolSha256()).isEqualTo(sha);
    assertThat(json(locked).at("protocol_sha256").text()).isEqualTo(sha);
    assertThat(json(locked).at("lock", "file").text()).isEqualTo(lock.toString());
    assertThat(json(locked).at("lock", "sha256").text()).isEqualTo(LockInputs.sha256(lock));
    assertThat(json(locked).at("lock", "protocol_sha256").text()).isEqualTo(sha);
    assertThat(locked.stdout()).startsWith(plain.stdout().substring(0, plain.stdout().length() - 3)); // all but "\n}\n"
    assertThat(json(plain).at("lock")).isNull();
  }

  @Test
  void should_say_a_missing_input_is_a_path_the_lock_recorded() throws Exception {
    Path qrels = Cli.write(dir, "q.txt", "1 0 CACM-0001 1\n");
    Path lock = freeze("--qrels", qrels, "--preset", "trec_eval", "-m", "AP");
    java.nio.file.Files.delete(qrels);
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", BM25)).failedWith(ExitCodes.IO, "cannot read " + qrels
        + ": no such file (a path the lock " + lock + " recorded as typed when it was frozen; a relative one is read from"
        + " the working directory, so run the locked command where it was frozen)");
  }

  @Test
  void should_refuse_to_freeze_another_protocol_over_a_lock_unless_told() throws Exception {
    // GIVEN a lock, and a look under it
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    String before = Files.readString(lock);
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", BM25, "--no-history")).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    // WHEN the same protocol is frozen again: written, the same lock
    freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    assertThat(Files.readString(lock)).isEqualTo(before);
    // WHEN another protocol is frozen over it: refused, the lock as it was
    CliResult other = Cli.run("protocol", "freeze", "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list",
        "-m", "nDCG@10", "-m", "AP", "-o", lock);
    assertThat(other.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(other.stderr()).matches("caliber: usage: -o " + java.util.regex.Pattern.quote(lock.toString())
        + " is already a lock \\(protocol_sha256 [0-9a-f]{12}, now [0-9a-f]{12}\\); replacing it would unfix the protocol the"
        + " looks under it were counted for: give another path, or --replace \\(see 'caliber protocol freeze --help'\\)\n");
    assertThat(Files.readString(lock)).isEqualTo(before);
    // THEN with --replace it is replaced; a file that is no lock is replaced as any output
    assertThatRun(Cli.run("protocol", "freeze", "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list",
        "-m", "nDCG@10", "-m", "AP", "-o", lock, "--replace")).succeeded();
    assertThat(Lock.read(lock).measures()).hasSize(3);
    Path notes = Files.writeString(dir.resolve("notes.json"), "{\"a\": 1}\n");
    assertThatRun(Cli.run("protocol", "freeze", "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list",
        "-m", "nDCG@10", "-o", notes)).succeeded();
    Path unreadable = Files.writeString(dir.resolve("future.lock.json"), "{\"format\": \"caliber-lock 2\"}\n");
    assertThat(Cli.run("protocol", "freeze", "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list",
        "-m", "nDCG@10", "-o", unreadable).stderr()).contains("is already a lock (a lock this caliber cannot read)");
  }

  @Test
  void should_record_the_lock_an_evaluation_was_made_under_in_the_history() throws Exception {
    // GIVEN a lock and a history
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    Path history = dir.resolve("history.sqlite");
    // WHEN one run is evaluated under the lock and another without it
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", BM25, "--history", history)).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThatRun(Cli.run("evaluate", "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10",
        "--run", QL, "--history", history)).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    // THEN the first entry names the lock and its content's hash, the second none
    try (dev.caliber.history.History h = dev.caliber.history.History.open(history)) {
      assertThat(h.entry(1).lockFile()).isEqualTo(lock.toString());
      assertThat(h.entry(1).lockSha256()).isEqualTo(LockInputs.sha256(lock));
      assertThat(h.entry(2).lockFile()).isNull();
      assertThat(h.entry(2).protocolSha256()).isEqualTo(h.entry(1).protocolSha256());
    }
  }

  @Test
  void should_print_the_lock_on_standard_output_without_o() throws Exception {
    CliResult r = Cli.run("protocol", "freeze", "--qrels", CACM.resolve("qrels.cacm.txt"), "--preset", "trec_eval", "-m", "P@10");
    assertThatRun(r).succeeded();
    assertThat(json(r).at("format").text()).isEqualTo("caliber-lock 1");
    assertThat(json(r).at("cutoffs").items()).hasSize(1);
    assertThat(json(r).at("inputs", 0, "role").text()).isEqualTo("qrels");
  }

  @Test
  void should_accept_the_same_options_given_again() {
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    CliResult r = Cli.run("evaluate", "--lock", lock, "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list",
        "-m", "nDCG@10", "--run", BM25, "--format", "tsv");
    // the lock's history counts the look; TSV has no place for it, so stderr says it
    assertThat(r.exitCode()).isZero();
    assertThat(r.stderr()).isEqualTo(Cli.CACM_BEIR_WARNING + "caliber: note: test split looked at 1 time under this protocol (limit 5)\n");
  }

  @Test
  void should_refuse_a_changed_measure_before_reading_a_run() {
    // GIVEN
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10", "-m", "AP");
    // WHEN the run does not exist: it is never opened
    CliResult r = Cli.run("evaluate", "--lock", lock, "-m", "nDCG@10", "--run", dir.resolve("no-such-run.txt"));
    // THEN
    assertThatRun(r).rejectedInput(lock + ": the protocol differs from the lock (measures: locked [nDCG@10, AP, Judged@10], "
        + "given [nDCG@10, Judged@10])");
  }

  @Test
  void should_refuse_a_changed_k_of_the_seed_report() {
    Path lock = freeze("--protocol", Cli.example("protocol.json"));
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--k", "3", "--run", Cli.example("runs/fixture_A.json")))
        .rejectedInput(lock + ": the protocol differs from the lock (k: locked none, given 3)");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", Cli.example("runs/fixture_A.json")))
        .printed(Cli.text(Cli.conformance("report.fixture_A.json")).replaceFirst("\n}\n$",
            ",\n  \"lock\": {\n    \"file\": " + dev.caliber.json.PyJson.canonical(lock.toString()) + ",\n    \"sha256\": \""
                + sha(lock) + "\",\n    \"protocol_sha256\": \"9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb\"\n  }\n}\n"));
  }

  private static String sha(Path p) {
    try {
      return LockInputs.sha256(p);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void should_name_every_difference_and_every_changed_file_in_one_message() throws Exception {
    // GIVEN
    Path qrels = Files.copy(CACM.resolve("qrels.cacm.txt"), dir.resolve("qrels.txt"));
    Path lock = freeze("--qrels", qrels, "--preset", "trec_eval", "-m", "AP");
    String before = LockInputs.sha256(qrels);
    Files.writeString(qrels, Files.readString(qrels).replaceFirst("\n[^\n]*\n$", "\n"));
    // WHEN
    CliResult r = Cli.run("evaluate", "--lock", lock, "--depth", "100", "--run", BM25);
    // THEN
    assertThatRun(r).rejectedInput(lock + ": the protocol differs from the lock (depth: locked 0, given 100; qrels " + qrels
        + ": content changed, locked sha256 " + before + ", now " + LockInputs.sha256(qrels) + ")");
  }

  @Test
  void should_compare_under_the_lock_with_its_fingerprint() throws Exception {
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    CliResult r = Cli.run("compare", "--lock", lock, "--run", BM25, "--run", QL);
    assertThatRun(r).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThat(json(r).at("protocol_sha256").text()).isEqualTo(Lock.read(lock).protocolSha256());
    assertThat(json(r).at("lock", "file").text()).isEqualTo(lock.toString());
    assertThatRun(Cli.run("compare", "--lock", lock, "--ordering", "given", "--run", BM25, "--run", QL))
        .rejectedInput(lock + ": the protocol differs from the lock (ordering: locked score, given given)");
  }

  @Test
  void should_refuse_a_lock_that_is_not_one() throws Exception {
    Path bad = Files.writeString(dir.resolve("bad.lock"), "{\"format\": \"other\"}");
    CliResult r = Cli.run("evaluate", "--lock", bad, "--run", BM25);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(r.stderr()).startsWith("caliber: invalid input: " + bad + ":1:").contains("$.format: lock file: not a lock file");
  }

  @Test
  void should_refuse_standard_input_and_the_lock_as_output() {
    assertThatRun(Cli.run("protocol", "freeze", "--qrels", "-", "-m", "AP")).failedWithUsage("caliber protocol freeze",
        "a lock records each input file's SHA-256 to check it later; standard input (-) cannot be checked again: give "
            + "--protocol, --corpus, --queries, --qrels and --query-set a file's name");
    Path lock = freeze("--qrels", CACM.resolve("qrels.cacm.txt"), "-m", "AP", "--preset", "trec_eval");
    CliResult r = Cli.run("evaluate", "--lock", lock, "--run", BM25, "-o", lock);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(Cli.text(lock)).startsWith("{\n  \"format\": \"caliber-lock 1\"");
  }

  @Test
  void should_record_into_the_locks_own_history_beside_it_unless_told_not_to() throws Exception {
    // GIVEN a lock and no --history
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    Path beside = dir.resolve("protocol.lock.history.sqlite");
    // WHEN two runs are evaluated under it, then one with --no-history
    CliResult first = Cli.run("evaluate", "--lock", lock, "--run", BM25);
    CliResult compared = Cli.run("compare", "--lock", lock, "--run", QL, "--run", BM25, "--format", "md");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", QL, "--no-history", "--format", "tsv")).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    // THEN the lock's history beside it has the first three, the first one's JSON names its entry
    assertThat(first.exitCode()).isZero();
    assertThat(compared.exitCode()).isZero();
    assertThat(compared.stderr()).contains("has the content of history entry 1 under this protocol: recorded as entry 3, a repeat");
    assertThat(json(first).at("history", "id").numberText()).isEqualTo("1");
    try (dev.caliber.history.History h = dev.caliber.history.History.open(beside)) {
      assertThat(h.list(dev.caliber.history.Filter.ALL)).extracting(dev.caliber.history.Entry::runName)
          .containsExactly("run.cacm.bm25.txt", "run.cacm.ql.txt", "run.cacm.bm25.txt");
      assertThat(h.entry(3).lockFile()).isEqualTo(lock.toString());
    }
    assertThat(HistoryOptions.besideLock("a/cacm.lock.json")).isEqualTo(Path.of("a/cacm.lock.history.sqlite"));
    assertThat(HistoryOptions.besideLock("cacm.lock")).isEqualTo(Path.of("cacm.lock.history.sqlite"));
  }

  @Test
  void should_record_into_a_history_given_by_name_instead_and_refuse_contradictions() throws Exception {
    Path lock = freeze("--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "nDCG@10");
    Path named = dir.resolve("named.sqlite");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", BM25, "--history", named, "--format", "md")).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThat(named).exists();
    assertThat(dir.resolve("protocol.lock.history.sqlite")).doesNotExist();
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", BM25, "--history", named, "--no-history"))
        .failedWithUsage("caliber evaluate", "give --history FILE or --no-history, not both");
    assertThatRun(Cli.run("evaluate", "--beir", BEIR, "--run", BM25, "--no-history"))
        .failedWithUsage("caliber evaluate", "--no-history turns off the history of a --lock; there is none without one");
    assertThatRun(Cli.runWithInput(Files.readAllBytes(BM25), "evaluate", "--lock", lock, "--run", "-"))
        .failedWithUsage("caliber evaluate", "the lock's history " + dir.resolve("protocol.lock.history.sqlite")
            + " records each run's SHA-256: give run files, not standard input (-), or --no-history");
  }

  @Test
  void should_record_the_seeds_report_into_the_locks_history_and_keep_the_report_the_seeds() throws Exception {
    Path lock = freeze("--protocol", Cli.example("protocol.json"));
    CliResult r = Cli.run("evaluate", "--lock", lock, "--run", Cli.example("runs/fixture_A.json"));
    assertThat(r.exitCode()).isZero();
    assertThat(json(r).at("lock")).isNotNull();
    assertThat(json(r).at("history")).isNull(); // the seed's report has no such member: the count is on stderr
    assertThat(r.stderr()).isEqualTo("caliber: note: test split looked at 1 time under this protocol (limit 5)\n");
    assertThat(dir.resolve("protocol.lock.history.sqlite")).exists();
  }

  private static Object[] append(Object[] a, Object[] b) {
    Object[] out = new Object[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
