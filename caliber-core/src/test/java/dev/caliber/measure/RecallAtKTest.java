package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Recall@k by example; invariants are in {@link MeasureProperties}. */
class RecallAtKTest {
  private static final Set<String> RELEVANT = Set.of("d3", "d4");

  @Test
  void the_denominator_is_the_number_of_relevant_documents_not_k_or_returned() {
    assertThat(SeedRows.of(List.of("d3"), RELEVANT, 10).recall()).isEqualTo(Fraction.of(1, 2));
    assertThat(SeedRows.of(List.of("d1", "d3", "d4"), RELEVANT, 2).recall()).isEqualTo(Fraction.of(1, 2));
    assertThat(SeedRows.of(List.of("d1", "d3", "d4"), RELEVANT, 3).recall()).isEqualTo(Fraction.ONE);
    assertThat(SeedRows.of(List.of("d1", "d3", "d4"), RELEVANT, 3).hits()).isEqualTo(2);
  }

  @Test
  void no_relevant_document_means_no_recall() {
    assertThat(SeedRows.of(List.of("d1"), Set.of(), 2).recall()).isNull();
    assertThat(SeedRows.of(List.of(), RELEVANT, 2).recall()).isEqualTo(Fraction.ZERO);
  }

  @Test
  void k_must_be_positive() {
    for (int k : new int[] {0, -1}) {
      assertThatThrownBy(() -> SeedRows.of(List.of("d3"), RELEVANT, k))
          .isInstanceOf(ProtocolViolationException.class)
          .hasMessage(Violations.K + " (got " + k + "; expected an integer >= 1)");
    }
    assertThatThrownBy(() -> Measures.parse("R@0")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageEndingWith("illegal cutoff value: 0, must be a positive integer");
    assertThatThrownBy(() -> Measures.parse("R@-1")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("unknown measure \"R@-1\"");
    assertThat(SeedRows.of(List.of("d3"), RELEVANT, 1).hits()).isEqualTo(1);
  }
}
