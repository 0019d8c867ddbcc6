package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.api.source.JudgmentFiles;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.Evaluation;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.RankingOrder;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import dev.caliber.testkit.SeedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The facade: in-memory shapes and files give the command line's numbers; inputs are checked with clear messages. */
class EvalTest {
  private static final Path CACM = SeedFiles.data("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path RUN = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25+rm3.txt.gz");
  private static final String[] MEASURES = {"nDCG@10", "AP", "P@10", "RR", "R@100", "bpref", "num_rel_ret"};

  /**
   * The run file as read by the CLI's reader; under a policy that rejects unknown queries (the run
   * has 64 topics, the qrels judge 52), only its judged queries.
   */
  private static ScoredRun runFor(Policy policy) throws IOException {
    ScoredRun run = TrecRunReader.read(RUN);
    if (policy.unknownQueries() == UnknownQueries.LIST) {
      return run;
    }
    Map<String, RankedList> judged = new LinkedHashMap<>(run.asMap());
    judged.keySet().retainAll(TrecQrelsReader.read(QRELS).queryIds());
    return ScoredRun.of(run.name(), judged, run.origin());
  }

  /** What 'caliber evaluate --qrels Q --run R' builds: every judged query, readers of the CLI, the general evaluator. */
  private static RunResult throughTheEngine(Policy policy) throws IOException {
    Qrels qrels = TrecQrelsReader.read(QRELS);
    ScoredRun run = runFor(policy);
    List<String> set = JudgmentFiles.judgedQueries(qrels);
    List<Measure> measures = Arrays.stream(MEASURES).flatMap(m -> Measures.parseAll(m).stream()).toList();
    return Evaluation.evaluate(new EvalProtocol(qrels, set, "every query judged in qrels.cacm.txt (52)", null, policy, measures), run);
  }

  /** The same data as the maps pytrec_eval takes, in hash maps (no order to rely on). */
  private static Map<String, Map<String, Integer>> labelMaps() throws IOException {
    Map<String, Map<String, Integer>> labels = new HashMap<>();
    TrecQrelsReader.read(QRELS).asMap().forEach((q, row) -> labels.put(q, new HashMap<>(row)));
    return labels;
  }

  private static Map<String, Map<String, Double>> scoreMaps(Policy policy) throws IOException {
    Map<String, Map<String, Double>> scores = new HashMap<>();
    runFor(policy).asMap().forEach((q, list) -> {
      Map<String, Double> row = new HashMap<>();
      for (int i = 0; i < list.size(); i++) {
        row.put(list.doc(i), list.score(i));
      }
      scores.put(q, row);
    });
    return scores;
  }

  private static void assertSameResult(RunResult actual, RunResult expected) {
    assertThat(actual.protocolSha256()).isEqualTo(expected.protocolSha256());
    assertThat(actual.summaries()).isEqualTo(expected.summaries());
    assertThat(actual.rows()).hasSameSizeAs(expected.rows());
    for (int i = 0; i < expected.rows().size(); i++) {
      QueryResult e = expected.rows().get(i);
      assertThat(actual.rows().get(i)).as("row of query %s", e.query()).isEqualTo(e);
    }
    assertThat(actual.missingQueries()).isEqualTo(expected.missingQueries());
    assertThat(actual.ignoredQueries()).containsExactlyInAnyOrderElementsOf(expected.ignoredQueries());
  }

  @Nested
  class Same_numbers_as_the_command_line {
    @ParameterizedTest
    @EnumSource(value = Preset.class, names = {"TREC_EVAL", "POOLED"})
    void should_give_the_engines_result_for_score_maps(Preset preset) throws IOException {
      // GIVEN the CACM judgments and a BM25+RM3 run, as maps
      ScoredRun run = Eval.run("Anserini", scoreMaps(preset.policy()));
      // WHEN
      RunResult viaMaps = Eval.evaluate(Eval.qrels(labelMaps()), run, preset, MEASURES);
      // THEN equal to the file readers and Evaluation, query by query, fingerprint included
      assertSameResult(viaMaps, throughTheEngine(preset.policy()));
      assertThat(viaMaps.summary(Measures.parse("AP")).count()).isEqualTo(52);
    }

    @Test
    void should_give_the_engines_result_for_the_files_read_by_the_facade() throws IOException {
      // WHEN
      RunResult whole = Eval.evaluate(EvalFiles.readQrels(QRELS), EvalFiles.readRun(RUN), Preset.TREC_EVAL, MEASURES);
      RunResult streamed = Eval.evaluate(Eval.protocol(EvalFiles.readQrels(QRELS), Preset.TREC_EVAL, MEASURES), RUN);
      // THEN
      RunResult expected = throughTheEngine(Policy.trecEval());
      assertSameResult(whole, expected);
      assertSameResult(streamed, expected);
    }

    @Test
    void should_give_the_engines_result_for_a_run_built_entry_by_entry() throws IOException {
      // GIVEN the run's lines added in file order
      RunBuilder builder = Eval.runBuilder("Anserini");
      TrecRunReader.read(RUN).asMap().forEach((q, list) -> {
        for (int i = 0; i < list.size(); i++) {
          builder.add(q, list.doc(i), list.score(i));
        }
      });
      // WHEN
      RunResult built = Eval.evaluate(EvalFiles.readQrels(QRELS), builder.build(), Policy.trecEval(), MEASURES);
      // THEN
      assertSameResult(built, throughTheEngine(Policy.trecEval()));
    }
  }

  @Nested
  class Presets {
    @Test
    void should_stand_for_their_policies_and_be_fingerprinted_as_them() {
      assertThat(Preset.STRICT.policy()).isEqualTo(Policy.strict());
      assertThat(Preset.TREC_EVAL.policy()).isEqualTo(Policy.trecEval());
      assertThat(Preset.POOLED.policy()).isEqualTo(Policy.strict().withJudgments(Judgments.POOLED).withOrdering(Ordering.SCORE));
      Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1)));
      assertThat(Eval.protocol(qrels, Preset.TREC_EVAL, "AP").sha256())
          .isEqualTo(Eval.protocol(qrels, Policy.trecEval(), "AP").sha256());
    }

    @ParameterizedTest
    @EnumSource(Preset.class)
    void should_say_in_one_line_what_they_mean(Preset preset) {
      assertThat(preset.description()).isNotBlank().doesNotContain("\n");
    }
  }

  @Nested
  class Ranking {
    @Test
    void should_rank_a_score_map_by_score_then_document_id_descending_under_every_policy() {
      // GIVEN ties at 1.0 between a, b and B (code points: B < a < b), c on top
      Map<String, Double> row = new HashMap<>(Map.of("a", 1.0, "b", 1.0, "B", 1.0, "c", 2.0, "z", -0.5));
      // WHEN
      RankedList list = Eval.run("r", Map.of("q", row)).list("q");
      // THEN the ranking order's rule, and the rank column is that ranking
      assertThat(list.docs()).containsExactly("c", "b", "a", "B", "z");
      assertThat(list.docs()).isEqualTo(Arrays.stream(RankingOrder.order(list, Ordering.SCORE)).mapToObj(list::doc).toList());
      assertThat(list.rank(0)).isEqualTo(1);
      assertThat(list.rank(4)).isEqualTo(5);
    }

    @Test
    void should_keep_the_order_added_by_a_builder_which_score_ordering_then_overrides() {
      // GIVEN hits added worst first
      ScoredRun run = Eval.runBuilder("r").add("q", "d2", 0.1).add("q", "d1", 0.9).query("empty").build();
      Qrels qrels = Eval.qrels(Map.of("q", Map.of("d1", 1, "d2", 0), "empty", Map.of("d3", 1)));
      // WHEN
      RunResult strict = Eval.evaluate(qrels, run, Preset.STRICT, "RR");
      RunResult trec = Eval.evaluate(qrels, run, Preset.TREC_EVAL, "RR");
      // THEN strict takes the order added, trec_eval's the scores; the declared query is not missing
      assertThat(strict.row("q").value(Measures.parse("RR"))).isEqualTo(Value.of(1, 2));
      assertThat(trec.row("q").value(Measures.parse("RR"))).isEqualTo(Value.of(1, 1));
      assertThat(strict.row("empty").missing()).isFalse();
      assertThat(strict.missingQueries()).isEmpty();
    }

    @Test
    void should_take_ranked_lists_in_the_given_order() {
      // GIVEN
      ScoredRun run = Eval.rankings("r", Map.of("q", List.of("d2", "d1")));
      Qrels qrels = Eval.qrels(Map.of("q", Map.of("d1", 1, "d2", 0)));
      // THEN under score ordering too
      assertThat(Eval.evaluate(qrels, run, Preset.TREC_EVAL, "RR").row("q").value(Measures.parse("RR"))).isEqualTo(Value.of(1, 2));
    }
  }

  @Nested
  class Query_sets {
    @Test
    void should_count_every_judged_query_in_code_point_order_by_default() {
      // GIVEN q10 judged but not returned
      Qrels qrels = Eval.qrels(Map.of("q2", Map.of("d1", 1), "q10", Map.of("d1", 1)));
      // WHEN
      RunResult r = Eval.evaluate(qrels, Eval.rankings("r", Map.of("q2", List.of("d1"))), Preset.STRICT, "RR");
      // THEN the missing query counts: the mean is over both
      assertThat(r.rows()).extracting(QueryResult::query).containsExactly("q10", "q2");
      assertThat(r.missingQueries()).containsExactly("q10");
      assertThat(r.summary(Measures.parse("RR")).mean()).hasToString("1/2");
      assertThat(r.protocol().querySetSource()).isEqualTo("every judged query (2)");
    }

    @Test
    void should_count_an_explicit_query_set_in_its_order() {
      // GIVEN q3 has no judgments; trec_eval's rule counts it as 0
      Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1)));
      Policy policy = Policy.trecEval().withNoRelevant(NoRelevant.ZERO);
      // WHEN
      EvalProtocol p = Eval.protocol(qrels, List.of("q3", "q1"), policy, Eval.measures("RR"));
      RunResult r = Eval.evaluate(p, Eval.rankings("r", Map.of("q1", List.of("d1"))));
      // THEN
      assertThat(r.rows()).extracting(QueryResult::query).containsExactly("q3", "q1");
      assertThat(r.summary(Measures.parse("RR")).mean()).hasToString("1/2");
    }

    @Test
    void should_reject_a_run_that_breaks_the_strict_protocol_as_a_violation() {
      Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1)));
      ScoredRun run = Eval.rankings("r", Map.of("q1", List.of("d9")));
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Eval.evaluate(qrels, run, Preset.STRICT, "RR"))
          .withMessageContaining("document \"d9\" has no judgment");
    }
  }

  @Nested
  class Bad_input {
    private final Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1)));
    private final ScoredRun run = Eval.rankings("r", Map.of("q1", List.of("d1")));

    @Test
    void should_reject_null_or_empty_qrels() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.qrels(null))
          .withMessage("illegal qrels: null, must be a map of query ID to (document ID to label)");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.qrels(Map.of()))
          .withMessage("illegal qrels: no query, must judge at least one query");
    }

    @Test
    void should_name_the_query_and_document_of_a_null_label() {
      Map<String, Integer> row = new HashMap<>();
      row.put("d1", null);
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.qrels(Map.of("q1", row)))
          .withMessage("illegal qrels: query \"q1\", document \"d1\" has a null label, must be an integer");
    }

    @Test
    void should_reject_null_or_empty_scores_and_a_score_that_is_not_finite() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", null))
          .withMessage("illegal scores: null, must be a map of query ID to (document ID to score)");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", Map.of()))
          .withMessageStartingWith("illegal scores: no query, must have at least one");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.run("r", Map.of("q1", Map.of("d1", Double.NaN))))
          .withMessage("illegal scores: query \"q1\", document \"d1\" has score NaN, must be a finite number");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.runBuilder("r").add("q1", "d1", Double.POSITIVE_INFINITY))
          .withMessage("illegal entry: query \"q1\", document \"d1\" has score Infinity, must be a finite number");
    }

    @Test
    void should_reject_a_missing_run_name_and_null_rankings() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.rankings("", Map.of("q", List.of())))
          .withMessage("illegal run name: \"\", must be a non-empty string");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.rankings("r", null))
          .withMessage("illegal rankings: null, must be a map of query ID to (document IDs, best first)");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.runBuilder(null))
          .withMessage("illegal run name: null, must be a non-empty string");
    }

    @Test
    void should_reject_missing_or_unknown_measures_and_null_arguments() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.evaluate(qrels, run, Preset.STRICT))
          .withMessage("illegal measures: none given, at least one is required");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.evaluate(qrels, run, Preset.STRICT, "nDGC@10"))
          .withMessageStartingWith("unknown measure \"nDGC@10\"");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.evaluate(qrels, run, (Preset) null, "RR"))
          .withMessage("illegal preset: null");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.evaluate(null, run, Preset.STRICT, "RR"))
          .withMessage("illegal qrels: null");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.evaluate(Eval.protocol(qrels, Preset.STRICT, "RR"), (ScoredRun) null))
          .withMessage("illegal run: null");
    }
  }

  @Nested
  class Measures_by_name {
    @Test
    void should_read_canonical_alias_and_trec_eval_names_in_order_keeping_repeats() {
      assertThat(Eval.measures("nDCG@10", "map", "P.5,10", "AP")).extracting(Measure::name)
          .containsExactly("nDCG@10", "AP", "P@5", "P@10", "AP");
    }

    @Test
    void should_refuse_no_names_and_a_null_name() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.measures())
          .withMessage("illegal measures: none given, at least one is required");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.measures((String[]) null))
          .withMessage("illegal measures: none given, at least one is required");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.measures("AP", null))
          .withMessage("illegal measure name: null");
    }
  }

  @Nested
  class Protocols {
    private final Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1)));

    @Test
    void should_refuse_a_null_query_id_in_a_query_set() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.protocol(qrels, Arrays.asList("q1", null), Policy.strict(), Eval.measures("RR")))
          .withMessage("illegal query set: holds a null query ID");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.protocol(qrels, (List<String>) null, Policy.strict(), Eval.measures("RR")))
          .withMessage("illegal query set: null");
    }

    @Test
    void should_refuse_a_null_measure_or_policy() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.protocol(qrels, Policy.strict(), Arrays.asList(Measures.parse("RR"), null)))
          .withMessage("illegal measures: holds null");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.protocol(qrels, (Policy) null, "RR"))
          .withMessage("illegal policy: null");
    }

    @Test
    void should_evaluate_under_a_policy_with_measures_given_as_objects() {
      // WHEN
      RunResult r = Eval.evaluate(Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 0))), Eval.rankings("r", Map.of("q1", List.of("d2", "d1"))),
          Policy.strict(), List.of(Measures.parse("RR"), Measures.parse("P@1")));
      // THEN
      assertThat(r.runName()).isEqualTo("r");
      assertThat(r.row("q1").value(Measures.parse("RR"))).isEqualTo(Value.of(1, 2));
      assertThat(r.row("q1").value(Measures.parse("P@1"))).isEqualTo(Value.of(0, 1));
    }
  }

  @Nested
  class Files_by_name {
    private static final Path HELPCENTRE = Path.of(System.getProperty("caliber.root"), "examples", "helpcentre");

    @Test
    void should_read_json_qrels_by_their_name() throws IOException {
      // WHEN
      Qrels qrels = EvalFiles.readQrels(HELPCENTRE.resolve("qrels.json"));
      // THEN in file order, located in the file
      assertThat(qrels.queryIds()).containsExactly("q1", "q2", "q3", "q4", "q5");
      assertThat(qrels.row("q2")).containsEntry("d3", 1).containsEntry("d1", 0).hasSize(6);
      assertThat(qrels.origin().locate("q2", "d3").toString()).startsWith(HELPCENTRE.resolve("qrels.json") + ":");
    }

    @Test
    void should_read_gzipped_json_qrels_by_their_name(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
      // GIVEN
      Path gz = java.nio.file.Files.write(dir.resolve("qrels.json.gz"),
          dev.caliber.io.text.TestInputs.gzip(java.nio.file.Files.readAllBytes(HELPCENTRE.resolve("qrels.json"))));
      // THEN the same judgments as the plain file
      assertThat(EvalFiles.readQrels(gz).asMap()).isEqualTo(EvalFiles.readQrels(HELPCENTRE.resolve("qrels.json")).asMap());
    }

    @Test
    void should_read_a_json_run_named_by_its_file_name() throws IOException {
      ScoredRun run = EvalFiles.readRun(HELPCENTRE.resolve("runs/fixture_A.json"));
      assertThat(run.name()).isEqualTo("fixture_A");
      assertThat(run.list("q2").docs()).containsExactly("d3", "d1", "d4");
    }

    @Test
    void should_evaluate_a_json_run_file_read_whole() throws IOException {
      // WHEN fixture A under its own judgments, over the judged queries
      Qrels qrels = EvalFiles.readQrels(HELPCENTRE.resolve("qrels.json"));
      RunResult r = Eval.evaluate(Eval.protocol(qrels, Preset.TREC_EVAL, "RR@2"), HELPCENTRE.resolve("runs/fixture_A.json"));
      // THEN q2 finds d3 at 1, q3 d5 at 2
      assertThat(r.runName()).isEqualTo("fixture_A");
      assertThat(r.row("q2").value(Measures.parse("RR@2"))).isEqualTo(Value.of(1, 1));
      assertThat(r.row("q3").value(Measures.parse("RR@2"))).isEqualTo(Value.of(1, 2));
    }

    @Test
    void should_refuse_a_null_protocol_or_run_file() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.evaluate((EvalProtocol) null, HELPCENTRE.resolve("runs/fixture_A.json")))
          .withMessage("illegal protocol: null");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.evaluate(Eval.protocol(Eval.qrels(Map.of("q1", Map.of("d1", 1))), Preset.STRICT, "RR"), (Path) null))
          .withMessage("illegal run file: null");
    }
  }
}
