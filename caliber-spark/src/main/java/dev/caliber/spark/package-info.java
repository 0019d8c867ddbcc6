/**
 * caliber on Apache Spark (docs/SPARK.md), this package the module's whole API: {@code
 * SparkInputs} (runs and judgments as Spark inputs, and the driver's {@code EvalProtocol}), {@code
 * SparkEvaluation} (queries scored on executors with {@code QueryScoring.score}, each run merged
 * on the driver with {@code QueryScoring.merge}), {@code SparkInputException} (a violation found
 * on an executor, with caliber's message) and {@code CaliberSparkJob} (the spark-submit main, with
 * caliber evaluate's option names; the command line's mixins are not reused, so the jar does not
 * carry the command line, but the preset and pooled-coverage rules are the library's, {@code
 * Preset.chosen} and {@code Measures.withJudgedCoverage}).
 *
 * <p>No module-info: Spark's jars declare no module name and their file names give none that is
 * legal, so no named module can require them. The jar's manifest names the module
 * dev.caliber.spark (Automatic-Module-Name); {@code SparkPackageTest} fails on a second package
 * and on any use of a core package that core's descriptor does not export to everyone or to
 * dev.caliber.spark, since on the class path the exports do not apply.
 */
package dev.caliber.spark;
