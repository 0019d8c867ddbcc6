package dev.caliber.eval;

import dev.caliber.protocol.Fingerprint;

import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Qrels;
import dev.caliber.internal.StringIndex;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything fixed before a run is scored, for any measure and policy: the judgments, the query
 * set (the denominator of every mean) and where it came from, the corpus when there is one, the
 * policy and the measures.
 *
 * <p>Its fingerprint ({@link #sha256()}) covers all of it: judgments, the query set, the corpus's
 * document IDs (not their texts, which change no number), the policy and the measures' canonical
 * names. The seed's own report keeps the seed's fingerprint ({@link Fingerprint}).
 *
 * @param qrels the judgments
 * @param querySet the query IDs that count, in report order
 * @param querySetSource how the query set was fixed, e.g. {@code split test of queries.json}
 * @param corpus the corpus, or null when the protocol has none (TREC files)
 * @param policy every rule that changes a number
 * @param measures the measures, in report order, without duplicates
 */
public record EvalProtocol(
    Qrels qrels, List<String> querySet, String querySetSource, Corpus corpus, Policy policy, List<Measure> measures) {

  /**
   * Validates the parts and copies the lists; repeated measures are dropped (the first is kept),
   * so that no report prints a column twice.
   *
   * @param qrels the judgments, not null
   * @param querySet the query IDs that count, in report order; not null, no ID null or repeated.
   *     May be empty
   * @param querySetSource how the query set was fixed, not null
   * @param corpus the corpus, or null when the protocol has none
   * @param policy every rule that changes a number, not null
   * @param measures the measures in report order, at least one, none null
   * @throws NullPointerException if a required part, a query ID or a measure is null
   * @throws IllegalArgumentException if a query ID repeats or no measure is given
   */
  public EvalProtocol {
    Objects.requireNonNull(qrels, "qrels");
    Objects.requireNonNull(querySetSource, "querySetSource");
    Objects.requireNonNull(policy, "policy");
    querySet = List.copyOf(querySet);
    String[] ids = querySet.toArray(new String[0]);
    StringIndex seen = new StringIndex(ids.length); // 100,000 queries: no hash set of boxed entries
    for (int i = 0; i < ids.length; i++) {
      if (seen.indexOf(ids, ids[i]) >= 0) {
        throw new IllegalArgumentException("illegal query set: query " + PyJson.canonical(ids[i]) + " appears twice");
      }
      seen.add(ids, i);
    }
    List<Measure> unique = new ArrayList<>(new LinkedHashSet<>(measures));
    if (unique.isEmpty()) {
      throw new IllegalArgumentException("illegal measures: none given, at least one is required");
    }
    measures = List.copyOf(unique);
  }

  /**
   * The judgments with their queries in code point order, for the canonical text: the queries are
   * sorted once as an array, and each entry is made as the writer reaches it.
   */
  private static final class QrelsInCodePointOrder extends AbstractMap<String, Map<String, Integer>>
      implements PyJson.InCodePointOrder {
    private final Qrels qrels;

    QrelsInCodePointOrder(Qrels qrels) {
      this.qrels = qrels;
    }

    @Override
    public Set<Map.Entry<String, Map<String, Integer>>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, Map<String, Integer>>> iterator() {
          String[] ids = qrels.queryIds().toArray(new String[0]);
          Arrays.sort(ids, PyJson.CODE_POINT_ORDER);
          return Arrays.stream(ids).map(q -> Map.entry(q, qrels.row(q))).iterator();
        }

        @Override
        public int size() {
          return qrels.queryCount();
        }
      };
    }
  }

  /**
   * The canonical JSON the fingerprint hashes, for users who check it with other tools.
   *
   * @return compact JSON with keys and judged queries in code point order; the query set in its
   *     own order, since that order is part of the protocol; {@code corpus_ids} null without a
   *     corpus
   */
  public String canonicalJson() {
    return PyJson.canonical(data());
  }

  /**
   * The protocol's fingerprint: SHA-256 of {@link #canonicalJson()}, hashed as it is written so
   * that large judgments are never one string.
   *
   * @return 64 lower-case hex digits
   */
  public String sha256() {
    return Fingerprint.canonicalSha256Hex(data());
  }

  private Map<String, Object> data() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_protocol", 1);
    m.put("qrels", new QrelsInCodePointOrder(qrels));
    m.put("query_set", querySet);
    m.put("corpus_ids", corpus == null ? null : new ArrayList<>(corpus.ids()).stream().sorted(PyJson.CODE_POINT_ORDER).toList());
    m.put("policy", policy.toData());
    m.put("measures", measures.stream().map(Measure::name).toList());
    return m;
  }
}
