package dev.caliber.measure;

import java.util.Arrays;
import java.util.Objects;

/**
 * One query's preference judgments, as trec_eval reads them ({@code -R prefs}: {@code qid jg jsg
 * docno rel_level}; {@code -R qrels_prefs}: a qrels file whose second column is the group and
 * every group one subgroup): within a judgment subgroup (JSG) every document is preferred to every
 * document of a lower level; the subgroups of a judgment group (JG, one user's need) add up, with
 * the preferences they imply (A over B in one, B over C in another gives A over C). A level above
 * 0 marks the document relevant for the group, 0 non-relevant.
 *
 * <p>Documents are numbered 0 to {@link #documents()} - 1 in code point order of their IDs
 * (trec_eval's strcmp order, which decides where the documents a run lacks go). The judgments are
 * kept sorted by group, subgroup (each numbered in code point order of its ID), level highest
 * first, then document. Immutable.
 */
public final class PreferenceJudgments {
  private final int documents;
  private final int[] group;
  private final int[] subgroup;
  private final int[] document;
  private final double[] level;

  /**
   * The judgments of one query.
   *
   * @param documents the number of documents judged, 1 or more
   * @param group each judgment's group number, 0 or more (numbers in code point order of the IDs)
   * @param subgroup each judgment's subgroup number, unique across the query's groups
   * @param document each judgment's document number, 0 to {@code documents - 1}
   * @param level each judgment's level, finite
   * @throws IllegalArgumentException if the arrays differ in length or a number is out of range
   */
  public PreferenceJudgments(int documents, int[] group, int[] subgroup, int[] document, double[] level) {
    int n = group.length;
    if (subgroup.length != n || document.length != n || level.length != n || n == 0) {
      throw new IllegalArgumentException("preference judgments need one group, subgroup, document and level each, at least one");
    }
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      if (document[i] < 0 || document[i] >= documents || !Double.isFinite(level[i])) {
        throw new IllegalArgumentException("illegal preference judgment " + i + ": document " + document[i] + ", level " + level[i]);
      }
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> group[a] != group[b] ? Integer.compare(group[a], group[b])
        : subgroup[a] != subgroup[b] ? Integer.compare(subgroup[a], subgroup[b])
        : level[a] != level[b] ? Double.compare(level[b], level[a]) : Integer.compare(document[a], document[b]));
    this.documents = documents;
    this.group = new int[n];
    this.subgroup = new int[n];
    this.document = new int[n];
    this.level = new double[n];
    for (int i = 0; i < n; i++) {
      this.group[i] = group[order[i]];
      this.subgroup[i] = subgroup[order[i]];
      this.document[i] = document[order[i]];
      this.level[i] = level[order[i]];
    }
  }

  /**
   * The number of documents judged.
   *
   * @return J, 1 or more
   */
  public int documents() {
    return documents;
  }

  /**
   * The number of judgments.
   *
   * @return 1 or more
   */
  public int size() {
    return group.length;
  }

  /**
   * The judgments as rows {@code [group, subgroup, document, level]}, in the kept order: what a
   * fingerprint hashes.
   *
   * @return an immutable list of immutable rows
   */
  public java.util.List<java.util.List<Number>> rows() {
    java.util.List<java.util.List<Number>> out = new java.util.ArrayList<>(size());
    for (int i = 0; i < size(); i++) {
      out.add(java.util.List.of(group[i], subgroup[i], document[i], level[i]));
    }
    return java.util.List.copyOf(out);
  }

  int group(int i) {
    return group[i];
  }

  int subgroup(int i) {
    return subgroup[i];
  }

  int document(int i) {
    return document[i];
  }

  double level(int i) {
    return level[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PreferenceJudgments p && p.documents == documents && Arrays.equals(p.group, group)
        && Arrays.equals(p.subgroup, subgroup) && Arrays.equals(p.document, document) && Arrays.equals(p.level, level);
  }

  @Override
  public int hashCode() {
    return Objects.hash(documents, Arrays.hashCode(document), Arrays.hashCode(level));
  }
}
