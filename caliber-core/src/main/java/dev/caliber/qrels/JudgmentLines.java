package dev.caliber.qrels;

import dev.caliber.error.Location;
import dev.caliber.internal.QrelsColumns;
import dev.caliber.protocol.Origin;

/**
 * The origin of judgments read from a line file ({@link QrelsBuilder#build(String)}): {@code
 * locate(q)} is the line of q's first judgment, {@code locate(q, doc)} the line of that judgment,
 * and any other path the file.
 */
final class JudgmentLines implements Origin {
  private final String source;
  private final QrelsColumns columns;

  JudgmentLines(String source, QrelsColumns columns) {
    this.source = source;
    this.columns = columns;
  }

  @Override
  public Location locate(Object... path) {
    if (path.length >= 1 && path[0] instanceof String q) {
      int i = columns.queryPosition(q);
      if (i >= 0 && path.length == 1 && columns.judgmentsFrom(i) < columns.judgmentsTo(i)) {
        return Location.ofLine(source, columns.line(columns.judgmentsFrom(i)));
      }
      int j = i >= 0 && path.length == 2 ? columns.find(i, path[1]) : -1;
      if (j >= 0) {
        return Location.ofLine(source, columns.line(j));
      }
    }
    return Location.ofFile(source);
  }
}
