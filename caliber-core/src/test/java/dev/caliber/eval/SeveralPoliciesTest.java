package dev.caliber.eval;

import static dev.caliber.eval.Protocols.corpus;
import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.protocol;
import static dev.caliber.eval.Protocols.row;
import static dev.caliber.eval.Protocols.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import dev.caliber.error.Violations;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run that breaks several policies is rejected once, with every broken policy at its first
 * location and the remedies that together accept it ({@link RunMerge}'s order); a violation no
 * policy accepts is reported alone.
 */
class SeveralPoliciesTest {
  private final Map<String, Map<String, Integer>> qrels = ordered("q1", row("d1", 1, "d2", 0), "q2", row("d1", 0, "d2", 1));

  @Test
  void should_list_every_broken_policy_with_its_first_location_and_every_remedy() {
    // GIVEN a run with two unknown queries and unjudged documents in two queries
    EvalProtocol p = protocol(qrels, List.of("q1", "q2"), null, Policy.strict(), "P@2");
    // WHEN / THEN
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(p, run("q9", List.of("d1"), "q2", List.of("d7"), "q1", List.of("d1", "d8"),
            "q8", List.of("d1"))))
        .withMessage("several policies of the protocol are broken ("
            + "1. unknown or wrong-split query (query \"q9\" is not in the query set (split test)); "
            + "2. unjudged or unknown documents: exhaustive qrels required (query \"q1\": document \"d8\" has no judgment); "
            + "to accept all of them, declare the unknown-queries rule 'list' and pooled judgments)")
        .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.SEVERAL_POLICIES))
        .satisfies(e -> assertThat(e.remedy()).isNull())
        .satisfies(e -> assertThat(e.remedies()).containsExactly(Remedy.LIST_UNKNOWN_QUERIES, Remedy.POOLED_JUDGMENTS))
        .satisfies(e -> assertThat(e.violations()).extracting(ProtocolViolationException::reason)
            .containsExactly(Violations.WRONG_SPLIT_QUERY, Violations.UNJUDGED));
  }

  @Test
  void should_accept_the_run_once_every_remedy_is_declared() {
    EvalProtocol p = protocol(qrels, List.of("q1", "q2"), null,
        Policy.strict().withJudgments(Judgments.POOLED).withUnknownQueries(UnknownQueries.LIST), "P@2");
    RunResult r = Evaluation.evaluate(p, run("q9", List.of("d1"), "q2", List.of("d7"), "q1", List.of("d1", "d8")));
    assertThat(r.ignoredQueries()).containsExactly("q9");
    assertThat(r.row("q1").unjudged()).isEqualTo(1);
  }

  @Test
  void should_keep_a_single_broken_policy_s_own_message() {
    EvalProtocol p = protocol(qrels, List.of("q1", "q2"), null, Policy.strict().withJudgments(Judgments.POOLED), "P@2");
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(p, run("q9", List.of("d1"), "q1", List.of("d1", "d8"))))
        .satisfies(e -> assertThat(e.violations()).containsExactly(e))
        .satisfies(e -> assertThat(e.remedy()).isEqualTo(Remedy.LIST_UNKNOWN_QUERIES))
        .satisfies(e -> assertThat(e.getMessage()).startsWith("unknown or wrong-split query"));
  }

  @Test
  void should_report_a_document_outside_the_corpus_alone_even_after_an_unjudged_one() {
    // GIVEN q1 ranks d3 (in the corpus, unjudged) before x (outside it), and the run has an unknown query
    EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0, "d3", 0)), List.of("q1"), corpus("d1", "d2", "d3"),
        Policy.strict(), "P@2");
    Map<String, Map<String, Integer>> partial = ordered("q1", row("d1", 1, "d2", 0));
    EvalProtocol uncovered = protocol(partial, List.of("q1"), corpus("d1", "d2", "d3"), Policy.strict(), "P@2");
    for (EvalProtocol protocol : List.of(p, uncovered)) {
      // WHEN / THEN no policy accepts x: it is what the user has to fix, so it is said alone
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(protocol, run("q7", List.of("d1"), "q1", List.of("d1", "d3", "x"))))
          .withMessage("unknown document ID (query \"q1\": document \"x\" is not in the corpus)")
          .satisfies(e -> assertThat(e.remedies()).isEmpty());
    }
  }

  @Test
  void should_name_qrels_that_do_not_cover_the_corpus_as_the_judgments_policy_s_first_location() {
    EvalProtocol p = protocol(ordered("q1", row("d1", 1)), List.of("q1"), corpus("d1", "d2"), Policy.strict(), "P@2");
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(p, run("q7", List.of("d1"), "q1", List.of("d2"))))
        .satisfies(e -> assertThat(e.violations()).extracting(ProtocolViolationException::getMessage).containsExactly(
            "unknown or wrong-split query (query \"q7\" is not in the query set (split test); to list such queries"
                + " instead of rejecting the run, declare the unknown-queries rule 'list')",
            "unjudged or unknown documents: exhaustive qrels required (query \"q1\" is not judged against every corpus"
                + " document (1 of 2); to count unjudged documents as non-relevant, declare pooled judgments)"));
  }
}
