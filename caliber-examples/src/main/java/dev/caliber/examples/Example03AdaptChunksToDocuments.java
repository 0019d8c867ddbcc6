package dev.caliber.examples;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.chunk.AdaptedRun;
import dev.caliber.chunk.ChunkAdapter;
import dev.caliber.chunk.ChunkMapping;
import dev.caliber.chunk.DocumentEvidence;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;

/**
 * Example 3: a RAG retriever returns chunks; the judgments are about documents.
 *
 * <p>The chunk adapter maps each chunk to its document and keeps a document at the rank of its
 * first chunk (first occurrence), after checking everything (every chunk known, every document in
 * the corpus, no chunk twice). The document run is then evaluated like any other; the evidence
 * says which chunk put each document where it is, and the adapter's fingerprint names the mapping.
 */
public final class Example03AdaptChunksToDocuments {
  private Example03AdaptChunksToDocuments() {}

  /**
   * Runs the example.
   *
   * @param args not used
   */
  public static void main(String[] args) {
    Corpus corpus = Corpus.of(Map.of("refunds", "How refunds work", "shipping", "Shipping times", "returns", "Returning an item"));
    Queries queries = Queries.of(Map.of("q1", new Query("how do I get my money back", "test")));
    ChunkMapping mapping = ChunkMapping.of(Map.of(
        "refunds#1", "refunds", "refunds#2", "refunds", "shipping#1", "shipping", "returns#1", "returns"));
    // The retriever's chunks, best first: two chunks of one document.
    Run chunks = Run.of("dense", Map.of("q1", List.of("shipping#1", "refunds#2", "refunds#1", "returns#1")));

    AdaptedRun adapted = ChunkAdapter.adapt(corpus, queries, mapping, chunks, "test");
    System.out.println("document run: " + adapted.documentRun().asMap());
    for (DocumentEvidence e : adapted.evidence().get("q1").documents()) {
      System.out.println("  " + e.documentId() + " from chunk " + e.firstChunkId() + " at rank " + e.firstChunkRank()
          + " (chunks at " + e.chunkRanks() + ")");
    }
    System.out.println("adapter sha256 " + adapted.adapterSha256());

    RunResult r = Eval.evaluate(Eval.qrels(Map.of("q1", Map.of("refunds", 1, "returns", 1, "shipping", 0))),
        Eval.rankings("dense", adapted.documentRun().asMap()), Preset.STRICT, "RR@10", "R@2");
    r.summaries().forEach(s -> System.out.println(s.measure() + " = " + s.mean()));
  }
}
