package dev.caliber.engine;

import dev.caliber.internal.StringIndex;
import java.util.List;

/**
 * The position of each query of a query set, shared by the threads that score blocks: the query
 * set's own strings and one {@link StringIndex}, about 12 bytes a query where a map to boxed
 * positions costs about 50 (a query set of 100,000 is common).
 */
final class QuerySetIndex {
  private final String[] ids;
  private final StringIndex index;

  private QuerySetIndex(String[] ids) {
    this.ids = ids;
    this.index = StringIndex.of(ids, ids.length);
  }

  /** An index of {@code querySet}, whose IDs are distinct ({@code EvalProtocol} checks). */
  static QuerySetIndex of(List<String> querySet) {
    return new QuerySetIndex(querySet.toArray(new String[0]));
  }

  /** The position of {@code query} in the query set, or -1. */
  int indexOf(String query) {
    return index.indexOf(ids, query);
  }

  /** The query set's own string at {@code position}. */
  String id(int position) {
    return ids[position];
  }
}
