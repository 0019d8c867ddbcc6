package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caliber fuse}: fused runs, their sidecar, tuning on dev only, params applied unchanged, and the errors. */
class FuseCommandTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path QL = CACM.resolve("runs-anserini-0.13.3/run.cacm.ql.txt.gz");
  private static final Path DEV = Cli.root().resolve("examples/cacm-fusion/dev-queries.txt");
  private static final Path TEST = Cli.root().resolve("examples/cacm-fusion/test-queries.txt");

  private static final String A = "q1 Q0 x 1 3 a\nq1 Q0 y 2 2 a\nq1 Q0 z 3 1 a\nq2 Q0 u 1 1 a\n";
  private static final String B = "q1 Q0 z 1 10 b\nq1 Q0 w 2 4 b\nq2 Q0 u 1 2 b\n";

  @Test
  void rrf_of_two_runs_by_hand(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", A);
    Path b = Cli.write(dir, "b.txt", B);
    // k = 1: z 1/4 + 1/2, x 1/2, y 1/3, w 1/3 (the tie goes to the later ID, y); u 1/2 + 1/2
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "rrf", "--rrf-k", "1")).succeeded().printed(
        "q1 Q0 z 1 0.75 fuse:rrf:k=1:norm=none\n"
            + "q1 Q0 x 2 0.5 fuse:rrf:k=1:norm=none\n"
            + "q1 Q0 y 3 0.3333333333333333 fuse:rrf:k=1:norm=none\n"
            + "q1 Q0 w 4 0.3333333333333333 fuse:rrf:k=1:norm=none\n"
            + "q2 Q0 u 1 1 fuse:rrf:k=1:norm=none\n");
  }

  @Test
  void the_same_fusion_read_whole_or_in_step_and_as_json(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", A);
    Path b = Cli.write(dir, "b.txt", B);
    CliResult streamed = Cli.run("fuse", "--run", a, "--run", b, "--method", "combmnz", "--norm", "z-score");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "combmnz", "--norm", "z-score", "--no-streaming"))
        .succeeded().printed(streamed.stdout());
    CliResult json = Cli.run("fuse", "--run", a, "--run", b, "--method", "borda", "--format", "json");
    assertThatRun(json).succeeded();
    assertThat(json.stdout()).startsWith("{\n  \"q1\": {\n    \"z\": 6.0,\n    \"x\": 5.5,");
  }

  @Test
  void the_sidecar_names_the_fusion_and_each_input_and_reaches_the_history(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("rrf.txt");
    assertThatRun(Cli.run("fuse", "--run", "bm25=" + BM25, "--run", "ql=" + QL, "--method", "rrf", "--name", "bm25+ql", "-o", out))
        .succeeded().printedNothing();
    String meta = Files.readString(dir.resolve("rrf.txt.meta.json"));
    assertThat(meta).startsWith("{\n  \"fusion.name\": \"bm25+ql\",\n").contains("\"fusion.method\": \"rrf\"", "\"fusion.k\": \"60\"", "\"fusion.norm\": \"none\"",
        "\"fusion.input.1.name\": \"bm25\"", "\"fusion.input.2.sha256\": \"" + HistoryOptions.sha256(QL) + "\"");
    Path history = dir.resolve("h.sqlite");
    assertThatRun(Cli.run("evaluate", "--qrels", QRELS, "--preset", "trec_eval", "-m", "AP", "--run", out,
        "--history", history, "-o", dir.resolve("r.json"))).succeeded();
    CliResult shown = Cli.run("history", "show", "1", "--history", history, "--format", "json");
    assertThat(shown.stdout()).contains("fusion.method", "rrf", HistoryOptions.sha256(BM25).substring(0, 12));
  }

  @Test
  void the_parameters_tuned_on_dev_reproduce_the_dev_value_and_apply_unchanged(@TempDir Path dir) throws Exception {
    Path params = dir.resolve("p.json");
    CliResult tuned = Cli.run("fuse", "--tune", "--qrels", QRELS, "--query-set", DEV, "--preset", "trec_eval", "-m", "AP",
        "--run", "bm25=" + BM25, "--run", "ql=" + QL, "--method", "wsum", "--grid", "weights=simplex:0.25",
        "--save-params", params);
    assertThatRun(tuned).succeeded();
    assertThat(tuned.stdout()).contains("| weights ", "| 0.5,0.5 ", "chosen: ", "## caliber compare", "| bm25     | fused  |");
    String saved = Files.readString(params);
    String value = saved.replaceAll("(?s).*\"value\": \"([^\"]+)\".*", "$1");
    String exact = saved.replaceAll("(?s).*\"exact\": \"([^\"]+)\".*", "$1");
    assertThat(tuned.stdout()).contains("chosen: ").containsPattern("AP " + java.util.regex.Pattern.quote(value));
    Path fused = dir.resolve("fused.txt");
    assertThatRun(Cli.run("fuse", "--params", params, "--run", "bm25=" + BM25, "--run", "ql=" + QL, "-o", fused)).succeeded();
    CliResult dev = Cli.run("evaluate", "--qrels", QRELS, "--query-set", DEV, "--preset", "trec_eval", "-m", "AP", "--run", fused);
    assertThat(dev.stdout()).contains("\"mean\": \"" + exact + "\"");
    // and on the test queries, the same parameters
    assertThatRun(Cli.run("evaluate", "--qrels", QRELS, "--query-set", TEST, "--preset", "trec_eval", "-m", "AP", "--run", fused))
        .succeeded();
  }

  @Test
  void tuning_refuses_the_test_split_and_a_locks_queries(@TempDir Path dir) {
    List<Object> common = List.of("fuse", "--tune", "--preset", "trec_eval", "-m", "AP", "--run", BM25, "--run", QL,
        "--method", "rrf", "--grid", "k=10..100:10");
    assertThatRun(run(common, "--beir", CACM.resolve("beir-format"), "--split", "test")).failedWithUsage("caliber fuse",
        "--tune refuses --split test: tune on a dev split, evaluate the test split once, with the parameters saved");
    // the split no option names: a BEIR folder whose only split is test, a protocol file whose split is test
    assertThatRun(run(common, "--beir", CACM.resolve("beir-format"))).failedWithUsage("caliber fuse",
        "--tune refuses the split test of beir-format, a test split: tune on a dev split, evaluate the test split once, with"
            + " the parameters saved");
    assertThatRun(run(common, "--protocol", Cli.example("protocol.json"))).failedWithUsage("caliber fuse",
        "--tune refuses the split test of protocol.json, a test split: tune on a dev split, evaluate the test split once, with"
            + " the parameters saved");
    Path lock = dir.resolve("test.lock.json");
    assertThatRun(Cli.run("protocol", "freeze", "--qrels", QRELS, "--query-set", TEST, "--preset", "trec_eval", "-m", "AP",
        "-o", lock)).succeeded();
    assertThatRun(run(common, "--qrels", QRELS, "--query-set", TEST, "--lock", lock)).failedWithUsage("caliber fuse",
        "--tune refuses the test queries of " + lock + ": 26 of the 26 queries to tune on are in its query set, first \"2\"; "
            + "tune on queries the lock does not hold");
    assertThatRun(run(common, "--qrels", QRELS, "--lock", lock)).failedWithUsage("caliber fuse",
        "--tune refuses the test queries of " + lock + ": 26 of the 52 queries to tune on are in its query set, first \"10\"; "
            + "tune on queries the lock does not hold");
    assertThatRun(run(common, "--qrels", QRELS, "--query-set", DEV, "--lock", lock)).succeeded();
  }

  @Test
  void params_refuse_other_runs_unless_told_and_options_that_would_change_them(@TempDir Path dir) throws Exception {
    Path params = dir.resolve("p.json");
    assertThatRun(Cli.run("fuse", "--tune", "--qrels", QRELS, "--query-set", DEV, "--preset", "trec_eval", "-m", "AP",
        "--run", BM25, "--run", QL, "--method", "rrf", "--grid", "k=20,60", "--save-params", params, "-o", dir.resolve("r.md")))
        .succeeded();
    assertThat(Files.readString(dir.resolve("r.md"))).containsPattern("\\| 20 +\\| *[0-9.]+ *\\|").containsPattern("\\| 60 +\\| *[0-9.]+ *\\|");
    Path same = dir.resolve("same.json");
    assertThatRun(Cli.run("fuse", "--tune", "--qrels", QRELS, "--query-set", DEV, "--preset", "trec_eval", "-m", "AP",
        "--run", BM25, "--run", QL, "--method", "rrf", "--grid", "k=20,60", "--save-params", same, "-o", dir.resolve("sub/../same.json")))
        .failedWithUsage("caliber fuse", "-o " + dir.resolve("sub/../same.json") + " is also --save-params " + same
            + "; one would overwrite the other: give another path");
    assertThat(same).doesNotExist();
    assertThatRun(Cli.run("fuse", "--params", params, "--run", QL, "--run", BM25)).failedWithLineStartingWith(2,
        "usage: --params " + params + " was tuned on other runs: --run " + QL + " has sha256 ");
    assertThatRun(Cli.run("fuse", "--params", params, "--run", QL, "--run", BM25, "--other-runs")).succeeded();
    assertThatRun(Cli.run("fuse", "--params", params, "--run", BM25, "--run", QL, "--rrf-k", "5")).failedWithUsage("caliber fuse",
        "--params " + params + " fixes the method, its parameters and the normalisation; give none of --method, --rrf-k, "
            + "--weights, --norm beside it");
  }

  @Test
  void usage_errors_are_one_line_with_exit_2(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", A);
    Path b = Cli.write(dir, "b.txt", B);
    assertThatRun(Cli.run("fuse", "--run", a, "--method", "rrf")).failedWithUsage("caliber fuse", "fuse needs two or more --run, got 1");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "condorcet")).failedWithUsage("caliber fuse",
        "unknown fusion method condorcet; expected one of rrf, combsum, combmnz, combmax, combmin, combmed, combanz, wsum, borda, isr, log_isr");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "wsum", "--weights", "0.2,0.3,0.5")).failedWithUsage(
        "caliber fuse", "--weights 0.2,0.3,0.5: 3 weights for 2 runs; expected one weight per --run");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "wsum", "--weights", "0.5,0.6")).failedWithUsage(
        "caliber fuse", "illegal weights [0.5, 0.6]: they sum to 1.1, must sum to 1");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "wsum", "--weights", "0.5,x")).failedWithUsage(
        "caliber fuse", "--weights 0.5,x: x is not a number; expected W,W,... such as 0.3,0.7");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "rrf", "--norm", "min-max")).failedWithUsage(
        "caliber fuse", "illegal normalisation min-max for rrf, which reads ranks only: must be none");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "combsum", "--norm", "l2")).failedWithUsage(
        "caliber fuse", "unknown normalisation l2; expected one of none, min-max, z-score, sum, max, rank");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b)).failedWithUsage("caliber fuse",
        "give --method (one of rrf, combsum, combmnz, combmax, combmin, combmed, combanz, wsum, borda, isr, log_isr), or --params FILE from a --tune");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "rrf", "-o", a)).failedWithUsage("caliber fuse",
        "-o " + a + " is the input " + a + "; the result would overwrite it: give another path");
    assertThatRun(Cli.run("fuse", "--tune", "--qrels", QRELS, "-m", "AP", "-m", "P@10", "--preset", "trec_eval", "--run", a,
        "--run", b, "--method", "rrf", "--grid", "k=1,2")).failedWithUsage("caliber fuse", "--tune optimises one measure: give exactly one -m, got 2");
    assertThatRun(Cli.run("fuse", "--tune", "--qrels", QRELS, "-m", "AP", "--preset", "trec_eval", "--run", a, "--run", b,
        "--method", "rrf", "--grid", "k=5..1:1")).failedWithUsage("caliber fuse", "--grid k=5..1:1: expected FROM <= TO and a STEP of 1 or more");
  }

  @Test
  void runs_in_other_query_orders_fuse_to_the_output_of_the_same_runs_in_one_order(@TempDir Path dir) {
    // GIVEN two runs in query order, and the same runs with their query blocks shuffled
    String a1 = "q1 Q0 x 1 3 a\nq1 Q0 y 2 2 a\n";
    String a2 = "q2 Q0 x 1 5 a\nq2 Q0 w 2 1 a\n";
    String a3 = "q3 Q0 v 1 4 a\n";
    String b1 = "q1 Q0 z 1 10 b\nq1 Q0 x 2 9 b\n";
    String b2 = "q2 Q0 w 1 7 b\n";
    String b3 = "q3 Q0 x 1 6 b\nq3 Q0 v 2 5 b\n";
    Path a = Cli.write(dir, "a.txt", a1 + a2 + a3);
    Path b = Cli.write(dir, "b.txt", b1 + b2 + b3);
    Path aLate = Cli.write(dir, "a-late.txt", a1 + a3 + a2);  // out of step after a query is written
    Path bShuffled = Cli.write(dir, "b-shuffled.txt", b3 + b1 + b2);  // out of step at once
    for (String method : new String[] {"rrf", "combsum"}) {
      CliResult sorted = Cli.run("fuse", "--run", a, "--run", b, "--method", method);
      assertThatRun(sorted).succeeded();
      // WHEN the shuffled runs are fused, to standard output and to a file
      for (Path[] runs : new Path[][] {{a, bShuffled}, {aLate, b}, {aLate, bShuffled}}) {
        String first = runs[0].equals(aLate) ? "a-late.txt" : "a.txt";
        CliResult shuffled = Cli.run("fuse", "--run", "a.txt=" + runs[0], "--run", "b.txt=" + runs[1], "--method", method);
        // THEN byte for byte the fusion of the runs in one order (in the first run's query order)
        assertThatRun(shuffled).succeeded();
        if (first.equals("a.txt")) {
          assertThat(shuffled.stdout()).as(method + " " + List.of(runs)).isEqualTo(sorted.stdout());
        } else {
          assertThat(shuffled.stdout()).as(method + " " + List.of(runs))
              .isEqualTo(Cli.run("fuse", "--run", "a.txt=" + runs[0], "--run", "b.txt=" + runs[1], "--method", method,
                  "--no-streaming").stdout());
        }
        Path out = dir.resolve("out-" + method + ".txt");
        assertThatRun(Cli.run("fuse", "--run", "a.txt=" + runs[0], "--run", "b.txt=" + runs[1], "--method", method, "-o", out))
            .succeeded();
        assertThat(out).hasContent(shuffled.stdout());
      }
    }
  }

  @Test
  void runs_out_of_step_that_cannot_be_read_again_are_invalid_input_naming_both_and_the_option_that_reads_them_whole(
      @TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", A);
    String b = "q2 Q0 u 1 2 b\nq1 Q0 z 1 10 b\n";
    Path out = dir.resolve("out.txt");
    assertThatRun(Cli.runWithInput(b.getBytes(java.nio.charset.StandardCharsets.UTF_8), "fuse", "--run", a, "--run", "-",
        "--method", "rrf", "-o", out)).rejectedInput("-:1: runs out of step (query \"q2\" where " + a
        + ":1 has query \"q1\"; expected the same queries in the same order in "
        + "every run; to fuse runs whose queries differ or come in other orders, read them whole with --no-streaming)");
    assertThat(out).doesNotExist();
    assertThatRun(Cli.runWithInput(b.getBytes(java.nio.charset.StandardCharsets.UTF_8), "fuse", "--run", a, "--run", "-",
        "--method", "rrf", "--no-streaming")).succeeded();
  }

  @Test
  void a_run_not_grouped_by_query_whose_written_query_comes_back_is_refused(@TempDir Path dir) {
    // GIVEN b's q1 comes back after q2, once q1 has been fused and written
    Path a = Cli.write(dir, "a.txt", "q1 Q0 x 1 3 a\nq2 Q0 x 1 3 a\n");
    Path b = Cli.write(dir, "b.txt", "q1 Q0 z 1 10 b\nq2 Q0 z 1 10 b\nq1 Q0 y 2 9 b\n");
    // WHEN
    CliResult result = Cli.run("fuse", "--run", a, "--run", b, "--method", "rrf");
    // THEN the error says how to read them whole
    assertThat(result.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(result.stderr()).contains("--no-streaming");
  }

  @Test
  void a_document_ranked_twice_is_invalid_input_at_its_line(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", "q1 Q0 x 1 3 a\nq1 Q0 x 2 2 a\n");
    Path b = Cli.write(dir, "b.txt", "q1 Q0 z 1 10 b\n");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "rrf")).rejectedInput(a
        + ":2: document ranked twice (run \"a.txt\", query \"q1\": document \"x\" again; expected each document once per query, to be fused)");
  }

  @Test
  void a_fused_score_beyond_a_double_is_refused_streamed_and_read_whole(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", "q1 Q0 x 1 1e308 a\nq1 Q0 y 2 1 a\n");
    Path b = Cli.write(dir, "b.txt", "q1 Q0 x 1 1.5e308 b\n");
    String message = "fused score out of range (query \"q1\", document \"x\": fuse:combsum:norm=none of run \"a.txt\""
        + " 1e+308, run \"b.txt\" 1.5e+308 gives Infinity; expected input scores whose fusion is finite (at most about"
        + " 1.8e308 in magnitude): scale the inputs' scores down, or choose a normalisation)";
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "combsum", "--norm", "none"))
        .rejectedInput(message);
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "combsum", "--norm", "none", "--no-streaming"))
        .rejectedInput(message);
  }

  @Test
  void scores_whose_spread_is_beyond_a_double_fuse_after_min_max(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", "q1 Q0 x 1 1e308 a\nq1 Q0 y 2 -1e308 a\nq1 Q0 z 3 0 a\n");
    Path b = Cli.write(dir, "b.txt", "q1 Q0 z 1 3 b\nq1 Q0 y 2 1 b\n");
    assertThatRun(Cli.run("fuse", "--run", a, "--run", b, "--method", "combsum", "--norm", "min-max")).succeeded()
        .printed("q1 Q0 z 1 1.5 fuse:combsum:norm=min-max\nq1 Q0 x 2 1 fuse:combsum:norm=min-max\n"
            + "q1 Q0 y 3 0 fuse:combsum:norm=min-max\n");
  }

  @Test
  void a_params_file_that_is_not_one_is_invalid_input_at_its_json_path(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", A);
    Path b = Cli.write(dir, "b.txt", B);
    Path p = Cli.write(dir, "p.json", "{\"format\": \"caliber-fusion-params 1\", \"method\": 5}");
    assertThatRun(Cli.run("fuse", "--params", p, "--run", a, "--run", b)).failedWithLineStartingWith(3,
        "invalid input: " + p + ":1:");
    assertThat(Cli.run("fuse", "--params", p, "--run", a, "--run", b).stderr()).contains("$: not fusion parameters (no member \"parameters\"; expected the members of a file written by caliber fuse --tune --save-params)");
  }

  @Test
  void json_runs_are_read_whole_and_fused_alike(@TempDir Path dir) {
    Path a = Cli.write(dir, "a.txt", A);
    Path b = Cli.write(dir, "b.txt", B);
    Path bj = Cli.write(dir, "b.json", "{\"q1\": {\"z\": 10, \"w\": 4}, \"q2\": {\"u\": 2}}");
    CliResult trec = Cli.run("fuse", "--run", "a=" + a, "--run", "b=" + b, "--method", "isr");
    assertThatRun(Cli.run("fuse", "--run", "a=" + a, "--run", "b=" + bj, "--method", "isr")).succeeded().printed(trec.stdout());
  }

  private static CliResult run(List<Object> common, Object... more) {
    List<Object> all = new java.util.ArrayList<>(common);
    all.addAll(List.of(more));
    return Cli.run(all.toArray());
  }
}
