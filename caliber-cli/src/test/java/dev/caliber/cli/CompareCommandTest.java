package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** caliber compare as a user runs it. */
class CompareCommandTest {
  private static final Path EXAMPLES = Path.of(System.getProperty("caliber.root", "..")).resolve("examples/helpcentre");
  private static final String PROTOCOL = EXAMPLES.resolve("protocol.json").toString();
  private static final String A = EXAMPLES.resolve("runs/fixture_A.json").toString();
  private static final String B = EXAMPLES.resolve("runs/fixture_B.json").toString();
  private static final String EMPTY = EXAMPLES.resolve("runs/all_empty.json").toString();

  @TempDir Path tmp;

  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Caliber.execute(args, new ByteArrayInputStream(new byte[0]), out, err);
    return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static String[] compare(String... extra) {
    List<String> args = new ArrayList<>(List.of("compare", "--protocol", PROTOCOL, "--run", A, "--run", B));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  @Test
  void should_show_the_precision_recall_curve_as_a_view_outside_holm_s_family() {
    // GIVEN two CACM runs compared on AP and P@10, then with trec_eval's 11 recall levels as well
    Path cacm = Path.of(System.getProperty("caliber.root", "..")).resolve("data/cacm");
    List<String> args = List.of("compare", "--qrels", cacm.resolve("qrels.cacm.txt").toString(),
        "--run", cacm.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz").toString(),
        "--run", cacm.resolve("runs-anserini-0.13.3/run.cacm.ql.txt.gz").toString(), "-m", "map", "-m", "P@10");
    List<String> withCurve = new ArrayList<>(args);
    withCurve.addAll(List.of("-m", "iprec_at_recall"));
    // WHEN
    Result without = run(args.toArray(String[]::new));
    Result with = run(withCurve.toArray(String[]::new));
    withCurve.addAll(List.of("--format", "md"));
    Result md = run(withCurve.toArray(String[]::new));
    // THEN the headline measures' p-values are those without the curve, and the curve is one table
    assertThat(with.code()).as(with.err()).isZero();
    assertThat(pHolm(with.out())).hasSize(2).isEqualTo(pHolm(without.out()));
    assertThat(with.out()).contains("\"m\": 2", "\"recall_precision_curves\": [");
    assertThat(md.out()).contains("### Interpolated precision-recall curve", " r = 0 |", " r = 0.5 |")
        .doesNotContain("### IPrec").containsOnlyOnce("over all 2 comparisons");
  }

  /** Every "p_holm" line of a JSON report, in order. */
  private static List<String> pHolm(String json) {
    return json.lines().filter(l -> l.contains("\"p_holm\"")).toList();
  }

  @Test
  void should_compare_the_seed_runs_on_r_at_k_and_rr_at_k_by_default_and_print_json() {
    Result r = run(compare());
    assertThat(r.code()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).contains("\"measures\": [\n      \"R@2\",\n      \"RR@2\"\n    ]", "\"baseline\": \"fixture_A\"",
        "\"mean_delta\": \"1/3\"", "\"seed\": 42", "\"resamples\": 10000", "\"permutations\": 10000", "\"confidence\": 0.95");
  }

  @Test
  void should_print_the_same_bytes_as_the_library_golden_file() throws IOException {
    Path golden = Path.of(System.getProperty("caliber.root", "..")).resolve("caliber-compare/src/test/resources/golden/fixture_B_vs_A.md");
    assertThat(run(compare("--format", "md")).out()).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void should_write_every_format_atomically_to_a_file() throws IOException {
    for (String format : List.of("json", "md", "tsv", "csv", "latex", "html")) {
      Path file = tmp.resolve("report." + format);
      Result r = run(compare("--format", format, "-o", file.toString()));
      assertThat(r.code()).as(format).isZero();
      assertThat(r.out()).isEmpty();
      assertThat(Files.readString(file)).isNotEmpty();
    }
    assertThat(Files.readString(tmp.resolve("report.html"))).startsWith("<!DOCTYPE html>");
  }

  @Test
  void should_take_measures_a_baseline_and_statistics_settings() {
    Result r = run("compare", "--protocol", PROTOCOL, "--run", A, "--run", B, "--run", "empty=" + EMPTY, "--measure", "P.1,2",
        "--measure", "RR", "--baseline", "empty", "--seed", "7", "--resamples", "500", "--permutations", "100", "--confidence", "0.9",
        "--format", "tsv");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines().skip(1).map(l -> l.split("\t", 4)[0] + " " + l.split("\t", 4)[1] + " " + l.split("\t", 4)[2]).distinct())
        .containsExactly("P@1 empty fixture_A", "P@1 empty fixture_B", "P@2 empty fixture_A", "P@2 empty fixture_B",
            "RR empty fixture_A", "RR empty fixture_B");
  }

  @Test
  void should_test_only_the_measures_asked_for_under_pooled_judgments() {
    // GIVEN pooled judgments, under which evaluate adds Judged@k beside the measures
    Result r = run(compare("--judgments", "pooled", "--measure", "P@1", "--measure", "RR@2", "--format", "tsv"));
    // THEN compare's family of tests is P@1 and RR@2 alone, so Holm corrects over those only
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out().lines().skip(1).map(l -> l.split("\t", 2)[0]).distinct()).containsExactly("P@1", "RR@2");
  }

  @Test
  void should_compare_all_pairs() {
    Result r = run("compare", "--protocol", PROTOCOL, "--run", A, "--run", B, "--run", EMPTY, "--all-pairs", "--format", "md");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("| fixture\\_A | fixture\\_B |", "| fixture\\_A | all\\_empty |", "| fixture\\_B | all\\_empty |",
        "Holm-Bonferroni over all 6 comparisons");
  }

  @Test
  void should_refuse_a_single_run_as_a_usage_error() {
    Result r = run("compare", "--protocol", PROTOCOL, "--run", A);
    assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).startsWith("caliber: usage: compare needs at least two --run options, got 1 (see 'caliber compare --help')\n");
  }

  @Test
  void should_refuse_a_baseline_with_all_pairs_and_an_unknown_baseline() {
    assertThat(run(compare("--all-pairs", "--baseline", "fixture_A")).err())
        .startsWith("caliber: usage: --baseline and --all-pairs exclude each other");
    Result r = run(compare("--baseline", "nope"));
    assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).startsWith("caliber: usage: --baseline nope: no run has that name; the runs are fixture_A, fixture_B (see 'caliber compare --help')\n");
  }

  @Test
  void should_refuse_raw_csv_with_another_format() {
    assertThat(run(compare("--raw-csv", "--format", "md")).err())
        .isEqualTo("caliber: usage: --raw-csv applies to --format csv only, not --format md (see 'caliber compare --help')\n");
    assertThat(run(compare("--raw-csv", "--format", "csv")).code()).isZero();
  }

  @Test
  void should_refuse_bad_statistics_settings_naming_the_value() {
    assertThat(run(compare("--confidence", "1.5")).err())
        .startsWith("caliber: usage: illegal confidence value: 1.5, must be strictly between 0 and 1 (see 'caliber compare --help')\n");
    assertThat(run(compare("--resamples", "0")).err()).isEqualTo("caliber: usage: --resamples: 0 is out of range; expected a"
        + " whole number from 1 to 10000000 (see 'caliber compare --help')\n");
    assertThat(run(compare("--resamples", "2147483647")).err()).startsWith("caliber: usage: --resamples: 2147483647 is out of"
        + " range; expected a whole number from 1 to 10000000");
    assertThat(run(compare("--format", "pdf")).code()).isEqualTo(ExitCodes.USAGE);
    assertThat(run(compare("--measure", "XYZ@3")).err()).startsWith("caliber: usage: --measure: unknown measure \"XYZ@3\"");
  }

  @Test
  void should_refuse_an_invalid_run_with_the_seeds_wording_and_write_nothing() throws IOException {
    Path bad = tmp.resolve("bad.json");
    Files.writeString(bad, "{\"q1\": [\"d2\"]}");
    Path out = tmp.resolve("out.json");
    Result r = run(compare("--run", bad.toString(), "-o", out.toString()));
    assertThat(r.code()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(r.err()).contains("unknown or wrong-split query");
    assertThat(out).doesNotExist();
  }

  @Test
  void should_refuse_two_runs_with_one_name() {
    Result r = run("compare", "--protocol", PROTOCOL, "--run", "x=" + A, "--run", "x=" + B);
    assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).contains("two runs are named \"x\" (" + A + " and " + B + ")");
  }

  @Test
  void should_be_listed_in_the_top_level_help() {
    assertThat(run("--help").out()).contains("compare");
  }
}
