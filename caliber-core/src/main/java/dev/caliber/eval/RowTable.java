package dev.caliber.eval;

import dev.caliber.internal.CompactMap;
import dev.caliber.internal.StringIndex;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.AbstractList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * A run's rows kept as columns: the immutable list behind every {@link RunResult#rows()}, which
 * gives each row back as an equal {@link QueryResult} made on demand.
 *
 * <p>Why columns: an evaluation keeps one row per query until the end, and at 100,000 queries the
 * rows are most of the live heap. As objects a row costs about 200 bytes with four measures (RR@10,
 * R@1000, nDCG@10, AP): the record (48), its measure map (32) and the map's array (32), a {@link
 * Value} (24) for each value not in Value's cache of small fractions (nDCG, AP) and a {@link
 * Fraction} (40) for AP. Here the same row costs about 105 bytes, with no object of its own: the
 * query ID is a reference to the caller's String (shared with the query set), the missing flag one
 * bit, returned, relevant, unjudged and the first relevant rank an int each, and a reference to the
 * ties at the cutoffs where some row has any; per measure, the double (8) and, for a measure with
 * some exact value, the fraction as two longs (16). A fraction that does not fit in longs is kept
 * aside, keyed by row and measure: sums of rationals over many terms are rare in a single row.
 *
 * <p>How a value comes back: the double column holds NaN for "no value" (the query is excluded:
 * a {@link Value} is always finite); the denominator column holds {@link #NOT_EXACT} for a value
 * that is only a double, {@link #BIG} for a fraction kept aside, else the denominator (always
 * positive). An exact value is rebuilt through {@link Value#of(long, long)}, so small fractions
 * come from its cache; when the stored double is not that fraction's nearest double (AP and Bpref
 * sum in floating point the way trec_eval does) it comes back with the stored double, never a
 * recomputed one. Equal rows come back: {@code get(i).equals(row)} for the row that was set.
 *
 * <p>Every row has the same measures in the same order (the protocol's). Reading with {@link
 * #get(int)} makes a record, a map and its array each time: loops read a row once, and {@link
 * #indexOf(String)} finds a query without a scan.
 */
final class RowTable extends AbstractList<QueryResult> implements RandomAccess {
  /** Denominator column: the value is a double only. Zero, so a new column means "not exact". */
  static final long NOT_EXACT = 0;
  /** Denominator column: the fraction is in {@link #big}. */
  static final long BIG = -1;

  private final Measure[] measures;
  private final List<Measure> measureList;
  private final String[] queries;
  private final long[] missing;
  private final int[] returned;
  private final int[] relevant;
  private final int[] unjudged;
  /** 0 for null: a rank is at least 1. */
  private final int[] firstRelevantRank;
  /** Null when no row has ties; else null where a row has none. */
  private final Map<Integer, Integer>[] ties;
  private final double[][] decimals;
  /** Per measure, null while no row has an exact value of it. */
  private final long[][] numerators;
  private final long[][] denominators;
  /** Fractions beyond longs, keyed by {@code row * measures + measure}. */
  private final Map<Long, Fraction> big;
  /** Query ID to row, made on the first look-up. */
  private volatile StringIndex index;

  private RowTable(Builder b) {
    this.measures = b.measures;
    this.measureList = List.of(b.measures);
    this.queries = b.queries;
    this.missing = b.missing;
    this.returned = b.returned;
    this.relevant = b.relevant;
    this.unjudged = b.unjudged;
    this.firstRelevantRank = b.firstRelevantRank;
    this.ties = b.ties;
    this.decimals = b.decimals;
    this.numerators = b.numerators;
    this.denominators = b.denominators;
    this.big = b.big;
  }

  /**
   * The rows of {@code rows} as a table, or {@code rows} itself when it is one. The measures are
   * those of the first row, in its order (none for an empty list).
   *
   * @throws IllegalArgumentException if the rows do not all have the same measures in the same order
   * @throws NullPointerException if a row is null
   */
  static RowTable copyOf(List<QueryResult> rows) {
    if (rows instanceof RowTable t) {
      return t;
    }
    Iterator<QueryResult> it = rows.iterator();
    List<Measure> measures = it.hasNext() ? List.copyOf(Objects.requireNonNull(it.next(), "row").values().keySet()) : List.of();
    Builder b = new Builder(rows.size(), measures);
    int i = 0;
    for (QueryResult row : rows) {
      b.set(i++, row);
    }
    return b.build();
  }

  @Override
  public int size() {
    return queries.length;
  }

  /** A new row equal to the one set at {@code i}. */
  @Override
  public QueryResult get(int i) {
    Objects.checkIndex(i, queries.length);
    Value[] values = new Value[measures.length];
    for (int j = 0; j < values.length; j++) {
      values[j] = value(i, j);
    }
    Map<Integer, Integer> t = ties == null || ties[i] == null ? Map.of() : ties[i];
    int rank = firstRelevantRank[i];
    return new QueryResult(queries[i], bit(missing, i), returned[i], relevant[i], unjudged[i],
        CompactMap.withKeys(measures, values), t, rank == 0 ? null : rank);
  }

  /** The measures, in the order of every row's values. */
  List<Measure> measures() {
    return measureList;
  }

  /** The query ID of row {@code i}, without making the row. */
  String query(int i) {
    return queries[i];
  }

  /** Whether row {@code i}'s query had no entry in the run, without making the row. */
  boolean missing(int i) {
    Objects.checkIndex(i, queries.length);
    return bit(missing, i);
  }

  /** Row {@code i}'s number of relevant documents, without making the row. */
  int relevant(int i) {
    return relevant[i];
  }

  /** The double of measure {@code j} in row {@code i}, or NaN when the row has no value. */
  double decimal(int i, int j) {
    return decimals[j][i];
  }

  /** The exact value of measure {@code j} in row {@code i}, or null when it has none or is a double only. */
  Fraction exact(int i, int j) {
    if (Double.isNaN(decimals[j][i]) || denominators[j] == null) {
      return null;
    }
    long d = denominators[j][i];
    if (d == NOT_EXACT) {
      return null;
    }
    return d == BIG ? big.get(key(i, j)) : Fraction.of(numerators[j][i], d);
  }

  /** The value of measure {@code j} in row {@code i}, or null. */
  Value value(int i, int j) {
    double decimal = decimals[j][i];
    if (Double.isNaN(decimal)) {
      return null;
    }
    long d = denominators[j] == null ? NOT_EXACT : denominators[j][i];
    if (d == NOT_EXACT) {
      return Value.ofDouble(decimal);
    }
    if (d == BIG) {
      return new Value(big.get(key(i, j)), decimal);
    }
    Value v = Value.of(numerators[j][i], d); // small fractions come from Value's cache
    return Double.doubleToRawLongBits(v.decimal()) == Double.doubleToRawLongBits(decimal) ? v : new Value(v.exact(), decimal);
  }

  /** The first row whose query ID equals {@code query}, or -1. */
  int indexOf(String query) {
    if (query == null) {
      return -1;
    }
    StringIndex ix = index;
    if (ix == null) {
      ix = buildIndex();
      index = ix; // racing threads build equal indexes; the volatile write publishes a whole one
    }
    return ix.indexOf(queries, query);
  }

  private StringIndex buildIndex() {
    StringIndex ix = new StringIndex(queries.length);
    for (int i = 0; i < queries.length; i++) {
      String q = queries[i];
      if (q != null && ix.indexOf(queries, q) < 0) { // a repeated ID keeps its first row
        ix.add(queries, i);
      }
    }
    return ix;
  }

  private long key(int i, int j) {
    return (long) i * measures.length + j;
  }

  private static boolean bit(long[] bits, int i) {
    return (bits[i >>> 6] & (1L << i)) != 0;
  }

  /**
   * Fills a table of a fixed number of rows, in any order (streaming merges rows as blocks finish):
   * {@link #set} each index once, then {@link #build()} once. Not thread-safe. The table takes the
   * builder's columns without copying them, so that the end of an evaluation does not hold two
   * copies; the builder is spent afterwards.
   */
  static final class Builder {
    private final Measure[] measures;
    private final String[] queries;
    private final long[] set;
    private final long[] missing;
    private final int[] returned;
    private final int[] relevant;
    private final int[] unjudged;
    private final int[] firstRelevantRank;
    private Map<Integer, Integer>[] ties;
    private final double[][] decimals;
    private final long[][] numerators;
    private final long[][] denominators;
    private final Map<Long, Fraction> big = new HashMap<>();
    private final Value[] scratch;
    private boolean built;

    /**
     * A builder of {@code size} rows whose values have {@code measures}, in that order.
     *
     * @throws IllegalArgumentException if {@code size} is negative or a measure repeats
     * @throws NullPointerException if a measure is null
     */
    Builder(int size, List<Measure> measures) {
      if (size < 0) {
        throw new IllegalArgumentException("illegal size: " + size + ", must be >= 0");
      }
      this.measures = measures.toArray(new Measure[0]);
      if (List.of(this.measures).stream().distinct().count() != this.measures.length) {
        throw new IllegalArgumentException("illegal measures " + measures + ": a measure repeats");
      }
      int words = (size + 63) >>> 6;
      this.queries = new String[size];
      this.set = new long[words];
      this.missing = new long[words];
      this.returned = new int[size];
      this.relevant = new int[size];
      this.unjudged = new int[size];
      this.firstRelevantRank = new int[size];
      this.decimals = new double[this.measures.length][size];
      this.numerators = new long[this.measures.length][];
      this.denominators = new long[this.measures.length][];
      this.scratch = new Value[this.measures.length];
    }

    /** The number of rows. */
    int size() {
      return queries.length;
    }

    /**
     * Whether row {@code index} is set.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not in [0, size)
     */
    boolean isSet(int index) {
      Objects.checkIndex(index, queries.length);
      return bit(set, index);
    }

    /**
     * Sets row {@code index}; on any exception the builder is unchanged.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not in [0, size)
     * @throws IllegalStateException if the row is already set or the table is built
     * @throws IllegalArgumentException if the row's values do not have the builder's measures in its order
     * @throws NullPointerException if {@code row} is null
     */
    @SuppressWarnings("unchecked")
    void set(int index, QueryResult row) {
      Objects.requireNonNull(row, "row");
      Objects.checkIndex(index, queries.length);
      if (built) {
        throw new IllegalStateException("the table is already built");
      }
      if (bit(set, index)) {
        throw new IllegalStateException("row " + index + " is already set");
      }
      readValues(index, row);
      for (int j = 0; j < measures.length; j++) {
        Value v = scratch[j];
        scratch[j] = null;
        if (v == null) {
          decimals[j][index] = Double.NaN;
          continue;
        }
        decimals[j][index] = v.decimal();
        Fraction f = v.exact();
        if (f == null) {
          continue;
        }
        if (denominators[j] == null) {
          numerators[j] = new long[queries.length];
          denominators[j] = new long[queries.length];
        }
        if (f.fitsInLongs()) {
          numerators[j][index] = f.longNumerator();
          denominators[j][index] = f.longDenominator();
        } else {
          denominators[j][index] = BIG;
          big.put((long) index * measures.length + j, f);
        }
      }
      queries[index] = row.query();
      if (row.missing()) {
        missing[index >>> 6] |= 1L << index;
      }
      returned[index] = row.returned();
      relevant[index] = row.relevant();
      unjudged[index] = row.unjudged();
      firstRelevantRank[index] = row.firstRelevantRank() == null ? 0 : row.firstRelevantRank();
      if (!row.tiesAtCutoff().isEmpty()) {
        if (ties == null) {
          ties = (Map<Integer, Integer>[]) new Map<?, ?>[queries.length];
        }
        ties[index] = row.tiesAtCutoff(); // already an unmodifiable CompactMap
      }
      set[index >>> 6] |= 1L << index;
    }

    /** Copies the row's values into {@link #scratch} in measure order, checking the measures first. */
    private void readValues(int index, QueryResult row) {
      Map<Measure, Value> values = row.values();
      boolean same = values.size() == measures.length;
      int j = 0;
      for (Iterator<Map.Entry<Measure, Value>> it = values.entrySet().iterator(); same && it.hasNext(); j++) {
        Map.Entry<Measure, Value> e = it.next();
        same = e.getKey().equals(measures[j]);
        scratch[j] = e.getValue();
      }
      if (!same) {
        java.util.Arrays.fill(scratch, null);
        throw new IllegalArgumentException("illegal row " + index + " (query " + row.query() + "): its measures "
            + values.keySet() + " must be " + List.of(measures) + ", in that order");
      }
    }

    /**
     * The table; the builder is spent.
     *
     * @throws IllegalStateException if a row is not set (the first one is named) or the table is already built
     */
    RowTable build() {
      if (built) {
        throw new IllegalStateException("the table is already built");
      }
      for (int i = 0; i < queries.length; i++) {
        if (!bit(set, i)) {
          throw new IllegalStateException("row " + i + " of " + queries.length + " is not set");
        }
      }
      built = true;
      return new RowTable(this);
    }
  }
}
