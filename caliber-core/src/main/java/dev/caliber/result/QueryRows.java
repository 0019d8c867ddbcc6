package dev.caliber.result;

import dev.caliber.measure.Measure;
import java.util.List;
import java.util.RandomAccess;

/**
 * A run's rows as {@link RunResult#rows()} holds them: an immutable list, one row per query of the
 * query set, every row with the same measures in the same order, that finds a query's row without
 * a scan.
 *
 * <p>The engine hands out its own implementation, which keeps the rows as columns (about half the
 * memory of the records) and makes each row on {@code get}; {@link #of} copies any other list.
 */
public interface QueryRows extends List<QueryResult>, RandomAccess {
  /**
   * The first row whose query ID equals {@code query}.
   *
   * @param query a query ID, compared exactly; may be null
   * @return its index, or -1 when no row has it
   */
  int position(String query);

  /**
   * {@code rows} itself when it is already query rows, else an immutable copy.
   *
   * @param rows the rows, not null, no null element
   * @return the rows as query rows
   * @throws IllegalArgumentException if the rows do not all have the measures of the first, in its
   *     order
   * @throws NullPointerException if {@code rows} or a row is null
   */
  static QueryRows of(List<QueryResult> rows) {
    return rows instanceof QueryRows q ? q : new ListRows(rows);
  }

  /**
   * Refuses a row whose measures are not {@code measures} in that order: the one rule every row of a
   * result keeps.
   *
   * @param index the row's index, for the message
   * @param row the row, not null
   * @param measures the measures every row must have, in order
   * @throws IllegalArgumentException if the row's measures differ
   */
  static void requireMeasures(int index, QueryResult row, List<Measure> measures) {
    if (!List.copyOf(row.values().keySet()).equals(measures)) {
      throw new IllegalArgumentException("illegal row " + index + " (query " + row.query() + "): its measures "
          + row.values().keySet() + " must be " + measures + ", in that order");
    }
  }
}
