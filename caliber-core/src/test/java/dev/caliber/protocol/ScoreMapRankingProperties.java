package dev.caliber.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.policy.Ordering;
import dev.caliber.policy.RankingOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A score map has no order of its own: {@link RankedList#byScore} ranks it the same whatever order
 * its entries come in, and the result is a ranking every ordering policy keeps.
 */
class ScoreMapRankingProperties {

  /** Distinct document IDs with scores from a few values, so that ties are common. */
  @Provide
  Arbitrary<List<Object[]>> entries() {
    Arbitrary<Object[]> entry = net.jqwik.api.Combinators.combine(
        Arbitraries.strings().withChars("abcé\uFFFD").ofMinLength(1).ofMaxLength(3),
        Arbitraries.of(-1.0, -0.0, 0.0, 0.5, 2.0, 1e9)).as((d, s) -> new Object[] {d, s});
    return entry.list().ofMaxSize(12).uniqueElements(e -> e[0]);
  }

  @Property
  void should_rank_the_same_whatever_order_the_entries_come_in(@ForAll("entries") List<Object[]> entries,
      @ForAll long seed) {
    List<Object[]> shuffled = new ArrayList<>(entries);
    Collections.shuffle(shuffled, new Random(seed));
    assertThat(ranked(shuffled).docs()).isEqualTo(ranked(entries).docs());
  }

  @Property
  void should_rank_by_score_then_document_id_descending_with_ranks_1_to_n(@ForAll("entries") List<Object[]> entries) {
    RankedList list = ranked(entries);
    for (int i = 1; i < list.size(); i++) {
      assertThat(RankingOrder.precedes(list, i - 1, i)).as("entry %s before %s", i - 1, i).isTrue();
    }
    for (int i = 0; i < list.size(); i++) {
      assertThat(list.rank(i)).isEqualTo(i + 1);
    }
    assertThat(RankingOrder.order(list, Ordering.SCORE)).as("score order keeps it")
        .isEqualTo(RankingOrder.order(list, Ordering.GIVEN));
  }

  private static RankedList ranked(List<Object[]> entries) {
    String[] docs = new String[entries.size()];
    double[] scores = new double[entries.size()];
    for (int i = 0; i < docs.length; i++) {
      docs[i] = (String) entries.get(i)[0];
      scores[i] = (Double) entries.get(i)[1];
    }
    return RankedList.byScore(docs, scores);
  }
}
