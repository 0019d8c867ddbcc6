/**
 * Frozen protocols: a {@link dev.caliber.api.lock.Lock} records a protocol's fingerprint, every
 * declared setting, caliber's version, each input file's SHA-256 ({@link
 * dev.caliber.api.lock.LockInputs}) and, optionally, what made the runs. It is written and read
 * strictly as a lock file (the package-private {@code LockJson}, which also words the settings),
 * and checked against a later evaluation's protocol and runs (the package-private {@code
 * LockCheck}), every way they differ being a {@link dev.caliber.api.lock.LockDifference}.
 */
package dev.caliber.api.lock;
