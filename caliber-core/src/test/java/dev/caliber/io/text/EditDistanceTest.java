package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** "Did you mean": only near misses of an option, a command or a measure name are suggested. */
class EditDistanceTest {
  @Test
  void should_count_insertions_deletions_and_changes() {
    assertThat(EditDistance.distance("", "")).isZero();
    assertThat(EditDistance.distance("abc", "")).isEqualTo(3);
    assertThat(EditDistance.distance("", "ab")).isEqualTo(2);
    assertThat(EditDistance.distance("--mesure", "--measure")).isEqualTo(1);
    assertThat(EditDistance.distance("evalute", "evaluate")).isEqualTo(1);
    assertThat(EditDistance.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(EditDistance.distance("--colour", "--corpus")).isEqualTo(3);
    assertThat(EditDistance.distance("precison", "precision")).isEqualTo(1);
  }

  @Test
  void should_count_a_swap_of_two_neighbours_as_one_edit() {
    assertThat(EditDistance.distance("--rnu", "--run")).isEqualTo(1);
    assertThat(EditDistance.distance("--jugdments", "--judgments")).isEqualTo(1);
    assertThat(EditDistance.distance("ab", "ba")).isEqualTo(1);
    assertThat(EditDistance.distance("abc", "ca")).isEqualTo(3); // no substring edited twice (optimal string alignment)
    assertThat(EditDistance.distance("evlauate", "evaluate")).isEqualTo(1);
    assertThat(EditDistance.distance("ndgc", "ndcg")).isEqualTo(1);
    assertThat(EditDistance.nearMiss("--rnu", "--run")).isTrue();
  }

  @Test
  void should_call_a_near_miss_one_edit_in_four_characters() {
    assertThat(EditDistance.nearMiss("--mesure", "--measure")).isTrue();
    assertThat(EditDistance.nearMiss("--jugdments", "--judgments")).isTrue(); // a swap, one edit
    assertThat(EditDistance.nearMiss("-x", "-o")).isTrue(); // short: one edit always counts
    assertThat(EditDistance.nearMiss("--colour", "--corpus")).isFalse();
    assertThat(EditDistance.nearMiss("score", "compare")).isFalse();
    assertThat(EditDistance.nearMiss("hitrate_", "hit_rate")).isTrue();
    assertThat(EditDistance.nearMiss("ndgc", "dcg")).isFalse();
    assertThat(EditDistance.nearMiss("presicoin", "precision")).isFalse();
  }
}
