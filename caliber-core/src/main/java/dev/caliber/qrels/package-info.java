/**
 * The judgments' internals for caliber's own code, not exported (but to caliber-spark, whose
 * driver and executors build qrels): {@code QrelsBuilder}, which the readers fill one judgment at
 * a time and which builds a {@code dev.caliber.protocol.Qrels}, and {@code QrelsAccess}, through
 * which the engine and the readers reach a {@code Qrels}' columns ({@code
 * dev.caliber.internal.QrelsColumns}: document IDs as UTF-8 bytes with their hashes, labels,
 * sources and lines, by judgment index).
 *
 * <p>Why a package of its own: {@code Qrels} is exported and keeps a map API ({@code row}, {@code
 * asMap}, {@code exactLabel}, {@code source}); its columns sit below it, in {@code
 * dev.caliber.internal}, which every package may use but which cannot name {@code Qrels}. Making a
 * {@code Qrels} of columns, and reading a {@code Qrels}' columns, needs a package above both: this
 * one. {@code Qrels} opens itself to it by installing a door ({@code
 * dev.caliber.internal.QrelsSecrets}, the JDK's "shared secrets") in its static initializer, so
 * that no public method of {@code Qrels} hands out bytes.
 */
package dev.caliber.qrels;
