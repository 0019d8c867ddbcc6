/**
 * Output (exported to caliber-cli, caliber-assertj and caliber-spark): {@code AtomicFile},
 * caliber's one way of writing a file, whole or not at all (a temporary file beside the target,
 * named after it and the process, then an atomic move; removed on SIGTERM, and stale ones of dead
 * processes removed by the next write; a device or named pipe written straight to, {@code
 * AtomicFile.isDevice}); and {@code Utf8Pieces}, the one way outputs turn text into bytes (UTF-8,
 * a surrogate pair never split between pieces), for {@code AtomicFile} and the command line's
 * standard output.
 *
 * <p>Rules held here once: writing a file whole or not at all, and two files that belong together,
 * a fused run and its sidecar ({@code AtomicFile.write}, {@code AtomicFile.writeBoth}). The
 * command line's -o, the Spark job's -o and the JUnit baselines write through it.
 */
package dev.caliber.io.write;
