package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caliber protocol check}: findings one a line at their file and line, rules marked as errors fail with exit 3. */
class CheckCommandTest {
  private static final Path PARAPHRASE = Cli.root().resolve("examples/paraphrase");
  private static final Path GROUPS = PARAPHRASE.resolve("groups.tsv");

  @TempDir Path dir;

  @Test
  void should_print_each_finding_at_its_line_and_fail_on_the_default_error_rules() {
    // WHEN
    CliResult r = Cli.run("protocol", "check", "--beir", PARAPHRASE, "--groups", GROUPS);
    // THEN
    assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(r.stdout()).contains(GROUPS + ":2: error group-across-splits: group \"password\" spans splits dev, test: "
            + "\"q1\" (dev), \"q5\" (test)\n")
        .contains(PARAPHRASE.resolve("queries.jsonl") + ":6: error duplicate-text: ")
        .contains(PARAPHRASE.resolve("qrels/test.tsv") + ":6: warning no-relevant: query \"q8\" (test)")
        .contains(PARAPHRASE.resolve("qrels/dev.tsv") + ":9: warning judged-not-in-corpus: ")
        .contains(PARAPHRASE.resolve("corpus.jsonl") + ":6: warning never-judged: document \"d6\"")
        .contains("split test: 4 queries, 4 judged, 6 judgments, 4 relevant (label >= 1), 1 without a relevant document; "
            + "labels 0: 2, 1: 4\n")
        .endsWith("protocol check of paraphrase: failed (group-across-splits error 1, query-in-several-splits error 0, "
            + "duplicate-text error 1, no-relevant warning 1, judged-not-in-corpus warning 1, never-judged warning 1)\n");
    assertThat(r.stderr()).isEqualTo("caliber: invalid input: protocol check: rules marked as errors have findings "
        + "(group-across-splits 1, duplicate-text 1); see the report\n");
  }

  @Test
  void should_pass_when_the_rules_marked_as_errors_find_nothing_and_fail_on_any_rule_marked() {
    assertThatRun(Cli.run("protocol", "check", "--beir", PARAPHRASE, "--groups", GROUPS, "--error", "none")).succeeded();
    assertThatRun(Cli.run("protocol", "check", "--beir", PARAPHRASE, "--error", "query-in-several-splits")).succeeded();
    CliResult r = Cli.run("protocol", "check", "--beir", PARAPHRASE, "--error", "no-relevant,never-judged");
    assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(r.stdout()).contains(": error no-relevant: ").contains(": warning duplicate-text: ");
    CliResult pooled = Cli.run("protocol", "check", "--beir", PARAPHRASE, "--error", "never-judged", "--judgments", "pooled");
    assertThatRun(pooled).succeeded();
    assertThat(pooled.stdout()).contains(": info never-judged: ");
  }

  @Test
  void should_cap_the_findings_of_a_rule_and_say_how_many_more() {
    CliResult r = Cli.run("protocol", "check", "--beir", Cli.data().resolve("cacm/beir-format"), "--judgments", "pooled");
    assertThatRun(r).succeeded();
    assertThat(r.stdout().lines().filter(l -> l.contains(": info never-judged: ")).count()).isEqualTo(CheckReport.SHOWN);
    assertThat(r.stdout()).contains("\n... and 2675 more never-judged\n").contains("judged-not-in-corpus warning 55");
  }

  @Test
  void should_write_json_with_every_rule_its_findings_and_the_splits() throws Exception {
    Path out = dir.resolve("check.json");
    CliResult r = Cli.run("protocol", "check", "--beir", PARAPHRASE, "--groups", GROUPS, "--format", "json", "-o", out);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    JsonValue v = JsonReader.parse("out", new ByteArrayInputStream(Files.readAllBytes(out)));
    assertThat(v.at("failed").describe()).isEqualTo("the boolean true");
    assertThat(v.at("rules", 0, "rule").text()).isEqualTo("group-across-splits");
    assertThat(v.at("rules", 0, "severity").text()).isEqualTo("error");
    assertThat(v.at("rules", 0, "findings", 0, "location").text()).isEqualTo(GROUPS + ":2");
    assertThat(v.at("rules", 3, "severity").text()).isEqualTo("warning");
    assertThat(v.at("splits", 1, "labels", "0").numberText()).isEqualTo("2");
  }

  @Test
  void should_refuse_a_split_an_unknown_rule_and_a_malformed_group_file_in_one_line() throws Exception {
    assertThatRun(Cli.run("protocol", "check", "--beir", PARAPHRASE, "--split", "test")).failedWithUsage("caliber protocol check",
        "protocol check reads every split of the protocol; leave out --split");
    assertThatRun(Cli.run("protocol", "check", "--beir", PARAPHRASE, "--error", "typo")).failedWithUsage("caliber protocol check",
        "--error typo: no such rule; expected none or some of group-across-splits, query-in-several-splits, duplicate-text, "
            + "no-relevant, judged-not-in-corpus, never-judged");
    Path groups = dir.resolve("g.tsv");
    Files.writeString(groups, "q1\t\n");
    assertThatRun(Cli.run("protocol", "check", "--beir", PARAPHRASE, "--groups", groups))
        .rejectedInput(groups + ":1: group is empty (expected \"query-id<TAB>group\")");
  }

  @Test
  void should_show_terminal_and_bidi_controls_of_ids_instead_of_writing_them() throws Exception {
    // GIVEN a BEIR folder whose query IDs hold C1 CSI, a right-to-left override and an isolate
    Path beir = java.nio.file.Files.createDirectories(dir.resolve("hostile"));
    java.nio.file.Files.createDirectories(beir.resolve("qrels"));
    Cli.write(beir, "corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"one\"}\n");
    Cli.write(beir, "queries.jsonl", "{\"_id\": \"q\\u009b2J\", \"text\": \"a\"}\n{\"_id\": \"q\\u202e1\\u2066\", \"text\": \"a\"}\n");
    Cli.write(beir, "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq\u009b2J\td1\t0\nq\u202e1\u2066\td1\t0\n");
    // WHEN the check's text names them (duplicate texts, no relevant document)
    CliResult r = Cli.run("protocol", "check", "--beir", beir, "--error", "none");
    // THEN each is shown by its code point, never written as it is
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).contains("q[U+009B]2J", "q[U+202E]1[U+2066]").doesNotContain("\u009b", "\u202e", "\u2066");
  }
}
