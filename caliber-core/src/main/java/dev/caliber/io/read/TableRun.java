package dev.caliber.io.read;

import dev.caliber.error.Location;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * A run read from rows that name their columns (CSV, JSON records), as a TREC run's lines are
 * read: queries in order of their first row, each query's entries in row order, the policy's
 * ordering deciding later whether that order or the scores rank them. Without a rank column an
 * entry's rank is its position among its query's rows (1, 2, ...); without a score column its
 * score is minus its rank, as for MS MARCO's three columns, so that both orderings agree.
 */
final class TableRun {
  private final Map<String, Entries> byQuery = new LinkedHashMap<>();

  /**
   * Adds one row.
   *
   * @param score the score, or NaN when the run has no score column
   * @param rank the rank, or null when the run has no rank column
   * @param position where the row is: its line (CSV) or its index (JSON records)
   */
  void add(String query, String doc, double score, Long rank, int position) {
    Entries e = byQuery.computeIfAbsent(query, q -> new Entries());
    long r = rank != null ? rank : e.size() + 1L;
    e.add(doc, Double.isNaN(score) ? -r : score, r, position);
  }

  boolean isEmpty() {
    return byQuery.isEmpty();
  }

  /**
   * The run, {@code locate(q, i)} naming the place of q's i-th row and {@code locate(q)} its first.
   *
   * @param source the input's name, for paths that name nothing known
   * @param at the place of a row from its position
   */
  ScoredRun build(String name, String source, IntFunction<Location> at) {
    Map<String, RankedList> lists = new LinkedHashMap<>(byQuery.size() * 2);
    Map<String, int[]> positions = new LinkedHashMap<>(byQuery.size() * 2);
    byQuery.forEach((q, e) -> {
      positions.put(q, e.positions());
      lists.put(q, e.toList());
    });
    return ScoredRun.of(name, lists, path -> {
      int[] p = path.length >= 1 && path[0] instanceof String q ? positions.get(q) : null;
      if (p != null && path.length == 1) {
        return at.apply(p[0]);
      }
      if (p != null && path.length == 2 && path[1] instanceof Integer i && i >= 0 && i < p.length) {
        return at.apply(p[i]);
      }
      return Location.ofFile(source);
    });
  }

  /**
   * One query's entries in input order, in growable parallel arrays, with each one's position (its
   * line, or its index); shared with {@link TrecRunReader}.
   */
  static class Entries {
    private String[] docs = new String[16];
    private double[] scores = new double[16];
    private long[] ranks = new long[16];
    private int[] positions = new int[16];
    private int size;

    void add(String doc, double score, long rank, int position) {
      if (size == docs.length) {
        int n = size * 2;
        docs = Arrays.copyOf(docs, n);
        scores = Arrays.copyOf(scores, n);
        ranks = Arrays.copyOf(ranks, n);
        positions = Arrays.copyOf(positions, n);
      }
      docs[size] = doc;
      scores[size] = score;
      ranks[size] = rank;
      positions[size] = position;
      size++;
    }

    /** The number of entries so far. */
    int size() {
      return size;
    }

    /** The entries as a list; the accumulator's arrays are let go, so call it last. */
    RankedList toList() {
      RankedList list = RankedList.of(Arrays.copyOf(docs, size), Arrays.copyOf(scores, size), Arrays.copyOf(ranks, size));
      docs = null;
      scores = null;
      ranks = null;
      return list;
    }

    /** Each entry's position, in order. */
    int[] positions() {
      return Arrays.copyOf(positions, size);
    }
  }
}
