/**
 * Is run B better than run A? Paired per-query comparisons with declared statistics (bootstrap
 * interval, randomization test, paired t-test, effect size, Holm's correction) and the readable
 * reports (Markdown, HTML, LaTeX, CSV/TSV, JSON) that render them. Start with {@link
 * dev.caliber.compare.Compare}; what changed between two runs, before anyone judged: {@link
 * dev.caliber.compare.diff.Diff}.
 */
module dev.caliber.compare {
  requires transitive dev.caliber.core;
  // the statistics' procedures take and give the seeded generators' types
  requires transitive org.apache.commons.rng.api;
  requires transitive org.apache.commons.rng.simple;
  requires org.apache.commons.statistics.distribution;
  requires org.apache.commons.statistics.inference;

  exports dev.caliber.compare;
  exports dev.caliber.compare.agreement;
  exports dev.caliber.compare.diff;
  exports dev.caliber.compare.gate;
  exports dev.caliber.compare.report;
  exports dev.caliber.compare.stats;
}
