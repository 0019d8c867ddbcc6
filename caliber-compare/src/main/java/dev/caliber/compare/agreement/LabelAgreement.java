package dev.caliber.compare.agreement;

import dev.caliber.math.Fraction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How two judgment sets agree on the (query, document) pairs both judge: the confusion matrix and
 * the coefficients computed from it, all exact (every one is a ratio of integers: labels with
 * decimals, such as an LLM judge's {@code 0.7}, are compared as exact decimals, never as doubles).
 *
 * <ul>
 *   <li>{@code agreement}: the share of pairs with the same label; {@code binaryAgreement}: the same
 *       after binarising both at the relevance threshold (relevant: label at least the threshold,
 *       the exact label compared: 0.7 is below 1).
 *   <li>{@code kappa}: Cohen's (1960) kappa of the binarised labels, {@code (p_o - p_e) / (1 - p_e)}.
 *   <li>{@code linearKappa}, {@code quadraticKappa}: Cohen's (1968) weighted kappa of the graded
 *       labels, with disagreement weights {@code |i - j| / (k - 1)} and {@code (i - j)^2 / (k -
 *       1)^2} on the places i, j of the labels in {@code labels} (so 0, 1, 3 are three evenly spaced
 *       categories, as scikit-learn's {@code cohen_kappa_score} weighs them).
 *   <li>{@code alphaNominal}, {@code alphaOrdinal}, {@code alphaInterval}: Krippendorff's (2011)
 *       alpha for two coders with no missing value, with the nominal, ordinal (on the pooled
 *       counts of the categories in order) and interval (squared difference of the label values)
 *       metrics. Only the interval metric reads the label values; it is the same in any unit, so labels
 *       of either scale give the same alpha.
 * </ul>
 *
 * A coefficient is undefined, with its reason, when there is no pair or when both sets put every
 * pair in one category (chance agreement 1).
 *
 * @param pairs the number of pairs judged in both sets
 * @param labels the categories: every label either set gives a common pair (of the whole
 *     comparison, not only of this table), ascending
 * @param confusion {@code confusion.get(i).get(j)}: the pairs labelled {@code labels[i]} by A and
 *     {@code labels[j]} by B
 * @param agreement the share of pairs with equal labels; null when there is no pair
 * @param binaryAgreement the share of pairs on the same side of the threshold; null when there is
 *     no pair
 * @param kappa Cohen's kappa of the binarised labels
 * @param linearKappa weighted kappa, linear weights
 * @param quadraticKappa weighted kappa, quadratic weights
 * @param alphaNominal Krippendorff's alpha, nominal metric
 * @param alphaOrdinal Krippendorff's alpha, ordinal metric
 * @param alphaInterval Krippendorff's alpha, interval metric
 */
public record LabelAgreement(
    long pairs,
    List<BigDecimal> labels,
    List<List<Long>> confusion,
    Fraction agreement,
    Fraction binaryAgreement,
    Coefficient kappa,
    Coefficient linearKappa,
    Coefficient quadraticKappa,
    Coefficient alphaNominal,
    Coefficient alphaOrdinal,
    Coefficient alphaInterval) {

  /**
   * Copies the lists.
   *
   * @param pairs the number of common pairs, at least 0
   * @param labels the categories, exact, ascending; not null
   * @param confusion a square matrix of the labels' size; not null
   * @param agreement the raw agreement, or null when {@code pairs} is 0
   * @param binaryAgreement the binary raw agreement, or null when {@code pairs} is 0
   * @param kappa binary kappa, not null
   * @param linearKappa linear weighted kappa, not null
   * @param quadraticKappa quadratic weighted kappa, not null
   * @param alphaNominal nominal alpha, not null
   * @param alphaOrdinal ordinal alpha, not null
   * @param alphaInterval interval alpha, not null
   * @throws NullPointerException if a required part is null
   */
  public LabelAgreement {
    labels = List.copyOf(labels);
    confusion = confusion.stream().map(List::copyOf).toList();
    Objects.requireNonNull(kappa, "kappa");
    Objects.requireNonNull(linearKappa, "linearKappa");
    Objects.requireNonNull(quadraticKappa, "quadraticKappa");
    Objects.requireNonNull(alphaNominal, "alphaNominal");
    Objects.requireNonNull(alphaOrdinal, "alphaOrdinal");
    Objects.requireNonNull(alphaInterval, "alphaInterval");
  }

  /**
   * The agreement of a confusion matrix over whole labels.
   *
   * @param labels the categories, ascending, distinct; not null
   * @param counts {@code counts[i][j]}: pairs labelled {@code labels[i]} by A and {@code labels[j]}
   *     by B; square, of the labels' size, no negative count
   * @param threshold the lowest relevant label of the binary kappa
   * @return the agreement and its coefficients
   * @throws IllegalArgumentException if the labels are not ascending, or the matrix is not square
   *     of their size, or holds a negative count
   */
  public static LabelAgreement of(List<Integer> labels, long[][] counts, int threshold) {
    return ofExact(labels.stream().map(BigDecimal::valueOf).toList(), counts, threshold);
  }

  /**
   * The agreement of a confusion matrix over exact labels (whole or with decimals).
   *
   * @param labels the categories, exact, ascending, distinct by value; not null
   * @param counts {@code counts[i][j]}: pairs labelled {@code labels[i]} by A and {@code labels[j]}
   *     by B; square, of the labels' size, no negative count
   * @param threshold the lowest relevant label of the binary kappa, compared with each exact label
   * @return the agreement and its coefficients
   * @throws IllegalArgumentException if the labels are not ascending, or the matrix is not square
   *     of their size, or holds a negative count
   */
  public static LabelAgreement ofExact(List<BigDecimal> labels, long[][] counts, int threshold) {
    int k = labels.size();
    for (int i = 1; i < k; i++) {
      if (labels.get(i - 1).compareTo(labels.get(i)) >= 0) {
        throw new IllegalArgumentException("illegal labels " + labels + ", must be ascending and distinct");
      }
    }
    long total = 0;
    long same = 0;
    long[][] binary = new long[2][2];
    List<List<Long>> rows = new ArrayList<>();
    if (counts.length != k) {
      throw new IllegalArgumentException("illegal confusion matrix: " + counts.length + " rows for " + k + " labels");
    }
    for (int i = 0; i < k; i++) {
      if (counts[i].length != k) {
        throw new IllegalArgumentException("illegal confusion matrix: row " + i + " has " + counts[i].length + " cells for "
            + k + " labels");
      }
      List<Long> row = new ArrayList<>();
      for (int j = 0; j < k; j++) {
        long c = counts[i][j];
        if (c < 0) {
          throw new IllegalArgumentException("illegal count " + c + " at (" + i + ", " + j + "), must be non-negative");
        }
        total += c;
        same += i == j ? c : 0;
        binary[relevant(labels.get(i), threshold)][relevant(labels.get(j), threshold)] += c;
        row.add(c);
      }
      rows.add(row);
    }
    Fraction agreement = total == 0 ? null : Fraction.of(same, total);
    Fraction binaryAgreement = total == 0 ? null : Fraction.of(binary[0][0] + binary[1][1], total);
    List<String> sides = List.of("not relevant: below " + threshold, "relevant: at least " + threshold);
    List<String> names = labels.stream().map(BigDecimal::toPlainString).toList();
    List<Long> values = inOneUnit(labels);
    return new LabelAgreement(total, labels, rows, agreement, binaryAgreement,
        Coefficients.kappa(binary, Coefficients.NOMINAL, sides),
        Coefficients.kappa(counts, Coefficients.LINEAR, names),
        Coefficients.kappa(counts, Coefficients.QUADRATIC, names),
        Coefficients.alpha(counts, Coefficients.ALPHA_NOMINAL, values, names),
        Coefficients.alpha(counts, Coefficients.ALPHA_ORDINAL, values, names),
        Coefficients.alpha(counts, Coefficients.ALPHA_INTERVAL, values, names));
  }

  /** 1 when the exact label is at least the threshold, else 0. */
  private static int relevant(BigDecimal label, int threshold) {
    return label.compareTo(BigDecimal.valueOf(threshold)) >= 0 ? 1 : 0;
  }

  /**
   * The labels as integers in one unit, 10^-d for their most decimals d: differences keep their
   * ratios, which is all the interval metric reads.
   */
  private static List<Long> inOneUnit(List<BigDecimal> labels) {
    int d = labels.stream().mapToInt(BigDecimal::scale).max().orElse(0);
    int unit = Math.max(d, 0);
    return labels.stream().map(l -> l.movePointRight(unit).longValueExact()).toList();
  }
}
