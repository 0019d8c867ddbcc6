/**
 * The evaluation history (docs/HISTORY.md), kept out of caliber-core so that core keeps one
 * runtime dependency. {@code History} opens a file with every check made before anything is
 * written ({@code History.open}), or opens one for reading ({@code History.read}: a file this
 * process may only read through a read-only connection that creates nothing beside it); {@code
 * History.record} adds a result in one immediate transaction ({@code History.stage} and {@code
 * History.commit} in two steps); {@code History.list}, {@code History.entry}, {@code
 * History.result} and {@code History.testLooks} read it. Data: {@code Recording} (what a caller
 * adds to a result: time, run SHA-256, split, test, metadata, version), {@code Recorded} (ID, test
 * looks, repeat), {@code Entry}, {@code Filter}; {@code HistoryException} is a file that is not a
 * usable history. A recorded result is rebuilt as a {@code RunResult} under a protocol with the
 * recorded policy, measures, query set and fingerprint and no judgments, so that the comparison
 * and the writers take it as they take a fresh one.
 *
 * <p>Rules held here once: the schema, its versions and which files are refused (the
 * package-private {@code Schema}); every SQL statement, prepared, and how counts and repeats are
 * found (the package-private {@code Rows}, {@code Rows.insert}); what a test split is ({@code
 * Recording.isTestSplit}); when a look is recorded, staged and committed only once the output is
 * written ({@code History.stage}, {@code History.commit}; the command line's {@code
 * HistoryOptions.record} and {@code HistoryOptions.committing}).
 */
package dev.caliber.history;
