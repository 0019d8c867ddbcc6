package dev.caliber.protocol;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The data of an {@link EvalProtocol}'s canonical JSON, which its fingerprint hashes ({@link
 * EvalProtocol#sha256()}, {@link EvalProtocol#canonicalJson()}, {@link
 * EvalProtocol#judgmentsSha256}): the judgments with their queries in code point order, each row
 * made as the writer reaches it (exact decimals for labels with a fraction, and the sources'
 * names when the judgments name sources), then the groups, preferences, query set, corpus IDs,
 * policy, measures and subtopic judgments. A member that a plain protocol lacks is absent, not
 * empty, so that older fingerprints stay what they were.
 */
final class ProtocolText {
  private ProtocolText() {}

  /** The protocol's canonical data, every member of its fingerprint. */
  static Map<String, Object> data(EvalProtocol protocol) {
    Qrels qrels = protocol.qrels();
    List<Qrels> groups = protocol.judgmentGroups();
    Preferences preferences = protocol.preferences();
    Corpus corpus = protocol.corpus();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_protocol", 1);
    m.putAll(judgments(qrels));
    if (!groups.isEmpty()) { // absent otherwise: fingerprints without groups are unchanged
      m.put("judgment_groups", groups.stream().map(QrelsInCodePointOrder::new).toList());
    }
    if (preferences != null) { // the union is the qrels above; the rows number its documents
      Map<String, Object> rows = new java.util.TreeMap<>(PyJson.CODE_POINT_ORDER);
      preferences.byQuery().forEach((q, p) -> rows.put(q, p.rows()));
      m.put("preferences", rows);
    }
    m.put("query_set", protocol.querySet());
    m.put("corpus_ids", corpus == null ? null : new ArrayList<>(corpus.ids()).stream().sorted(PyJson.CODE_POINT_ORDER).toList());
    m.put("policy", protocol.policy().toData());
    m.put("measures", protocol.measures().stream().map(Measure::name).toList());
    if (qrels.subtopics() != null) {
      m.put("subtopic_qrels", subtopicData(qrels)); // only then: plain protocols keep their fingerprints
    }
    return m;
  }

  /** The subtopic judgments as {query: {subtopic: {document: label}}}; the canonical writer sorts the keys. */
  private static Map<String, Object> subtopicData(Qrels qrels) {
    Map<String, Object> out = new LinkedHashMap<>();
    QrelsColumns c = qrels.columns();
    for (int q = 0; q < qrels.queryCount(); q++) {
      Map<String, Map<String, Integer>> bySubtopic = new LinkedHashMap<>();
      for (int j = c.judgmentsFrom(q); j < c.judgmentsTo(q); j++) {
        int[] p = qrels.subtopics().pairs(j);
        for (int k = 0; k < p.length; k += 2) {
          bySubtopic.computeIfAbsent(qrels.subtopics().subtopicName(q, p[k]), t -> new LinkedHashMap<>()).put(c.docId(j), p[k + 1]);
        }
      }
      out.put(qrels.queryIds().get(q), bySubtopic);
    }
    return out;
  }

  /** The judgments' members of the canonical text: {@code qrels}, and {@code label_sources} when they name sources. */
  static Map<String, Object> judgments(Qrels qrels) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("qrels", new QrelsInCodePointOrder(qrels));
    if (!qrels.sources().isEmpty()) { // only for judgments that name sources: plain qrels keep their fingerprints
      m.put("label_sources", new QrelsInCodePointOrder(qrels, true));
    }
    return m;
  }

  /**
   * The judgments with their queries in code point order, for the canonical text: the queries are
   * sorted once as an array, and each entry is made as the writer reaches it.
   */
  private static final class QrelsInCodePointOrder extends AbstractMap<String, Map<String, Object>>
      implements PyJson.InCodePointOrder {
    private final Qrels qrels;
    private final QrelsColumns columns;
    /** Each judgment's source's name in place of its label (the fingerprint's {@code label_sources}), or null. */
    private final List<String> sources;

    QrelsInCodePointOrder(Qrels qrels, boolean sources) {
      this.qrels = qrels;
      this.columns = qrels.columns();
      this.sources = sources ? columns.sourceNames() : null;
    }

    QrelsInCodePointOrder(Qrels qrels) {
      this(qrels, false);
    }

    /** A query's row: its labels as given (exact decimals when they have a fraction), or its sources. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> row(String queryId) {
      if (sources == null && columns.labelScale() == 1) {
        return (Map<String, Object>) (Map<String, ?>) qrels.row(queryId);
      }
      int q = columns.queryPosition(queryId);
      Map<String, Object> row = new LinkedHashMap<>();
      for (int j = columns.judgmentsFrom(q); j < columns.judgmentsTo(q); j++) {
        row.put(columns.docId(j), sources != null ? sources.get(columns.source(j)) : columns.exactLabel(j));
      }
      return row;
    }

    @Override
    public Set<Map.Entry<String, Map<String, Object>>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, Map<String, Object>>> iterator() {
          String[] ids = qrels.queryIds().toArray(new String[0]);
          Arrays.sort(ids, PyJson.CODE_POINT_ORDER);
          return Arrays.stream(ids).map(q -> Map.entry(q, row(q))).iterator();
        }

        @Override
        public int size() {
          return qrels.queryCount();
        }
      };
    }
  }
}
