package dev.caliber.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.RankedList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one place where a run's entries become a ranking: given order, or trec_eval's score order. */
class RankingOrderTest {

  /** The documents of {@code list} in ranking order. */
  static List<String> ranked(RankedList list, Ordering ordering) {
    return Arrays.stream(RankingOrder.order(list, ordering)).mapToObj(list::doc).toList();
  }

  static RankedList entries(String[] docs, double... scores) {
    long[] ranks = new long[docs.length];
    Arrays.fill(ranks, 1);
    return RankedList.of(docs, scores, ranks);
  }

  @Test
  void should_keep_file_order_under_given_ordering_whatever_the_scores_and_ranks() {
    // GIVEN scores that rise and rank columns that run backwards
    RankedList list = RankedList.of(new String[] {"d1", "d2", "d3"}, new double[] {1, 2, 3}, new long[] {3, 2, 1});
    // WHEN / THEN
    assertThat(RankingOrder.order(list, Ordering.GIVEN)).containsExactly(0, 1, 2);
  }

  @Test
  void should_sort_by_score_descending_under_score_ordering() {
    RankedList list = entries(new String[] {"a", "b", "c", "d"}, 0.5, 2.0, -1.0, 1.0);
    assertThat(ranked(list, Ordering.SCORE)).containsExactly("b", "d", "a", "c");
    assertThat(RankingOrder.order(list, Ordering.SCORE)).containsExactly(1, 3, 0, 2);
  }

  @Test
  void should_ignore_the_rank_column_under_score_ordering() {
    // GIVEN ranks that say c, b, a and scores that say a, b, c
    RankedList list = RankedList.of(new String[] {"a", "b", "c"}, new double[] {3, 2, 1}, new long[] {3, 2, 1});
    assertThat(ranked(list, Ordering.SCORE)).containsExactly("a", "b", "c");
  }

  @Test
  void should_break_ties_by_document_id_descending() {
    // GIVEN d1, d3 and d2 tied, in that file order (PROTOCOL.md's example: trec_eval ranks d3 first)
    RankedList list = entries(new String[] {"d1", "d3", "d2", "top"}, 1, 1, 1, 5);
    assertThat(ranked(list, Ordering.SCORE)).containsExactly("top", "d3", "d2", "d1");
  }

  @Test
  void should_compare_tied_ids_by_code_point_not_by_utf16_unit() {
    // GIVEN U+FFFD and U+1F600 (a surrogate pair starting with 0xD83D): UTF-16 order puts U+FFFD
    // above, code point (and UTF-8 byte, strcmp's) order puts U+1F600 above
    String replacement = "\uFFFD";
    String emoji = "\uD83D\uDE00";
    assertThat(replacement.compareTo(emoji)).as("String.compareTo, UTF-16 order").isPositive();
    RankedList list = entries(new String[] {replacement, emoji, "z"}, 0, 0, 0);
    // WHEN / THEN descending by code point: U+1F600, U+FFFD, then "z" (U+007A)
    assertThat(ranked(list, Ordering.SCORE)).containsExactly(emoji, replacement, "z");
  }

  @Test
  void should_compare_ids_as_exact_strings() {
    // upper case sorts below lower case in code point order; a prefix below its extension
    RankedList list = entries(new String[] {"D1", "d1", "d", "d10"}, 7, 7, 7, 7);
    assertThat(ranked(list, Ordering.SCORE)).containsExactly("d10", "d1", "d", "D1");
  }

  @Test
  void should_treat_minus_zero_and_zero_as_one_score() {
    // GIVEN "a" at 0.0 and "b" at -0.0: Double.compare would rank "a" first; equal scores rank "b"
    assertThat(ranked(entries(new String[] {"a", "b"}, 0.0, -0.0), Ordering.SCORE)).containsExactly("b", "a");
    assertThat(ranked(entries(new String[] {"a", "b"}, -0.0, 0.0), Ordering.SCORE)).containsExactly("b", "a");
    assertThat(ranked(entries(new String[] {"b", "a"}, 0.0, -0.0), Ordering.SCORE)).containsExactly("b", "a");
  }

  @Test
  void should_order_negative_and_extreme_scores() {
    RankedList list = entries(new String[] {"min", "neg", "max", "tiny"}, -Double.MAX_VALUE, -1e-300, Double.MAX_VALUE,
        Double.MIN_VALUE);
    assertThat(ranked(list, Ordering.SCORE)).containsExactly("max", "tiny", "neg", "min");
  }

  @Test
  void should_give_the_same_order_for_any_file_order() {
    RankedList one = entries(new String[] {"a", "b", "c", "d"}, 1, 2, 1, 2);
    RankedList other = entries(new String[] {"d", "c", "b", "a"}, 2, 1, 2, 1);
    assertThat(ranked(one, Ordering.SCORE)).containsExactly("d", "b", "c", "a").isEqualTo(ranked(other, Ordering.SCORE));
  }

  @Test
  void should_order_an_empty_list_as_empty() {
    RankedList empty = RankedList.ofOrder(List.of());
    assertThat(RankingOrder.order(empty, Ordering.GIVEN)).isEmpty();
    assertThat(RankingOrder.order(empty, Ordering.SCORE)).isEmpty();
  }

  @Test
  void should_keep_a_plain_list_in_its_order_under_either_ordering() {
    // a list without scores (the seed's JSON run) scores minus its position: both orders agree
    RankedList plain = RankedList.ofOrder(List.of("z", "a", "m"));
    assertThat(ranked(plain, Ordering.SCORE)).containsExactly("z", "a", "m");
    assertThat(ranked(plain, Ordering.GIVEN)).containsExactly("z", "a", "m");
  }
}
