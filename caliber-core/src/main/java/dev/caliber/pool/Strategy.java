package dev.caliber.pool;

import java.util.Locale;

/** How the unjudged pairs of the runs' top k are ranked for judging (docs/POOLING.md). */
public enum Strategy {
  /**
   * Depth-k pooling (Sparck Jones and van Rijsbergen 1975; TREC): every pair of a run's top k, the
   * pairs that more runs retrieve first. Priority: the number of runs.
   */
  DEPTH,
  /**
   * Rank-biased pooling (Moffat, Webber and Zobel 2007): a pair's priority is the sum over the runs
   * of the RBP weight {@code (1 - p) p^(r - 1)} its rank r carries in each run's top k.
   */
  RBP;

  /**
   * The strategy's name on a command line and in outputs.
   *
   * @return {@code depth} or {@code rbp}
   */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
