package dev.caliber.report;

import dev.caliber.chunk.AdaptedRun;
import dev.caliber.chunk.DocumentEvidence;
import dev.caliber.chunk.QueryEvidence;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Renders results as the seed's JSON: keys in the seed's order, fractions as strings ({@code
 * "5/6"}), null as JSON null, indent 2, non-ASCII as is, and a final newline. Computes nothing.
 */
public final class ReportJson {
  private ReportJson() {}

  /**
   * The report as ordered JSON data, keys as the seed names them.
   *
   * @param r the seed protocol's report, not null
   * @return a new map in the seed's key order; the means are fraction strings, or null when no
   *     query is eligible
   */
  public static Map<String, Object> toData(EvaluationReport r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("protocol_sha256", r.protocolSha256());
    m.put("split", r.split());
    m.put("k", r.k());
    m.put("total_queries", r.totalQueries());
    m.put("eligible_queries", r.eligibleQueries());
    m.put("no_relevant_queries", r.noRelevantQueries());
    m.put("missing_queries", r.missingQueries());
    m.put("recall_at_k", text(r.recallAtK()));
    m.put("mrr_at_k", text(r.mrrAtK()));
    m.put("rows", r.rows().stream().map(ReportJson::row).toList());
    return m;
  }

  private static Map<String, Object> row(QueryRow row) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", row.query());
    m.put("missing", row.missing());
    m.put("returned", row.returned());
    m.put("relevant", row.relevant());
    m.put("hits", row.hits());
    m.put("first_relevant_rank", row.firstRelevantRank());
    m.put("recall", text(row.recall()));
    m.put("rr", text(row.rr()));
    return m;
  }

  /**
   * The adapter's output as ordered JSON data: adapter_sha256, document_runs, evidence.
   *
   * @param adapted the chunk adapter's result, not null
   * @return a new map with those three keys in that order; the evidence in the adapter's query
   *     order
   */
  public static Map<String, Object> toData(AdaptedRun adapted) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("adapter_sha256", adapted.adapterSha256());
    m.put("document_runs", adapted.documentRun().asMap());
    Map<String, Object> evidence = new LinkedHashMap<>();
    adapted.evidence().forEach((q, e) -> evidence.put(q, evidence(e)));
    m.put("evidence", evidence);
    return m;
  }

  private static Map<String, Object> evidence(QueryEvidence e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("received_chunks", e.receivedChunks());
    m.put("distinct_documents", e.distinctDocuments());
    List<Map<String, Object>> docs = e.documents().stream().map(ReportJson::document).toList();
    m.put("documents", docs);
    return m;
  }

  private static Map<String, Object> document(DocumentEvidence d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("document_id", d.documentId());
    m.put("first_chunk_id", d.firstChunkId());
    m.put("first_chunk_rank", d.firstChunkRank());
    m.put("chunk_ranks", d.chunkRanks());
    return m;
  }

  /**
   * Pretty JSON text with the final newline the seed's files end with.
   *
   * @param data JSON data, such as either {@code toData}'s result; maps keep their own key order
   * @return the text, indent 2, non-ASCII as is, ending with {@code \n}
   * @throws IllegalArgumentException if {@code data} holds a value JSON cannot represent
   */
  public static String render(Object data) {
    return PyJson.pretty(data) + "\n";
  }

  /**
   * {@link #render(Object)}'s text handed to {@code out} in pieces (see {@link
   * PyJson#pretty(Object, Consumer)}), so that a large report is never one string.
   *
   * @param data JSON data, such as either {@code toData}'s result
   * @param out receives the text in order, the final newline last; must copy or write each piece
   *     before returning
   * @throws IllegalArgumentException if {@code data} holds a value JSON cannot represent
   */
  public static void render(Object data, Consumer<? super CharSequence> out) {
    PyJson.pretty(data, out);
    out.accept("\n");
  }

  private static String text(Fraction f) {
    return f == null ? null : f.toString();
  }
}
