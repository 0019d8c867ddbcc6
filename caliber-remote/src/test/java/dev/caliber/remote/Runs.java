package dev.caliber.remote;

import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A run as plain data, for comparing two runs: query, then each hit as "doc score", in order. */
final class Runs {
  private Runs() {}

  static List<String> lines(ScoredRun run) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, RankedList> e : run.asMap().entrySet()) {
      out.add("query " + e.getKey());
      RankedList l = e.getValue();
      for (int i = 0; i < l.size(); i++) {
        out.add(l.doc(i) + " " + l.score(i));
      }
    }
    return out;
  }

  /** JSON text of plain data (maps, lists, strings, numbers, booleans, null), for request bodies. */
  static String json(Object v) {
    if (v instanceof Map<?, ?> m) {
      List<String> parts = new ArrayList<>();
      m.forEach((k, x) -> parts.add("\"" + dev.caliber.remote.http.Json.escape(k.toString()) + "\":" + json(x)));
      return "{" + String.join(",", parts) + "}";
    }
    if (v instanceof List<?> l) {
      List<String> parts = new ArrayList<>();
      l.forEach(x -> parts.add(json(x)));
      return "[" + String.join(",", parts) + "]";
    }
    if (v instanceof String s) {
      return "\"" + dev.caliber.remote.http.Json.escape(s) + "\"";
    }
    return String.valueOf(v);
  }
}
