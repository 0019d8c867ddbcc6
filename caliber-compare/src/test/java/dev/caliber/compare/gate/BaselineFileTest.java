package dev.caliber.compare.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineFileTest {
  private static final Policy POOLED = Policy.strict().withJudgments(Judgments.POOLED);

  /** q1..q4 with one relevant document each; q5 has none (no value under the trec_eval preset's exclusion). */
  private static final EvalProtocol PROTOCOL = Eval.protocol(Eval.qrels(Map.of(
      "q1", Map.of("r1", 1), "q2", Map.of("r2", 1), "q3", Map.of("r3", 2), "q4", Map.of("r4", 1), "q5", Map.of("n5", 0))),
      List.of("q1", "q2", "q3", "q4", "q5"), POOLED, Eval.measures("RR@10", "nDCG@10"));

  private static final Measure RR = Measures.parse("RR@10");
  private static final Measure NDCG = Measures.parse("nDCG@10");

  private static RunResult run(String name, int firstRelevantRank) {
    Map<String, List<String>> r = new LinkedHashMap<>();
    for (int q = 1; q <= 5; q++) {
      List<String> ranked = new java.util.ArrayList<>();
      for (int i = 1; i < firstRelevantRank; i++) {
        ranked.add("x" + q + "_" + i);
      }
      ranked.add(q == 3 ? "x3" : "r" + q); // q3 never finds its document
      r.put("q" + q, ranked);
    }
    return Eval.evaluate(PROTOCOL, Eval.rankings(name, r));
  }

  @Test
  void should_hold_a_result_s_values_and_give_them_back_through_its_text(@TempDir Path dir) throws IOException {
    // GIVEN a result kept as a baseline file
    RunResult base = run("bm25", 3);
    BaselineFile kept = BaselineFile.of(base);
    Path file = Files.writeString(dir.resolve("b.json"), kept.toJson());
    // WHEN it is read back
    BaselineFile read = BaselineFile.read(file.toString());
    // THEN every value is the same, exact fractions as fractions, the text as written
    assertThat(read.values()).isEqualTo(kept.values());
    assertThat(read.run()).isEqualTo("bm25");
    assertThat(read.protocolSha256()).isEqualTo(base.protocolSha256());
    assertThat(read.values().get(RR)).containsEntry("q1", Value.of(Fraction.of(1, 3))).containsEntry("q3", Value.of(0))
        .containsEntry("q5", null);
    assertThat(read.values().get(NDCG).get("q1").isExact()).isFalse();
    assertThat(read.toJson()).isEqualTo(kept.toJson()).contains("\"q1\": \"1/3\"");
    assertThat(read.policy()).hasToString(base.protocol().policy().toData().toString());
  }

  @Test
  void should_give_back_the_result_s_means_as_the_baseline_of_a_later_run() {
    // GIVEN a baseline kept from one run and a later run under the same protocol
    RunResult base = run("bm25", 2);
    RunResult later = run("new", 1);
    // WHEN the baseline is read as a result under the later run's protocol
    RunResult again = BaselineFile.of(base).against(later, "b.json");
    // THEN its means are the original's, exactly, over the same denominator
    for (Measure m : List.of(RR, NDCG)) {
      MeasureSummary was = base.summary(m);
      MeasureSummary now = again.summary(m);
      assertThat(now.count()).isEqualTo(was.count()).isEqualTo(4);
      assertThat(now.mean()).isEqualTo(was.mean());
      assertThat(now.decimalMean()).isEqualTo(was.decimalMean());
    }
    assertThat(again.summary(RR).mean()).isEqualTo(Fraction.of(3, 8));
    assertThat(again.runName()).isEqualTo("bm25");
    assertThat(again.noRelevantQueries()).containsExactly("q5");
    assertThat(again.rows()).extracting(r -> r.query()).containsExactly("q1", "q2", "q3", "q4", "q5");
    // and a comparison over it sees the later run's gain on the queries both have values for
    Comparison c = Comparisons.compare(List.of(again, later), CompareSettings.defaults());
    Verdict v = Gate.check(c, new GateRules(null, List.of(GateRules.Tolerance.parse("RR@10=0")), List.of(), List.of()));
    assertThat(v.passed()).isTrue();
    Verdict worse = Gate.check(Comparisons.compare(List.of(BaselineFile.of(later).against(base, "b.json"), base),
        CompareSettings.defaults()), new GateRules(null, List.of(GateRules.Tolerance.parse("RR@10=0.1")), List.of(), List.of()));
    assertThat(worse.passed()).isFalse();
  }

  @Test
  void should_refuse_a_baseline_under_another_protocol_or_without_a_measure_or_a_query_of_it() {
    RunResult base = run("bm25", 2);
    BaselineFile kept = BaselineFile.of(base);
    // another protocol
    RunResult other = Eval.evaluate(Eval.protocol(PROTOCOL.qrels(), PROTOCOL.querySet(), POOLED,
        Eval.measures("RR@10")), Eval.rankings("x", Map.of("q1", List.of("r1"))));
    assertThatThrownBy(() -> kept.against(other, "b.json")).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("b.json: $.protocol_sha256: a baseline holds runs under the protocol it was recorded under (recorded under "
            + base.protocolSha256().substring(0, 12) + ", run \"x\" is evaluated under " + other.protocolSha256().substring(0, 12)
            + ": other judgments, queries, policy or measures)");
    // a measure missing
    Map<Measure, Map<String, Value>> onlyRr = new LinkedHashMap<>(kept.values());
    onlyRr.remove(NDCG);
    assertThatThrownBy(() -> new BaselineFile("b", base.protocolSha256(), Map.of(), onlyRr).against(base, "b.json"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("b.json: $.values: a baseline holds every measure of its protocol (no nDCG@10; it has [RR@10])");
    // a query missing, or one outside the set
    Map<Measure, Map<String, Value>> lacking = new LinkedHashMap<>(kept.values());
    Map<String, Value> rr = new LinkedHashMap<>(kept.values().get(RR));
    rr.remove("q4");
    lacking.put(RR, rr);
    assertThatThrownBy(() -> new BaselineFile("b", base.protocolSha256(), Map.of(), lacking).against(base, "b.json"))
        .hasMessage("b.json: $.values.RR@10: a baseline holds every query of its protocol (no query \"q4\" (a null value is a"
            + " query left out of the mean))");
    rr.put("q4", Value.of(1));
    rr.put("q9", Value.of(1));
    assertThatThrownBy(() -> new BaselineFile("b", base.protocolSha256(), Map.of(), lacking).against(base, "b.json"))
        .hasMessage("b.json: $.values.RR@10: a baseline holds only queries of its protocol (query \"q9\" is not in the query set)");
  }

  @Test
  void should_name_the_file_the_json_path_and_the_value_of_what_is_not_a_baseline(@TempDir Path dir) throws IOException {
    String sha = "a".repeat(64);
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("[1]", ":1:1: $: not a caliber baseline (got an array; expected an object with \"format\": \"caliber-baseline 1\")");
    cases.put("{\"format\": \"caliber-baseline 2\"}", ":1:12: $.format: not a caliber baseline (got the string \"caliber-baseline 2\";"
        + " expected \"caliber-baseline 1\")");
    cases.put("{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"abc\", \"values\": {}}", ":1:53: $.protocol_sha256: not a"
        + " caliber baseline (got the string \"abc\"; expected a SHA-256 fingerprint: 64 lowercase hexadecimal digits)");
    cases.put("{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + sha + "\", \"values\": {\"nDCG@x\": {}}}",
        ": not a caliber baseline (measure nDCG@x: ");
    cases.put("{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + sha + "\", \"values\": {\"AP\": {\"q1\": [1]}}}",
        ": $.values.AP.q1: not a caliber baseline (got an array; expected a number, an exact fraction such as \"5/6\", or null)");
    cases.put("{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + sha + "\", \"values\": {\"P@10\": {}, \"P_10\": {}}}",
        ": not a caliber baseline (got an object; expected each measure once; P@10 is named twice)");
    cases.put("{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + sha + "\", \"run\": 3, \"values\": {}}",
        ": $.run: not a caliber baseline (got the integer 3; expected a string)");
    int i = 0;
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Path file = Files.writeString(dir.resolve("b" + i++ + ".json"), c.getKey());
      assertThatThrownBy(() -> BaselineFile.read(file.toString())).as(c.getKey()).isInstanceOf(InputSyntaxException.class)
          .hasMessageStartingWith(file.toString()).hasMessageContaining(c.getValue());
    }
    // run and policy may be left out: the run is then named "baseline"
    Path minimal = Files.writeString(dir.resolve("min.json"), "{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + sha
        + "\", \"values\": {\"AP\": {\"q1\": \"1/2\", \"q2\": 0.25, \"q3\": 1, \"q4\": null}}}");
    BaselineFile read = BaselineFile.read(minimal.toString());
    assertThat(read.run()).isEqualTo(BaselineFile.DEFAULT_RUN).isEqualTo("baseline");
    assertThat(read.policy()).isEmpty();
    assertThat(read.values().get(Measures.parse("AP"))).containsEntry("q1", Value.of(Fraction.of(1, 2)))
        .containsEntry("q2", Value.ofDouble(0.25)).containsEntry("q3", Value.of(1)).containsEntry("q4", null);
  }
}
