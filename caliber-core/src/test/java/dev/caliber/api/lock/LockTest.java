package dev.caliber.api.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Preset;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lock freezes a protocol, survives its file, and lists every difference from it as data. */
class LockTest {
  private static final Path HELPCENTRE = Path.of(System.getProperty("caliber.root"), "examples", "helpcentre");
  private static final List<Measure> AP_P5 = List.of(Measures.parse("AP"), Measures.parse("P@5"), Measures.parse("R@5"));

  @TempDir Path dir;

  private Path copy(String name) throws IOException {
    Path to = dir.resolve(name);
    return Files.exists(to) ? to : Files.copy(HELPCENTRE.resolve(name), to);
  }

  private ProtocolSource seedParts() throws IOException {
    return ProtocolSource.none().withCorpus(copy("corpus.json").toString()).withQueries(copy("queries.json").toString())
        .withQrels(copy("qrels.json").toString()).withSplit("test");
  }

  @Test
  void should_record_the_general_fingerprint_settings_version_and_input_hashes() throws Exception {
    // GIVEN
    ProtocolSource source = seedParts();
    Policy pooled = Policy.strict().withJudgments(Judgments.POOLED);
    // WHEN
    Lock lock = Lock.freeze(source, pooled, AP_P5);
    // THEN
    assertThat(lock.protocolSha256()).isEqualTo(source.general().protocol(pooled, AP_P5).sha256());
    assertThat(lock.policy()).isEqualTo(pooled);
    assertThat(lock.measures()).isEqualTo(AP_P5);
    assertThat(lock.cutoffs()).containsExactly(5);
    assertThat(lock.caliberVersion()).isEqualTo(Lock.version()).doesNotStartWith("${");
    assertThat(lock.inputs()).extracting(Lock.Input::role).containsExactly("corpus", "queries", "qrels");
    assertThat(lock.inputs().get(2).name()).isEqualTo(dir.resolve("qrels.json").toString());
    assertThat(lock.inputs().get(2).sha256()).isEqualTo(LockInputs.sha256(dir.resolve("qrels.json"))).hasSize(64);
  }

  @Test
  void should_record_the_seed_fingerprint_for_the_seed_report() throws Exception {
    // GIVEN
    ProtocolSource source = ProtocolSource.protocolFile(HELPCENTRE.resolve("protocol.json"));
    // WHEN
    Lock lock = Lock.freeze(source, null, null);
    // THEN
    assertThat(lock.protocolSha256()).isEqualTo("9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb");
    assertThat(lock.cutoffs()).isEmpty();
    assertThat(lock.inputs()).extracting(Lock.Input::role).containsExactly("protocol");
    assertThat(lock.toJson()).contains("\"report\": \"seed\"", "\"policy\": null", "\"measures\": null");
  }

  @Test
  void should_hash_a_file_as_sha256_of_its_bytes() throws Exception {
    Path f = Files.writeString(dir.resolve("abc"), "abc");
    assertThat(LockInputs.sha256(f)).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void should_read_back_the_lock_it_wrote() throws Exception {
    // GIVEN
    Lock lock = Lock.freeze(seedParts().withQuerySet(null), Policy.trecEval().withDepth(3), AP_P5);
    Path file = Files.writeString(dir.resolve("lock.json"), lock.toJson());
    // WHEN
    Lock back = Lock.read(file);
    // THEN
    assertThat(back).isEqualTo(lock);
    assertThat(Lock.read(Files.writeString(dir.resolve("seed.json"),
        Lock.freeze(seedParts().withK(3), null, null).toJson())).source().k())
        .isEqualTo(3);
  }

  @Test
  void should_record_a_source_precedence_only_when_there_is_one_and_list_a_changed_one() throws Exception {
    // GIVEN judgments with sources, one pair labelled by both
    Path labels = Files.writeString(dir.resolve("labels.tsv"), "query\tdoc\tlabel\tsource\n"
        + "q1\td1\t1\tnist\nq1\td1\t0.5\tllm\nq1\td2\t0\tnist\n");
    ProtocolSource source = ProtocolSource.none().withQrels(labels.toString()).withLabelSources(List.of("nist", "llm"));
    // WHEN
    Lock lock = Lock.freeze(source, Policy.trecEval(), AP_P5);
    Lock back = Lock.read(Files.writeString(dir.resolve("lock.json"), lock.toJson()));
    // THEN
    assertThat(lock.toJson()).contains("\"query_set\": null,\n    \"label_sources\": [\n      \"nist\",\n      \"llm\"\n    ]\n  },");
    assertThat(back).isEqualTo(lock);
    assertThat(back.source().labelSources()).containsExactly("nist", "llm");
    assertThat(lock.protocolSha256()).isEqualTo(source.general().protocol(Policy.trecEval(), AP_P5).sha256());
    assertThat(lock.check(source.withLabelSources(List.of("llm", "nist")), Policy.trecEval(), AP_P5))
        .containsExactly(new LockDifference(LockDifference.Kind.SETTING, "label_sources", "nist,llm", "llm,nist"));
    assertThat(lock.check(source, Policy.trecEval(), AP_P5)).isEmpty();
    Lock plain = Lock.freeze(seedParts(), Policy.trecEval(), AP_P5);
    assertThat(plain.toJson()).doesNotContain("label_sources");
    assertThat(plain.check(seedParts().withLabelSources(List.of("nist")), Policy.trecEval(), AP_P5))
        .contains(new LockDifference(LockDifference.Kind.SETTING, "label_sources", "none", "nist"));
    String notAnObject = lock.toJson().replaceFirst("\"protocol\": \\{[^}]*\\}", "\"protocol\": 5");
    assertThatThrownBy(() -> Lock.read(Files.writeString(dir.resolve("five.json"), notAnObject)))
        .hasMessageContaining("$.protocol: lock file: not an object");
    String twice = lock.toJson().replace("\"llm\"\n    ]", "\"nist\"\n    ]");
    assertThatThrownBy(() -> Lock.read(Files.writeString(dir.resolve("twice.json"), twice)))
        .hasMessageContaining("not a source precedence");
  }

  @Test
  void should_say_whether_it_guards_a_test_set_and_read_a_lock_that_does_not_say() throws Exception {
    // GIVEN a lock that guards a test set, and the same lock written before locks could say so
    Lock plain = Lock.freeze(seedParts().withQuerySet(null), Policy.trecEval(), AP_P5);
    Lock guard = plain.withTestSet(true);
    // THEN it says so, is read back saying so, and an old lock (no member) guards none
    assertThat(plain.testSet()).isFalse();
    assertThat(guard.testSet()).isTrue();
    assertThat(guard.toJson()).contains("\"test_set\": true");
    assertThat(plain.toJson()).contains("\"test_set\": false");
    assertThat(Lock.read(Files.writeString(dir.resolve("guard.json"), guard.toJson()))).isEqualTo(guard);
    String old = plain.toJson().replace(",\n  \"test_set\": false", "");
    assertThat(old).doesNotContain("test_set");
    assertThat(Lock.read(Files.writeString(dir.resolve("old.json"), old))).isEqualTo(plain);
    // and a value that is not a boolean is refused at its path
    Path bad = Files.writeString(dir.resolve("bad.json"), plain.toJson().replace("\"test_set\": false", "\"test_set\": \"yes\""));
    assertThatThrownBy(() -> Lock.read(bad)).isInstanceOf(dev.caliber.error.InputSyntaxException.class)
        .hasMessageContaining("$.test_set: lock file: not a boolean (got the string \"yes\"; expected true or false)");
  }

  @Test
  void should_list_no_difference_for_the_same_protocol() throws Exception {
    ProtocolSource source = seedParts();
    Lock lock = Lock.freeze(source, Policy.strict(), AP_P5);
    assertThat(lock.check(source, Policy.strict(), AP_P5)).isEmpty();
    assertThat(lock.checkFingerprint(lock.protocolSha256())).isNull();
  }

  @Test
  void should_record_the_split_a_single_split_beir_folder_is_evaluated_on_and_check_it() throws Exception {
    // GIVEN a BEIR folder with one split, test, frozen without naming it
    Path beir = dir.resolve("beir");
    Files.createDirectories(beir.resolve("qrels"));
    Path fixture = HELPCENTRE.resolveSibling("paraphrase");
    for (String f : List.of("corpus.jsonl", "queries.jsonl", "qrels/test.tsv")) {
      Files.copy(fixture.resolve(f), beir.resolve(f));
    }
    ProtocolSource source = ProtocolSource.none().withBeir(beir.toString());
    Policy pooled = Preset.POOLED.policy();
    // WHEN
    Lock lock = Lock.freeze(source, pooled, List.of(Measures.parse("AP")));
    // THEN the split used is in the lock and its file, and a split given later is checked against it
    assertThat(lock.source().split()).isEqualTo("test");
    assertThat(Lock.read(Files.writeString(dir.resolve("l.json"), lock.toJson())).source().split()).isEqualTo("test");
    assertThat(lock.check(source.withSplit("test"), pooled, List.of(Measures.parse("AP")))).isEmpty();
    assertThat(lock.check(source.withSplit("dev"), pooled, List.of(Measures.parse("AP"))))
        .extracting(LockDifference::message).containsExactly("split: locked test, given dev");
  }

  @Test
  void should_list_every_setting_given_otherwise_in_order() throws Exception {
    // GIVEN
    ProtocolSource source = seedParts();
    Lock lock = Lock.freeze(source, Policy.strict(), AP_P5);
    // WHEN
    List<LockDifference> d = lock.check(source.withSplit("dev").withK(7), Policy.strict().withDepth(10).withRelevanceThreshold(2),
        List.of(Measures.parse("AP")));
    // THEN
    assertThat(d).extracting(LockDifference::message).containsExactly(
        "split: locked test, given dev",
        "k: locked none, given 7",
        "relevance_threshold: locked 1, given 2",
        "depth: locked 0, given 10",
        "measures: locked [AP, P@5, R@5], given [AP]");
    assertThat(d).extracting(LockDifference::kind).containsOnly(LockDifference.Kind.SETTING);
  }

  @Test
  void should_compare_only_the_report_when_one_side_is_the_seeds() throws Exception {
    ProtocolSource source = seedParts();
    Lock lock = Lock.freeze(source.withK(2), null, null);
    assertThat(lock.check(source.withK(2), Policy.strict(), AP_P5)).extracting(LockDifference::message)
        .containsExactly("report: locked seed, given general");
  }

  @Test
  void should_name_a_file_whose_content_changed_with_both_hashes() throws Exception {
    // GIVEN
    ProtocolSource source = seedParts();
    Lock lock = Lock.freeze(source, Policy.strict(), AP_P5);
    String before = lock.inputs().get(2).sha256();
    Path qrels = dir.resolve("qrels.json");
    Files.writeString(qrels, Files.readString(qrels).replaceFirst("1", "0"));
    // WHEN
    List<LockDifference> d = lock.check(source, Policy.strict(), AP_P5);
    // THEN
    assertThat(d).containsExactly(new LockDifference(LockDifference.Kind.CONTENT, "qrels " + qrels, before, LockInputs.sha256(qrels)));
    assertThat(d.get(0).message()).isEqualTo("qrels " + qrels + ": content changed, locked sha256 " + before + ", now "
        + LockInputs.sha256(qrels));
  }

  @Test
  void should_not_hash_a_file_named_otherwise_but_name_the_setting() throws Exception {
    ProtocolSource source = seedParts();
    Lock lock = Lock.freeze(source, Policy.strict(), AP_P5);
    Path other = Files.copy(dir.resolve("qrels.json"), dir.resolve("other.json"));
    Files.writeString(other, "{}");
    assertThat(lock.check(source.withQrels(other.toString()), Policy.strict(), AP_P5)).extracting(LockDifference::message)
        .containsExactly("qrels: locked " + dir.resolve("qrels.json") + ", given " + other);
  }

  @Test
  void should_word_a_fingerprint_difference() throws Exception {
    Lock lock = Lock.freeze(seedParts(), Policy.strict(), AP_P5);
    assertThat(lock.checkFingerprint("ab").message()).isEqualTo("protocol_sha256: locked " + lock.protocolSha256() + ", now ab");
  }

  @Test
  void should_refuse_every_difference_in_one_message_naming_the_lock_file() {
    List<LockDifference> d = Arrays.asList(
        new LockDifference(LockDifference.Kind.SETTING, "k", "10", "20"), null,
        new LockDifference(LockDifference.Kind.CONTENT, "qrels q.txt", "ab12", "9f3c"));
    assertThatThrownBy(() -> Lock.require("x.lock", d)).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("x.lock: the protocol differs from the lock (k: locked 10, given 20; qrels q.txt: content changed, "
            + "locked sha256 ab12, now 9f3c)");
    Lock.require("x.lock", Arrays.asList((LockDifference) null));
    Lock.require("x.lock", List.of());
  }

  @Test
  void should_refuse_standard_input_as_a_locked_file() throws Exception {
    assertThatThrownBy(() -> Lock.freeze(ProtocolSource.qrels(Path.of("-")), Policy.strict(), AP_P5))
        .isInstanceOf(ProtocolSourceException.class)
        .extracting(e -> ((ProtocolSourceException) e).problem()).isEqualTo(ProtocolSourceException.Problem.STDIN_NOT_LOCKABLE);
    Lock lock = Lock.freeze(seedParts(), Policy.strict(), AP_P5);
    assertThatThrownBy(() -> lock.check(ProtocolSource.qrels(Path.of("-")), Policy.strict(), AP_P5))
        .isInstanceOf(ProtocolSourceException.class);
  }

  @Test
  void should_hash_every_file_a_beir_folder_reads() throws Exception {
    // GIVEN
    Path beir = Files.createDirectories(dir.resolve("beir/qrels"));
    Files.writeString(dir.resolve("beir/corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"a\"}\n");
    Files.writeString(dir.resolve("beir/queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"a\"}\n{\"_id\": \"q2\", \"text\": \"b\"}\n");
    Files.writeString(beir.resolve("test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
    Files.writeString(beir.resolve("dev.tsv"), "query-id\tcorpus-id\tscore\nq2\td1\t1\n");
    // WHEN
    Lock lock = Lock.freeze(ProtocolSource.beir(dir.resolve("beir"), "test"), Policy.strict(), AP_P5);
    // THEN
    assertThat(lock.inputs()).extracting(i -> i.role() + " " + Path.of(i.name()).getFileName())
        .containsExactly("corpus corpus.jsonl", "queries queries.jsonl", "qrels dev.tsv", "qrels test.tsv");
  }

  @Test
  void should_name_a_beir_qrels_file_added_or_removed_since_the_lock() throws Exception {
    // GIVEN a BEIR folder locked with one split
    Path beir = Files.createDirectories(dir.resolve("beir/qrels"));
    Files.writeString(dir.resolve("beir/corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"a\"}\n");
    Files.writeString(dir.resolve("beir/queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"a\"}\n{\"_id\": \"q2\", \"text\": \"b\"}\n");
    Path test = Files.writeString(beir.resolve("test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
    ProtocolSource source = ProtocolSource.beir(dir.resolve("beir"), "test");
    Lock lock = Lock.freeze(source, Policy.strict(), AP_P5);
    // WHEN a dev split is added, which decides the queries' splits too
    Path dev = Files.writeString(beir.resolve("dev.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
    // THEN named, with its hash
    assertThat(lock.check(source, Policy.strict(), AP_P5)).extracting(LockDifference::message)
        .containsExactly("qrels " + dev + ": not in the lock, now sha256 " + LockInputs.sha256(dev));
    // and a locked file removed is named too
    String locked = LockInputs.sha256(test);
    Files.delete(test);
    assertThat(lock.check(source, Policy.strict(), AP_P5)).extracting(LockDifference::message).containsExactly(
        "qrels " + dev + ": not in the lock, now sha256 " + LockInputs.sha256(dev), "qrels " + test + ": locked sha256 " + locked
            + ", now absent");
    // but another folder given is one setting, not a list of files
    Path other = Files.createDirectories(dir.resolve("other/qrels"));
    Files.copy(dir.resolve("beir/corpus.jsonl"), dir.resolve("other/corpus.jsonl"));
    Files.copy(dir.resolve("beir/queries.jsonl"), dir.resolve("other/queries.jsonl"));
    Files.copy(dev, other.resolve("test.tsv"));
    assertThat(lock.check(ProtocolSource.beir(dir.resolve("other"), "test"), Policy.strict(), AP_P5))
        .extracting(LockDifference::kind).containsExactly(LockDifference.Kind.SETTING);
  }

  @Test
  void should_refuse_a_policy_without_measures() {
    assertThatThrownBy(() -> new Lock("v", "s", ProtocolSource.none(), Policy.strict(), null, List.of()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("both be given, or both be null");
    assertThatThrownBy(() -> new Lock("v", "s", ProtocolSource.none(), null, AP_P5, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private Path lockWith(String from, String to) throws IOException {
    String json = Lock.freeze(seedParts(), Policy.strict(), AP_P5).toJson();
    assertThat(json).contains(from);
    return Files.writeString(dir.resolve("bad.lock"), json.replace(from, to), StandardCharsets.UTF_8);
  }

  @Test
  void should_refuse_a_malformed_lock_at_its_json_path() throws Exception {
    assertThatThrownBy(() -> Lock.read(lockWith("\"caliber-lock 1\"", "\"caliber-lock 2\"")))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("$.format: lock file: not a lock file of this caliber (got the string \"caliber-lock 2\"; "
            + "expected \"caliber-lock 1\")");
    assertThatThrownBy(() -> Lock.read(lockWith("\"report\": \"general\"", "\"report\": \"other\"")))
        .hasMessageContaining("$.report: lock file: unknown report");
    assertThatThrownBy(() -> Lock.read(lockWith("\"ordering\": \"given\"", "\"ordering\": \"random\"")))
        .hasMessageContaining("$.policy.ordering: lock file: unknown rule (got the string \"random\"; expected one of given, score)");
    assertThatThrownBy(() -> Lock.read(lockWith("\"depth\": 0", "\"depth\": -1")))
        .hasMessageContaining("$.policy.depth: lock file: not an integer >= 0 (got the integer -1)");
    assertThatThrownBy(() -> Lock.read(lockWith("\"relevance_threshold\": 1", "\"relevance_threshold\": 0")))
        .hasMessageContaining("lock file: not an integer >= 1");
    assertThatThrownBy(() -> Lock.read(lockWith("\"depth\": 0", "\"depth\": 99999999999")))
        .hasMessageContaining("not an integer >= 0");
    assertThatThrownBy(() -> Lock.read(lockWith("\"depth\": 0", "\"depth\": \"0\"")))
        .hasMessageContaining("not an integer >= 0");
    assertThatThrownBy(() -> Lock.read(lockWith("\"AP\"", "\"XP\"")))
        .hasMessageContaining("$.measures[0]: lock file: unknown measure");
    assertThatThrownBy(() -> Lock.read(lockWith("\"format\"", "\"extra\": 1, \"format\"")))
        .hasMessageContaining("$.extra: lock file: unknown member \"extra\"");
    assertThatThrownBy(() -> Lock.read(lockWith("\"cutoffs\": [\n    5\n  ]", "\"cutoffs\": [\n    6\n  ]")))
        .hasMessageContaining("lock file: cutoffs disagree with the measures (got an array; expected [5])");
    assertThatThrownBy(() -> Lock.read(lockWith("\"cutoffs\": [\n    5\n  ]", "\"cutoffs\": [\n    \"5\"\n  ]")))
        .hasMessageContaining("cutoffs disagree");
    assertThatThrownBy(() -> Lock.read(lockWith("\"k\": null", "\"k\": \"ten\"")))
        .hasMessageContaining("$.protocol.k: lock file: not a k (got the string \"ten\"; expected a whole number >= 1 as text");
    assertThatThrownBy(() -> Lock.read(lockWith("\"split\": \"test\"", "\"split\": 3")))
        .hasMessageContaining("$.protocol.split: lock file: not a string (got the integer 3)");
    assertThatThrownBy(() -> Lock.read(lockWith("\"inputs\": [", "\"inputs\": {\"a\": [")))
        .isInstanceOf(InputSyntaxException.class);
    assertThatThrownBy(() -> Lock.read(lockWith("\"report\": \"general\"", "\"report\": \"seed\"")))
        .hasMessageContaining("$.policy: lock file: must be null for the seed's report");
    assertThatThrownBy(() -> Lock.read(lockWith("\"measures\": [\n    \"AP\",\n    \"P@5\",\n    \"R@5\"\n  ]",
        "\"measures\": []"))).hasMessageContaining("$.measures: lock file: no measure");
    assertThatThrownBy(() -> Lock.read(lockWith("\"measures\": [", "\"measures\": 3, \"x\": ["))).isInstanceOf(InputSyntaxException.class);
  }

  @Test
  void should_refuse_a_malformed_hash_and_a_missing_member() throws Exception {
    String json = Lock.freeze(seedParts(), Policy.strict(), AP_P5).toJson();
    String sha = Lock.freeze(seedParts(), Policy.strict(), AP_P5).inputs().get(0).sha256();
    Path bad = Files.writeString(dir.resolve("h.lock"), json.replace(sha, sha.toUpperCase(java.util.Locale.ROOT)));
    assertThatThrownBy(() -> Lock.read(bad)).hasMessageContaining("$.inputs[0].sha256: lock file: not a SHA-256");
    Path missing = Files.writeString(dir.resolve("m.lock"), "{\"format\": \"caliber-lock 1\"}");
    assertThatThrownBy(() -> Lock.read(missing)).hasMessageContaining("lock file: member \"caliber_version\" is missing");
    Path notObject = Files.writeString(dir.resolve("n.lock"), "[]");
    assertThatThrownBy(() -> Lock.read(notObject)).hasMessageContaining("lock file: not an object (got an array)");
  }
}
