/**
 * AssertJ assertions on caliber's results, for relevance tests inside a JVM build: {@code
 * assertThat(result).measure("nDCG@10").isAtLeast(0.42)}, and for two runs {@code
 * assertThat(comparison).measure("RR@10").hasNoSignificantLoss()}. A failure names the measure, the
 * expected and actual values, the protocol's fingerprint and policy, and the worst queries. {@link
 * dev.caliber.assertj.Baseline} keeps a run's per-query values in a file and fails when a later run
 * is significantly worse. Start with {@link dev.caliber.assertj.CaliberAssertions}.
 */
module dev.caliber.assertj {
  requires transitive dev.caliber.core;
  requires transitive dev.caliber.compare;
  requires transitive org.assertj.core;
  requires transitive org.junit.jupiter.api;

  exports dev.caliber.assertj;
}
