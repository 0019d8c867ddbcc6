/**
 * The chunk adapter: {@code ChunkMapping} (chunk to document), {@code ChunkAdapter} (a chunk run
 * collapsed to a document run at each document's first occurrence, every input validated first,
 * fingerprinted as adapter_sha256), {@code AdaptedRun} with its evidence ({@code QueryEvidence},
 * {@code DocumentEvidence}), and {@code AdapterViolations}.
 *
 * <p>Rules held here once: the collapse and its checks, under the seed's queries or a judgments'
 * query set ({@code ChunkAdapter.adapt}, both forms; {@code ChunkAdapter.validate} is the seed's
 * order).
 */
package dev.caliber.chunk;
