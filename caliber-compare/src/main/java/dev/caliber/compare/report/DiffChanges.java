package dev.caliber.compare.report;

import dev.caliber.compare.diff.DocumentRanks;
import dev.caliber.compare.diff.TopK;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** How the readable diff reports list one top k's documents and word each one's change: the one place for both. */
final class DiffChanges {
  private DiffChanges() {}

  /** B's top k in B's order (the documents of both lists and the new ones), then the dropped ones in A's order. */
  static List<DocumentRanks> inBOrder(TopK t) {
    List<DocumentRanks> inB = new ArrayList<>(t.common());
    inB.addAll(t.added());
    inB.sort(Comparator.comparing(DocumentRanks::rankB));
    List<DocumentRanks> out = new ArrayList<>(inB);
    out.addAll(t.dropped());
    return out;
  }

  /**
   * A document's change at cutoff k: {@code same}, {@code up 2}, {@code down 1}, {@code new} (with
   * A's rank when A ranks it deeper), {@code dropped}. No character that Markdown or HTML would take
   * for markup.
   */
  static String change(DocumentRanks r, int k) {
    boolean inA = r.rankA() != null && r.rankA() <= k;
    boolean inB = r.rankB() != null && r.rankB() <= k;
    if (inA && inB) {
      int by = r.rankA() - r.rankB();
      return by == 0 ? "same" : by > 0 ? "up " + by : "down " + -by;
    }
    if (inB) {
      return r.rankA() == null ? "new" : "new (from " + r.rankA() + ")";
    }
    return r.rankB() == null ? "dropped" : "dropped (to " + r.rankB() + ")";
  }
}
