package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.caliber.error.CaliberInputException;
import dev.caliber.io.read.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * trec_eval's command line from Java, against trec_eval's own expected outputs in
 * ../shared/data/trec_eval-test (the CLI's TrecEvalCommandTest runs every quick-test command).
 */
class TrecEvalTest {
  private static final Path T = SharedData.path("trec_eval-test/test");

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
  void should_say_when_the_run_answers_no_judged_query(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("run");
    Files.writeString(run, "999 Q0 d1 1 1.0 tag\n");
    org.assertj.core.api.Assertions.assertThatExceptionOfType(CaliberInputException.class)
        .isThrownBy(() -> TrecEval.run(TrecEval.Options.defaults(), T.resolve("qrels.test"), run, s -> { }))
        .withMessageContaining("is empty");
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
}
