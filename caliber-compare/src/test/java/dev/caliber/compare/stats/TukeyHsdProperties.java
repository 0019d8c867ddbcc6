package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Invariants of the randomised Tukey HSD test, over generated matrices. */
class TukeyHsdProperties {
  /** k rows of n values, numerators over 4 (exact) or their doubles. */
  private static List<List<Value>> matrix(List<Integer> cells, int k, boolean exact) {
    int n = cells.size() / k;
    List<List<Value>> rows = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      List<Value> row = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        Value v = Value.of(cells.get(i * n + j), 4);
        row.add(exact ? v : Value.ofDouble(v.decimal()));
      }
      rows.add(row);
    }
    return rows;
  }

  @Property(tries = 100)
  void p_values_are_in_zero_one_and_the_largest_difference_has_the_smallest_p(
      @ForAll @Size(min = 12, max = 40) List<@IntRange(min = 0, max = 4) Integer> cells,
      @ForAll @IntRange(min = 2, max = 4) int k, @ForAll boolean exact, @ForAll @IntRange(min = 1, max = 500) int permutations) {
    List<List<Value>> x = matrix(cells, k, exact);
    TukeyHsdResult r = TukeyHsd.test(x, permutations, Generators.create(42));
    double[] sums = x.stream().mapToDouble(row -> row.stream().mapToDouble(Value::decimal).sum()).toArray();
    TukeyHsdResult.Pair largest = null;
    for (TukeyHsdResult.Pair p : r.pairs()) {
      assertThat(p.p()).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
      if (largest == null || Math.abs(sums[p.a()] - sums[p.b()]) > Math.abs(sums[largest.a()] - sums[largest.b()])) {
        largest = p;
      }
    }
    for (TukeyHsdResult.Pair p : r.pairs()) {
      assertThat(largest.p()).isLessThanOrEqualTo(p.p());
    }
  }

  @Property(tries = 100)
  void identical_runs_have_p_one(
      @ForAll @Size(min = 6, max = 30) List<@IntRange(min = 0, max = 4) Integer> cells, @ForAll boolean exact) {
    List<List<Value>> x = new ArrayList<>(matrix(cells, 2, exact));
    x.add(x.get(0)); // run 2 is run 0
    TukeyHsdResult r = TukeyHsd.test(x, 300, Generators.create(3));
    assertThat(r.pairs().get(1).p()).isEqualTo(1.0); // (0, 2)
  }

  @Property(tries = 100)
  void same_seed_same_result_and_the_runs_order_only_relabels_it(
      @ForAll @Size(min = 12, max = 40) List<@IntRange(min = 0, max = 4) Integer> cells,
      @ForAll @IntRange(min = 3, max = 4) int k, @ForAll boolean exact, @ForAll long seed) {
    List<List<Value>> x = matrix(cells, k, exact);
    TukeyHsdResult r = TukeyHsd.test(x, 400, Generators.create(seed));
    assertThat(TukeyHsd.test(x, 400, Generators.create(seed))).isEqualTo(r);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      order.add(i);
    }
    Collections.reverse(order);
    Collections.swap(order, 0, k - 1 - 1);
    List<List<Value>> shuffled = order.stream().map(x::get).toList();
    TukeyHsdResult s = TukeyHsd.test(shuffled, 400, Generators.create(seed));
    for (TukeyHsdResult.Pair p : s.pairs()) {
      int a = order.get(p.a());
      int b = order.get(p.b());
      TukeyHsdResult.Pair original = r.pairs().stream()
          .filter(q -> q.a() == Math.min(a, b) && q.b() == Math.max(a, b)).findFirst().orElseThrow();
      assertThat(p.hits()).isEqualTo(original.hits());
    }
  }
}
