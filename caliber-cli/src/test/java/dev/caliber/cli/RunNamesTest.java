package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How runs are named, as a user meets it: two Anserini runs (both tagged {@code Anserini}) are two
 * runs; a run is named by NAME= or its file's name; two runs of one name are a usage error naming
 * both files.
 */
class RunNamesTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path RUNS = CACM.resolve("runs-anserini-0.13.3");
  private static final Path BM25 = RUNS.resolve("run.cacm.bm25.txt.gz");
  private static final Path QL = RUNS.resolve("run.cacm.ql.txt.gz");

  private static CliResult evaluate(Object... more) {
    Object[] args = new Object[6 + more.length];
    System.arraycopy(new Object[] {"evaluate", "--qrels", QRELS, "--compat", "trec_eval", "-m"}, 0, args, 0, 6);
    System.arraycopy(more, 0, args, 6, more.length);
    return Cli.run(args);
  }

  private static JsonValue json(CliResult r) throws IOException {
    return JsonReader.parse("stdout", new ByteArrayInputStream(r.stdoutBytes()));
  }

  /** Two copies of the BM25 run, in two folders, under one file name. */
  private static Path[] copies(Path dir) throws IOException {
    Path a = Files.createDirectories(dir.resolve("a")).resolve("run.cacm.bm25.txt.gz");
    Path b = Files.createDirectories(dir.resolve("b")).resolve("run.cacm.bm25.txt.gz");
    Files.copy(BM25, a);
    Files.copy(BM25, b);
    return new Path[] {a, b};
  }

  @Test
  void should_keep_two_anserini_runs_apart_by_name_in_the_runid_lines_of_trec_eval_s_text() {
    // WHEN the BM25 and QL runs, both tagged Anserini, are written as trec_eval's text
    CliResult two = evaluate("map", "--run", BM25, "--run", QL, "--format", "trec");
    // THEN each block's runid is its run's name (one run alone keeps trec_eval's, the tag: below)
    assertThatRun(two).succeeded();
    assertThat(two.stdout().lines().filter(l -> l.startsWith("runid")).toList())
        .containsExactly("runid                 \tall\trun.cacm.bm25.txt", "runid                 \tall\trun.cacm.ql.txt");
  }

  @Test
  void should_keep_two_anserini_runs_apart_by_file_name_with_their_tag_in_the_json_result() throws IOException {
    // WHEN the BM25 and QL runs, both tagged Anserini, are evaluated together
    CliResult r = evaluate("map", "--run", BM25, "--run", QL);
    // THEN two results, named by their files, each with its tag
    assertThatRun(r).succeeded();
    JsonValue results = json(r).at("results");
    assertThat(results.members().keySet()).containsExactly("run.cacm.bm25.txt", "run.cacm.ql.txt");
    assertThat(results.at("run.cacm.bm25.txt", "tag").text()).isEqualTo("Anserini");
    assertThat(results.at("run.cacm.ql.txt", "run").text()).isEqualTo("run.cacm.ql.txt");
    assertThat(results.at("run.cacm.ql.txt", "tag").text()).isEqualTo("Anserini");
    assertThat(results.at("run.cacm.bm25.txt", "summary", "AP", "mean").text())
        .isNotEqualTo(results.at("run.cacm.ql.txt", "summary", "AP", "mean").text());
  }

  @Test
  void should_name_the_rows_of_the_tsv_by_file_name() {
    CliResult r = evaluate("P@10", "--run", BM25, "--run", QL, "--format", "tsv");
    assertThatRun(r).succeeded();
    List<String> firstColumn = Arrays.stream(r.stdout().split("\n")).skip(1).map(l -> l.split("\t")[0]).distinct().toList();
    assertThat(firstColumn).containsExactly("run.cacm.bm25.txt", "run.cacm.ql.txt");
  }

  @ParameterizedTest
  @ValueSource(strings = {"json", "trec", "tsv"})
  void should_refuse_two_copies_of_one_run_in_two_folders_naming_both_files(String format, @TempDir Path dir)
      throws IOException {
    // GIVEN
    Path[] two = copies(dir);
    // WHEN
    CliResult r = evaluate("map", "--run", two[0], "--run", two[1], "--format", format);
    // THEN exit 2, both files named, and how to name them
    assertThatRun(r).failedWithUsage("caliber evaluate", "two runs are named \"run.cacm.bm25.txt\" (" + two[0] + " and "
        + two[1] + "): name them with --run NAME=FILE, e.g. --run run.cacm.bm25.txt-2=" + two[1]);
  }

  @ParameterizedTest
  @ValueSource(strings = {"md", "html"})
  void should_name_a_one_run_report_by_its_file_and_refuse_two_runs(String format, @TempDir Path dir) throws IOException {
    Path[] two = copies(dir);
    assertThatRun(evaluate("map", "--run", two[0], "--run", two[1], "--format", format)).failedWithUsage("caliber evaluate",
        "--format " + format + " reports one run; to put several side by side use caliber compare");
    CliResult one = evaluate("map", "--run", two[0], "--format", format);
    assertThatRun(one).succeeded();
    // the name is escaped for its format (Markdown escapes the dots)
    assertThat(one.stdout()).contains(format.equals("md") ? "caliber evaluate: run.cacm.bm25.txt"
        : "caliber evaluate: <span class=\"mono\">run.cacm.bm25.txt</span>");
  }

  @Test
  void should_refuse_two_copies_in_compare_and_compare_them_once_named(@TempDir Path dir) throws IOException {
    Path[] two = copies(dir);
    CliResult refused = Cli.run("compare", "--qrels", QRELS, "--compat", "trec_eval", "-m", "map", "--run", two[0], "--run", two[1]);
    assertThatRun(refused).failedWithUsage("caliber compare", "two runs are named \"run.cacm.bm25.txt\" (" + two[0]
        + " and " + two[1] + "): name them with --run NAME=FILE, e.g. --run run.cacm.bm25.txt-2=" + two[1]);
    CliResult named = Cli.run("compare", "--qrels", QRELS, "--compat", "trec_eval", "-m", "map",
        "--run", "a=" + two[0], "--run", "b=" + two[1]);
    assertThatRun(named).succeeded();
    assertThat(json(named).at("runs").toString()).contains("a").contains("b");
  }

  @Test
  void should_refuse_one_name_given_twice_and_a_name_that_clashes_with_a_file_name() {
    assertThatRun(evaluate("map", "--run", "x=" + BM25, "--run", "x=" + QL)).failedWithUsage("caliber evaluate",
        "two runs are named \"x\" (" + BM25 + " and " + QL + "): name them with --run NAME=FILE, e.g. --run x-2=" + QL);
    assertThatRun(evaluate("map", "--run", BM25, "--run", "run.cacm.bm25.txt=" + QL)).failedWithUsage("caliber evaluate",
        "two runs are named \"run.cacm.bm25.txt\" (" + BM25 + " and " + QL
            + "): name them with --run NAME=FILE, e.g. --run run.cacm.bm25.txt-2=" + QL);
  }

  @Test
  void should_name_a_run_read_from_standard_input_stdin_and_a_gzipped_one_without_gz(@TempDir Path dir)
      throws IOException {
    CliResult piped = Cli.runWithInput(Cli.gunzipped(BM25), "evaluate", "--qrels", QRELS, "--compat", "trec_eval",
        "-m", "map", "--run", "-");
    assertThatRun(piped).succeeded();
    assertThat(json(piped).at("run").text()).isEqualTo("stdin");
    assertThat(json(piped).at("tag").text()).isEqualTo("Anserini");
    Path gz = dir.resolve("bm25.txt.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(Cli.gunzipped(BM25));
    }
    CliResult gzipped = evaluate("map", "--run", gz);
    assertThatRun(gzipped).succeeded();
    assertThat(json(gzipped).at("run").text()).isEqualTo("bm25.txt");
  }

  @Test
  void should_read_an_existing_file_whose_name_holds_an_equals_sign_as_a_file(@TempDir Path dir) throws IOException {
    // GIVEN a run of a parameter sweep, named by its parameters
    Path sweep = dir.resolve("bm25_k1=0.9_b=0.4.txt");
    Files.copy(BM25, sweep);
    // WHEN it is given as it is, and named
    CliResult plain = evaluate("map", "--run", sweep);
    CliResult named = evaluate("map", "--run", "tuned=" + sweep);
    // THEN the file is read, named by its file name, or by the name given
    assertThatRun(plain).succeeded();
    assertThat(json(plain).at("run").text()).isEqualTo("bm25_k1=0.9_b=0.4.txt");
    assertThatRun(named).succeeded();
    assertThat(json(named).at("run").text()).isEqualTo("tuned");
    assertThat(json(named).at("summary", "AP", "mean").text()).isEqualTo(json(plain).at("summary", "AP", "mean").text());
  }

  @Test
  void should_print_trec_eval_s_runid_the_tag_in_trec_format() {
    CliResult r = evaluate("map", "--run", BM25, "--format", "trec");
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).startsWith("runid                 \tall\tAnserini\n");
  }
}
