package dev.caliber.eval;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The seed's {@code evaluate} (metrics.py), written again as plainly as the seed wrote it, for
 * input the seed accepts: plain maps and lists in, plain rows and exact fractions of its own out.
 * It uses none of caliber's classes, so that when the engine and the seed part ways, it disagrees
 * with the engine instead of repeating it.
 */
final class SeedOracle {
  private SeedOracle() {}

  /**
   * The seed's inputs as plain data.
   *
   * @param corpus document ID to text, in the seed's order
   * @param splitOf query ID to its split, in the seed's order (the order of the rows)
   * @param qrels query ID to document ID to label 0 or 1, exhaustive
   * @param run query ID to its ranking, best first; a query of the split may be absent
   */
  record Inputs(Map<String, String> corpus, Map<String, String> splitOf, Map<String, Map<String, Integer>> qrels,
      Map<String, List<String>> run) {}

  /** An exact fraction in lowest terms, the denominator positive; printed as Python prints one. */
  record Ratio(BigInteger num, BigInteger den) {
    static final Ratio ZERO = of(0, 1);

    static Ratio of(long num, long den) {
      return of(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    static Ratio of(BigInteger num, BigInteger den) {
      BigInteger g = num.gcd(den);
      if (den.signum() < 0) {
        g = g.negate();
      }
      return new Ratio(num.divide(g), den.divide(g));
    }

    Ratio plus(Ratio o) {
      return of(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    Ratio dividedBy(long n) {
      return of(num, den.multiply(BigInteger.valueOf(n)));
    }

    @Override
    public String toString() {
      return den.equals(BigInteger.ONE) ? num.toString() : num + "/" + den;
    }
  }

  /** One row of the seed's report, its fields named and ordered as the seed's. */
  record Row(String query, boolean missing, int returned, int relevant, int hits, Integer firstRelevantRank,
      Ratio recall, Ratio rr) {}

  /** The seed's report without its fingerprint, split and k, which the caller already knows. */
  record Report(int totalQueries, int eligibleQueries, List<String> noRelevantQueries, List<String> missingQueries,
      Ratio recallAtK, Ratio mrrAtK, List<Row> rows) {}

  /** metrics.py's {@code evaluate}, from {@code rows = []} on: the scoring, not the checks. */
  static Report evaluate(Inputs in, String split, int k) {
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, String> query : in.splitOf().entrySet()) {
      if (!query.getValue().equals(split)) {
        continue;
      }
      String q = query.getKey();
      List<String> ranking = in.run().getOrDefault(q, List.of());
      Set<String> relevant = new HashSet<>();
      in.qrels().get(q).forEach((doc, label) -> {
        if (label == 1) {
          relevant.add(doc);
        }
      });
      List<String> top = ranking.subList(0, Math.min(k, ranking.size()));
      Set<String> found = new HashSet<>(top);
      found.retainAll(relevant);
      int hits = found.size();
      Integer first = null;
      for (int i = 1; i <= top.size() && first == null; i++) {
        if (relevant.contains(top.get(i - 1))) {
          first = i;
        }
      }
      Ratio recall = relevant.isEmpty() ? null : Ratio.of(hits, relevant.size());
      Ratio rr = first != null ? Ratio.of(1, first) : relevant.isEmpty() ? null : Ratio.ZERO;
      rows.add(new Row(q, !in.run().containsKey(q), ranking.size(), relevant.size(), hits, first, recall, rr));
    }
    List<Row> eligible = rows.stream().filter(r -> r.relevant() > 0).toList();
    return new Report(rows.size(), eligible.size(),
        rows.stream().filter(r -> r.relevant() == 0).map(Row::query).toList(),
        rows.stream().filter(Row::missing).map(Row::query).toList(),
        mean(eligible, true), mean(eligible, false), rows);
  }

  private static Ratio mean(List<Row> eligible, boolean recall) {
    if (eligible.isEmpty()) {
      return null;
    }
    Ratio sum = Ratio.ZERO;
    for (Row r : eligible) {
      sum = sum.plus(Objects.requireNonNull(recall ? r.recall() : r.rr()));
    }
    return sum.dividedBy(eligible.size());
  }
}
