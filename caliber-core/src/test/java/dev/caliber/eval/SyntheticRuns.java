package dev.caliber.eval;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A named shared fixture: a deterministic MS MARCO-like run and qrels, small enough for CI. Scores
 * tie often (steps of 0 between neighbours, and ties straddling cutoffs), document IDs mix lengths
 * and non-ASCII characters (so that byte order and code point order both matter), labels are
 * graded from -1 to 3, some queries have many judged documents (more than the scorer's insertion
 * sort handles), some none, some judged queries are missing from the run, and some run queries
 * are not judged.
 */
final class SyntheticRuns {
  final String qrels;
  final List<List<String>> queries = new ArrayList<>();
  final List<String> judgedQueries = new ArrayList<>();

  private SyntheticRuns(String qrels) {
    this.qrels = qrels;
  }

  /** {@code queries} x {@code docs} lines, from {@code seed}. */
  static SyntheticRuns of(int queries, int docs, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    StringBuilder qrels = new StringBuilder();
    List<List<String>> lines = new ArrayList<>();
    List<String> judged = new ArrayList<>();
    String[] alphabet = {"a", "b", "Z", "é", "ß", "日", "0", "1", "9", "-"};
    for (int qi = 0; qi < queries; qi++) {
      String qid = "q" + (qi * 7 + rng.nextInt(7));
      Set<String> seen = new HashSet<>();
      List<String> ids = new ArrayList<>();
      while (ids.size() < docs) {
        StringBuilder d = new StringBuilder("D");
        int len = 1 + rng.nextInt(4);
        for (int k = 0; k < len; k++) {
          d.append(alphabet[rng.nextInt(alphabet.length)]);
        }
        if (seen.add(d.toString())) {
          ids.add(d.toString());
        }
      }
      long score = 5000 + rng.nextInt(1000);
      List<String> queryLines = new ArrayList<>();
      for (int i = 0; i < docs; i++) {
        String s = (score % 3 == 0 ? "-" : "") + score / 100 + "." + String.format("%02d", score % 100);
        if (qi % 11 == 0) {
          s = "1"; // every score tied
        }
        queryLines.add(qid + " Q0 " + ids.get(i) + " " + (i + 1) + " " + s + " tagX");
        score -= rng.nextInt(4) == 0 ? 0 : rng.nextInt(3);
      }
      if (qi % 13 != 5) {
        lines.add(queryLines); // some judged queries are missing from the run
      }
      if (qi % 17 == 3) {
        continue; // some run queries are not judged
      }
      judged.add(qid);
      int n = qi % 19 == 0 ? 0 : qi % 7 == 0 ? 60 : 1 + rng.nextInt(12);
      Set<String> used = new HashSet<>();
      for (int j = 0; j < n; j++) {
        String doc = rng.nextInt(4) == 0 ? "unretrieved" + j : ids.get(rng.nextInt(docs));
        if (used.add(doc)) {
          qrels.append(qid).append(" 0 ").append(doc).append(' ').append(rng.nextInt(5) - 1).append('\n');
        }
      }
      if (n == 0 && qi % 2 == 0) {
        qrels.append(qid).append(" 0 nothing 0\n"); // judged, no relevant document
      }
    }
    SyntheticRuns r = new SyntheticRuns(qrels.toString());
    r.queries.addAll(lines);
    r.judgedQueries.addAll(judged);
    return r;
  }

  /** The run grouped by query. */
  byte[] grouped() {
    StringBuilder sb = new StringBuilder();
    for (List<String> q : queries) {
      for (String line : q) {
        sb.append(line).append('\n');
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The run with every query's second half after all first halves: not grouped. */
  byte[] interleaved() {
    StringBuilder first = new StringBuilder();
    StringBuilder second = new StringBuilder();
    for (List<String> q : queries) {
      for (int i = 0; i < q.size(); i++) {
        (i < q.size() / 2 ? first : second).append(q.get(i)).append('\n');
      }
    }
    return (first.toString() + second).getBytes(StandardCharsets.UTF_8);
  }

  /** Query to lines, for tests that edit the run. */
  Map<Integer, List<String>> byIndex() {
    Map<Integer, List<String>> m = new LinkedHashMap<>();
    for (int i = 0; i < queries.size(); i++) {
      m.put(i, queries.get(i));
    }
    return m;
  }
}
