package dev.caliber.measure;

import static dev.caliber.measure.Rankings.U;
import static dev.caliber.measure.Rankings.labels;
import static dev.caliber.measure.Rankings.only;
import static dev.caliber.measure.Rankings.ranked;
import static dev.caliber.measure.Rankings.value;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.policy.Gain;
import org.junit.jupiter.api.Test;

/**
 * ERR@k against the reference values of ir_measures' own test of gdeval.pl
 * (terrierteam/ir_measures, tests/test_gdeval.py, test_ERR, commit dc04a88): the same qrels and
 * run, the run already in score order.
 */
class ExpectedReciprocalRankTest {
  /** Query 0: D0 (0), D2 (1), D3 (2), D1 (1), D4 (0) by score; every ranked document judged. */
  private static final JudgedRanking Q0 = only(0, 1, 2, 1, 0);
  /** Query 1: D1, D3 (2), D2, D4 by score; only D3 of them judged; D0 (1) and D5 (2) not ranked. */
  private static final JudgedRanking Q1 = ranked(labels(U, 2, U, U), 1, 2);

  @Test
  void should_give_gdeval_s_values_from_ir_measures_tests() {
    // 1/16 / 2 + (15/16)(3/16) / 3 + (15/16)(13/16)(1/16) / 4 = 1667/16384 = 0.10175 (gdeval: %.5f)
    assertThat(value("ERR@20", Q0)).isEqualTo("1667/16384");
    assertThat(String.format(java.util.Locale.ROOT, "%.5f", Measures.parse("ERR@20").compute(Q0).decimal())).isEqualTo("0.10175");
    // 3/16 at rank 2
    assertThat(value("ERR@20", Q1)).isEqualTo("3/32");
    assertThat(Measures.parse("ERR@20").compute(Q1).decimal()).isEqualTo(0.09375);
    // ERR@2 of query 0: 1/16 at rank 2
    assertThat(value("ERR@2", Q0)).isEqualTo("1/32");
    assertThat(value("ERR@2", Q1)).isEqualTo("3/32");
  }

  @Test
  void should_cap_labels_at_gdeval_s_largest_grade_and_ignore_the_threshold() {
    // 15/16 at rank 1, then (1/16)(15/16) / 2 = 495/512 for two documents of grade 4 or more
    assertThat(value("ERR", only(4, 4))).isEqualTo("495/512");
    assertThat(value("ERR", only(7, 9))).isEqualTo("495/512");
    assertThat(value("ERR", Rankings.of(3, Gain.LINEAR, labels(1)))).isEqualTo("1/16");
    // negative labels and unjudged documents grade 0; an empty ranking scores 0
    assertThat(value("ERR", only(-1, U, 1))).isEqualTo("1/48");
    assertThat(value("ERR", ranked(labels(), 2))).isEqualTo("0");
    assertThat(Measures.parse("ERR@10").name()).isEqualTo("ERR@10");
    assertThat(Measures.trecEvalName(Measures.parse("ERR@10"))).isNull();
  }
}
