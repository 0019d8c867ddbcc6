package dev.caliber.api.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.api.RunFile;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Run;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's inputs: the fingerprint once valid, the seed's report, and general results checked with the seed's rules. */
class SeedProtocolTest {
  /** The help-centre fixture: q1 in dev, q2-q5 in test, split test and k 2 fixed by the protocol file. */
  private static final Path HELPCENTRE = Path.of(System.getProperty("caliber.root"), "examples", "helpcentre");
  private static final String HELPCENTRE_SHA256 = "9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb";
  private static final InputStream NO_STDIN = new ByteArrayInputStream(new byte[0]);

  private static SeedProtocol helpcentre() throws IOException {
    return ProtocolSource.protocolFile(HELPCENTRE.resolve("protocol.json")).seed(NO_STDIN);
  }

  private static Run fixture(String name) throws IOException {
    return RunFile.of(HELPCENTRE.resolve("runs").resolve(name + ".json")).readRankings(null);
  }

  private static String sha256(String text) throws NoSuchAlgorithmException {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void should_give_the_canonical_json_with_sorted_keys_and_its_sha256(@TempDir Path dir) throws Exception {
    // GIVEN a protocol file whose keys are not in order
    Path file = Files.writeString(dir.resolve("p.json"), "{\"split\": \"test\", \"k\": 1,"
        + " \"qrels\": {\"q2\": {\"d2\": 1, \"d1\": 0}, \"q1\": {\"d1\": 1, \"d2\": 0}},"
        + " \"queries\": {\"q2\": {\"text\": \"second\", \"split\": \"dev\"}, \"q1\": {\"text\": \"first\", \"split\": \"test\"}},"
        + " \"corpus\": {\"d2\": \"two\", \"d1\": \"one\"}}");
    // WHEN
    SeedProtocol seed = ProtocolSource.protocolFile(file).seed(NO_STDIN);
    // THEN the seed's json.dumps(sort_keys=True, separators=(',', ':')) and the SHA-256 of its UTF-8
    String expected = "{\"corpus\":{\"d1\":\"one\",\"d2\":\"two\"},\"k\":1,"
        + "\"qrels\":{\"q1\":{\"d1\":1,\"d2\":0},\"q2\":{\"d1\":0,\"d2\":1}},"
        + "\"queries\":{\"q1\":{\"split\":\"test\",\"text\":\"first\"},\"q2\":{\"split\":\"dev\",\"text\":\"second\"}},"
        + "\"split\":\"test\"}";
    assertThat(seed.canonicalJson()).isEqualTo(expected);
    assertThat(seed.sha256()).isEqualTo(sha256(expected));
  }

  @Test
  void should_fingerprint_the_help_centre_fixture_as_the_seed_does() throws Exception {
    SeedProtocol seed = helpcentre();
    assertThat(seed.sha256()).isEqualTo(HELPCENTRE_SHA256).isEqualTo(sha256(seed.canonicalJson()));
  }

  @Test
  void should_refuse_to_fingerprint_a_split_without_queries() throws IOException {
    // GIVEN a split no query is in: read, but not yet checked
    SeedProtocol seed = ProtocolSource.none().withCorpus(HELPCENTRE.resolve("corpus.json").toString())
        .withQueries(HELPCENTRE.resolve("queries.json").toString()).withQrels(HELPCENTRE.resolve("qrels.json").toString())
        .withSplit("train").withK(2).seed(NO_STDIN);
    // THEN neither the hash nor the text it hashes is given
    assertThatExceptionOfType(ProtocolViolationException.class).isThrownBy(seed::sha256)
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.EMPTY_SPLIT));
    assertThatExceptionOfType(ProtocolViolationException.class).isThrownBy(seed::canonicalJson)
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.EMPTY_SPLIT));
  }

  @Test
  void should_refuse_to_fingerprint_a_k_below_one() throws IOException {
    SeedProtocol helpcentre = helpcentre();
    SeedProtocol zero = new SeedProtocol(helpcentre.protocol(), "test", 0, "split test of protocol.json");
    assertThatExceptionOfType(ProtocolViolationException.class).isThrownBy(zero::sha256)
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.K));
    assertThatExceptionOfType(ProtocolViolationException.class).isThrownBy(zero::canonicalJson)
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.K));
  }

  @Test
  void should_report_a_run_as_the_seed_does() throws IOException {
    // WHEN fixture A: q4 missing, q2 finds d3 at 1, q3 finds d5 at 2
    EvaluationReport r = helpcentre().report(fixture("fixture_A"));
    // THEN the seed's expected report
    assertThat(r.protocolSha256()).isEqualTo(HELPCENTRE_SHA256);
    assertThat(List.of(r.split(), r.k(), r.totalQueries(), r.eligibleQueries())).containsExactly("test", 2, 4, 3);
    assertThat(r.missingQueries()).containsExactly("q4");
    assertThat(r.noRelevantQueries()).containsExactly("q5");
    assertThat(r.recallAtK()).hasToString("1/2");
    assertThat(r.mrrAtK()).hasToString("1/2");
  }

  @Test
  void should_score_its_split_under_the_strict_policy_with_recall_and_rr_at_k() throws IOException {
    // WHEN
    EvalProtocol p = helpcentre().evalProtocol();
    // THEN
    assertThat(p.querySet()).containsExactly("q2", "q3", "q4", "q5");
    assertThat(p.querySetSource()).isEqualTo("split test of protocol.json");
    assertThat(p.policy()).isEqualTo(Policy.strict());
    assertThat(p.measures()).extracting(m -> m.name()).containsExactly("R@2", "RR@2");
  }

  @Test
  void should_score_every_run_in_order_with_the_seed_reports_numbers() throws IOException {
    // WHEN
    List<RunResult> results = helpcentre().evaluate(List.of(fixture("fixture_A"), fixture("fixture_B"), fixture("all_empty")));
    // THEN one general result per run, whose means are the seed report's
    assertThat(results).extracting(RunResult::runName).containsExactly("fixture_A", "fixture_B", "all_empty");
    assertThat(results).extracting(r -> r.summary(Measures.parse("R@2")).mean().toString()).containsExactly("1/2", "5/6", "0");
    assertThat(results).extracting(r -> r.summary(Measures.parse("RR@2")).mean().toString()).containsExactly("1/2", "5/6", "0");
    assertThat(results.get(0).protocolSha256()).isEqualTo(helpcentre().evalProtocol().sha256());
  }

  @Test
  void should_give_no_result_for_no_run() throws IOException {
    assertThat(helpcentre().evaluate(List.of())).isEmpty();
  }

  @Test
  void should_refuse_every_run_with_the_seeds_wording_when_one_breaks_its_rules() throws IOException {
    // GIVEN a valid run, then one with q1, which is in the dev split
    Run wrongSplit = Run.of("wrong", Map.of("q1", List.of("d2"), "q2", List.of("d3")));
    // THEN the seed's rule and words, not the general evaluator's
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> helpcentre().evaluate(List.of(fixture("fixture_A"), wrongSplit)))
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.WRONG_SPLIT_QUERY))
        .withMessageContaining("query \"q1\" is in split \"dev\", not \"test\"");
  }
}
