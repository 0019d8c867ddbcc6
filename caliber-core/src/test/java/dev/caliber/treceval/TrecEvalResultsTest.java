package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.InputSyntaxException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What trec_eval 10.0 reads in a results file and where it stops (get_trec_results.c,
 * form_res_rels.c, trec_eval.c), as {@code caliber trec_eval} must: each expected text is trec_eval
 * 10.0's output for the same files.
 */
class TrecEvalResultsTest {
  @TempDir Path dir;

  private static final TrecEval.Options COUNTS = new TrecEval.Options(true, false, true, 1, 0, 0,
      List.of("num_ret", "num_rel_ret", "P.2"));

  private String run(TrecEval.Options o, String qrels, String results) throws IOException {
    Path q = Files.writeString(dir.resolve("qrels"), qrels);
    Path r = Files.writeString(dir.resolve("results"), results);
    StringBuilder out = new StringBuilder();
    TrecEval.run(o, q, r, out::append);
    return out.toString();
  }

  private static TrecEval.Options depth(int m) {
    return new TrecEval.Options(false, false, true, 1, m, 0, List.of("num_ret", "num_rel_ret"));
  }

  @Test
  void should_take_the_last_line_s_tag_as_the_runid_when_lines_carry_different_tags() throws IOException {
    String out = run(new TrecEval.Options(false, false, true, 1, 0, 0, List.of("runid", "num_ret")),
        "1 0 d1 1\n2 0 d4 1\n", "1 Q0 d1 1 3.0 A\n1 Q0 d2 2 2.0 B\n2 Q0 d4 1 5 D\n1 Q0 d3 3 1.0 C\n");
    assertThat(out).isEqualTo("runid                 \tall\tC\nnum_ret               \tall\t4\n");
  }

  @Test
  void should_ignore_the_rank_column_and_columns_after_the_sixth() throws IOException {
    String out = run(COUNTS, "1 0 d1 1\n1 0 d3 1\n", "1 Q0 d1 168.35 1.0 t extra\n1 Q0 d2 x 3.0 t\n1 Q0 d3 - 2.0 t a b\n");
    assertThat(out).isEqualTo(""
        + "num_ret               \t1\t3\n"
        + "num_rel_ret           \t1\t2\n"
        + "P_2                   \t1\t0.5000\n"
        + "num_ret               \tall\t3\n"
        + "num_rel_ret           \tall\t2\n"
        + "P_2                   \tall\t0.5000\n");
  }

  @Test
  void should_refuse_a_line_of_fewer_than_six_columns_as_trec_eval_does() {
    assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> run(COUNTS, "1 0 d1 1\n", "1 Q0 d1 1 1.0 t\n1 d2 2\n"))
        .withMessageContaining(":2: wrong number of columns (found 3; expected at least 6 (qid Q0 docid rank score tag)");
    assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> run(COUNTS, "1 0 d1 1\n", "1 d1 1\n"))
        .withMessageContaining(":1: wrong number of columns (found 3;");
  }

  @Test
  void should_read_a_document_twice_past_the_depth_and_stop_on_one_within_it() throws IOException {
    String results = "1 Q0 d1 1 3.0 t\n1 Q0 d2 2 2.0 t\n1 Q0 d3 3 1.0 t\n1 Q0 d3 4 0.5 t\n";
    assertThat(run(depth(3), "1 0 d3 1\n", results)).isEqualTo("num_ret               \tall\t3\nnum_rel_ret           \tall\t1\n");
    assertThatExceptionOfType(TrecEval.Stopped.class).isThrownBy(() -> run(depth(4), "1 0 d3 1\n", results))
        .withMessageEndingWith("results:4: duplicate document ID; deduplicate upstream explicitly (query \"1\": document \"d3\""
            + " on line 4 repeats line 3, both among the first 4 by score (-M 4); trec_eval 10.0 stops here with status 4)")
        .satisfies(e -> assertThat(e.status()).isEqualTo(4));
    assertThatExceptionOfType(TrecEval.Stopped.class).isThrownBy(() -> run(depth(0), "1 0 d3 1\n", results))
        .withMessageContaining("on line 4 repeats line 3; trec_eval 10.0 stops here with status 4");
  }

  @Test
  void should_name_the_lines_of_a_repetition_in_file_order_whatever_the_scores() {
    // the later line scores higher: ranked first, it is still the repetition of the earlier line
    assertThatExceptionOfType(TrecEval.Stopped.class)
        .isThrownBy(() -> run(depth(0), "1 0 d3 1\n", "1 Q0 d3 1 0.5 t\n1 Q0 d1 2 0.7 t\n1 Q0 d3 3 0.9 t\n"))
        .withMessageContaining("results:3: duplicate document ID")
        .withMessageContaining("document \"d3\" on line 3 repeats line 1;");
  }

  @Test
  void should_not_look_at_a_query_it_does_not_evaluate() throws IOException {
    // query 9 is not judged: trec_eval never reads its ranking, its repetition included
    assertThat(run(depth(0), "1 0 d1 1\n", "1 Q0 d1 1 1.0 t\n9 Q0 x 1 1.0 t\n9 Q0 x 2 0.5 t\n"))
        .isEqualTo("num_ret               \tall\t1\nnum_rel_ret           \tall\t1\n");
  }

  @Test
  void should_stop_on_a_judged_query_the_results_lack_unless_c() throws IOException {
    String qrels = "1 0 d1 1\n2 0 d4 1\n3 0 d5 1\n";
    String results = "1 Q0 d1 1 3.0 t\n";
    assertThatExceptionOfType(TrecEval.Stopped.class).isThrownBy(() -> run(depth(0), qrels, results))
        .withMessageEndingWith("qrels:2: judged query without results (query \"2\" is judged in " + dir.resolve("qrels")
            + " and has no line in " + dir.resolve("results") + "; trec_eval 10.0 stops here with status 4, -c scores such a"
            + " query as an empty ranking)");
    TrecEval.Options c = new TrecEval.Options(false, true, true, 1, 0, 0, List.of("num_q", "num_ret", "num_rel_ret"));
    assertThat(run(c, qrels, results))
        .isEqualTo("num_q                 \tall\t3\nnum_ret               \tall\t1\nnum_rel_ret           \tall\t1\n");
  }

  @Test
  void should_stop_with_status_4_on_a_pair_judged_twice() {
    assertThatExceptionOfType(TrecEval.Stopped.class).isThrownBy(() -> run(depth(0), "1 0 d1 1\n1 0 d1 1\n", "1 Q0 d1 1 1.0 t\n"))
        .withMessageContaining("qrels:2: duplicate qrels entry")
        .withMessageEndingWith("; trec_eval 10.0 stops with status 4 on a pair judged twice)");
    assertThatExceptionOfType(TrecEval.Stopped.class).isThrownBy(() -> run(depth(0), "1 0 d1 1\n1 0 d1 0\n", "1 Q0 d1 1 1.0 t\n"))
        .withMessageContaining("qrels:2: conflicting qrels entry");
  }

  @Test
  void should_keep_other_qrels_errors_as_they_are() {
    assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> run(depth(0), "1 0 d1\n", "1 Q0 d1 1 1.0 t\n"))
        .withMessageContaining("qrels:1: wrong number of columns");
  }
}
