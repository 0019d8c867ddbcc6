package dev.caliber.engine;

import dev.caliber.internal.CompactMap;
import dev.caliber.internal.StringIndex;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A run's rows kept as columns: what {@code RunResult#rows()} reads each row back from, equal to the
 * row that was set.
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
 * recomputed one.
 *
 * <p>Every row has the same measures in the same order (the protocol's).
 */
public final class RowColumns {
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

  private RowColumns(Builder b) {
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

  /** The number of rows. */
  public int size() {
    return queries.length;
  }

  /** The measures, in the order of every row's values. */
  public List<Measure> measures() {
    return measureList;
  }

  /** The query ID of a row. */
  public String query(int i) {
    return queries[i];
  }

  /** Whether row {@code i}'s query had no entry in the run. */
  public boolean missing(int i) {
    Objects.checkIndex(i, queries.length);
    return bit(missing, i);
  }

  /** A row's entries before any depth cut. */
  public int returned(int i) {
    return returned[i];
  }

  /** A row's number of relevant documents. */
  public int relevant(int i) {
    return relevant[i];
  }

  /** A row's unjudged documents within the depth. */
  public int unjudged(int i) {
    return unjudged[i];
  }

  /** A row's first relevant rank (1-based), or null. */
  public Integer firstRelevantRank(int i) {
    int rank = firstRelevantRank[i];
    return rank == 0 ? null : rank;
  }

  /** A row's ties at the cutoffs, unmodifiable; empty when it has none. */
  public Map<Integer, Integer> ties(int i) {
    return ties == null || ties[i] == null ? Map.of() : ties[i];
  }

  /** The double of measure {@code j} in row {@code i}, or NaN when the row has no value. */
  public double decimal(int i, int j) {
    return decimals[j][i];
  }

  /** The exact value of measure {@code j} in row {@code i}, or null when it has none or is a double only. */
  public Fraction exact(int i, int j) {
    if (Double.isNaN(decimals[j][i]) || denominators[j] == null) {
      return null;
    }
    long d = denominators[j][i];
    if (d == NOT_EXACT) {
      return null;
    }
    return d == BIG ? big.get(key(i, j)) : Fraction.of(numerators[j][i], d);
  }

  /** The value of measure {@code j} in row {@code i}, equal to the one set, or null. */
  public Value value(int i, int j) {
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

  /** The first row whose query ID equals {@code query} (null finds none), or -1. */
  public int indexOf(String query) {
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
   * Fills columns of a fixed number of rows, in any order (streaming merges rows as blocks finish):
   * {@link #set} each index once, then {@link #build()} once. Not thread-safe. The columns are taken
   * without copying, so that the end of an evaluation does not hold two copies; the builder is spent
   * afterwards.
   */
  public static final class Builder {
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
    private boolean built;

    /** A builder of {@code size} rows whose values have {@code measures}, in that order; no size below 0, no measure twice. */
    public Builder(int size, List<Measure> measures) {
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
    }

    /** The measures, in the order of every row's values. */
    public List<Measure> measures() {
      return List.of(measures);
    }

    /** Whether row {@code index} is set; throws IndexOutOfBoundsException outside [0, size). */
    public boolean isSet(int index) {
      Objects.checkIndex(index, queries.length);
      return bit(set, index);
    }

    /** Throws IndexOutOfBoundsException outside [0, size), IllegalStateException if the row is set or the table built. */
    public void requireSettable(int index) {
      Objects.checkIndex(index, queries.length);
      if (built) {
        throw new IllegalStateException("the table is already built");
      }
      if (bit(set, index)) {
        throw new IllegalStateException("row " + index + " is already set");
      }
    }

    /**
     * Sets row {@code index}, its values in the measures' order (null for none); on any exception
     * (an index outside [0, size), a row set or columns built, another number of values) nothing changes.
     */
    @SuppressWarnings("unchecked")
    public void set(int index, String query, boolean isMissing, int returned, int relevant, int unjudged,
        List<Value> values, Map<Integer, Integer> tiesAtCutoff, Integer firstRank) {
      requireSettable(index);
      if (values.size() != measures.length) {
        throw new IllegalArgumentException("illegal row " + index + " (query " + query + "): " + values.size()
            + " values for " + measures.length + " measures");
      }
      for (int j = 0; j < measures.length; j++) {
        Value v = values.get(j);
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
      queries[index] = query;
      if (isMissing) {
        missing[index >>> 6] |= 1L << index;
      }
      this.returned[index] = returned;
      this.relevant[index] = relevant;
      this.unjudged[index] = unjudged;
      firstRelevantRank[index] = firstRank == null ? 0 : firstRank;
      if (!tiesAtCutoff.isEmpty()) {
        if (ties == null) {
          ties = (Map<Integer, Integer>[]) new Map<?, ?>[queries.length];
        }
        ties[index] = CompactMap.copyOf(tiesAtCutoff);
      }
      set[index >>> 6] |= 1L << index;
    }

    /** The columns; the builder is spent. IllegalStateException names the first row not set, or says it is built. */
    public RowColumns build() {
      if (built) {
        throw new IllegalStateException("the table is already built");
      }
      for (int i = 0; i < queries.length; i++) {
        if (!bit(set, i)) {
          throw new IllegalStateException("row " + i + " of " + queries.length + " is not set");
        }
      }
      built = true;
      return new RowColumns(this);
    }
  }
}
