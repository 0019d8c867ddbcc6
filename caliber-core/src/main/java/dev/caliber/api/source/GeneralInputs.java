package dev.caliber.api.source;

import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import java.util.List;

/**
 * What the general evaluator needs besides the policy and the measures ({@link ProtocolSource#general}).
 *
 * @param qrels the judgments
 * @param querySet the query IDs that count, in report order; not null, no null element
 * @param querySetSource how the query set was fixed, e.g. {@code every query judged in qrels.txt (52)}
 * @param corpus the corpus, or null when there is none (TREC files)
 */
public record GeneralInputs(Qrels qrels, List<String> querySet, String querySetSource, Corpus corpus) {
  /**
   * Copies the query set. Each part is as its component says, above.
   *
   * @param qrels the component
   * @param querySet the component
   * @param querySetSource the component
   * @param corpus the component
   * @throws NullPointerException if {@code querySet} or one of its IDs is null
   */
  public GeneralInputs {
    querySet = List.copyOf(querySet);
  }

  /**
   * The protocol under a policy with measures.
   *
   * @param policy every rule that changes a number, not null
   * @param measures the measures in report order, at least one; repeats are dropped
   * @return the protocol over this query set, with this corpus
   * @throws IllegalArgumentException if no measure is given, or a query of the set repeats
   * @throws NullPointerException if {@code policy}, {@code measures} or a measure is null
   */
  public EvalProtocol protocol(Policy policy, List<Measure> measures) {
    return new EvalProtocol(qrels, querySet, querySetSource, corpus, policy, measures);
  }

  /**
   * Bare qrels' query set: every judged query, in code point order, described as {@code every
   * query judged in NAME (N)}.
   *
   * @param qrels the judgments, not null
   * @param fileName the qrels file's name (without its directory), as reports name it
   * @param corpus the corpus, or null when there is none
   * @return the judgments with every judged query as the query set
   */
  public static GeneralInputs everyJudgedQuery(Qrels qrels, String fileName, Corpus corpus) {
    return new GeneralInputs(qrels, JudgmentFiles.judgedQueries(qrels),
        "every query judged in " + fileName + " (" + qrels.queryCount() + ")", corpus);
  }
}
