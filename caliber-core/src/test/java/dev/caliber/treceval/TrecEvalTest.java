package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.caliber.error.CaliberInputException;
import dev.caliber.io.read.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * trec_eval's command line from Java, against trec_eval's own expected outputs in
 * data/trec_eval-test (the CLI's TrecEvalCommandTest runs every quick-test command).
 */
class TrecEvalTest {
  private static final Path T = TestData.path("trec_eval-test/test");

  private static String run(TrecEval.Options o, String qrels, String results) throws IOException {
    StringBuilder out = new StringBuilder();
    TrecEval.run(o, T.resolve(qrels), T.resolve(results), out::append);
    return out.toString();
  }

  @Test
  void should_print_the_official_measures_by_default() throws IOException {
    assertThat(run(TrecEval.Options.defaults(), "qrels.test", "results.test")).isEqualTo(Files.readString(T.resolve("out.test")));
  }

  @Test
  void should_print_per_query_lines_relstring_and_levels_as_trec_eval() throws IOException {
    TrecEval.Options aql = new TrecEval.Options(true, false, true, 2, 0, 0, List.of("all_trec", "relstring.20"));
    assertThat(run(aql, "qrels.rel_level", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.aql")));
  }

  @Test
  void should_average_over_every_judged_query_within_the_depth_under_c() throws IOException {
    TrecEval.Options aqcM = new TrecEval.Options(true, true, true, 1, 100, 0, List.of("all_trec"));
    assertThat(run(aqcM, "qrels.test", "results.trunc")).isEqualTo(Files.readString(T.resolve("out.test.aqcM")));
  }

  @Test
  void should_take_trec_eval_s_measure_parameters() throws IOException {
    TrecEval.Options params = new TrecEval.Options(true, false, true, 1, 0, 0, List.of("iprec_at_recall..10,.20,.25,.75,.50",
        "P.5,7,3", "recall.20,2000", "Rprec_mult.5.0,0.2,0.35", "utility.2,-1,0,0", "11pt_avg..25,.5,.75",
        "ndcg.1=3,2=9,4=4.5", "ndcg_cut.10,20,23.4", "success.2,5,20"));
    assertThat(run(params, "qrels.test", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.meas_params")));
  }

  @Test
  void should_compute_every_preference_measure_from_prefs_and_qrels_prefs_as_trec_eval() throws IOException {
    // -m all_prefs -q -R prefs / -R qrels_prefs: the quick test's three preference lines
    TrecEval.Options prefs = new TrecEval.Options(true, false, true, 1, 0, 0, List.of("all_prefs"), TrecEval.RelFormat.PREFS, null);
    assertThat(run(prefs, "prefs.test", "prefs.results.test")).isEqualTo(Files.readString(T.resolve("out.test.prefs")));
    assertThat(run(prefs, "prefs.comment.test", "prefs.results.test")).isEqualTo(Files.readString(T.resolve("out.test.prefs")));
    TrecEval.Options qrelsPrefs = new TrecEval.Options(true, false, true, 1, 0, 0, List.of("all_prefs"),
        TrecEval.RelFormat.QRELS_PREFS, null);
    assertThat(run(qrelsPrefs, "qrels.test", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.qrels_prefs")));
  }

  @Test
  void should_average_over_judgment_groups_as_trec_eval() throws IOException {
    // -m qrels_jg -q -R qrels_jg, with and without comments in the file
    TrecEval.Options jg = new TrecEval.Options(true, false, true, 1, 0, 0, List.of("qrels_jg"), TrecEval.RelFormat.QRELS_JG, null);
    assertThat(run(jg, "qrels.123", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.qrels_jg")));
    assertThat(run(jg, "qrels.comments.123", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.qrels_jg")));
  }

  @Test
  void should_print_z_scores_against_a_reference_file_as_trec_eval() throws IOException {
    // -q -m all_trec -Z zscores_file
    TrecEval.Options z = new TrecEval.Options(true, false, true, 1, 0, 0, List.of("all_trec"), TrecEval.RelFormat.QRELS,
        T.resolve("zscores_file"));
    assertThat(run(z, "qrels.test", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.aqZ")));
  }

  @Test
  void should_print_every_all_trec_line_with_and_without_per_query_lines() throws IOException {
    TrecEval.Options a = new TrecEval.Options(false, false, true, 1, 0, 0, List.of("all_trec"));
    assertThat(run(a, "qrels.test", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.a")));
    TrecEval.Options aq = new TrecEval.Options(true, false, true, 1, 0, 0, List.of("all_trec"));
    assertThat(run(aq, "qrels.test", "results.test")).isEqualTo(Files.readString(T.resolve("out.test.aq")));
    TrecEval.Options aqc = new TrecEval.Options(true, true, true, 1, 0, 0, List.of("all_trec"));
    assertThat(run(aqc, "qrels.test", "results.trunc")).isEqualTo(Files.readString(T.resolve("out.test.aqc")));
  }

  @Test
  void should_print_no_summary_with_n_and_keep_relstring_within_the_depth() throws IOException {
    TrecEval.Options n = new TrecEval.Options(true, false, false, 1, 3, 0, List.of("relstring"));
    assertThat(run(n, "qrels.test", "results.test")).isEqualTo(""
        + "relstring             \t301\t'000'\n"
        + "relstring             \t302\t'110'\n"
        + "relstring             \t303\t'000'\n");
  }

  @Test
  void should_stop_as_trec_eval_10_when_the_run_answers_no_judged_query(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("run");
    Files.writeString(run, "999 Q0 d1 1 1.0 tag\n");
    org.assertj.core.api.Assertions.assertThatExceptionOfType(TrecEval.Stopped.class)
        .isThrownBy(() -> TrecEval.run(TrecEval.Options.defaults(), T.resolve("qrels.test"), run, s -> { }))
        .withMessageContaining("judged query without results");
  }

  @Test
  void should_check_the_numbers_of_its_options() {
    assertThatIllegalArgumentException().isThrownBy(() -> new TrecEval.Options(false, false, true, 0, 0, 0, List.of()))
        .withMessage("-l 0: caliber needs a relevance level of 1 or more");
    assertThatIllegalArgumentException().isThrownBy(() -> new TrecEval.Options(false, false, true, 1, -1, 0, List.of()))
        .withMessage("-M -1: the number of documents per query must be 0 or more");
    assertThatIllegalArgumentException().isThrownBy(() -> new TrecEval.Options(false, false, true, 1, 0, -1, List.of()))
        .withMessage("-N -1: the collection's size must be 0 or more");
  }
  private static String run(TrecEval.Options o, Path qrels, Path results) throws IOException {
    StringBuilder out = new StringBuilder();
    TrecEval.run(o, qrels, results, out::append);
    return out.toString();
  }

  @Test
  void should_score_a_query_the_results_lack_under_c_on_trec_eval_s_placeholder_where_its_reset_misses(@TempDir Path dir)
      throws IOException {
    // q2 is judged, not retrieved: trec_eval -c ranks one placeholder for it and resets by name only
    Path q = Files.writeString(dir.resolve("qrels"), "q1 0 d1 1\nq2 0 d2 1\nq2 0 d3 1\n");
    Path r = Files.writeString(dir.resolve("results"), "q1 Q0 d1 1 2 t\nq1 Q0 d9 2 1 t\n");
    TrecEval.Options typed = new TrecEval.Options(true, true, true, 1, 0, 10,
        List.of("utility.2,-3,-1,0.5", "rbp_resid.p=0.5", "relstring.3", "utility", "rbp_resid", "num_ret"));
    // utility_2,-3,-1,0.5 for q2 on an empty ranking: -1 * 2 + 0.5 * (10 - 2) = 2; the placeholder adds b - d = -3.5
    // (the expected text is trec_eval 10.0's output for these files)
    assertThat(run(typed, q, r)).isEqualTo(""
        + "num_ret               \tq1\t2\n"
        + "relstring_3           \tq1\t'1-'\n"
        + "utility_2,-3,-1,0.5   \tq1\t3.0000\n"
        + "rbp_resid_p=0.5       \tq1\t0.5000\n"
        + "num_ret               \tq2\t0\n"
        + "relstring_3           \tq2\t'-'\n"
        + "utility_2,-3,-1,0.5   \tq2\t-1.5000\n"
        + "rbp_resid_p=0.5       \tq2\t1.0000\n"
        + "num_ret               \tall\t2\n"
        + "utility_2,-3,-1,0.5   \tall\t0.7500\n"
        + "rbp_resid_p=0.5       \tall\t0.7500\n");
    TrecEval.Options plain = new TrecEval.Options(true, true, true, 1, 0, 10, List.of("relstring", "utility", "rbp_resid"));
    assertThat(run(plain, q, r)).contains("relstring             \tq2\t''\n", "utility               \tq2\t0.0000\n",
        "rbp_resid             \tq2\t0.0000\n", "utility               \tall\t0.0000\n", "rbp_resid             \tall\t0.4500\n");
    // without -c trec_eval 10.0 stops there, with status 4 (docs/PROTOCOL.md)
    TrecEval.Options without = new TrecEval.Options(true, false, true, 1, 0, 10, List.of("utility.2,-3,-1,0.5"));
    org.assertj.core.api.Assertions.assertThatExceptionOfType(TrecEval.Stopped.class).isThrownBy(() -> run(without, q, r))
        .withMessageContaining("query \"q2\" is judged in " + q);
  }

  @Test
  void should_print_c_s_judgment_count_as_the_summary_Znum_rel(@TempDir Path dir) throws IOException {
    Path z = T.resolve("zscores_file");
    TrecEval.Options c = new TrecEval.Options(false, true, true, 1, 0, 0, List.of("num_rel", "num_rel_ret"), TrecEval.RelFormat.QRELS, z);
    assertThat(run(c, T.resolve("qrels.test"), T.resolve("results.test"))).contains("Znum_rel               \tall\t561.0000\n");
    TrecEval.Options notC = new TrecEval.Options(false, false, true, 1, 0, 0, List.of("num_rel"), TrecEval.RelFormat.QRELS, z);
    assertThat(run(notC, T.resolve("qrels.test"), T.resolve("results.test"))).doesNotContain("561.0000");
  }

  @Test
  void should_print_dcg_ideal_dcg_and_gains_of_G_ndcg_rel_and_Rndcg_as_trec_eval() throws IOException {
    TrecEval.Options dcg = new TrecEval.Options(false, false, true, 1, 0, 0, List.of("dcg", "ideal_dcg", "ndcg"));
    assertThat(run(dcg, "qrels.test", "results.test"))
        .isEqualTo("dcg                   \tall\t7.9927\nideal_dcg             \tall\t29.8607\nndcg                  \tall\t0.4021\n");
    TrecEval.Options gains = new TrecEval.Options(false, false, true, 1, 0, 0, List.of("G.1=3,2=9", "ndcg_rel.1=3,2=9", "Rndcg.1=3,2=9"));
    assertThat(run(gains, "qrels.rel_level", "results.test")).isEqualTo("G_1=3,2=9             \tall\t0.1130\n"
        + "ndcg_rel_1=3,2=9      \tall\t0.3590\nRndcg_1=3,2=9         \tall\t0.2990\n");
    TrecEval.Options plain = new TrecEval.Options(false, false, true, 1, 0, 0, List.of("G", "ndcg_rel", "Rndcg"));
    assertThat(run(plain, "qrels.rel_level", "results.test")).startsWith("G                     \tall\t")
        .contains("ndcg_rel              \tall\t", "Rndcg                 \tall\t");
  }

  @Test
  void should_refuse_11pt_avg_levels_that_decrease() throws IOException {
    assertThatIllegalArgumentException().isThrownBy(() -> TrecEval.lines(new TrecEval.Options(false, false, true, 1, 0, 0,
        List.of("11pt_avg.0.5,0.1")))).withMessageContaining("the levels must not decrease (0.5 before 0.1)");
    assertThat(run(new TrecEval.Options(false, false, true, 1, 0, 0, List.of("11pt_avg.0.1,0.5,0.5")), "qrels.test", "results.test"))
        .isEqualTo("11pt_avg_0.1,0.5,0.5  \tall\t0.2751\n");
  }
}
