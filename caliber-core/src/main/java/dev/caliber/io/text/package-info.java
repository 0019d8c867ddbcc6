/**
 * Byte-level input (exported to caliber-cli only): {@code Compression} (gzip read, other
 * compressions refused, sizes bounded), {@code LineReader} (a line at a time: strict UTF-8,
 * limits), {@code LineBlocks} and {@code BlockCursor} (the same rules in blocks for worker
 * threads), {@code
 * Fields}, {@code Decimals} (exact score parsing, with its table {@code PowersOfTen128}), {@code
 * GzipDecoder}, {@code EditDistance}, and {@code EntryBlock}, the form the engine scores: document
 * IDs as UTF-8 bytes with their hashes, scores, ranks, lines.
 *
 * <p>Rules held here once: which compressions an input may be in, gzip read and bzip2, xz, zstd
 * and zip named and refused ({@code Compression.decoded}); which typed names are near misses, for
 * "did you mean" on options, commands and measures ({@code EditDistance}).
 */
package dev.caliber.io.text;
