package dev.caliber.fusion;

import java.util.Map;

/**
 * A fusion method: a candidate's fused score from its ranks or normalised scores in the inputs
 * ({@link Pool}). One class per method, each with its formula, its source and what it gives a
 * document that some inputs lack (docs/FUSION.md). Implementations are immutable values; their
 * parameters are validated by their constructors.
 */
public interface FusionMethod {
  /**
   * The method's name as the command line and the metadata give it.
   *
   * @return such as {@code rrf} or {@code combmnz}
   */
  String name();

  /**
   * The method's parameters, in a fixed order, for the metadata and the params file.
   *
   * @return parameter name to value ({@code {"k": 60}}, {@code {"weights": [0.3, 0.7]}}), empty
   *     for a method without parameters
   */
  Map<String, Object> parameters();

  /**
   * Whether the method reads scores (and so a {@link Normalization} applies) rather than ranks only.
   *
   * @return true for the Comb family and the weighted sum
   */
  boolean readsScores();

  /**
   * Whether the method treats its inputs alike, so that their order cannot change the result.
   *
   * @return false only for the weighted sum, whose weights follow the inputs' order
   */
  default boolean symmetric() {
    return true;
  }

  /**
   * The number of inputs the method accepts.
   *
   * @param inputs the number of inputs given
   * @throws IllegalArgumentException if the method cannot fuse that many (a weighted sum with
   *     another number of weights)
   */
  default void requireInputs(int inputs) {
    if (inputs < 2) {
      throw new IllegalArgumentException("illegal number of inputs: " + inputs + ", must be at least 2");
    }
  }

  /**
   * A candidate's fused score.
   *
   * @param pool the query's candidates
   * @param doc the candidate's index in the pool
   * @return its fused score, finite
   */
  double score(Pool pool, int doc);
}
