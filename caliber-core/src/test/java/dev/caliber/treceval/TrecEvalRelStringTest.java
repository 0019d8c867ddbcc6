package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.measure.JudgedRanking;
import org.junit.jupiter.api.Test;

/** trec_eval's relstring: one character per ranked document's label. */
class TrecEvalRelStringTest {
  @Test
  void should_print_digits_and_trec_eval_s_marks_quoted() {
    int[] labels = {0, 3, 9, 12, -1, -2, JudgedRanking.UNJUDGED};
    assertThat(TrecEvalView.relString(labels, 10)).isEqualTo("'039>..-'");
    assertThat(TrecEvalView.relString(labels, 2)).isEqualTo("'03'");
    assertThat(TrecEvalView.relString(new int[0], 10)).isEqualTo("''");
  }
}
