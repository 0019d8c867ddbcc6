package dev.caliber.eval;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.math.Fraction;
import dev.caliber.measure.RecallAtK;
import dev.caliber.measure.ReciprocalRankAtK;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Run;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The seed's strict evaluator: exhaustive binary judgments, Recall@k and RR@k, macro means over
 * the queries the split fixes.
 *
 * <p>Every input is validated before anything is scored, in the seed's order, so the first
 * violation reported is the one the seed reports; the message starts with the seed's wording
 * (listed in {@link Violations}) and adds where and what. Nothing is repaired: a duplicate
 * document, an unjudged document or a run query outside the split rejects the whole input.
 */
public final class Evaluator {
  private Evaluator() {}

  /**
   * Validates the protocol and the run, then scores every query of {@code split}.
   *
   * @throws ProtocolViolationException if any input breaks the protocol; nothing is scored then
   */
  public static EvaluationReport evaluate(Protocol protocol, Run run, String split, int k) {
    validate(protocol, run, split, k);
    List<String> selected = protocol.queries().inSplit(split);
    List<QueryRow> rows = new ArrayList<>(selected.size());
    for (String q : selected) {
      rows.add(score(q, run, relevantOf(protocol, q), k));
    }
    List<QueryRow> eligible = rows.stream().filter(QueryRow::eligible).toList();
    return new EvaluationReport(
        Fingerprint.sha256(protocol, split, k),
        split,
        k,
        rows.size(),
        eligible.size(),
        rows.stream().filter(r -> !r.eligible()).map(QueryRow::query).toList(),
        rows.stream().filter(QueryRow::missing).map(QueryRow::query).toList(),
        mean(eligible, QueryRow::recall),
        mean(eligible, QueryRow::rr),
        rows);
  }

  private static QueryRow score(String q, Run run, Set<String> relevant, int k) {
    List<String> ranking = run.ranking(q);
    return new QueryRow(
        q,
        !run.has(q),
        ranking.size(),
        relevant.size(),
        RecallAtK.hits(ranking, relevant, k),
        ReciprocalRankAtK.firstRelevantRank(ranking, relevant, k),
        RecallAtK.of(ranking, relevant, k),
        ReciprocalRankAtK.of(ranking, relevant, k));
  }

  private static Set<String> relevantOf(Protocol protocol, String q) {
    Set<String> relevant = new HashSet<>();
    protocol.qrels().row(q).forEach((d, label) -> {
      if (label == 1) {
        relevant.add(d);
      }
    });
    return relevant;
  }

  /** Macro mean: every eligible query weighs the same; null when no query is eligible. */
  static Fraction mean(List<QueryRow> eligible, Function<QueryRow, Fraction> value) {
    if (eligible.isEmpty()) {
      return null;
    }
    Fraction sum = Fraction.ZERO;
    for (QueryRow r : eligible) {
      sum = sum.plus(value.apply(r));
    }
    return sum.dividedBy(eligible.size());
  }

  /**
   * Checks everything the seed checks, in the seed's order, without scoring.
   *
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
