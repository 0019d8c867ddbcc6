package dev.caliber.eval.seed;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.eval.Evaluation;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The seed's report: the seed's checks, with the seed's wording and order, then a view of the
 * engine's result. Exhaustive binary judgments, Recall@k and RR@k, macro means over the queries
 * the split fixes.
 *
 * <p>Every input is validated before anything is scored, in the seed's order, so the first
 * violation reported is the one the seed reports; the message starts with the seed's wording
 * (listed in {@link Violations}) and adds where and what. Nothing is repaired: a duplicate
 * document, an unjudged document or a run query outside the split rejects the whole input. The
 * scoring is the engine's ({@link Evaluation}) under {@link Policy#strict()} with {@code R@k} and
 * {@code RR@k}: this class computes no value of its own.
 */
public final class Evaluator {
  private Evaluator() {}

  /**
   * Validates the protocol and the run, then scores every query of {@code split}.
   *
   * @param protocol the corpus, queries and exhaustive binary judgments, not null
   * @param run the run, not null; it may leave out queries of the split (they are missing), not
   *     name others
   * @param split the split whose queries are evaluated, such as {@code "test"}
   * @param k the cutoff of Recall@k and RR@k
   * @return the seed's report: one row per query of the split, in the protocol's order, and the
   *     two means
   * @throws ProtocolViolationException if any input breaks the protocol; nothing is scored then
   */
  public static EvaluationReport evaluate(Protocol protocol, Run run, String split, int k) {
    validate(protocol, run, split, k);
    EvalProtocol engine = protocol(protocol, split, k, "split " + split);
    return report(Evaluation.evaluate(engine, ScoredRun.of(run)), Fingerprint.sha256(protocol, split, k), split, k);
  }

  /**
   * The engine's protocol for the seed's report: the split's queries, {@link Policy#strict()},
   * {@code R@k} and {@code RR@k}.
   *
   * @param protocol the corpus, queries and judgments, not null
   * @param split the split whose queries form the query set
   * @param k the cutoff of Recall@k and RR@k, positive
   * @param querySetSource how the query set is named in results
   * @return the protocol; nothing is validated here, see {@link #validate}
   * @throws IllegalArgumentException if {@code k} is not positive
   */
  public static EvalProtocol protocol(Protocol protocol, String split, int k, String querySetSource) {
    return new EvalProtocol(protocol.qrels(), protocol.queries().inSplit(split), querySetSource, protocol.corpus(),
        Policy.strict(), List.of(Measures.parse("R@" + k), Measures.parse("RR@" + k)));
  }

  /**
   * The seed's report as a view of the engine's result under {@link #protocol}: hits are Recall@k
   * times the relevant count, and the first relevant rank is the engine's when it is within k.
   */
  static EvaluationReport report(RunResult result, String sha256, String split, int k) {
    Measure recall = result.measures().get(0);
    Measure rr = result.measures().get(1);
    List<QueryRow> rows = new ArrayList<>(result.rows().size());
    int eligible = 0;
    for (QueryResult r : result.rows()) {
      Fraction recallValue = exact(r.value(recall));
      Integer first = r.firstRelevantRank() != null && r.firstRelevantRank() <= k ? r.firstRelevantRank() : null;
      int hits = recallValue == null ? 0 : recallValue.times(Fraction.of(r.relevant())).numerator().intValueExact();
      rows.add(new QueryRow(r.query(), r.missing(), r.returned(), r.relevant(), hits, first, recallValue,
          exact(r.value(rr))));
      if (r.relevant() > 0) {
        eligible++;
      }
    }
    return new EvaluationReport(sha256, split, k, rows.size(), eligible, result.noRelevantQueries(),
        result.missingQueries(), result.summary(recall).mean(), result.summary(rr).mean(), rows);
  }

  private static Fraction exact(Value v) {
    return v == null ? null : v.exact();
  }

  /**
   * Checks everything the seed checks, in the seed's order, without scoring: k, non-empty
   * corpus and queries, qrels covering the queries, a non-empty split, the run's queries within
   * it, exhaustive binary judgments, then each ranking's duplicates and unknown documents.
   *
   * @param protocol the corpus, queries and judgments, not null
   * @param run the run, not null
   * @param split the split whose queries are evaluated
   * @param k the cutoff; below 1 is a violation, not an {@link IllegalArgumentException}
   * @throws ProtocolViolationException at the first violation
   */
  public static void validate(Protocol protocol, Run run, String split, int k) {
    if (k < 1) {
      throw new ProtocolViolationException(Location.NONE, Violations.K, "got " + k + "; expected an integer >= 1");
    }
    if (protocol.corpus().size() == 0 || protocol.queries().size() == 0) {
      throw new ProtocolViolationException(Location.NONE, Violations.NONEMPTY,
          "corpus has " + protocol.corpus().size() + " documents, queries has " + protocol.queries().size());
    }
    validateQrelsCoverQueries(protocol);
    List<String> selected = protocol.queries().inSplit(split);
    if (selected.isEmpty()) {
      throw new ProtocolViolationException(Location.NONE, Violations.EMPTY_SPLIT,
          "split " + quote(split) + "; the queries' splits are " + splitsOf(protocol));
    }
    Set<String> selectedSet = new HashSet<>(selected);
    for (String q : run.asMap().keySet()) {
      if (!selectedSet.contains(q)) {
        String why = protocol.queries().get(q) == null
            ? "query " + quote(q) + " is not in the protocol"
            : "query " + quote(q) + " is in split " + quote(protocol.queries().get(q).split()) + ", not " + quote(split);
        throw new ProtocolViolationException(run.origin().locate(q), Violations.WRONG_SPLIT_QUERY, why);
      }
    }
    validateExhaustiveBinary(protocol);
    for (String q : selected) {
      validateRanking(protocol, run, q);
    }
  }

  private static void validateQrelsCoverQueries(Protocol protocol) {
    Set<String> judged = protocol.qrels().asMap().keySet();
    Set<String> queries = protocol.queries().ids();
    if (judged.equals(queries)) {
      return;
    }
    Set<String> unjudged = new LinkedHashSet<>(queries);
    unjudged.removeAll(judged);
    Set<String> unknown = new LinkedHashSet<>(judged);
    unknown.removeAll(queries);
    Location where = unknown.isEmpty() ? Location.NONE : protocol.qrels().origin().locate(unknown.iterator().next());
    throw new ProtocolViolationException(where, Violations.QRELS_COVER,
        (unjudged.isEmpty() ? "" : "queries without judgments: " + sample(unjudged))
            + (unjudged.isEmpty() || unknown.isEmpty() ? "" : "; ")
            + (unknown.isEmpty() ? "" : "judged queries not in the protocol: " + sample(unknown)));
  }

  private static void validateExhaustiveBinary(Protocol protocol) {
    Set<String> corpusIds = protocol.corpus().ids();
    for (String q : protocol.queries().ids()) {
      Map<String, Integer> row = protocol.qrels().row(q);
      if (!row.keySet().equals(corpusIds)) {
        Set<String> unjudged = new LinkedHashSet<>(corpusIds);
        unjudged.removeAll(row.keySet());
        Set<String> unknown = new LinkedHashSet<>(row.keySet());
        unknown.removeAll(corpusIds);
        Location where = unknown.isEmpty()
            ? protocol.qrels().origin().locate(q)
            : protocol.qrels().origin().locate(q, unknown.iterator().next());
        throw new ProtocolViolationException(where, Violations.UNJUDGED,
            "query " + quote(q)
                + (unjudged.isEmpty() ? "" : ": unjudged documents " + sample(unjudged))
                + (unknown.isEmpty() ? "" : ": documents not in the corpus " + sample(unknown)));
      }
      for (Map.Entry<String, Integer> e : row.entrySet()) {
        int label = e.getValue();
        if (label != 0 && label != 1) {
          throw new ProtocolViolationException(protocol.qrels().origin().locate(q, e.getKey()), Violations.LABELS,
              "query " + quote(q) + ", document " + quote(e.getKey()) + ": got " + label);
        }
      }
    }
  }

  private static void validateRanking(Protocol protocol, Run run, String q) {
    List<String> ranking = run.ranking(q);
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < ranking.size(); i++) {
      Integer earlier = seen.putIfAbsent(ranking.get(i), i);
      if (earlier != null) {
        throw new ProtocolViolationException(run.origin().locate(q, i), Violations.DUPLICATE_DOCUMENT,
            "query " + quote(q) + ": document " + quote(ranking.get(i)) + " at rank " + (i + 1)
                + " repeats rank " + (earlier + 1));
      }
    }
    for (int i = 0; i < ranking.size(); i++) {
      if (!protocol.corpus().contains(ranking.get(i))) {
        throw new ProtocolViolationException(run.origin().locate(q, i), Violations.UNKNOWN_DOCUMENT,
            "query " + quote(q) + ": document " + quote(ranking.get(i)) + " at rank " + (i + 1) + " is not in the corpus");
      }
    }
  }

  private static List<String> splitsOf(Protocol protocol) {
    return protocol.queries().asMap().values().stream().map(x -> quote(x.split())).distinct().toList();
  }

  static String quote(String s) {
    return dev.caliber.json.PyJson.canonical(s);
  }

  static String sample(Set<String> ids) {
    List<String> quoted = ids.stream().limit(5).map(Evaluator::quote).toList();
    return String.join(", ", quoted) + (ids.size() > 5 ? " and " + (ids.size() - 5) + " more" : "");
  }
}
