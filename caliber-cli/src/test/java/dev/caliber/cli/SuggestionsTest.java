package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** "Did you mean": only near misses of an option or command are suggested. */
class SuggestionsTest {
  @Test
  void should_count_insertions_deletions_and_changes() {
    assertThat(Caliber.distance("", "")).isZero();
    assertThat(Caliber.distance("abc", "")).isEqualTo(3);
    assertThat(Caliber.distance("", "ab")).isEqualTo(2);
    assertThat(Caliber.distance("--mesure", "--measure")).isEqualTo(1);
    assertThat(Caliber.distance("evalute", "evaluate")).isEqualTo(1);
    assertThat(Caliber.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Caliber.distance("--colour", "--corpus")).isEqualTo(3);
  }

  @Test
  void should_count_a_swap_of_two_neighbours_as_one_edit() {
    assertThat(Caliber.distance("--rnu", "--run")).isEqualTo(1);
    assertThat(Caliber.distance("--jugdments", "--judgments")).isEqualTo(1);
    assertThat(Caliber.distance("ab", "ba")).isEqualTo(1);
    assertThat(Caliber.distance("abc", "ca")).isEqualTo(3); // no substring edited twice (optimal string alignment)
    assertThat(Caliber.distance("evlauate", "evaluate")).isEqualTo(1);
    assertThat(Caliber.nearMiss("--rnu", "--run")).isTrue();
  }

  @Test
  void should_call_a_near_miss_one_edit_in_four_characters() {
    assertThat(Caliber.nearMiss("--mesure", "--measure")).isTrue();
    assertThat(Caliber.nearMiss("--jugdments", "--judgments")).isTrue(); // a swap, one edit
    assertThat(Caliber.nearMiss("-x", "-o")).isTrue(); // short: one edit always counts
    assertThat(Caliber.nearMiss("--colour", "--corpus")).isFalse();
    assertThat(Caliber.nearMiss("score", "compare")).isFalse();
  }
}
