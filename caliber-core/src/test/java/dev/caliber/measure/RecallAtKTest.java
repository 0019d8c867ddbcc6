package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Recall@k by example; invariants are in {@link MeasureProperties}. */
class RecallAtKTest {
  private static final Set<String> RELEVANT = Set.of("d3", "d4");

  @Test
  void the_denominator_is_the_number_of_relevant_documents_not_k_or_returned() {
    assertThat(RecallAtK.of(List.of("d3"), RELEVANT, 10)).isEqualTo(Fraction.of(1, 2));
    assertThat(RecallAtK.of(List.of("d1", "d3", "d4"), RELEVANT, 2)).isEqualTo(Fraction.of(1, 2));
    assertThat(RecallAtK.of(List.of("d1", "d3", "d4"), RELEVANT, 3)).isEqualTo(Fraction.ONE);
    assertThat(RecallAtK.hits(List.of("d1", "d3", "d4"), RELEVANT, 3)).isEqualTo(2);
  }

  @Test
  void no_relevant_document_means_no_recall() {
    assertThat(RecallAtK.of(List.of("d1"), Set.of(), 2)).isNull();
    assertThat(RecallAtK.of(List.of(), RELEVANT, 2)).isEqualTo(Fraction.ZERO);
  }

  @Test
  void k_must_be_positive() {
    for (int k : new int[] {0, -1}) {
      assertThatThrownBy(() -> RecallAtK.hits(List.of("d3"), RELEVANT, k))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("illegal k value: " + k + ", must be a positive integer");
      assertThatThrownBy(() -> RecallAtK.of(List.of("d3"), Set.of(), k)).isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(RecallAtK.hits(List.of("d3"), RELEVANT, 1)).isEqualTo(1);
  }
}
