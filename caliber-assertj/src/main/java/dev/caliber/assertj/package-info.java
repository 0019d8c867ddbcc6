/**
 * Relevance tests in a JVM build (README, "Relevance tests"). {@code CaliberAssertions.assertThat}
 * gives {@code RunResultAssert} ({@code measure(name)} to a {@code MeasureAssert}, {@code
 * hasNoMissingQueries}, {@code isFullyJudgedAt}, read from Judged@k) and {@code ComparisonAssert}
 * ({@code measure(name)} to a {@code PairedComparisonAssert}: {@code hasNoSignificantLoss} and
 * {@code noQueryWorseThan}, decided by {@code dev.caliber.compare.gate.Gate}); the package-private
 * {@code Describe} words what every failure shares (protocol, policy, the worst queries with their
 * first relevant rank). {@code Baseline} records and checks per-query values in a JSON file, read
 * by caliber's strict JSON reader through a qualified export of {@code dev.caliber.io.read},
 * written through {@code dev.caliber.io.write.AtomicFile}, and compared with {@code
 * dev.caliber.compare.stats.SignFlip}; {@code BaselineExtension} gives a test method its own. The
 * module's tests run on the class path: JUnit's API is a main dependency here.
 */
package dev.caliber.assertj;
