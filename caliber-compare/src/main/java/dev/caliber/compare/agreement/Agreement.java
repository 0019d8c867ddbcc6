package dev.caliber.compare.agreement;

import dev.caliber.json.PyJson;
import dev.caliber.protocol.Qrels;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Two judgment sets for the same topics, compared (docs/AGREEMENT.md): how far their labels agree
 * ({@link #of}) and whether they order systems alike ({@link SystemOrderings#of}).
 *
 * <p>The pairs compared are the (query, document) pairs both sets judge; a label is compared
 * exactly as it is (trec_eval's -1 included; a decimal label such as 0.7 as that decimal, whatever
 * unit each set holds its labels in, {@link Qrels#labelScale()}). The categories are every label
 * either set gives a common pair, ascending; each query's row uses the same categories, so that its weighted kappa
 * weighs a disagreement as the overall one does. Queries are in code point order.
 */
public final class Agreement {
  private Agreement() {}

  /**
   * Compares the labels of two judgment sets.
   *
   * @param a judgment set A (the confusion matrix's rows; the reference of tau_AP), not null
   * @param b judgment set B (the columns), not null
   * @param threshold the lowest label counted relevant by the binary kappa
   * @return the agreement, without orderings
   * @throws NullPointerException if a set is null
   */
  public static QrelsAgreement of(Qrels a, Qrels b, int threshold) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    List<String> common = commonQueries(a, b);
    TreeSet<BigDecimal> seen = new TreeSet<>();
    long onlyA = 0;
    long onlyB = 0;
    for (String q : a.queryIds()) {
      Map<String, Integer> rb = b.row(q);
      for (Map.Entry<String, Integer> j : a.row(q).entrySet()) {
        Integer other = rb == null ? null : rb.get(j.getKey());
        if (other == null) {
          onlyA++;
        } else {
          seen.add(a.decimal(j.getValue()));
          seen.add(b.decimal(other));
        }
      }
    }
    for (String q : b.queryIds()) {
      Map<String, Integer> ra = a.row(q);
      for (String d : b.row(q).keySet()) {
        if (ra == null || !ra.containsKey(d)) {
          onlyB++;
        }
      }
    }
    List<BigDecimal> labels = List.copyOf(seen);
    Map<BigDecimal, Integer> place = new TreeMap<>();
    for (BigDecimal l : labels) {
      place.put(l, place.size());
    }
    long[][] total = new long[labels.size()][labels.size()];
    List<QueryAgreement> rows = new ArrayList<>();
    for (String q : common) {
      long[][] counts = new long[labels.size()][labels.size()];
      Map<String, Integer> ra = a.row(q);
      Map<String, Integer> rb = b.row(q);
      long qa = 0;
      for (Map.Entry<String, Integer> j : ra.entrySet()) {
        Integer other = rb.get(j.getKey());
        if (other == null) {
          qa++;
        } else {
          int i = place.get(a.decimal(j.getValue()));
          int k = place.get(b.decimal(other));
          counts[i][k]++;
          total[i][k]++;
        }
      }
      long qb = rb.keySet().stream().filter(d -> !ra.containsKey(d)).count();
      rows.add(new QueryAgreement(q, qa, qb, LabelAgreement.ofExact(labels, counts, threshold)));
    }
    return new QrelsAgreement(threshold, only(a, b), only(b, a), onlyA, onlyB, LabelAgreement.ofExact(labels, total, threshold),
        rows, null, a.labelsPerSource(), b.labelsPerSource());
  }

  /**
   * The queries both sets judge (a query given with no judgment counts as judged).
   *
   * @param a one judgment set, not null
   * @param b the other, not null
   * @return their query IDs in code point order
   */
  public static List<String> commonQueries(Qrels a, Qrels b) {
    return a.queryIds().stream().filter(q -> b.row(q) != null).sorted(PyJson.CODE_POINT_ORDER).toList();
  }

  private static List<String> only(Qrels x, Qrels y) {
    return x.queryIds().stream().filter(q -> y.row(q) == null).sorted(PyJson.CODE_POINT_ORDER).toList();
  }
}
