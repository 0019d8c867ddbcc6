package dev.caliber.io.read;

import dev.caliber.error.Location;
import dev.caliber.protocol.Origin;
import java.util.Map;

/**
 * Origins of values read from line files: the line each entry came from, stored compactly. A path
 * that names nothing known gives the file alone.
 */
final class LineOrigin {
  private LineOrigin() {}

  /**
   * For runs: {@code locate(q)} is the line of q's first entry, {@code locate(q, i)} the line of
   * q's i-th entry in file order.
   */
  static Origin ofEntries(String source, Map<String, int[]> lines) {
    return path -> {
      if (path.length >= 1 && path[0] instanceof String q && lines.get(q) != null) {
        int[] l = lines.get(q);
        if (path.length == 1) {
          return Location.ofLine(source, l[0]);
        }
        if (path.length == 2 && path[1] instanceof Integer i && i >= 0 && i < l.length) {
          return Location.ofLine(source, l[i]);
        }
      }
      return Location.ofFile(source);
    };
  }

  /**
   * For records that fill consecutive lines from line 1 (JSON Lines, where blank lines are errors):
   * {@code locate(id, ...)} is the line of the record with that ID. Holds only the IDs in line order;
   * the index is built on the first look-up, which normally happens only to report an error.
   */
  static Origin ofConsecutiveRecords(String source, String[] idsInLineOrder) {
    return new Origin() {
      private volatile Map<String, Integer> index;

      @Override
      public Location locate(Object... path) {
        if (path.length >= 1 && path[0] instanceof String id) {
          Integer i = index().get(id);
          if (i != null) {
            return Location.ofLine(source, i + 1L);
          }
        }
        return Location.ofFile(source);
      }

      private Map<String, Integer> index() {
        Map<String, Integer> m = index;
        if (m == null) {
          m = new java.util.HashMap<>(idsInLineOrder.length * 2);
          for (int i = 0; i < idsInLineOrder.length; i++) {
            m.put(idsInLineOrder[i], i);
          }
          index = m;
        }
        return m;
      }
    };
  }
}
