package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@code caliber trec_eval}: trec_eval's own quick test (the command lines of
 * data/trec_eval-test/QUICKTEST-COMMANDS.txt) and the robust03 reference tables, each
 * output compared byte for byte with trec_eval's: all 15 command lines, the preference
 * ({@code -R prefs}, {@code -R qrels_prefs}), judgment-group ({@code -R qrels_jg}) and z-score
 * ({@code -Z}) ones included.
 */
class TrecEvalCommandTest {
  private static final Path TESTS = Cli.data().resolve("trec_eval-test");

  /** One quick-test command: trec_eval's arguments (paths relative to trec_eval-test) and its expected output. */
  record QuickTest(List<String> args, String expected) {}

  static List<QuickTest> quickTests() throws IOException {
    List<QuickTest> tests = new ArrayList<>();
    for (String line : Files.readAllLines(TESTS.resolve("QUICKTEST-COMMANDS.txt"), StandardCharsets.UTF_8)) {
      if (!line.startsWith("./trec_eval ")) {
        continue;
      }
      String command = line.substring("./trec_eval ".length(), line.indexOf('|')).strip();
      String expected = line.substring(line.indexOf("diff - ") + "diff - ".length()).strip();
      tests.add(new QuickTest(List.of(command.split("\\s+")), expected));
    }
    return tests;
  }

  @Test
  void should_find_trec_eval_s_quick_test_commands() throws IOException {
    // 15 command lines, 12 expected files: two qrels spellings share out.test, two prefs files
    // out.test.prefs, two qrels_jg files out.test.qrels_jg
    assertThat(quickTests()).hasSize(15);
    assertThat(quickTests().stream().map(QuickTest::expected).distinct()).hasSize(12);
  }

  @TestFactory
  Stream<DynamicTest> should_print_what_trec_eval_prints_for_each_quick_test_command() throws IOException {
    return quickTests().stream().map(t -> DynamicTest.dynamicTest(String.join(" ", t.args()) + " -> " + t.expected(), () -> {
      // GIVEN trec_eval's arguments, its relative paths resolved against its test folder
      List<Object> argv = new ArrayList<>(List.of("trec_eval"));
      for (String a : t.args()) {
        argv.add(a.startsWith("test/") ? TESTS.resolve(a).toString() : a);
      }
      // WHEN
      CliResult result = Cli.run(argv.toArray());
      // THEN byte for byte: every line, none skipped
      assertThatRun(result).succeeded().printed(Files.readAllBytes(TESTS.resolve(t.expected())));
    }));
  }

  @TestFactory
  Stream<DynamicTest> should_reproduce_every_robust03_all_trec_table_byte_for_byte() throws IOException {
    Path robust = Cli.data().resolve("trec2003-robust");
    List<Path> refs;
    try (Stream<Path> files = Files.list(robust.resolve("reference/trec_eval-10.0-rc3-q-all_trec"))) {
      refs = files.sorted().toList();
    }
    assertThat(refs).hasSize(17);
    return refs.stream().map(ref -> DynamicTest.dynamicTest(ref.getFileName().toString(), () -> {
      Path run = robust.resolve("runs").resolve(ref.getFileName().toString().replaceFirst("\\.txt\\.gz$", ".gz"));
      CliResult result = Cli.run("trec_eval", "-q", "-m", "all_trec", robust.resolve("qrels/robust03_qrels.txt.gz"), run);
      assertThatRun(result).succeeded().printed(Cli.gunzipped(ref));
    }));
  }

  @Test
  void should_count_every_positive_judgment_in_num_rel_under_c_whatever_l_says() {
    // GIVEN labels -1..4, relevance level 2, every judged query averaged (-c)
    Path qrels = TESTS.resolve("test/qrels.rel_level");
    Path run = TESTS.resolve("test/results.test");
    // WHEN
    CliResult complete = Cli.run("trec_eval", "-c", "-l2", "-q", "-m", "num_rel", qrels, run);
    CliResult answered = Cli.run("trec_eval", "-l2", "-q", "-m", "num_rel", qrels, run);
    // THEN per query num_rel counts labels >= 2; the -c summary counts labels > 0 (trec_eval's
    // te_calc_avg_num_rel), without -c it is the sum of the per-query values
    assertThatRun(answered).succeeded();
    long perQuerySum = answered.stdout().lines().filter(l -> !l.contains("\tall\t"))
        .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf('\t') + 1))).sum();
    assertThat(answered.stdout()).endsWith("num_rel               \tall\t" + perQuerySum + "\n");
    assertThatRun(complete).succeeded();
    assertThat(complete.stdout()).endsWith("num_rel               \tall\t" + positiveJudgments(qrels) + "\n");
    assertThat(positiveJudgments(qrels)).isGreaterThan(perQuerySum);
  }

  @Test
  void should_say_in_evaluate_s_trec_text_which_rule_its_num_rel_line_follows() {
    // GIVEN the same files evaluated at relevance threshold 2 under trec_eval's rules
    Path qrels = TESTS.resolve("test/qrels.rel_level");
    Path run = TESTS.resolve("test/results.test");
    CliResult numRel = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--preset", "trec_eval", "--relevance-threshold", "2",
        "-m", "NumRel", "--format", "trec");
    CliResult named = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--preset", "trec_eval", "-m", "NumRel(rel=2)",
        "--format", "trec");
    // THEN num_rel is -c's count, NumRel(rel=2) the sum of the per-query counts, and the first says so
    long sum = Long.parseLong(named.stdout().strip().substring(named.stdout().strip().lastIndexOf('\t') + 1));
    assertThat(numRel.stdout()).endsWith("num_rel               \tall\t" + positiveJudgments(qrels) + "\n");
    assertThat(numRel.stderr()).isEqualTo("caliber: note: num_rel's summary line is trec_eval -c's: " + positiveJudgments(qrels)
        + " judgments with a label above 0, whatever the relevance threshold; the sum of the per-query counts of labels >= 2 is "
        + sum + ", which -m 'NumRel(rel=2)' prints\n");
    assertThat(named.stderr()).isEmpty();
  }

  private static long positiveJudgments(Path qrels) {
    try (Stream<String> lines = Files.lines(qrels)) {
      return lines.map(String::strip).filter(l -> !l.isEmpty())
          .filter(l -> Integer.parseInt(l.split("\\s+")[3]) > 0).count();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void should_refuse_a_measure_that_is_not_trec_eval_s() {
    CliResult result = Cli.run("trec_eval", "-m", "nDCG@10", TESTS.resolve("test/qrels.test"), TESTS.resolve("test/results.test"));
    assertThatRun(result).failedWithUsage("caliber trec_eval", "-m nDCG@10: nDCG@10 is not a trec_eval measure");
  }

  @Test
  void should_stop_with_trec_eval_s_status_4_on_a_judged_query_the_run_lacks_without_c(@org.junit.jupiter.api.io.TempDir Path dir) {
    Path q = Cli.write(dir, "q.txt", "q1 0 d1 1\nq2 0 d2 1\n");
    Path r = Cli.write(dir, "r.txt", "q1 Q0 d1 1 1 t\n");
    assertThatRun(Cli.run("trec_eval", "-m", "map", q, r)).failedWith(4, "invalid input: " + q + ":2: judged query without"
        + " results (query \"q2\" is judged in " + q + " and has no line in " + r + "; trec_eval 10.0 stops here with status 4,"
        + " -c scores such a query as an empty ranking)");
    assertThatRun(Cli.run("trec_eval", "-c", "-m", "map", q, r)).succeeded().printed("map                   \tall\t0.5000\n");
  }

  @Test
  void should_stop_with_trec_eval_s_status_4_on_a_document_twice_within_the_depth_only(@org.junit.jupiter.api.io.TempDir Path dir) {
    Path q = Cli.write(dir, "q.txt", "q1 0 d3 1\n");
    Path r = Cli.write(dir, "r.txt", "q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d3 3 1 t\nq1 Q0 d3 4 0.5 t\n");
    assertThatRun(Cli.run("trec_eval", "-M", "3", "-m", "num_ret", q, r)).succeeded().printed("num_ret               \tall\t3\n");
    assertThatRun(Cli.run("trec_eval", "-m", "num_ret", q, r)).failedWith(4, "invalid input: " + r + ":4: duplicate document ID;"
        + " deduplicate upstream explicitly (query \"q1\": document \"d3\" on line 4 repeats line 3; trec_eval 10.0 stops here"
        + " with status 4)");
    Path twice = Cli.write(dir, "twice.txt", "q1 0 d3 1\nq1 0 d3 1\n");
    assertThat(Cli.run("trec_eval", "-m", "num_ret", twice, Cli.write(dir, "one.txt", "q1 Q0 d3 1 1 t\n")).exitCode()).isEqualTo(4);
  }

  @Test
  void should_read_any_rank_column_and_tags_and_exit_2_on_a_line_trec_eval_cannot_read(@org.junit.jupiter.api.io.TempDir Path dir) {
    // GIVEN a results file as campaigns hand them out: ranks that are not integers, a tag per system
    Path q = Cli.write(dir, "q.txt", "q1 0 d1 1\n");
    Path r = Cli.write(dir, "r.txt", "q1 Q0 d1 168.35 3 sysA\nq1 Q0 d2 x 2 sysB\n");
    // THEN read as trec_eval reads it: the rank column skipped, the last line's tag printed
    assertThatRun(Cli.run("trec_eval", "-m", "runid", "-m", "P.2", q, r)).succeeded()
        .printed("runid                 \tall\tsysB\nP_2                   \tall\t0.5000\n");
    // and a line of three columns is trec_eval's "Quit in file": status 2
    Path three = Cli.write(dir, "three.txt", "q1 d1 1\n");
    assertThatRun(Cli.run("trec_eval", q, three)).failedWith(2, "invalid input: " + three + ":1: wrong number of columns"
        + " (found 3; expected at least 6 (qid Q0 docid rank score tag), as trec_eval reads a results file)");
  }

  @Test
  void should_read_the_results_from_standard_input_for_a_dash_as_trec_eval_does() throws Exception {
    Path q = TESTS.resolve("test/qrels.test");
    Path r = TESTS.resolve("test/results.test");
    CliResult file = Cli.run("trec_eval", "-m", "map", "-m", "P.5", q, r);
    CliResult piped = Cli.runWithInput(java.nio.file.Files.readAllBytes(r), "trec_eval", "-m", "map", "-m", "P.5", q, "-");
    assertThatRun(piped).succeeded();
    org.assertj.core.api.Assertions.assertThat(piped.stdout()).isEqualTo(file.stdout());
  }

  @Test
  void should_skip_blank_and_comment_lines_in_results_as_trec_eval_does(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path q = TESTS.resolve("test/qrels.test");
    Path r = TESTS.resolve("test/results.test");
    String lines = java.nio.file.Files.readString(r);
    int middle = lines.indexOf('\n', lines.length() / 2) + 1;
    Path commented = Cli.write(dir, "results.commented",
        "# a comment\n" + lines.substring(0, middle) + "\n   \n#another\n" + lines.substring(middle) + "\n\n");
    CliResult plain = Cli.run("trec_eval", "-q", "-m", "all_trec", q, r);
    CliResult skipped = Cli.run("trec_eval", "-q", "-m", "all_trec", q, commented);
    assertThatRun(skipped).succeeded();
    org.assertj.core.api.Assertions.assertThat(skipped.stdout()).isEqualTo(plain.stdout());
  }

  @Test
  void should_refuse_bad_cutoffs_as_trec_eval_would() {
    Path q = TESTS.resolve("test/qrels.test");
    Path r = TESTS.resolve("test/results.test");
    assertThatRun(Cli.run("trec_eval", "-m", "P.5,5", q, r))
        .failedWithUsage("caliber trec_eval", "-m P.5,5: cutoff 5 is given twice");
    assertThatRun(Cli.run("trec_eval", "-m", "P.0", q, r))
        .failedWithUsage("caliber trec_eval", "-m P.0: cutoffs must be positive integers (trec_eval reads 0)");
    assertThatRun(Cli.run("trec_eval", "-M", "0", q, r)).failedWithUsage("caliber trec_eval", "-M 0: caliber reads at"
        + " least one document per query (trec_eval's -M 0 reads none, so every measure is 0); give -M 1 or more,"
        + " or leave -M out for all");
    assertThatRun(Cli.run("trec_eval", "-M", "-5", q, r)).failedWithUsage("caliber trec_eval",
        "-M: -5 is out of range; expected a whole number from 0 to 2147483647");
    assertThatRun(Cli.run("trec_eval", "-m", "map.5", q, r))
        .failedWithUsage("caliber trec_eval", "-m map.5: map takes no parameters in caliber");
    assertThatRun(Cli.run("trec_eval", "-m", "P.", q, r))
        .failedWithUsage("caliber trec_eval", "-m P.: no parameters after '.'");
    assertThatRun(Cli.run("trec_eval", "-l", "0", q, r))
        .failedWithUsage("caliber trec_eval", "-l 0: caliber needs a relevance level of 1 or more");
    assertThatRun(Cli.run("trec_eval", "-J", q, r))
        .failedWithUsage("caliber trec_eval", "-J: caliber does not take trec_eval's judged-documents-only mode");
  }

  @Test
  void should_refuse_a_measure_trec_eval_does_not_compute_over_judgment_groups() {
    CliResult result = Cli.run("trec_eval", "-R", "qrels_jg", "-m", "map", "-m", "P_avgjg.5",
        TESTS.resolve("test/qrels.123"), TESTS.resolve("test/results.test"));
    assertThatRun(result).failedWithUsage("caliber trec_eval", "-R qrels_jg: map is not computed over judgment groups;"
        + " trec_eval computes only map_avgjg, P_avgjg and Rprec_mult_avgjg there (-m qrels_jg)");
  }

  @Test
  void should_read_plain_qrels_as_one_judgment_group_where_trec_eval_refuses_them() {
    // GIVEN plain qrels: one group, so map_avgjg is map (a deliberate difference: trec_eval needs -R qrels_jg)
    Path q = TESTS.resolve("test/qrels.test");
    Path r = TESTS.resolve("test/results.test");
    // WHEN
    String jg = Cli.run("trec_eval", "-q", "-m", "map_avgjg", q, r).stdout();
    String map = Cli.run("trec_eval", "-q", "-m", "map", q, r).stdout();
    // THEN
    assertThat(jg).isNotEmpty().isEqualTo(map.replace("map       ", "map_avgjg "));
  }

  @Test
  void should_print_c_s_count_of_the_judgments_as_the_summary_Znum_rel_as_trec_eval_does() {
    // under -c the summary num_rel counts the qrels again, apart from the z-scores (m_num_rel.c)
    Path z = TESTS.resolve("test/zscores_file");
    Path r = TESTS.resolve("test/results.test");
    assertThat(Cli.run("trec_eval", "-c", "-Z", z, TESTS.resolve("test/qrels.test"), r).stdout())
        .contains("Znum_rel               \tall\t561.0000\n");
    assertThat(Cli.run("trec_eval", "-c", "-l2", "-Z", z, TESTS.resolve("test/qrels.rel_level"), r).stdout())
        .contains("Znum_rel               \tall\t559.0000\n", "Znum_rel_ret           \tall\t-1.8255\n");
  }

  @Test
  void should_score_a_query_the_results_lack_under_c_as_trec_eval_does_with_its_placeholder(
      @org.junit.jupiter.api.io.TempDir Path dir) {
    // trec_eval -c ranks one placeholder document for q2 and resets num_ret, utility, unj*,
    // rbp_resid and relstring by name: the same measures with parameters typed keep its values
    Path q = Cli.write(dir, "qrels", "q1 0 d1 1\nq2 0 d2 1\n");
    Path r = Cli.write(dir, "results", "q1 Q0 d1 1 2 t\n");
    assertThat(Cli.run("trec_eval", "-c", "-q", "-m", "utility.1,-1,-2,3", "-m", "rbp_resid.p=0.5", "-m", "relstring.3", q, r)
        .stdout()).isEqualTo("relstring_3           \tq1\t'1'\nutility_1,-1,-2,3     \tq1\t-2.0000\n"
            + "rbp_resid_p=0.5       \tq1\t0.0000\nrelstring_3           \tq2\t'-'\nutility_1,-1,-2,3     \tq2\t-9.0000\n"
            + "rbp_resid_p=0.5       \tq2\t1.0000\nutility_1,-1,-2,3     \tall\t-5.5000\nrbp_resid_p=0.5       \tall\t0.5000\n");
    assertThat(Cli.run("trec_eval", "-c", "-q", "-m", "relstring", "-m", "utility", "-m", "rbp_resid", q, r).stdout())
        .contains("relstring             \tq2\t''\nutility               \tq2\t0.0000\nrbp_resid             \tq2\t0.0000\n");
    // without -c the query is not scored at all
    assertThat(Cli.run("trec_eval", "-q", "-m", "utility.1,-1,-2,3", q, r).stdout()).doesNotContain("q2");
  }

  @Test
  void should_reject_a_malformed_z_score_file_naming_its_line(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path z = dir.resolve("z");
    Files.writeString(z, "301 map 0.2 0.1\n301 P_5 zero 0.1\n");
    CliResult result = Cli.run("trec_eval", "-Z", z, TESTS.resolve("test/qrels.test"), TESTS.resolve("test/results.test"));
    assertThatRun(result).failedWithLineStartingWith(2, "invalid input: " + z + ":2:");
    assertThat(result.stderr()).contains("mean").contains("\"zero\"");
  }

  @Test
  void should_keep_preference_measures_and_judgments_together() {
    Path q = TESTS.resolve("test/qrels.test");
    Path r = TESTS.resolve("test/results.test");
    assertThatRun(Cli.run("trec_eval", "-m", "prefs_simp", q, r))
        .failedWithUsage("caliber trec_eval", "-m prefs_simp: a preference measure needs -R prefs or -R qrels_prefs");
    assertThatRun(Cli.run("trec_eval", "-R", "qrels_prefs", "-m", "map", q, r)).failedWithUsage("caliber trec_eval",
        "-R qrels_prefs: map is not a preference measure; trec_eval computes only those there (-m all_prefs)");
    assertThatRun(Cli.run("trec_eval", "-R", "trec_prefs", q, r)).failedWithUsage("caliber trec_eval",
        "-R trec_prefs: caliber reads trec_eval's qrels, qrels_jg, prefs and qrels_prefs formats");
  }

  @Test
  void should_take_gains_for_G_ndcg_rel_and_Rndcg_as_trec_eval_does() {
    // m_G.c, m_ndcg_rel.c and m_Rndcg.c read rel_level=gain pairs as ndcg does
    String out = Cli.run("trec_eval", "-m", "G.1=3,2=9", "-m", "ndcg_rel.1=3,2=9", "-m", "Rndcg.1=3,2=9",
        TESTS.resolve("test/qrels.rel_level"), TESTS.resolve("test/results.test")).stdout();
    assertThat(out).isEqualTo("G_1=3,2=9             \tall\t0.1130\nndcg_rel_1=3,2=9      \tall\t0.3590\n"
        + "Rndcg_1=3,2=9         \tall\t0.2990\n");
  }

  @Test
  void should_refuse_11pt_avg_levels_out_of_order_and_score_those_in_order_as_trec_eval_does() {
    Path q = TESTS.resolve("test/qrels.test");
    Path r = TESTS.resolve("test/results.test");
    // trec_eval prints 0.4275 for .0.5,0.1: its one scan scores the level passed over as the last precision
    assertThatRun(Cli.run("trec_eval", "-m", "11pt_avg.0.5,0.1", q, r)).failedWithUsage("caliber trec_eval",
        "-m 11pt_avg.0.5,0.1: the levels must not decrease (0.5 before 0.1); trec_eval's 11pt_avg scans them in order and"
            + " scores one given out of order as the last one's precision, so give them ascending");
    assertThat(Cli.run("trec_eval", "-m", "11pt_avg.0.1,0.5,0.5", q, r).stdout()).isEqualTo("11pt_avg_0.1,0.5,0.5  \tall\t0.2751\n");
  }

  @Test
  void should_print_dcg_and_ideal_dcg_as_trec_eval_10_does() {
    // trec_eval 10.0 (m_ndcg.c: te_calc_ndcg keeps the sum the name asks for), on its own test files
    Path r = TESTS.resolve("test/results.test");
    String all = Cli.run("trec_eval", "-m", "dcg", "-m", "ideal_dcg", "-m", "ndcg", TESTS.resolve("test/qrels.test"), r).stdout();
    assertThat(all).isEqualTo("dcg                   \tall\t7.9927\nideal_dcg             \tall\t29.8607\n"
        + "ndcg                  \tall\t0.4021\n");
    Path levels = TESTS.resolve("test/qrels.rel_level");
    assertThat(Cli.run("trec_eval", "-q", "-m", "dcg.1=3,2=9", levels, r).stdout())
        .startsWith("dcg_1=3,2=9           \t301\t32.2649\ndcg_1=3,2=9           \t302\t34.5255\n");
    assertThat(Cli.run("trec_eval", "-q", "-m", "ideal_dcg.1=3,2=9", levels, r).stdout())
        .startsWith("ideal_dcg_1=3,2=9     \t301\t224.5538\nideal_dcg_1=3,2=9     \t302\t52.1780\n");
  }

  @Test
  void should_name_a_missing_file_and_exit_2_as_trec_eval_does() {
    Path missing = TESTS.resolve("test/no-such-qrels");
    assertThatRun(Cli.run("trec_eval", missing, TESTS.resolve("test/results.test")))
        .failedWith(2, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_stop_with_status_4_on_a_run_that_answers_no_judged_query(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
    Path run = dir.resolve("other.run");
    Files.writeString(run, "999 Q0 d1 1 1.0 tag\n");
    Path qrels = TESTS.resolve("test/qrels.test");
    assertThatRun(Cli.run("trec_eval", qrels, run)).failedWithLineStartingWith(4, "invalid input: " + qrels);
    assertThat(Cli.run("trec_eval", qrels, run).stderr()).contains("judged query without results");
  }

  @Test
  void should_print_nothing_but_query_lines_with_n() {
    CliResult result = Cli.run("trec_eval", "-q", "-n", "-m", "P.5", TESTS.resolve("test/qrels.test"), TESTS.resolve("test/results.test"));
    assertThatRun(result).succeeded().printed(""
        + "P_5                   \t301\t0.0000\n"
        + "P_5                   \t302\t0.8000\n"
        + "P_5                   \t303\t0.0000\n");
  }

  @Test
  void should_bound_blank_lines_in_a_row_by_the_query_limit_its_option_raises(@org.junit.jupiter.api.io.TempDir Path dir) {
    // GIVEN results with 2 MiB of blank lines between two lines (trec_eval skips blank lines)
    Path qrels = Cli.write(dir, "qrels", "q1 0 d1 1\n");
    Path results = Cli.write(dir, "results", "q1 Q0 d1 1 2 t\n" + "\n".repeat(2 << 20) + "q1 Q0 d2 2 1 t\n");
    // THEN read under the default limit (8 MiB), refused under a smaller one, naming the option that raises it
    assertThatRun(Cli.run("trec_eval", "-m", "P.1", qrels, results)).succeeded();
    CliResult small = Cli.run("trec_eval", "-m", "P.1", "--max-query-bytes", "1M", qrels, results);
    assertThatRun(small).failedWithLineStartingWith(2, "invalid input: " + results + ":1048578: query too large");
    assertThat(small.stderr()).contains("raise --max-query-bytes");
  }
}
