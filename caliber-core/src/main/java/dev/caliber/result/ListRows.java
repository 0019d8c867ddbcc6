package dev.caliber.result;

import dev.caliber.measure.Measure;
import java.util.AbstractList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Query rows copied from a list of records, for results built outside the engine ({@link QueryRows#of}). */
final class ListRows extends AbstractList<QueryResult> implements QueryRows {
  private final List<QueryResult> rows;
  private final Map<String, Integer> positions;

  ListRows(List<QueryResult> rows) {
    this.rows = List.copyOf(rows);
    this.positions = new HashMap<>(Math.max(16, this.rows.size() * 2));
    List<Measure> measures = this.rows.isEmpty() ? List.of() : List.copyOf(this.rows.get(0).values().keySet());
    for (int i = 0; i < this.rows.size(); i++) {
      QueryResult row = Objects.requireNonNull(this.rows.get(i), "row");
      QueryRows.requireMeasures(i, row, measures);
      positions.putIfAbsent(row.query(), i);
    }
  }

  @Override
  public QueryResult get(int i) {
    return rows.get(i);
  }

  @Override
  public int size() {
    return rows.size();
  }

  @Override
  public int position(String query) {
    Integer i = positions.get(query);
    return i == null ? -1 : i;
  }
}
