package dev.caliber.measure;

/**
 * S-recall@k: subtopic recall (Zhai, Cohen and Lafferty, SIGIR 2003) as TREC's ndeval computes it
 * ({@code strec@k}) and ir_measures names it ({@code StRecall@20}, {@code StRecall(rel=2)@10}): the
 * share of the query's subtopics that the first k documents cover.
 *
 * <pre>  StRecall@k = |{subtopics with a relevant document among the first k}| / S</pre>
 *
 * <p>S is the number of subtopics with a relevant document; a query without any scores 0. Without
 * {@code @k} the whole ranking counts. Exact.
 */
public final class SubtopicRecall extends IntentAwareMeasure {
  /**
   * StRecall.
   *
   * @param rel the lowest relevant subtopic label, or null for the protocol's threshold
   * @param cutoff k, or 0 for the whole ranking
   */
  public SubtopicRecall(Integer rel, int cutoff) {
    super("StRecall", rel, cutoff, "", false);
  }

  @Override
  Value value(Query q) {
    boolean[] seen = new boolean[q.intents.subtopics()];
    int covered = 0;
    for (int i = 0; i < q.depth(); i++) {
      int[] p = q.docs[i];
      for (int k = 0; p != null && k < p.length; k += 2) {
        if (p[k + 1] >= q.rel && !seen[p[k]]) {
          seen[p[k]] = true;
          covered++;
        }
      }
    }
    return Value.of(covered, q.s);
  }
}
