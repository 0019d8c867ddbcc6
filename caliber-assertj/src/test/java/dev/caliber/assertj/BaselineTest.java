package dev.caliber.assertj;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineTest {
  @TempDir Path dir;
  private final EvalProtocol protocol = Runs.protocol("RR@10", "P@1");
  private final RunResult good = Runs.evaluate(protocol, "bm25", Runs.rankings(1));

  @AfterEach
  void clear() {
    System.clearProperty(Baseline.RECORD);
  }

  @Test
  void should_record_on_first_use_with_the_fingerprint_and_every_value() throws IOException {
    Baseline b = Baseline.at(dir.resolve("sub/bm25.json"));
    // WHEN checked for the first time
    b.check(good, "RR@10");
    // THEN the file holds the protocol and every query's exact values, and no temporary file is left
    String text = Files.readString(b.file());
    assertThat(text).contains("\"format\": \"caliber-baseline 1\"", "\"run\": \"bm25\"",
        "\"protocol_sha256\": \"" + good.protocolSha256() + "\"", "\"q1\": \"1/2\"", "\"q2\": \"1\"", "\"P@1\"");
    assertThat(Files.list(b.file().getParent())).containsExactly(b.file());
    // and the same run passes against it
    b.check(good, "RR@10");
  }

  @Test
  void should_fail_when_a_later_run_is_significantly_worse_listing_the_queries() {
    Baseline b = Baseline.at(dir.resolve("bm25.json"));
    b.check(good, "RR@10");
    RunResult broken = Runs.evaluate(protocol, "bm25", Runs.rankings(Runs.range(1, 25)));
    assertThatThrownBy(() -> b.check(broken, "RR@10"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10 of run \"bm25\" is significantly worse than baseline " + b.file()
            + ": mean change -0.4000 over 30 queries, randomization test p < 0.0001 < 0.05; 24 queries got worse\nprotocol sha256 ")
        .hasMessageContaining("worst queries (baseline -> now):\n  q10          1.0000 -> 0.5000 (1/2) (-0.5000 (-1/2))")
        .hasMessageEndingWith("  and 19 more");
    // a small loss is not significant; another measure is checked on its own
    Baseline.at(b.file()).check(Runs.evaluate(protocol, "bm25", Runs.rankings(1, 2)), "RR@10");
    assertThatThrownBy(() -> b.check(broken, "P@1")).hasMessageStartingWith("P@1 of run \"bm25\" is significantly worse");
  }

  @Test
  void should_fail_on_a_changed_protocol_instead_of_recording_again() {
    Baseline b = Baseline.at(dir.resolve("bm25.json"));
    b.check(good, "RR@10");
    RunResult other = Runs.evaluate(Runs.protocol("RR@10", "P@1", "AP"), "bm25", Runs.rankings(1));
    assertThatThrownBy(() -> b.check(other, "RR@10"))
        .hasMessageStartingWith("baseline " + b.file() + " was recorded under protocol sha256 " + good.protocolSha256()
            + ", but run \"bm25\" is evaluated under " + other.protocolSha256()
            + ": the judgments, queries, policy or measures changed. If that is intended, record the baseline again with"
            + " -Dcaliber.baseline.record=true and commit the file.");
    // WHEN asked to record, it does
    System.setProperty(Baseline.RECORD, "true");
    b.check(other, "RR@10");
    System.clearProperty(Baseline.RECORD);
    b.check(other, "AP");
  }

  @Test
  void should_say_a_file_that_is_not_a_baseline_is_not_one() throws IOException {
    Path file = Files.writeString(dir.resolve("x.json"), "{\"format\": \"other\"}");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10"))
        .hasMessage("baseline " + file + ":1:12: $.format: not a caliber baseline (got the string \"other\"; expected"
            + " \"caliber-baseline 1\"); record it again with -Dcaliber.baseline.record=true");
    Files.writeString(file, "{\"format\": ");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10")).hasMessageStartingWith("baseline " + file + ":1:");
    Files.writeString(file, "{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + good.protocolSha256()
        + "\", \"values\": {\"RR@10\": {\"q1\": true}}}");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10")).hasMessageContaining(":1:148: $.values[\"RR@10\"].q1: not a caliber baseline (got the boolean true; expected a number, an exact fraction"
        + " such as \"5/6\", or null)");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10", 1.5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal alpha value: 1.5, must be in (0, 1)");
  }

  /** A baseline file under {@code good}'s protocol whose RR@10 values are {@code values} (JSON). */
  private Path baselineWith(String values) throws IOException {
    return Files.writeString(dir.resolve("edited.json"), "{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \""
        + good.protocolSha256() + "\", \"values\": {\"RR@10\": " + values + "}}");
  }

  @Test
  void should_fail_on_a_baseline_that_holds_no_query_or_other_queries_than_the_protocol_s() throws IOException {
    // GIVEN a run worse on every query
    RunResult worse = Runs.evaluate(protocol, "bm25", Runs.rankings(Runs.range(1, 30)));
    // WHEN the baseline holds no query for the measure, or queries the run does not have
    for (String values : java.util.List.of("{}", "{\"x1\": \"1\", \"x2\": \"1\"}")) {
      Path file = baselineWith(values);
      // THEN the check fails, saying how many are missing, instead of passing on nothing
      assertThatThrownBy(() -> Baseline.at(file).check(worse, "RR@10")).isInstanceOf(AssertionError.class)
          .hasMessage("baseline " + file + " does not cover the protocol's query set for RR@10: 30 of its 30 queries are missing"
              + " (the first: \"q1\"); record the baseline again with -Dcaliber.baseline.record=true and commit the file");
    }
    // and one query missing is enough to fail
    StringBuilder all = new StringBuilder("{");
    for (int q = 2; q <= 30; q++) {
      all.append(q > 2 ? ", " : "").append("\"q").append(q).append("\": \"1\"");
    }
    Path file = baselineWith(all.append("}").toString());
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10"))
        .hasMessageStartingWith("baseline " + file + " does not cover the protocol's query set for RR@10: 1 of its 30 queries are missing (the first: \"q1\")");
  }

  @Test
  void should_fail_on_a_comparison_over_no_query() throws IOException {
    // GIVEN a baseline whose every value is null (no query had one)
    StringBuilder nulls = new StringBuilder("{");
    for (int q = 1; q <= 30; q++) {
      nulls.append(q > 1 ? ", " : "").append("\"q").append(q).append("\": null");
    }
    Path file = baselineWith(nulls.append("}").toString());
    // THEN
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10")).isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10 of run \"bm25\" cannot be compared with baseline " + file + ": no query of the 30 has a"
            + " value both in the baseline and now");
  }

  @Test
  void should_say_what_is_wrong_with_a_damaged_baseline_in_caliber_s_words() throws IOException {
    Path file = dir.resolve("damaged.json");
    Files.writeString(file, "{\"format\": \"caliber-baseline 1\", \"values\": {}}");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10"))
        .hasMessageStartingWith("baseline " + file + ":1:1: $: not a caliber baseline (no \"protocol_sha256\" member; expected a string)");
    Files.writeString(file, "{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": 5, \"values\": {}}");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10"))
        .hasMessageContaining("$.protocol_sha256: not a caliber baseline (got the integer 5; expected a string)");
    Files.writeString(file, "{\"format\": \"caliber-baseline 1\", \"protocol_sha256\": \"" + good.protocolSha256() + "\"}");
    assertThatThrownBy(() -> Baseline.at(file).check(good, "RR@10"))
        .hasMessageStartingWith("baseline " + file + ":1:1: $: not a caliber baseline (no \"values\" member; expected an object)");
    Path abc = baselineWith("{\"q1\": \"abc\"}");
    assertThatThrownBy(() -> Baseline.at(abc).check(good, "RR@10"))
        .hasMessageContaining(".q1: not a caliber baseline (got the string \"abc\"; expected an exact fraction such as \"5/6\")")
        .hasMessageNotContaining("For input string");
    Path notAnObject = baselineWith("[1]");
    assertThatThrownBy(() -> Baseline.at(notAnObject).check(good, "RR@10"))
        .hasMessageContaining("expected an object of query IDs and values").hasMessageNotContaining("Cannot invoke");
  }
}
