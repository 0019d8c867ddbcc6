package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.policy.Gain;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The judged labels a ranking keeps: highest first, whatever order they are given in. */
class JudgedRankingTest {
  @Test
  void highest_first_sorts_a_copy_and_leaves_the_input_alone() {
    int[] labels = {0, 2, -1, 1, 2};
    assertThat(JudgedRanking.highestFirst(labels)).containsExactly(2, 2, 1, 0, -1);
    assertThat(labels).containsExactly(0, 2, -1, 1, 2);
    assertThat(JudgedRanking.highestFirst(new int[0])).isEmpty();
  }

  @Property
  void labels_given_sorted_or_not_make_the_same_ranking(
      @ForAll @Size(max = 40) List<@IntRange(min = -2, max = 4) Integer> judged, @ForAll @IntRange(min = 1, max = 3) int t) {
    int[] given = judged.stream().mapToInt(Integer::intValue).toArray();
    int[] sorted = JudgedRanking.highestFirst(given);
    JudgedRanking fromGiven = new JudgedRanking(new int[] {1}, given, t, Gain.LINEAR);
    JudgedRanking fromSorted = new JudgedRanking(new int[] {1}, sorted, t, Gain.LINEAR);
    assertThat(fromSorted.idealLabels()).containsExactly(fromGiven.idealLabels()).containsExactly(sorted);
    assertThat(fromSorted.numRelevant(t)).isEqualTo(fromGiven.numRelevant(t));
    if (sorted.length > 0) {
      sorted[0] = 99; // the ranking keeps its own copy
      assertThat(fromSorted.idealLabels()).doesNotContain(99);
    }
  }
}
