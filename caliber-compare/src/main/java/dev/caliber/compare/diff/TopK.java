package dev.caliber.compare.diff;

import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Objects;

/**
 * One query's two top-k lists compared at one cutoff k (each list: the first k documents of the
 * ranking within the evaluation depth, fewer when the ranking is shorter).
 *
 * @param k the cutoff
 * @param overlap |top-k(A) ∩ top-k(B)|
 * @param jaccard |top-k(A) ∩ top-k(B)| / |top-k(A) ∪ top-k(B)|; 1 when both are empty
 * @param recall with ANN recall: overlap / min(k, |A|), run A taken as the exact answer; null
 *     without it, and when A ranks nothing (no true neighbour to find)
 * @param common the documents in both top-k lists, in A's order, with both ranks
 * @param added the documents in B's top k that are not in A's top k, in B's order, with A's rank
 *     where A ranks them deeper
 * @param dropped the documents in A's top k that are not in B's top k, in A's order, with B's rank
 *     where B ranks them deeper
 */
public record TopK(int k, int overlap, Fraction jaccard, Fraction recall, List<DocumentRanks> common,
    List<DocumentRanks> added, List<DocumentRanks> dropped) {
  /**
   * Validates and copies.
   *
   * @param k the cutoff, 1 or more
   * @param overlap from 0 to k
   * @param jaccard not null
   * @param recall or null
   * @param common not null
   * @param added not null
   * @param dropped not null
   * @throws IllegalArgumentException if {@code k} or {@code overlap} is out of range, or {@code
   *     overlap} is not the size of {@code common}
   * @throws NullPointerException if a list or {@code jaccard} is null
   */
  public TopK {
    if (k < 1 || overlap < 0 || overlap > k || overlap != common.size()) {
      throw new IllegalArgumentException("illegal top " + k + " with overlap " + overlap + " and " + common.size()
          + " common documents");
    }
    Objects.requireNonNull(jaccard, "jaccard");
    common = List.copyOf(common);
    added = List.copyOf(added);
    dropped = List.copyOf(dropped);
  }

  /**
   * The overlap as a fraction of k.
   *
   * @return overlap / k, exact
   */
  public Fraction overlapFraction() {
    return Fraction.of(overlap, k);
  }

  /**
   * How many documents of both top-k lists changed rank.
   *
   * @return the common documents whose ranks in A and B differ
   */
  public int moved() {
    return (int) common.stream().filter(DocumentRanks::moved).count();
  }

  /**
   * How many documents new to B's top k the judgments do not name.
   *
   * @return the added documents judged false; 0 without judgments
   */
  public int unjudged() {
    return (int) added.stream().filter(d -> Boolean.FALSE.equals(d.judged())).count();
  }
}
