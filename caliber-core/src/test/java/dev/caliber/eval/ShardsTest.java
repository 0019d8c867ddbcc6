package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TestData;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery.Repetition;
import dev.caliber.result.ScoredQuery.Row;
import dev.caliber.result.ScoredQuery.Violation;
import dev.caliber.result.ScoredQuery;
import dev.caliber.treceval.TrecEvalText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Exact shards: the codec reads back what it writes, and the merge of a run's shards is its evaluation, or refused. */
class ShardsTest {
  private static final String VERSION = "test";
  private static final StreamingEvaluation.Options OPTIONS = Streams.options(2, null, 64);

  static EvalProtocol cacm(Policy policy) throws IOException {
    return ProtocolSource.qrels(TestData.path("cacm/qrels.cacm.txt")).general().protocol(policy,
        dev.caliber.measure.TrecEvalMeasures.official());
  }

  static byte[] bytes(Path file) throws IOException {
    return Files.readAllBytes(file);
  }

  /** A shard of the run {@code bytes} over {@code slice}. */
  static Shard shard(EvalProtocol protocol, String source, byte[] bytes, List<String> slice) {
    try {
      return Shards.score(protocol, source, () -> new ByteArrayInputStream(bytes), OPTIONS, slice,
          "slice.txt", VERSION);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The run evaluated as caliber evaluate does it, while reading. */
  static RunResult single(EvalProtocol protocol, String source, byte[] bytes) throws IOException {
    return StreamingEvaluation.evaluate(protocol, source, () -> new ByteArrayInputStream(bytes), false,
        OPTIONS).get();
  }

  static String text(Shard s) {
    StringBuilder out = new StringBuilder();
    s.writeTo(out::append);
    return out.toString();
  }

  /** The shard written and read back from {@code file}. */
  static Shard roundTrip(Shard s, Path file) throws IOException {
    Files.writeString(file, text(s));
    return Shards.read(file.toString(), null, InputLimits.DEFAULT);
  }

  static String json(RunResult r) {
    return PyJson.pretty(ResultJson.toData(r));
  }

  static String trec(RunResult r) {
    StringBuilder out = new StringBuilder();
    TrecEvalText.render(List.of(r), true, out::append);
    return out.toString();
  }

  /** The query set cut into {@code n} slices, round robin. */
  static List<List<String>> slices(List<String> set, int n) {
    List<List<String>> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new ArrayList<>());
    }
    for (int i = 0; i < set.size(); i++) {
      out.get(i % n).add(set.get(i));
    }
    return out;
  }

  @Test
  void aGzipShardIsReadAsIs(@TempDir Path dir) throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    Path file = TestData.path("cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
    Shard s = shard(protocol, file.toString(), bytes(file), protocol.querySet());
    Path gz = dir.resolve("s.jsonl.gz");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(text(s).getBytes(StandardCharsets.UTF_8));
    }
    Files.write(gz, out.toByteArray());
    assertThat(Shards.read(gz.toString(), null, InputLimits.DEFAULT).scored()).isEqualTo(s.scored());
  }

  @Test
  void theHeaderSaysWhatTheShardCoversAndTheRunsLinesAreTheFilesOwn() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    byte[] run = "1 Q0 CACM-1410 1 3 tag\n1 Q0 CACM-1 2 2 tag\n2 Q0 CACM-1 1 1 tag\nzzz Q0 d 1 1 tag\n"
        .getBytes(StandardCharsets.UTF_8);
    Shard s = shard(protocol, "run.txt", run, List.of("2", "1"));
    String[] lines = text(s).split("\n");
    assertThat(lines[0]).startsWith("{\"caliber_shard\":1,\"caliber_version\":\"test\",\"measures\":[\"NumRet\",")
        .contains("\"protocol_sha256\":\"" + protocol.sha256() + "\",\"queries\":[\"1\",\"2\"],\"run\":\"run.txt\"")
        .endsWith("\"source\":\"run.txt\",\"tag\":\"tag\"}");
    assertThat(s.scored()).extracting(ScoredQuery::query).containsExactly("1", "2", "zzz");
    assertThat(s.scored()).extracting(ScoredQuery::firstLine).containsExactly(1L, 3L, 4L);
    assertThat(lines[1]).startsWith("{\"first_line\":1,\"later_outside_corpus\":null,\"query\":\"1\",\"repetition\":null,"
        + "\"row\":{\"disagreeing\":0,");
    assertThat(lines[3]).isEqualTo("{\"first_line\":4,\"later_outside_corpus\":null,\"query\":\"zzz\",\"repetition\":null,"
        + "\"row\":null,\"violation\":null}");
    // only the slice is scored: the other queries of the set are not in the shard
    Shard other = shard(protocol, "run.txt", run, List.of("1"));
    assertThat(other.scored()).extracting(ScoredQuery::query).containsExactly("1", "zzz");
  }

  @Test
  void everyComponentOfAScoredQueryTravels(@TempDir Path dir) throws Exception {
    Row row = new Row(7, 3, 2, java.util.Arrays.asList(Value.of(5, 6), null, Value.ofDouble(0.1 + 0.2),
        new Value(dev.caliber.math.Fraction.of(1, 3), 0.33333333333333326), Value.of(-0.0 == 0 ? 12 : 0)),
        Map.of(10, 4), 2, 3, 2, 1, List.of(1, 3));
    Map<Integer, Integer> ties = new LinkedHashMap<>();
    ties.put(20, 2);
    ties.put(5, 3);
    Row rowTies = new Row(0, 0, 0, java.util.Arrays.asList(null, null, null, null, Value.ofDouble(-0.0)), ties, null, 0,
        0, 0, List.of());
    List<ScoredQuery> scored = List.of(
        new ScoredQuery("q \"1\"", 3, null, null, null, row),
        new ScoredQuery("q2", 9, null, null, null, rowTies),
        new ScoredQuery("q3", 12, new Repetition("d\u00e9", 2, 14, 0, 12), null, null, null),
        new ScoredQuery("q4", 20, null, new Violation("d9", 1, 21, false), new Violation("x", 3, 23, true), null),
        new ScoredQuery("q5", 30, null, new Violation("d7", 0, 30, true), null, null),
        new ScoredQuery("q6", 40, null, null, null, null));
    Shard s = new Shard("", "a".repeat(64), "r", null, "run.txt", "b".repeat(64), List.of("q2", "q \"1\""),
        List.of("AP", "P@5", "nDCG", "bpref", "num_ret"), "1.0", scored);
    Shard back = roundTrip(s, dir.resolve("s.jsonl"));
    assertThat(back.scored()).isEqualTo(scored);
    assertThat(back.scored().get(1).row().tiesAtCutoff().keySet()).containsExactly(20, 5);
    assertThat(back.tag()).isNull();
    assertThat(back.file()).isEqualTo(dir.resolve("s.jsonl").toString());
    assertThat(back.queries()).containsExactly("q2", "q \"1\"");
  }

  static final String HEADER = "{\"caliber_shard\":1,\"caliber_version\":\"v\",\"measures\":[\"P@5\"],\"protocol_sha256\":\""
      + "a".repeat(64) + "\",\"queries\":[\"q1\"],\"run\":\"r\",\"run_sha256\":\"" + "b".repeat(64)
      + "\",\"source\":\"run.txt\",\"tag\":null}";
  static final String ROW = "\"row\":{\"disagreeing\":0,\"disagreeing_by_rank\":0,\"disagreeing_by_score\":0,"
      + "\"first_relevant_rank\":null,\"judged_at_cutoff\":[0],\"relevant\":0,\"returned\":1,\"ties\":[],\"unjudged\":1,"
      + "\"values\":[[\"0\",0.0]]}";
  static final String LINE = "{\"first_line\":1,\"later_outside_corpus\":null,\"query\":\"q1\",\"repetition\":null,"
      + ROW + ",\"violation\":null}";

  @Test
  void theFixturesLinesAreValid(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.jsonl");
    Files.writeString(f, HEADER + "\n" + LINE + "\n");
    Shard s = Shards.read(f.toString(), null, InputLimits.DEFAULT);
    assertThat(s.scored()).hasSize(1);
    assertThat(s.scored().get(0).row().values()).containsExactly(Value.of(0));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      // what replaces what | the error's line and path, reason
      "`\"caliber_shard\":1,\"caliber_version\":\"v\"`|`\"caliber_shard\":2`|`s.jsonl:1:18: $.caliber_shard: unsupported shard format (got the integer 2; expected 1`",
      "`\"caliber_shard\":1,`|``|`s.jsonl:1:1: $: missing key \"caliber_shard\"`",
      "`\"caliber_shard\":1,`|`\"caliber_shard\":\"1\",`|`s.jsonl:1:18: $.caliber_shard: unsupported shard format (got the string \"1\"`",
      "`\"tag\":null`|`\"tag\":null,\"x\":1`|`s.jsonl:1:1: $: unknown key \"x\"`",
      "`\"tag\":null`|`\"tag\":3`|`s.jsonl:1:`",
      "`\"queries\":[\"q1\"]`|`\"queries\":[\"q1\",\"q1\"]`|`$.queries: repeated query`",
      "`\"queries\":[\"q1\"]`|`\"queries\":\"q1\"`|`$.queries: not an array (got the string \"q1\"`",
      "`\"run_sha256\":\"bbbb`|`\"run_sha256\":\"Bbbb`|`$.run_sha256: not a SHA-256`",
      "`\"protocol_sha256\":\"aaaa`|`\"protocol_sha256\":\"aaa`|`$.protocol_sha256: not a SHA-256`",
      "`\"measures\":[\"P@5\"]`|`\"measures\":[5]`|`$.measures[0]: not a string (got the integer 5`",
      "`\"run\":\"r\"`|`\"run\":null`|`$.run: not a string (got null`",
      "`\"first_line\":1,`|`\"first_line\":-1,`|`s.jsonl:2:15: $.first_line: not a count (got the integer -1; expected an integer from 0 to 9223372036854775807)`",
      "`\"first_line\":1,`|`\"first_line\":1.0,`|`$.first_line: not a count (got the number 1.0`",
      "`\"query\":\"q1\"`|`\"query\":1`|`$.query: not a string`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[\"0\",0.0],null]`|`$.row.values: wrong number of values (got an array; 2 values; expected one per measure of the header, 1)`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[\"1/x\",0.0]]`|`$.row.values[0][0]: not a fraction`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[\"2/4\",0.5]]`|`$.row.values[0][0]: not a fraction in lowest terms (got the string \"2/4\"; expected \"1/2\")`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[\"1/0\",0.0]]`|`$.row.values[0][0]: not a fraction`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[\"0\",0]]`|`$.row.values[0][1]: not a decimal`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[1]`|`$.row.values[0]: not a value`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[1e999]`|`$.row.values[0]: not a finite number`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[\"0\"]`|`$.row.values[0]: not a value`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[\"0\",0.0,1]]`|`$.row.values[0]: not a value`",
      "`\"values\":[[\"0\",0.0]]`|`\"values\":[[0,0.0]]`|`$.row.values[0]: not a value`",
      "`\"first_line\":1,`|`\"first_line\":1,\"x\":2,`|`s.jsonl:2:1: $: unknown key \"x\" (got an object; expected the keys [first_line, later_outside_corpus, query, repetition, row, violation])`",
      "`\"ties\":[]`|`\"ties\":[[5]]`|`$.row.ties[0]: not a cutoff and a size`",
      "`\"ties\":[]`|`\"ties\":[5]`|`$.row.ties[0]: not a cutoff and a size`",
      "`\"ties\":[]`|`\"ties\":[[5,2],[5,3]]`|`$.row.ties[1]: repeated cutoff`",
      "`\"first_relevant_rank\":null`|`\"first_relevant_rank\":0`|`$.row.first_relevant_rank: rank below 1`",
      "`\"returned\":1`|`\"returned\":2147483648`|`$.row.returned: not a count (got the integer 2147483648; expected an integer from 0 to 2147483647)`",
      "`\"judged_at_cutoff\":[0]`|`\"judged_at_cutoff\":[true]`|`$.row.judged_at_cutoff[0]: not a count`",
      "`\"repetition\":null`|`\"repetition\":{\"document\":\"d\",\"entry\":1,\"line\":2,\"first_entry\":0}`|`$.repetition: missing key \"first_line\"`",
      "`\"repetition\":null`|`\"repetition\":{\"document\":\"d\",\"entry\":1,\"line\":2,\"first_entry\":0,\"first_line\":1}`|`s.jsonl:2:1: $: inconsistent scored query (got an object; illegal scored query q1: at most one of a repetition, a violation and a row)`",
      "`\"violation\":null`|`\"violation\":{\"document\":\"d\",\"entry\":1,\"line\":2,\"outside_corpus\":1}`|`$.violation.outside_corpus: not a boolean`",
      "`\"violation\":null`|`\"violation\":[]`|`$.violation: not an object`",
      "`\"later_outside_corpus\":null`|`\"later_outside_corpus\":{\"document\":\"d\",\"entry\":1,\"line\":2,\"outside_corpus\":true}`|`inconsistent scored query`",
  })
  void aBadValueIsOneLineNamingItsLinePathAndExpectation(String from, String to, String message, @TempDir Path dir)
      throws Exception {
    String text = HEADER + "\n" + LINE + "\n";
    assertThat(text).contains(from);
    Path f = dir.resolve("s.jsonl");
    Files.writeString(f, text.replace(from, to));
    InputSyntaxException e = catchThrowableOfType(InputSyntaxException.class,
        () -> Shards.read(f.toString(), null, InputLimits.DEFAULT));
    assertThat(e).as(to).isNotNull();
    assertThat(e.getMessage()).as(to).doesNotContain("\n").contains(message.replace("s.jsonl", f.toString()));
  }

  @Test
  void theLargestCountsAreRead(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.jsonl");
    Files.writeString(f, HEADER + "\n" + LINE.replace("\"returned\":1", "\"returned\":2147483647")
        .replace("\"first_line\":1,", "\"first_line\":9223372036854775807,") + "\n");
    ScoredQuery s = Shards.read(f.toString(), null, InputLimits.DEFAULT).scored().get(0);
    assertThat(s.row().returned()).isEqualTo(Integer.MAX_VALUE);
    assertThat(s.firstLine()).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void theScoredQueriesGoToTheMergeByFirstLineEachQueryOutsideTheSetOnce() {
    ScoredQuery a = new ScoredQuery("a", 5, null, null, null, null);
    ScoredQuery b = new ScoredQuery("b", 1, null, null, null, null);
    ScoredQuery x = new ScoredQuery("x", 3, null, null, null, null);
    Shard one = new Shard("1", "a".repeat(64), "r", null, "run", "b".repeat(64), List.of("a"), List.of(), "v", List.of(x, a));
    Shard two = new Shard("2", "a".repeat(64), "r", null, "run", "b".repeat(64), List.of("b"), List.of(), "v", List.of(b, x));
    assertThat(Shards.inRunOrder(java.util.Set.of("a", "b"), List.of(one, two), Map.of("a", one, "b", two)))
        .containsExactly(b, x, a);
  }

  @Test
  void aShardWithoutHeaderABlankLineARepeatedQueryOrALineThatIsNoObjectIsRefused(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("s.jsonl");
    Files.writeString(f, "");
    assertThatThrownBy(() -> Shards.read(f.toString(), null, InputLimits.DEFAULT)).isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("no shard header");
    Files.writeString(f, "\n");
    assertThatThrownBy(() -> Shards.read(f.toString(), null, InputLimits.DEFAULT)).hasMessageContaining("no shard header");
    Files.writeString(f, HEADER + "\n\n" + LINE + "\n");
    assertThatThrownBy(() -> Shards.read(f.toString(), null, InputLimits.DEFAULT))
        .hasMessageStartingWith(f + ":2: blank line");
    Files.writeString(f, HEADER + "\n" + LINE + "\n" + LINE + "\n");
    assertThatThrownBy(() -> Shards.read(f.toString(), null, InputLimits.DEFAULT))
        .hasMessageStartingWith(f + ":3:").hasMessageContaining("$.query: repeated query");
    Files.writeString(f, HEADER + "\n[1]\n");
    assertThatThrownBy(() -> Shards.read(f.toString(), null, InputLimits.DEFAULT))
        .hasMessageStartingWith(f + ":2:").hasMessageContaining("not an object");
    Files.writeString(f, HEADER + "\n{\"query\":\n");
    assertThatThrownBy(() -> Shards.read(f.toString(), null, InputLimits.DEFAULT))
        .hasMessageStartingWith(f + ":2:").hasMessageContaining("malformed JSON");
  }

  // ---- the merge's rules

  private static final byte[] RUN = ("1 Q0 CACM-1410 1 3 tag\n1 Q0 CACM-1 2 2 tag\nzzz Q0 d 1 1 tag\n2 Q0 CACM-1 1 1 tag\n"
      + "yyy Q0 d 1 1 tag\n").getBytes(StandardCharsets.UTF_8);

  private static List<Shard> threeShards(EvalProtocol protocol, byte[] run) {
    List<Shard> out = new ArrayList<>();
    List<List<String>> slices = slices(protocol.querySet(), 3);
    for (int i = 0; i < 3; i++) {
      out.add(named(shard(protocol, "run.txt", run, slices.get(i)), "s" + i + ".jsonl"));
    }
    return out;
  }

  static Shard named(Shard s, String file) {
    return new Shard(file, s.protocolSha256(), s.run(), s.tag(), s.source(), s.runSha256(), s.queries(), s.measures(),
        s.caliberVersion(), s.scored());
  }

  @Test
  void queriesOutsideTheSetAreInEveryShardAndCountedOnce() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    List<Shard> shards = threeShards(protocol, RUN);
    assertThat(shards).allSatisfy(s -> assertThat(s.scored()).extracting(ScoredQuery::query).contains("zzz", "yyy"));
    RunResult merged = Shards.merge(protocol, shards);
    assertThat(merged.ignoredQueries()).containsExactly("zzz", "yyy");
    assertThat(json(merged)).isEqualTo(json(single(protocol, "run.txt", RUN)));
    assertThat(trec(merged)).isEqualTo(trec(single(protocol, "run.txt", RUN)));
  }

  @Test
  void aShardOfAnotherProtocolIsRefusedNamingItAndBothFingerprints() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    EvalProtocol other = ProtocolSource.qrels(TestData.path("cacm/qrels.cacm.txt")).general().protocol(Policy.trecEval(),
        Measures.parseAll("P@5"));
    List<Shard> shards = new ArrayList<>(threeShards(protocol, RUN));
    Shard s = shard(other, "run.txt", RUN, shards.get(1).queries());
    shards.set(1, named(s, "s1.jsonl"));
    assertThatThrownBy(() -> Shards.merge(protocol, shards)).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("s1.jsonl: shard of another protocol (its protocol_sha256 is " + other.sha256()
            + "; the protocol given is " + protocol.sha256() + ")");
  }

  @Test
  void shardsOfAnotherRunAreRefusedNamingWhatDiffers() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    List<Shard> shards = threeShards(protocol, RUN);
    Shard s = shards.get(2);
    List<Shard> renamed = List.of(shards.get(0), shards.get(1), new Shard(s.file(), s.protocolSha256(), "other", s.tag(),
        s.source(), s.runSha256(), s.queries(), s.measures(), s.caliberVersion(), s.scored()));
    assertThatThrownBy(() -> Shards.merge(protocol, renamed))
        .hasMessage("s2.jsonl: shard of another run (its run is \"other\"; s0.jsonl's is \"run.txt\")");
    List<Shard> retagged = List.of(shards.get(0), new Shard(s.file(), s.protocolSha256(), s.run(), null, s.source(),
        s.runSha256(), s.queries(), s.measures(), s.caliberVersion(), s.scored()));
    assertThatThrownBy(() -> Shards.merge(protocol, retagged)).hasMessageContaining("its tag is null; s0.jsonl's is \"tag\"");
    List<Shard> moved = List.of(shards.get(0), new Shard(s.file(), s.protocolSha256(), s.run(), s.tag(), "other.txt",
        s.runSha256(), s.queries(), s.measures(), s.caliberVersion(), s.scored()));
    assertThatThrownBy(() -> Shards.merge(protocol, moved)).hasMessageContaining("its source is \"other.txt\"");
    byte[] edited = new String(RUN, StandardCharsets.UTF_8).replace("2 Q0 CACM-1 1 1", "2 Q0 CACM-2 1 1")
        .getBytes(StandardCharsets.UTF_8);
    List<Shard> otherBytes = new ArrayList<>(shards);
    otherBytes.set(1, threeShards(protocol, edited).get(1));
    assertThatThrownBy(() -> Shards.merge(protocol, otherBytes)).hasMessageStartingWith("s1.jsonl: shard of another run"
        + " (its run_sha256 is \"");
  }

  @Test
  void aQueryInTwoShardsIsRefusedNamingItAndBoth() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    List<Shard> shards = threeShards(protocol, RUN);
    List<Shard> twice = List.of(shards.get(0), shards.get(1), shards.get(2), shards.get(1));
    assertThatThrownBy(() -> Shards.merge(protocol, twice)).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("s1.jsonl: query in two shards (query \"" + shards.get(1).queries().get(0) + "\" is also in s1.jsonl;"
            + " each query of the set is in one shard, or it would count twice)");
  }

  @Test
  void anIncompleteSetOfShardsIsRefusedListingTheFirstQueriesLeftOut() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    List<Shard> shards = threeShards(protocol, RUN);
    List<String> out = shards.get(1).queries();
    int left = out.size();
    assertThatThrownBy(() -> Shards.merge(protocol, List.of(shards.get(0), shards.get(2))))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("incomplete shards (" + left + " of the " + protocol.querySet().size() + " queries of the query set are"
            + " in no shard (the first: " + String.join(", ", out.subList(0, 5).stream().map(PyJson::canonical).toList()) + "); make a shard of them with --shard-queries)");
    assertThatThrownBy(() -> Shards.merge(protocol, List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aSliceOrAScoredQueryOutsideWhereItBelongsIsRefused() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    List<Shard> shards = threeShards(protocol, RUN);
    Shard s = shards.get(0);
    List<String> slice = new ArrayList<>(s.queries());
    slice.add("nope");
    Shard outside = new Shard(s.file(), s.protocolSha256(), s.run(), s.tag(), s.source(), s.runSha256(), slice,
        s.measures(), s.caliberVersion(), s.scored());
    assertThatThrownBy(() -> Shards.merge(protocol, List.of(outside, shards.get(1), shards.get(2))))
        .hasMessageStartingWith("s0.jsonl: query outside the query set (its slice lists query \"nope\", which is not in");
    List<ScoredQuery> stray = new ArrayList<>(s.scored());
    ScoredQuery other = shards.stream().flatMap(x -> x.scored().stream())
        .filter(q -> protocol.querySet().contains(q.query()) && !s.queries().contains(q.query())).findFirst().orElseThrow();
    stray.add(other);
    String owner = shards.get(1).queries().contains(other.query()) ? "s1.jsonl" : "s2.jsonl";
    Shard strayShard = new Shard(s.file(), s.protocolSha256(), s.run(), s.tag(), s.source(), s.runSha256(), s.queries(),
        s.measures(), s.caliberVersion(), stray);
    assertThatThrownBy(() -> Shards.merge(protocol, List.of(strayShard, shards.get(1), shards.get(2))))
        .hasMessage("s0.jsonl: query outside the shard's slice (query " + PyJson.canonical(other.query())
            + " is scored in it but listed in " + owner + ")");
    assertThatThrownBy(() -> shard(protocol, "run.txt", RUN, List.of("1", "nope")))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageStartingWith("slice.txt: query outside the query set (query \"nope\" is not in the query set (");
  }

  @Test
  void aRunNotGroupedByQueryIsRefused() throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    byte[] run = "1 Q0 CACM-1 1 3 t\n2 Q0 CACM-1 1 3 t\n1 Q0 CACM-2 2 2 t\n".getBytes(StandardCharsets.UTF_8);
    assertThatThrownBy(() -> shard(protocol, "run.txt", run, List.of("1"))).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("run.txt:3: run not grouped by query (query \"1\" comes back after other queries; a shard is made from"
            + " a run grouped by query (e.g. sort -s -k1,1))");
  }

  /** The single evaluation's violation, and the merge's. */
  private static void assertSameViolation(EvalProtocol protocol, byte[] run) throws IOException {
    ProtocolViolationException expected = catchThrowableOfType(ProtocolViolationException.class,
        () -> single(protocol, "run.txt", run));
    assertThat(expected).isNotNull();
    ProtocolViolationException got = catchThrowableOfType(ProtocolViolationException.class,
        () -> Shards.merge(protocol, threeShards(protocol, run)));
    assertThat(got).isNotNull();
    assertThat(got.getMessage()).isEqualTo(expected.getMessage());
  }

  @Test
  void aViolationInAShardIsTheSingleEvaluationsError() throws Exception {
    // a repeated document in a later slice's query, and an earlier one in another slice's: the first by line wins
    assertSameViolation(cacm(Policy.trecEval()), ("1 Q0 CACM-1 1 3 t\n2 Q0 CACM-1 1 3 t\n2 Q0 CACM-1 2 2 t\n"
        + "3 Q0 CACM-5 1 3 t\n3 Q0 CACM-5 2 2 t\n").getBytes(StandardCharsets.UTF_8));
    // unjudged documents under exhaustive judgments: the earliest query of the set, whatever its line
    Policy exhaustive = Policy.trecEval().withJudgments(Judgments.EXHAUSTIVE);
    assertSameViolation(cacm(exhaustive), ("3 Q0 CACM-9999 1 3 t\n1 Q0 CACM-1 1 3 t\n2 Q0 CACM-8888 1 3 t\n")
        .getBytes(StandardCharsets.UTF_8));
    // a query outside the set, when the policy rejects them
    Policy reject = Policy.trecEval().withUnknownQueries(UnknownQueries.ERROR);
    assertSameViolation(cacm(reject), RUN);
  }

  @Test
  void withLineOffsetShiftsEveryLineButZero() {
    ScoredQuery s = new ScoredQuery("q", 2, new Repetition("d", 1, 3, 0, 0), null, null, null);
    assertThat(Shards.withLineOffset(s, 10)).isEqualTo(new ScoredQuery("q", 12, new Repetition("d", 1, 13, 0, 0), null,
        null, null));
    ScoredQuery v = new ScoredQuery("q", 0, null, new Violation("d", 0, 5, false), new Violation("e", 1, 0, true), null);
    assertThat(Shards.withLineOffset(v, 10)).isEqualTo(new ScoredQuery("q", 0, null, new Violation("d", 0, 15, false),
        new Violation("e", 1, 0, true), null));
  }

  static InputStream gunzip(byte[] b) throws IOException {
    return new GZIPInputStream(new ByteArrayInputStream(b));
  }
}
