package dev.caliber.measure;

import java.util.Arrays;

/**
 * trec_eval's preference counts for one query and ranking (form_prefs_counts.c), which every
 * preference measure reads: per judgment group the preferences fulfilled and possible among the
 * retrieved documents ("ret"), between a retrieved and an unretrieved one ("imp", implied: the
 * retrieved one is taken to rank above), and between two unretrieved ones ("notoccur"); the
 * relevant and non-relevant documents judged and retrieved; the recounts of {@code
 * prefs_avgjg_Rnonrel} (m_prefs_avgjg_Rnonrel.c, m_prefs_avgjg_Rnonrel_ret.c); and, over all
 * groups, how many groups prefer each document to each other one.
 *
 * <p>Documents get trec_eval's internal ranks: the retrieved judged documents 0 to njr - 1 in
 * ranking order, equal scores by document ID ascending (form_prefs_counts.c sorts ties so, the
 * other way round from form_res_rels.c), then the unretrieved judged ones in code point order of
 * their IDs. A group with one subgroup is a set of equivalence classes by level; a group with
 * several is a preference matrix closed under transitivity. Memory: J x J counts for J judged
 * documents, as trec_eval's.
 */
final class PreferenceCounts {
  /** One judgment group's counts. */
  static final class Group {
    long fulRet;
    long possRet;
    long fulImp;
    long possImp;
    long possNotoccur;
    long rel;
    long relRet;
    long nonrel;
    long nonrelRet;
    /** prefs_avgjg_Rnonrel's and prefs_avgjg_Rnonrel_ret's fulfilled and possible counts. */
    long rnonrelFul;
    long rnonrelPoss;
    long rnonrelRetFul;
    long rnonrelRetPoss;
  }

  final int judged;
  final int judgedRetrieved;
  final Group[] groups;
  /** counts[i * judged + j]: the groups that prefer the document of internal rank i to that of rank j. */
  final int[] counts;

  private PreferenceCounts(int judged, int judgedRetrieved, Group[] groups, int[] counts) {
    this.judged = judged;
    this.judgedRetrieved = judgedRetrieved;
    this.groups = groups;
    this.counts = counts;
  }

  /**
   * The counts of a ranking.
   *
   * @param p the query's preference judgments
   * @param retrieved the document numbers of the judged documents ranked, in ranking order
   * @param scores their scores, for trec_eval's order of ties
   */
  static PreferenceCounts of(PreferenceJudgments p, int[] retrieved, double[] scores) {
    int n = p.documents();
    int njr = retrieved.length;
    int[] order = retrieved.clone();
    for (int i = 0; i < njr; ) { // each run of equal scores by document number (= ID) ascending
      int j = i + 1;
      while (j < njr && scores[j] == scores[i]) {
        j++;
      }
      Arrays.sort(order, i, j);
      i = j;
    }
    int[] rank = new int[n];
    Arrays.fill(rank, -1);
    for (int i = 0; i < njr; i++) {
      rank[order[i]] = i;
    }
    int next = njr;
    for (int d = 0; d < n; d++) {
      if (rank[d] < 0) {
        rank[d] = next++;
      }
    }
    int[] counts = new int[n * n];
    java.util.List<Group> groups = new java.util.ArrayList<>();
    for (int start = 0; start < p.size(); ) {
      int end = start;
      boolean several = false;
      while (end < p.size() && p.group(end) == p.group(start)) {
        several |= p.subgroup(end) != p.subgroup(start);
        end++;
      }
      groups.add(several ? matrix(p, start, end, rank, n, njr, counts) : classes(p, start, end, rank, n, njr, counts));
      start = end;
    }
    return new PreferenceCounts(n, njr, groups.toArray(new Group[0]), counts);
  }

  /** A group of one subgroup: equivalence classes by level, highest first, each's ranks ascending. */
  private static Group classes(PreferenceJudgments p, int start, int end, int[] rank, int n, int njr, int[] counts) {
    java.util.List<int[]> ecs = new java.util.ArrayList<>();
    java.util.List<Double> levels = new java.util.ArrayList<>();
    for (int i = start; i < end; ) {
      int j = i;
      while (j < end && p.level(j) == p.level(i)) {
        j++;
      }
      int[] ranks = new int[j - i];
      for (int k = i; k < j; k++) {
        ranks[k - i] = rank[p.document(k)];
      }
      Arrays.sort(ranks);
      ecs.add(ranks);
      levels.add(p.level(i));
      i = j;
    }
    Group g = new Group();
    for (int e1 = 0; e1 < ecs.size(); e1++) {
      int[] a = ecs.get(e1);
      long ret = Arrays.stream(a).filter(r -> r < njr).count();
      if (levels.get(e1) > 0) {
        g.relRet += ret;
        g.rel += a.length;
      } else {
        g.nonrelRet += ret;
        g.nonrel += a.length;
      }
      for (int e2 = e1 + 1; e2 < ecs.size(); e2++) {
        for (int r1 : a) {
          for (int r2 : ecs.get(e2)) {
            counts[r1 * n + r2]++;
            if (r1 < r2) {
              if (r2 < njr) {
                g.fulRet++;
              } else if (r1 < njr) {
                g.fulImp++;
              } else {
                g.possNotoccur++;
              }
            } else if (r1 < njr) {
              g.possRet++;
            } else if (r2 < njr) {
              g.possImp++;
            } else {
              g.possNotoccur++;
            }
          }
        }
      }
    }
    g.possRet += g.fulRet;
    g.possImp += g.fulImp;
    // the recounts with only the first R (or R retrieved) non-relevant documents of the last class
    int[] last = ecs.get(ecs.size() - 1);
    long[] all = ecRecount(ecs, Arrays.copyOf(last, (int) Math.min(g.rel, last.length)), njr, false);
    long[] ret = ecRecount(ecs, Arrays.copyOf(last, (int) Math.min(g.relRet, last.length)), njr, true);
    rnonrel(g, all, ret);
    return g;
  }

  private static long[] ecRecount(java.util.List<int[]> ecs, int[] nonrel, int njr, boolean retrievedOnly) {
    long ful = 0;
    long poss = 0;
    for (int e1 = 0; e1 < ecs.size(); e1++) {
      for (int e2 = e1 + 1; e2 <= ecs.size(); e2++) {
        if (e2 == ecs.size() - 1) {
          continue; // the last class is replaced by its first documents, below
        }
        int[] b = e2 == ecs.size() ? nonrel : ecs.get(e2);
        for (int r1 : ecs.get(e1)) {
          if (retrievedOnly && r1 >= njr) {
            break;
          }
          for (int r2 : b) {
            if (retrievedOnly && r2 >= njr) {
              break;
            }
            if (r1 < r2 && (retrievedOnly || r1 < njr)) {
              ful++;
            } else {
              poss++;
            }
          }
        }
      }
    }
    return new long[] {ful, poss + ful};
  }

  /** A group of several subgroups: the preference matrix, closed under transitivity. */
  private static Group matrix(PreferenceJudgments p, int start, int end, int[] rank, int n, int njr, int[] counts) {
    boolean[] a = new boolean[n * n];
    double[] rel = new double[n];
    Arrays.fill(rel, -1.0);
    for (int i = start; i < end; i++) {
      int ri = rank[p.document(i)];
      rel[ri] = p.level(i);
      for (int j = i + 1; j < end && p.subgroup(j) == p.subgroup(i); j++) {
        if (p.level(j) < p.level(i)) {
          a[ri * n + rank[p.document(j)]] = true;
        }
      }
    }
    for (int k = 0; k < n; k++) { // Warshall: the closure trec_eval reaches by repeated products
      for (int i = 0; i < n; i++) {
        if (a[i * n + k]) {
          for (int j = 0; j < n; j++) {
            a[i * n + j] |= a[k * n + j];
          }
        }
      }
    }
    for (int i = 0; i < n; i++) {
      a[i * n + i] = false;
    }
    Group g = new Group();
    for (int i = 0; i < n; i++) {
      if (rel[i] > 0) {
        g.rel++;
        g.relRet += i < njr ? 1 : 0;
      } else if (rel[i] == 0) {
        g.nonrel++;
        g.nonrelRet += i < njr ? 1 : 0;
      }
      for (int j = 0; j < n; j++) {
        if (a[i * n + j]) {
          counts[i * n + j]++;
          if (i < njr && j < njr) {
            g.possRet++;
            g.fulRet += j > i ? 1 : 0;
          } else if (i < njr) {
            g.fulImp++;
            g.possImp++;
          } else if (j < njr) {
            g.possImp++;
          } else {
            g.possNotoccur++;
          }
        }
      }
    }
    rnonrel(g, matrixRecount(a, rel, n, njr, g.rel, false), matrixRecount(a, rel, n, njr, g.rel, true));
    return g;
  }

  /** The matrix without the non-relevant documents after the (R+1)-th in internal rank order. */
  private static long[] matrixRecount(boolean[] a, double[] rel, int n, int njr, long r, boolean retrievedOnly) {
    int scan = retrievedOnly ? njr : n;
    int firstDiscarded = scan;
    long seen = 0;
    for (int i = 0; i < scan; i++) {
      if (rel[i] == 0.0 && ++seen == r + 1) {
        firstDiscarded = i;
        break;
      }
    }
    long ful = 0;
    long poss = 0;
    int rows = retrievedOnly ? njr : n;
    for (int i = 0; i < rows; i++) {
      if (i >= firstDiscarded && rel[i] == 0.0) {
        continue;
      }
      for (int j = 0; j < (retrievedOnly ? njr : n); j++) {
        if (j == i || j >= firstDiscarded && rel[j] == 0.0 || !a[i * n + j]) {
          continue;
        }
        if (i < njr && j > i) {
          ful++; // fulfilled, retrieved or implied
        } else {
          poss++;
        }
      }
    }
    return new long[] {ful, poss + ful};
  }

  private static void rnonrel(Group g, long[] all, long[] ret) {
    long r = g.rel;
    long nr = g.nonrel;
    if (r >= nr) {
      g.rnonrelFul = g.fulRet + g.fulImp + g.relRet * (r - nr);
      g.rnonrelPoss = g.possRet + g.possImp + g.possNotoccur + g.rel * (r - nr);
    } else {
      g.rnonrelFul = all[0];
      g.rnonrelPoss = all[1];
    }
    long rr = g.relRet;
    long nrr = g.nonrelRet;
    if (rr >= nrr) {
      g.rnonrelRetFul = g.fulRet + g.relRet * (rr - nrr);
      g.rnonrelRetPoss = g.possRet + g.rel * (rr - nrr);
    } else {
      g.rnonrelRetFul = ret[0];
      g.rnonrelRetPoss = ret[1];
    }
  }
}
