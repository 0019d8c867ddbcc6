package dev.caliber.engine;

import dev.caliber.internal.CompactMap;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.QueryResult;
import dev.caliber.result.QueryRows;
import dev.caliber.result.RunResult;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

/**
 * A run's rows as the immutable list behind every {@link RunResult#rows()}: the engine's columns
 * ({@link RowColumns}: about half the memory of the records, see there), each row given back as an
 * equal {@link QueryResult} made on demand: {@code get(i).equals(row)} for the row that was set.
 *
 * <p>Every row has the same measures in the same order (the protocol's). Reading with {@link
 * #get(int)} makes a record, a map and its array each time: loops read a row once, and {@link
 * #indexOf(String)} finds a query without a scan.
 */
public final class RowTable extends AbstractList<QueryResult> implements QueryRows {
  private final RowColumns columns;
  private final Measure[] measures;

  /**
   * The rows held in {@code columns}.
   *
   * @param columns the columns, built
   */
  public RowTable(RowColumns columns) {
    this.columns = columns;
    this.measures = columns.measures().toArray(new Measure[0]);
  }

  /**
   * The rows of {@code rows} as a table, or {@code rows} itself when it is one. The measures are
   * those of the first row, in its order (none for an empty list).
   *
   * @param rows the rows, not null
   * @return the table
   * @throws IllegalArgumentException if the rows do not all have the same measures in the same order
   * @throws NullPointerException if a row is null
   */
  public static RowTable copyOf(List<QueryResult> rows) {
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
    return columns.size();
  }

  /** A new row equal to the one set at {@code i}. */
  @Override
  public QueryResult get(int i) {
    Objects.checkIndex(i, columns.size());
    Value[] values = new Value[measures.length];
    for (int j = 0; j < values.length; j++) {
      values[j] = columns.value(i, j);
    }
    return new QueryResult(columns.query(i), columns.missing(i), columns.returned(i), columns.relevant(i),
        columns.unjudged(i), CompactMap.withKeys(measures, values), columns.ties(i), columns.firstRelevantRank(i));
  }

  /**
   * The columns behind the rows.
   *
   * @return the columns
   */
  public RowColumns columns() {
    return columns;
  }

  /** Whether row {@code i}'s query had no entry in the run, without making the row. */
  boolean missing(int i) {
    return columns.missing(i);
  }

  /** The double of measure {@code j} in row {@code i}, or NaN when the row has no value. */
  double decimal(int i, int j) {
    return columns.decimal(i, j);
  }

  /** The exact value of measure {@code j} in row {@code i}, or null when it has none or is a double only. */
  Fraction exact(int i, int j) {
    return columns.exact(i, j);
  }

  @Override
  public int position(String query) {
    return columns.indexOf(query);
  }

  /**
   * Fills a table of a fixed number of rows from {@link QueryResult}s, in any order: {@link #set}
   * each index once, then {@link #build()} once. Not thread-safe; spent once built.
   */
  static final class Builder {
    private final RowColumns.Builder columns;
    private final Measure[] measures;
    private final Value[] scratch;
    private final List<Measure> measureList;

    /**
     * A builder of {@code size} rows whose values have {@code measures}, in that order.
     *
     * @throws IllegalArgumentException if {@code size} is negative or a measure repeats
     * @throws NullPointerException if a measure is null
     */
    Builder(int size, List<Measure> measures) {
      this.columns = new RowColumns.Builder(size, measures);
      this.measures = measures.toArray(new Measure[0]);
      this.scratch = new Value[this.measures.length];
      this.measureList = List.of(this.measures);
    }

    /**
     * Whether row {@code index} is set.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not in [0, size)
     */
    boolean isSet(int index) {
      return columns.isSet(index);
    }

    /**
     * Sets row {@code index}; on any exception the builder is unchanged.
     *
     * @throws IndexOutOfBoundsException if {@code index} is not in [0, size)
     * @throws IllegalStateException if the row is already set or the table is built
     * @throws IllegalArgumentException if the row's values do not have the builder's measures in its order
     * @throws NullPointerException if {@code row} is null
     */
    void set(int index, QueryResult row) {
      Objects.requireNonNull(row, "row");
      columns.requireSettable(index);
      readValues(index, row);
      try {
        columns.set(index, row.query(), row.missing(), row.returned(), row.relevant(), row.unjudged(),
            Arrays.asList(scratch), row.tiesAtCutoff(), row.firstRelevantRank());
      } finally {
        Arrays.fill(scratch, null);
      }
    }

    /** Copies the row's values into {@link #scratch} in measure order, once the row has the builder's measures. */
    private void readValues(int index, QueryResult row) {
      QueryRows.requireMeasures(index, row, measureList);
      int j = 0;
      for (Value v : row.values().values()) {
        scratch[j++] = v;
      }
    }

    /**
     * The table; the builder is spent.
     *
     * @throws IllegalStateException if a row is not set (the first one is named) or the table is already built
     */
    RowTable build() {
      return new RowTable(columns.build());
    }
  }
}
