package dev.caliber.measure;

import static dev.caliber.measure.Rankings.U;
import static dev.caliber.measure.Rankings.labels;
import static dev.caliber.measure.Rankings.only;
import static dev.caliber.measure.Rankings.ranked;
import static dev.caliber.measure.Rankings.value;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Judged@k's denominator, where caliber and ir_measures part: k, not min(k, documents ranked), and a
 * negative label is not a judgment.
 */
class JudgedTest {
  @Test
  void should_divide_by_k_when_fewer_than_k_documents_are_ranked() {
    // GIVEN three ranked documents, all judged (ir_measures' Judged@10 would be 3/3 = 1)
    // WHEN / THEN
    assertThat(value("Judged@10", only(1, 0, 2))).isEqualTo("3/10");
    assertThat(value("Judged@3", only(1, 0, 2))).isEqualTo("1");
    assertThat(value("Judged@10", ranked(labels(), 1))).isEqualTo("0");
  }

  @Test
  void should_count_a_negative_label_as_unjudged() {
    // GIVEN a pooled but unjudged document (label -1) and one without a judgment
    // WHEN / THEN: ir_measures would count the -1 as judged (2/3)
    assertThat(value("Judged@3", only(1, -1, U))).isEqualTo("1/3");
  }

  @Test
  void should_add_up_to_one_with_unjudged_and_the_positions_a_short_ranking_leaves_empty() {
    JudgedRanking r = only(1, U, 0, -1);
    assertThat(value("Judged@10", r)).isEqualTo("1/5");
    assertThat(value("Unjudged@10", r)).isEqualTo("1/5");
    // 2/10 + 2/10 + 6/10 empty positions = 1
  }

  @Test
  void should_be_noted_as_defined_otherwise_than_by_ir_measures_when_named() {
    assertThat(Measures.difference("Judged@10")).contains("ir_measures divides by min(k, documents ranked)").contains("caliber divides by k");
  }
}
