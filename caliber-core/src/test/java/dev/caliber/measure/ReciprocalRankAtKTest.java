package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** RR@k by example; invariants are in {@link MeasureProperties}. */
class ReciprocalRankAtKTest {
  private static final Set<String> RELEVANT = Set.of("d3", "d4");

  @Test
  void rr_is_one_over_the_rank_of_the_first_relevant_document_within_k() {
    assertThat(SeedRows.of(List.of("d3", "d4"), RELEVANT, 2).rr()).isEqualTo(Fraction.ONE);
    assertThat(SeedRows.of(List.of("d1", "d4"), RELEVANT, 2).rr()).isEqualTo(Fraction.of(1, 2));
    assertThat(SeedRows.of(List.of("d1", "d2", "d4"), RELEVANT, 5).firstRelevantRank()).isEqualTo(3);
  }

  @Test
  void a_first_relevant_document_below_k_gives_zero_not_one_over_its_rank() {
    assertThat(SeedRows.of(List.of("d1", "d2", "d3"), RELEVANT, 2).rr()).isEqualTo(Fraction.ZERO);
    assertThat(SeedRows.of(List.of("d1", "d2", "d3"), RELEVANT, 2).firstRelevantRank()).isNull();
    assertThat(SeedRows.of(List.of(), RELEVANT, 2).rr()).isEqualTo(Fraction.ZERO);
  }

  @Test
  void no_relevant_document_means_no_rr() {
    assertThat(SeedRows.of(List.of("d1"), Set.of(), 2).rr()).isNull();
  }

  @Test
  void k_must_be_positive() {
    assertThatThrownBy(() -> SeedRows.of(List.of("d3"), RELEVANT, 0))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(Violations.K + " (got 0; expected an integer >= 1)");
    assertThatThrownBy(() -> Measures.parse("RR@-3")).isInstanceOf(IllegalArgumentException.class);
  }
}
