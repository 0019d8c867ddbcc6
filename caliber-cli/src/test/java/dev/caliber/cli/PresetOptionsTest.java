package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Preset;
import dev.caliber.api.source.JudgmentKind;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code --preset strict|trec_eval|pooled}: a name for a policy, printed and fingerprinted as the
 * policy it stands for; {@code --compat trec_eval} is the trec_eval preset's other spelling, and
 * single options override a preset's rules.
 */
class PresetOptionsTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");

  /** Each preset's rules as single options. */
  private static List<String> spelt(Preset p) {
    return switch (p) {
      case STRICT -> List.of("--judgments", "exhaustive", "--ordering", "given", "--no-relevant", "exclude",
          "--unknown-queries", "error", "--gain", "linear", "--relevance-threshold", "1");
      case TREC_EVAL -> List.of("--judgments", "pooled", "--ordering", "score", "--no-relevant", "zero",
          "--unknown-queries", "list", "--gain", "linear", "--relevance-threshold", "1");
      case POOLED -> List.of("--judgments", "pooled", "--ordering", "score", "--no-relevant", "exclude",
          "--unknown-queries", "error", "--gain", "linear", "--relevance-threshold", "1");
    };
  }

  private static CliResult evaluate(List<String> extra) {
    List<Object> args = new ArrayList<>(List.of("evaluate", "--qrels", QRELS, "--run", BM25, "-m", "P@10", "-m", "AP"));
    args.addAll(extra);
    return Cli.run(args.toArray());
  }

  private static JsonValue json(CliResult r) throws java.io.IOException {
    return JsonReader.parse("stdout", new ByteArrayInputStream(r.stdoutBytes()));
  }

  @ParameterizedTest
  @EnumSource(Preset.class)
  void should_print_and_fingerprint_a_preset_as_the_policy_it_stands_for(Preset preset, @TempDir Path dir) throws Exception {
    // GIVEN CACM's judged queries as an explicit query set
    Path qrels = Cli.write(dir, "qrels.txt", Cli.text(QRELS));
    List<Object> common = List.of("--qrels", qrels, "--query-set", judgedOnly(qrels), "-m", "P@10", "-m", "AP");
    List<Object> byName = new ArrayList<>(List.of("fingerprint"));
    byName.addAll(common);
    byName.addAll(List.of("--preset", preset.name().toLowerCase(java.util.Locale.ROOT)));
    List<Object> byRules = new ArrayList<>(List.of("fingerprint"));
    byRules.addAll(common);
    byRules.addAll(spelt(preset));
    // WHEN
    CliResult named = Cli.run(byName.toArray());
    CliResult rules = Cli.run(byRules.toArray());
    // THEN one protocol, one fingerprint (every rule given: the note only says none was left to the default)
    assertThatRun(named).succeeded();
    assertThatRun(rules).succeededSaying(Cli.trecEvalNote(JudgmentKind.TREC)).printed(named.stdout());
    assertThat(named.stdout()).matches("[0-9a-f]{64}\n");
  }

  /** A query list of the queries with a relevant judgment (every CACM query of the qrels). */
  private static Path judgedOnly(Path qrels) throws java.io.IOException {
    List<String> ids = Cli.text(qrels).lines().map(l -> l.split("\\s+")[0]).distinct().toList();
    return Cli.write(qrels.getParent(), "queries.txt", String.join("\n", ids) + "\n");
  }

  @Test
  void should_report_the_pooled_preset_s_policy_and_its_coverage_like_its_rules_spelt_out() throws Exception {
    // WHEN
    // (CACM's run answers queries without judgments: listed, a rule given over the preset's)
    CliResult named = evaluate(List.of("--preset", "pooled", "--unknown-queries", "list"));
    CliResult rules = evaluate(spelt(Preset.POOLED).stream().map(w -> w.equals("error") ? "list" : w).toList());
    // THEN
    assertThatRun(named).succeeded();
    assertThatRun(rules).succeededSaying(Cli.trecEvalNote(JudgmentKind.TREC)).printed(named.stdout());
    JsonValue protocol = json(named).at("protocol");
    assertThat(protocol.at("policy", "judgments").text()).isEqualTo("pooled");
    assertThat(protocol.at("policy", "ordering").text()).isEqualTo("score");
    assertThat(protocol.at("policy", "no_relevant").text()).isEqualTo("exclude");
    assertThat(protocol.at("measures").items().stream().map(JsonValue::text).toList()).containsExactly("P@10", "AP", "Judged@10");
  }

  @Test
  void should_take_compat_trec_eval_as_the_spelling_of_the_trec_eval_preset() {
    CliResult compat = evaluate(List.of("--compat", "trec_eval"));
    CliResult preset = evaluate(List.of("--preset", "trec_eval"));
    CliResult both = evaluate(List.of("--preset", "trec_eval", "--compat", "trec_eval"));
    assertThatRun(preset).succeeded();
    assertThatRun(compat).succeeded().printed(preset.stdout());
    assertThatRun(both).succeeded().printed(preset.stdout());
  }

  @Test
  void should_let_a_single_option_override_a_preset_s_rule() throws Exception {
    // WHEN
    CliResult result = evaluate(List.of("--preset", "trec_eval", "--no-relevant", "exclude"));
    // THEN the preset's other rules stay
    assertThatRun(result).succeeded();
    JsonValue policy = json(result).at("protocol", "policy");
    assertThat(policy.at("no_relevant").text()).isEqualTo("exclude");
    assertThat(policy.at("judgments").text()).isEqualTo("pooled");
    assertThat(policy.at("ordering").text()).isEqualTo("score");
  }

  @Test
  void should_refuse_compat_with_another_preset() {
    assertThatRun(evaluate(List.of("--preset", "strict", "--compat", "trec_eval"))).failedWithUsage("caliber evaluate",
        "--compat trec_eval is --preset trec_eval and contradicts --preset strict; give one of them");
  }

  @Test
  void should_refuse_an_unknown_preset_naming_the_known_ones() {
    CliResult result = evaluate(List.of("--preset", "lenient"));
    assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(result.stderr()).contains("--preset", "lenient", "strict", "trec_eval", "pooled");
  }
}
