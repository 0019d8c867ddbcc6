package dev.caliber.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.json.PyJson;
import dev.caliber.protocol.RankedList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** trec_eval's order is total: it depends on the entries, never on the order of the file. */
class RankingOrderProperties {

  /** Distinct document IDs, some with surrogate pairs, each with a score from a small set (many ties). */
  @Provide
  Arbitrary<Map<String, Double>> entries() {
    Arbitrary<String> ids = Arbitraries.of("a", "b", "B", "\uFFFD", "\u00E9", "\uD83D\uDE00", "\uD83D\uDE01")
        .list().ofMinSize(1).ofMaxSize(4).map(parts -> String.join("", parts));
    Arbitrary<Double> scores = Arbitraries.of(-0.0, 0.0, 1.0, 1.5, -2.0, 1e300);
    return Arbitraries.maps(ids, scores).ofMaxSize(25).map(LinkedHashMap::new);
  }

  private static RankedList list(List<Map.Entry<String, Double>> entries) {
    int n = entries.size();
    String[] docs = new String[n];
    double[] scores = new double[n];
    long[] ranks = new long[n];
    for (int i = 0; i < n; i++) {
      docs[i] = entries.get(i).getKey();
      scores[i] = entries.get(i).getValue();
      ranks[i] = n - i;
    }
    return RankedList.of(docs, scores, ranks);
  }

  private static List<String> scoreOrder(RankedList list) {
    List<String> out = new ArrayList<>();
    for (int i : RankingOrder.order(list, Ordering.SCORE)) {
      out.add(list.doc(i));
    }
    return out;
  }

  @Property
  void any_permutation_of_the_entries_gives_the_same_ranking(@ForAll("entries") Map<String, Double> entries,
      @ForAll Random random) {
    List<Map.Entry<String, Double>> given = new ArrayList<>(entries.entrySet());
    List<Map.Entry<String, Double>> shuffled = new ArrayList<>(given);
    Collections.shuffle(shuffled, random);
    assertThat(scoreOrder(list(shuffled))).isEqualTo(scoreOrder(list(given)));
  }

  @Property
  void the_ranking_is_score_descending_then_id_descending_by_code_point(@ForAll("entries") Map<String, Double> entries) {
    List<String> ranked = scoreOrder(list(new ArrayList<>(entries.entrySet())));
    for (int i = 1; i < ranked.size(); i++) {
      double above = entries.get(ranked.get(i - 1));
      double below = entries.get(ranked.get(i));
      assertThat(above).isGreaterThanOrEqualTo(below);
      if (above == below) {
        assertThat(PyJson.CODE_POINT_ORDER.compare(ranked.get(i - 1), ranked.get(i))).isPositive();
      }
    }
  }

  @Property
  void given_ordering_is_the_identity(@ForAll("entries") Map<String, Double> entries) {
    RankedList list = list(new ArrayList<>(entries.entrySet()));
    int[] order = RankingOrder.order(list, Ordering.GIVEN);
    for (int i = 0; i < order.length; i++) {
      assertThat(order[i]).isEqualTo(i);
    }
  }
}
