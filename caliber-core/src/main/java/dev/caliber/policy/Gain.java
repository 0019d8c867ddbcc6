package dev.caliber.policy;

/** How a graded label becomes nDCG gain. Labels below 0 never gain (see docs/MEASURES.md). */
public enum Gain {
  /** gain = label, as trec_eval's ndcg and ndcg_cut. */
  LINEAR,
  /** gain = 2^label - 1 (Burges et al., 2005), as many learning-to-rank papers use. */
  EXPONENTIAL
}
