package dev.caliber.compare;

import dev.caliber.math.FractionSum;
import dev.caliber.measure.Value;
import dev.caliber.protocol.QueryGroups;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a comparison resamples: the queries' groups (docs/COMPARE.md, "Query groups"). With no
 * groups each query is a unit of its own; with groups, a unit is every query of one group (in the
 * order the first of them comes), and a query the group file does not list is a unit of its own.
 * A unit's value is the sum of its queries' values, exact when every one is; a unit of one query
 * keeps that query's value as it is, so that resampling units of one query is resampling queries,
 * number for number.
 */
final class Units {
  private final int[] unitOf; // position of a query -> its unit
  private final int[] sizes; // queries per unit
  private final boolean grouped;

  private Units(int[] unitOf, int[] sizes, boolean grouped) {
    this.unitOf = unitOf;
    this.sizes = sizes;
    this.grouped = grouped;
  }

  /**
   * The units of some queries.
   *
   * @param queries the query IDs, distinct, in the order their values will come
   * @param groups the groups, or null for one query per unit
   * @return the units, in the order of their first query
   */
  static Units of(List<String> queries, QueryGroups groups) {
    int[] unitOf = new int[queries.size()];
    List<Integer> sizes = new ArrayList<>();
    Map<Object, Integer> index = new HashMap<>();
    for (int i = 0; i < unitOf.length; i++) {
      String q = queries.get(i);
      Object key = groups == null ? q : groups.unit(q);
      Integer u = index.putIfAbsent(key, sizes.size());
      if (u == null) {
        u = sizes.size();
        sizes.add(0);
      }
      unitOf[i] = u;
      sizes.set(u, sizes.get(u) + 1);
    }
    return new Units(unitOf, sizes.stream().mapToInt(Integer::intValue).toArray(), groups != null);
  }

  /**
   * How many units there are.
   *
   * @return G
   */
  int count() {
    return sizes.length;
  }

  /**
   * Each unit's number of queries, or null without groups (one each), as the cluster bootstrap
   * takes them.
   *
   * @return the sizes in unit order, a copy, or null
   */
  int[] sizes() {
    return grouped ? sizes.clone() : null;
  }

  /**
   * Each unit's sum of the values.
   *
   * @param values one value per query, in the queries' order
   * @return one value per unit, in unit order: exact when every value of the unit is, else the
   *     doubles' sum in query order; a unit of one query its value itself
   */
  List<Value> sums(List<Value> values) {
    if (values.size() != unitOf.length) {
      throw new IllegalArgumentException("illegal values: " + values.size() + " for " + unitOf.length + " queries");
    }
    List<List<Value>> members = new ArrayList<>(sizes.length);
    for (int size : sizes) {
      members.add(new ArrayList<>(size));
    }
    for (int i = 0; i < unitOf.length; i++) {
      members.get(unitOf[i]).add(values.get(i));
    }
    List<Value> out = new ArrayList<>(sizes.length);
    for (List<Value> unit : members) {
      out.add(unit.size() == 1 ? unit.get(0) : sum(unit));
    }
    return out;
  }

  /**
   * The sum of values: exact when every one is, else the doubles' sum in order (the one rule
   * {@link Comparisons#mean} divides).
   *
   * @param values the values
   * @return their sum
   */
  static Value sum(List<Value> values) {
    if (values.stream().allMatch(Value::isExact)) {
      FractionSum sum = new FractionSum();
      values.forEach(v -> sum.add(v.exact()));
      return Value.of(sum.snapshot());
    }
    double sum = 0.0;
    for (Value v : values) {
      sum += v.decimal();
    }
    return Value.ofDouble(sum);
  }
}
