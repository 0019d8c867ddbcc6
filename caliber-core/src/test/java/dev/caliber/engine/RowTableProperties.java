package dev.caliber.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Evaluation;
import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * A row table gives back equal rows, whatever the values (cached, long and BigInteger fractions,
 * a double that is not the fraction's nearest, doubles, -0.0, no value), the flags and ties, and
 * whatever order the rows were set in; its means read from columns equal the means of the rows.
 */
class RowTableProperties {
  private static final List<Measure> MEASURES =
      List.of(Measures.parse("RR@10"), Measures.parse("R@1000"), Measures.parse("nDCG@10"), Measures.parse("AP"));

  /** Rows and the order to set them in. */
  record Case(List<QueryResult> rows, List<Integer> order) {}

  @Provide
  Arbitrary<Case> anyValues() {
    return cases(anyValue(), anyValue(), anyValue(), anyValue());
  }

  /** Values as the measures give them: exact for the rational ones, doubles for nDCG; so that means exist. */
  @Provide
  Arbitrary<Case> typedValues() {
    return cases(exact(), exact(), doubles().injectNull(0.2), exact());
  }

  @Property
  void rows_set_in_any_order_come_back_equal(@ForAll("anyValues") Case c) {
    RowTable table = fill(c);
    assertThat(table).hasSize(c.rows().size());
    for (int i = 0; i < c.rows().size(); i++) {
      QueryResult expected = c.rows().get(i);
      QueryResult actual = table.get(i);
      assertThat(actual).isEqualTo(expected);
      assertThat(actual.query()).isSameAs(expected.query());
      assertThat(List.copyOf(actual.values().keySet())).isEqualTo(MEASURES);
      for (Measure m : MEASURES) {
        Value e = expected.value(m);
        Value a = actual.value(m);
        if (e != null) {
          assertThat(Double.doubleToRawLongBits(a.decimal())).isEqualTo(Double.doubleToRawLongBits(e.decimal()));
        }
      }
    }
    assertThat(table).isEqualTo(c.rows());
    assertThat(table.hashCode()).isEqualTo(c.rows().hashCode());
  }

  @Property
  void means_read_from_columns_equal_the_means_of_the_rows(@ForAll("typedValues") Case c) {
    RowTable table = fill(c);
    List<QueryResult> plain = new ArrayList<>(c.rows());
    for (Measure m : MEASURES) {
      assertThat(Evaluation.summarize(m, table)).isEqualTo(plainSummary(m, plain));
    }
  }

  /** The mean as a plain loop over row records computes it: the model the columns must agree with. */
  static MeasureSummary plainSummary(Measure m, List<QueryResult> rows) {
    int count = 0;
    FractionSum exact = m.rational() ? new FractionSum() : null;
    double sum = 0.0;
    for (QueryResult row : rows) {
      Value v = row.value(m);
      if (v == null) {
        continue;
      }
      count++;
      sum += v.decimal();
      if (exact != null) {
        exact.add(v.exact());
      }
    }
    return new MeasureSummary(m, count, exact == null || count == 0 ? null : exact.snapshot().dividedBy(count),
        count == 0 ? Double.NaN : sum / count, sum);
  }

  @Property
  void the_index_finds_the_first_row_of_each_query(@ForAll("anyValues") Case c) {
    RowTable table = fill(c);
    for (QueryResult row : c.rows()) {
      int first = -1;
      for (int i = 0; i < c.rows().size() && first < 0; i++) {
        first = c.rows().get(i).query().equals(row.query()) ? i : -1;
      }
      assertThat(table.position(row.query())).isEqualTo(first);
    }
    assertThat(table.position("not a query")).isEqualTo(-1);
  }

  private static RowTable fill(Case c) {
    RowTable.Builder b = new RowTable.Builder(c.rows().size(), MEASURES);
    for (int i : c.order()) {
      b.set(i, c.rows().get(i));
    }
    return b.build();
  }

  private static Arbitrary<Case> cases(Arbitrary<Value> v0, Arbitrary<Value> v1, Arbitrary<Value> v2, Arbitrary<Value> v3) {
    Arbitrary<Map<Measure, Value>> values = Combinators.combine(v0, v1, v2, v3).as((a, b, c, d) -> {
      Map<Measure, Value> m = new LinkedHashMap<>();
      m.put(MEASURES.get(0), a);
      m.put(MEASURES.get(1), b);
      m.put(MEASURES.get(2), c);
      m.put(MEASURES.get(3), d);
      return m;
    });
    Arbitrary<Map<Integer, Integer>> ties = Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.just(Map.<Integer, Integer>of())),
        Tuple.of(1, Arbitraries.maps(Arbitraries.integers().between(1, 1000), Arbitraries.integers().between(2, 50))
            .ofMaxSize(3)));
    Arbitrary<Integer> ranks = Arbitraries.integers().between(1, Integer.MAX_VALUE).injectNull(0.3);
    Arbitrary<String> queries = Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(3);
    Arbitrary<QueryResult> rows = Combinators.combine(queries, Arbitraries.of(true, false), Arbitraries.integers(),
        Arbitraries.integers().between(0, 100), Arbitraries.integers().between(0, 100), values, ties, ranks)
        .as(QueryResult::new);
    return rows.list().ofMaxSize(70).flatMap(list -> Arbitraries.longs().map(seed -> {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        order.add(i);
      }
      Collections.shuffle(order, new Random(seed));
      return new Case(list, order);
    }));
  }

  private static Arbitrary<Value> anyValue() {
    return Arbitraries.oneOf(exact(), doubles().injectNull(0.15));
  }

  /** Exact values of every kind, or none. */
  private static Arbitrary<Value> exact() {
    Arbitrary<Fraction> small = Arbitraries.integers().between(1, 32)
        .flatMap(d -> Arbitraries.integers().between(0, d).map(n -> Fraction.of(n, d)));
    Arbitrary<Fraction> longs = Combinators.combine(
            Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L)),
            Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, 1L)).filter(d -> d != 0))
        .as(Fraction::of);
    BigInteger bound = BigInteger.TEN.pow(30);
    Arbitrary<Fraction> bigs = Combinators.combine(Arbitraries.bigIntegers().between(bound.negate(), bound),
            Arbitraries.bigIntegers().between(BigInteger.ONE, bound))
        .as(Fraction::of);
    Arbitrary<Fraction> fractions = Arbitraries.oneOf(small, longs, bigs);
    return Arbitraries.frequencyOf(
        Tuple.of(4, fractions.map(Value::of)),
        Tuple.of(2, fractions.map(f -> new Value(f, Math.nextUp(f.doubleValue())))), // AP's double, not the nearest
        Tuple.of(1, Arbitraries.just(new Value(Fraction.ZERO, -0.0)))).injectNull(0.15);
  }

  private static Arbitrary<Value> doubles() {
    Arbitrary<Double> bits = Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite); // any finite double
    return Arbitraries.oneOf(bits, Arbitraries.of(-0.0, 0.0, 0.5, Double.MIN_VALUE)).map(Value::ofDouble);
  }
}
