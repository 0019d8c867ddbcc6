package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The intent-aware measures through the one engine, on ir_measures' own pyndeval fixture
 * (terrierteam/ir_measures, tests/test_pyndeval.py: the subtopic qrels and run are copied below).
 * ERR_IA@20 is compared with the test's values (0.4659, 0.1803, mean 0.3231, to 4 decimals); the
 * other measures, which that test only computes, with the values worked out by hand in the
 * comments from ndeval's definitions (ndeval.c 4.5).
 *
 * <p>Query 0's subtopics: s0 relevant {D1, D2}, s1 relevant {D2, D3 (label 2)}; S = 2. Ranked by
 * score: D0, D2, D3, D1, D4, whose novelty gains (alpha = 0.5) are 0, 2, 0.5, 0.5, 0. Query 1: s0
 * relevant {D0, D3 (2)}, s1 {D5 (2)}; ranked D1, D3, D2, D4 (D1, D2, D4 unjudged), gains 0, 1, 0, 0.
 */
class IntentAwareMeasuresTest {
  private static final String QRELS = String.join("\n", "0 0 D0 0", "0 0 D1 1", "0 0 D2 1", "0 1 D2 1", "0 1 D3 2",
      "0 0 D4 0", "1 0 D0 1", "1 0 D3 2", "1 1 D5 2", "");
  private static final ScoredRun RUN = Eval.run("run", Map.of(
      "0", Map.of("D0", 0.8, "D2", 0.7, "D1", 0.3, "D3", 0.4, "D4", 0.1),
      "1", Map.of("D1", 0.8, "D3", 0.7, "D4", 0.3, "D2", 0.4)));

  @TempDir Path dir;

  private Qrels qrels(String text) throws IOException {
    Path file = dir.resolve("qrels.subtopics");
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return EvalFiles.readSubtopicQrels(file);
  }

  private double value(RunResult r, String query, String measure) {
    return r.row(query).value(Measures.parse(measure)).decimal();
  }

  @Test
  void err_ia_agrees_with_ir_measures_pyndeval_test() throws IOException {
    RunResult r = Eval.evaluate(qrels(QRELS), RUN, Preset.TREC_EVAL, "ERR_IA@20");
    // err = 2/2 + 0.5/3 + 0.5/4 over 2 * sum_{i<=20} 0.5^(i-1)/i; query 1: (1/2) over the same
    assertThat(value(r, "0", "ERR_IA@20")).isCloseTo(0.4659, within(0.00005));
    assertThat(value(r, "1", "ERR_IA@20")).isCloseTo(0.1803, within(0.00005));
    assertThat(r.summaries().get(0).decimalMean()).isCloseTo(0.3231, within(0.00005));
    assertThat(r.summaries().get(0).mean()).isNotNull(); // exact
  }

  @ParameterizedTest(name = "{0}: {1}, {2}")
  @CsvSource(delimiter = '|', value = {
      // ndeval's greedy ideal of query 0: D2 (2), then D3 and D1 tie at 0.5 and the larger ID, D3,
      // comes first, then D1 (0.5), D4, D0: err@5 of the ideal = 2 + 0.5/2 + 0.5/3 = 29/12, the
      // run's 1 + 1/6 + 1/8 = 31/24: 31/58. Query 1's ideal: D5, D3, D0 (gains 1, 1, 0.5; D5 before D3
      // by ID): 1 + 1/2 + 0.5/3 = 5/3, the run's 1/2: 3/10
      "nERR_IA@5 | 31/58 | 3/10",
      // covered subtopics of S = 2: both by rank 3 in query 0, s0 by rank 2 in query 1
      "StRecall@5 | 1 | 1/2", "StRecall@1 | 0 | 0", "StRecall@2 | 1 | 1/2",
      // (document, subtopic) pairs in the first 5 over 5 * 2: D2 twice, D3, D1; query 1: D3
      "P_IA@5 | 2/5 | 1/10",
      // AP per subtopic: s0 (R = 2): D2 at 2 (1/2), D1 at 4 (2/4), so 1/2; s1: D2 at 2, D3 at 3:
      // (1/2 + 2/3) / 2 = 7/12; (1/2 + 7/12) / 2 = 13/24. Query 1: s0: D3 at 2, R = 2: 1/4; s1: 0
      "AP_IA | 13/24 | 1/8",
      // (1 - 0.5 * 0.5) / 2 * (0.5 * 2 + 0.25 * 0.5 + 0.125 * 0.5) = 0.375 * 1.1875; query 1:
      // 0.375 * 0.5 * 1
      "NRBP | 57/128 | 3/16",
      // rel=2: only s1 of query 0 (D3 at rank 3): (1/3) / sum_{i<=10} 0.5^(i-1)/i; the ideal puts D3
      // first, so nERR_IA(rel=2) = 1/3. Query 1: D3 at rank 2 (s0), 1/2; the ideal D5, D3: 1 + 1/2
      "nERR_IA(rel=2)@10 | 1/3 | 1/3"})
  void exact_measures_follow_ndeval_s_definitions(String measure, String q0, String q1) throws IOException {
    RunResult r = Eval.evaluate(qrels(QRELS), RUN, Preset.TREC_EVAL, measure);
    assertThat(r.row("0").value(Measures.parse(measure)).exact()).hasToString(q0);
    assertThat(r.row("1").value(Measures.parse(measure)).exact()).hasToString(q1);
  }

  @Test
  void alpha_ndcg_divides_by_the_greedy_ideal_ranking() throws IOException {
    RunResult r = Eval.evaluate(qrels(QRELS), RUN, Preset.TREC_EVAL, "alpha_nDCG@5", "alpha_DCG@5",
        "alpha_nDCG(judged_only=True)@5", "alpha-nDCG@5");
    double log3 = Math.log(3) / Math.log(2);
    double log5 = Math.log(5) / Math.log(2);
    // run: 2/log2(3) + 0.5/2 + 0.5/log2(5); ideal: 2 + 0.5/log2(3) + 0.5/2
    double dcg = 2 / log3 + 0.25 + 0.5 / log5;
    assertThat(value(r, "0", "alpha_nDCG@5")).isCloseTo(dcg / (2 + 0.5 / log3 + 0.25), within(1e-12));
    // alpha-DCG: over 2 * sum_{i<=5} 0.5^(i-1) / log2(i+1), ndeval's "ideal ideal"
    double idealIdeal = 2 * (1 + 0.5 / log3 + 0.25 / 2 + 0.125 / log5 + 0.0625 / (Math.log(6) / Math.log(2)));
    assertThat(value(r, "0", "alpha_DCG@5")).isCloseTo(dcg / idealIdeal, within(1e-12));
    // judged_only drops query 1's unjudged D1: D3 at rank 1 (1), then D2, D4 unjudged: dropped; ideal
    // D3 (1), D5 (1), D0 (0.5): 1 / (1 + 1/log2(3) + 0.5/2)
    assertThat(value(r, "1", "alpha_nDCG(judged_only=True)@5")).isCloseTo(1 / (1 + 1 / log3 + 0.25), within(1e-12));
    assertThat(value(r, "1", "alpha_nDCG@5")).isCloseTo((1 / log3) / (1 + 1 / log3 + 0.25), within(1e-12));
    // ndeval's own column name reads as the same measure, so it is not a fourth column
    assertThat(r.summaries()).extracting(s -> s.measure().name())
        .containsExactly("alpha_nDCG@5", "alpha_DCG@5", "alpha_nDCG(judged_only=True)@5");
  }

  @Test
  void the_other_measures_read_each_document_s_largest_label() throws IOException {
    Qrels q = qrels(QRELS);
    assertThat(q.row("0")).containsExactly(Map.entry("D0", 0), Map.entry("D1", 1), Map.entry("D2", 1),
        Map.entry("D3", 2), Map.entry("D4", 0));
    RunResult r = Eval.evaluate(q, RUN, Preset.TREC_EVAL, "P@5", "StRecall@5");
    assertThat(r.row("0").value(Measures.parse("P@5")).exact()).hasToString("3/5");
  }

  @Test
  void plain_qrels_refuse_an_intent_aware_measure() {
    Qrels plain = Eval.qrels(Map.of("0", Map.of("D1", 1)));
    assertThatThrownBy(() -> Eval.evaluate(plain, RUN, Preset.TREC_EVAL, "alpha_nDCG@20"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal measure alpha_nDCG@20: it needs subtopic judgments (qid subtopic docid label), and the qrels have none");
  }

  @Test
  void the_fingerprint_covers_the_subtopics() throws IOException {
    String a = Eval.protocol(qrels(QRELS), Preset.TREC_EVAL, "StRecall@5").sha256();
    String b = Eval.protocol(qrels(QRELS.replace("0 1 D2 1", "0 2 D2 1")), Preset.TREC_EVAL, "StRecall@5").sha256();
    assertThat(a).isNotEqualTo(b);
    assertThat(Eval.protocol(qrels(QRELS), Preset.TREC_EVAL, "StRecall@5").canonicalJson()).contains("\"subtopic_qrels\"");
  }

  @Test
  void a_repeated_subtopic_judgment_is_refused_with_both_lines() throws IOException {
    assertThatThrownBy(() -> qrels("1 a D1 1\n1 a D1 2\n"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("qrels.subtopics:2")
        .hasMessageContaining("query \"1\", subtopic \"a\", document \"D1\": label 2 on line 2, label 1 on line 1");
    assertThatThrownBy(() -> qrels("1 a D1 1\n1 a D1 1\n"))
        .isInstanceOf(ProtocolViolationException.class).hasMessageContaining("line 2 repeats line 1 (label 1)");
    assertThatThrownBy(() -> qrels("1 a D1\n"))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("expected 4 (qid subtopic docid label)");
    assertThatThrownBy(() -> qrels("# only a comment\n"))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("no judgments");
  }
}
