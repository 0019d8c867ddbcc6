package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.text.LineReader;
import dev.caliber.math.Fraction;
import dev.caliber.policy.Gain;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Judgments with sources and fractional labels in a protocol: binary measures compare the exact
 * label with the threshold, gain measures take the exact label's gain, whole-grade measures are
 * refused, and the fingerprint covers every label's source while plain qrels keep theirs.
 */
class FractionalLabelsTest {
  private static final String HEAD = "query\tdoc\tlabel\tsource\n";

  private static Qrels labels(String rows, String... precedence) throws IOException {
    try (LineReader l = LineReader.of("labels.tsv", new ByteArrayInputStream((HEAD + rows).getBytes(StandardCharsets.UTF_8)),
        InputLimits.DEFAULT)) {
      return TrecQrelsReader.read(l, List.of(precedence));
    }
  }

  /** d1 d2 d3 d4 ranked in that order. */
  private static final ScoredRun RUN = Eval.run("r", Map.of("q1", Map.of("d1", 4.0, "d2", 3.0, "d3", 2.0, "d4", 1.0)));

  @Test
  void should_count_only_labels_at_the_threshold_or_above_as_relevant_and_stay_exact() throws IOException {
    // d1 0.7 (below threshold 1), d2 1, d3 0.5, d4 2: relevant d2 and d4, at ranks 2 and 4
    Qrels q = labels("q1\td1\t0.7\tllm\nq1\td2\t1\tnist\nq1\td3\t0.5\tllm\nq1\td4\t2\tnist\n");
    RunResult r = Eval.evaluate(q, RUN, Preset.TREC_EVAL, "P@4", "AP", "RR", "R-prec");
    assertThat(r.summary(dev.caliber.measure.Measures.parse("P@4")).mean()).isEqualTo(Fraction.of(1, 2));
    // AP = (1/2 + 2/4) / 2 = 1/2; RR = 1/2; R-prec = relevant in top 2 / 2 = 1/2
    assertThat(r.summary(dev.caliber.measure.Measures.parse("AP")).mean()).isEqualTo(Fraction.of(1, 2));
    assertThat(r.summary(dev.caliber.measure.Measures.parse("RR")).mean()).isEqualTo(Fraction.of(1, 2));
    assertThat(r.summary(dev.caliber.measure.Measures.parse("R-prec")).mean()).isEqualTo(Fraction.of(1, 2));
    // a measure's own level is in labels' units too: rel=2 sees d4 alone
    RunResult rel2 = Eval.evaluate(q, RUN, Preset.TREC_EVAL, "P(rel=2)@4");
    assertThat(rel2.summaries().get(0).mean()).isEqualTo(Fraction.of(1, 4));
  }

  @Test
  void should_take_the_gain_of_the_exact_label() throws IOException {
    Qrels q = labels("q1\td1\t0.7\tllm\nq1\td2\t1\tnist\nq1\td3\t0.5\tllm\nq1\td4\t2\tnist\n");
    double dcg = 0.7 / log2(2) + 1 / log2(3) + 0.5 / log2(4) + 2 / log2(5);
    double idcg = 2 / log2(2) + 1 / log2(3) + 0.7 / log2(4) + 0.5 / log2(5);
    RunResult r = Eval.evaluate(q, RUN, Preset.TREC_EVAL, "nDCG@4");
    assertThat(r.summaries().get(0).decimalMean()).isCloseTo(dcg / idcg, org.assertj.core.data.Offset.offset(1e-15));
    double expDcg = (Math.pow(2, 0.7) - 1) / log2(2) + 1 / log2(3) + (Math.pow(2, 0.5) - 1) / log2(4) + 3 / log2(5);
    double expIdcg = 3 / log2(2) + 1 / log2(3) + (Math.pow(2, 0.7) - 1) / log2(4) + (Math.pow(2, 0.5) - 1) / log2(5);
    RunResult exp = Eval.evaluate(q, RUN, Preset.TREC_EVAL.policy().withGain(Gain.EXPONENTIAL), "nDCG@4");
    assertThat(exp.summaries().get(0).decimalMean()).isCloseTo(expDcg / expIdcg, org.assertj.core.data.Offset.offset(1e-15));
  }

  @Test
  void should_give_whole_labels_with_sources_the_numbers_of_plain_qrels() throws IOException {
    Qrels sourced = labels("q1\td1\t0\tllm\nq1\td2\t1\tnist\nq1\td3\t3\tllm\nq1\td4\t2\tnist\n");
    assertSameMeans(sourced, Eval.qrels(Map.of("q1", Map.of("d1", 0, "d2", 1, "d3", 3, "d4", 2))), "P@4", "AP", "nDCG@4", "ERR@4", "bpref");
  }

  @Test
  void should_refuse_a_whole_grade_measure_with_fractional_labels_naming_the_label() throws IOException {
    Qrels q = labels("q1\td1\t1\tnist\nq1\td2\t0.7\tllm\n");
    assertThatThrownBy(() -> Eval.protocol(q, Preset.TREC_EVAL, "P@10", "ERR@10", "nDCG(gains={1:3})@10"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageStartingWith("labels.tsv:3: fractional label for a whole-label measure (query \"q1\", document \"d2\":"
            + " label 0.7, and ERR@10, nDCG(gains={1:3})@10 read labels as whole grades");
    assertThat(Eval.protocol(q, Preset.TREC_EVAL, "P@10", "nDCG@10", "AP", "bpref", "Judged@10").measures()).hasSize(5);
  }

  @Test
  void should_fingerprint_every_labels_source_and_keep_plain_qrels_fingerprints() throws IOException {
    EvalProtocol nist = Eval.protocol(labels("q1\td1\t1\tnist\nq1\td2\t0\tnist\n"), Preset.TREC_EVAL, "P@10");
    EvalProtocol oneChanged = Eval.protocol(labels("q1\td1\t1\tnist\nq1\td2\t0\tllm\n"), Preset.TREC_EVAL, "P@10");
    EvalProtocol plain = Eval.protocol(Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 0))), Preset.TREC_EVAL, "P@10");
    assertThat(oneChanged.sha256()).isNotEqualTo(nist.sha256());
    assertThat(nist.sha256()).isNotEqualTo(plain.sha256());
    assertThat(nist.canonicalJson()).contains("\"label_sources\":{\"q1\":{\"d1\":\"nist\",\"d2\":\"nist\"}}");
    assertThat(plain.canonicalJson()).isEqualTo("{\"caliber_protocol\":1,\"corpus_ids\":null,\"measures\":[\"P@10\"],"
        + "\"policy\":{\"depth\":0,\"gain\":\"linear\",\"judgments\":\"pooled\",\"no_relevant\":\"zero\",\"ordering\":\"score\","
        + "\"relevance_threshold\":1,\"unknown_queries\":\"list\"},\"qrels\":{\"q1\":{\"d1\":1,\"d2\":0}},\"query_set\":[\"q1\"]}");
    assertThat(plain.labelSources()).isEmpty();
    assertThat(oneChanged.labelSources()).isEqualTo(Map.of("nist", 1, "llm", 1));
    // the same judgments, labels written exactly in the canonical text
    EvalProtocol fractional = Eval.protocol(labels("q1\td1\t0.70\tllm\nq1\td2\t2\tnist\n"), Preset.TREC_EVAL, "P@10");
    assertThat(fractional.canonicalJson()).contains("\"qrels\":{\"q1\":{\"d1\":0.7,\"d2\":2}}");
  }

  @Test
  void should_read_judgments_with_sources_under_a_precedence_from_java(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws IOException {
    java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("labels.tsv"),
        HEAD + "q1\td1\t1\tnist\nq1\td1\t0.25\tllm\n");
    Qrels nistFirst = EvalFiles.readQrels(file, List.of("nist", "llm"));
    assertThat(nistFirst.exactLabel("q1", "d1").toPlainString()).isEqualTo("1");
    assertThat(nistFirst.source("q1", "d1")).isEqualTo("nist");
    Qrels llmFirst = EvalFiles.readQrels(file, List.of("llm", "nist"));
    assertThat(llmFirst.exactLabel("q1", "d1").toPlainString()).isEqualTo("0.25");
    assertThat(llmFirst.labelScale()).isEqualTo(100);
    assertThatThrownBy(() -> EvalFiles.readQrels(file)).isInstanceOf(ProtocolViolationException.class);
  }

  @Test
  void should_fill_holes_in_the_labels_unit_for_the_bounds() throws IOException {
    // threshold 2: d1 (0.7) is not relevant, d2 (2) is; d3 and d4 are holes, filled with 0 or with 2
    Qrels q = labels("q1\td1\t0.7\tllm\nq1\td2\t2\tnist\n");
    EvalProtocol p = Eval.protocol(q, Preset.TREC_EVAL.policy().withRelevanceThreshold(2), "P@4");
    MeasureSummary s = Eval.evaluate(p, RUN, true).summaries().get(0);
    assertThat(s.mean()).isEqualTo(Fraction.of(1, 4));
    assertThat(s.bounds().low().exact()).isEqualTo(Fraction.of(1, 4));
    assertThat(s.bounds().high().exact()).isEqualTo(Fraction.of(3, 4));
  }

  @Test
  void should_name_the_first_fractional_label_of_any_query_and_give_whole_labels_read_among_decimals_every_measure() throws IOException {
    Qrels q = labels("q1\td1\t1\tnist\nq2\td1\t2\tnist\nq2\td2\t0.5\tllm\nq3\td1\t0.5\tllm\n");
    assertThatThrownBy(() -> Eval.protocol(q, Preset.TREC_EVAL, "ERR@10"))
        .hasMessageStartingWith("labels.tsv:4: fractional label for a whole-label measure (query \"q2\", document \"d2\":"
            + " label 0.5, and ERR@10 reads labels as whole grades;");
    // 0.5 read, then left out by the precedence: the labels are whole again, as every measure reads them
    Qrels whole = labels("q1\td1\t0.5\tllm\nq1\td1\t1\tnist\nq1\td2\t2\tnist\nq1\td3\t3\tnist\n", "nist", "llm");
    assertThat(whole.labelScale()).isEqualTo(1);
    assertSameMeans(whole, Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 2, "d3", 3))), "ERR@4", "nDCG@4", "P@4");
  }

  @Test
  void should_fill_a_hole_at_the_threshold_when_no_judged_label_reaches_it() throws IOException {
    // threshold 2, labels 0.5 and 1: a hole judged relevant takes the threshold, 2, and is relevant
    Qrels q = labels("q1\td1\t0.5\tllm\nq1\td2\t1\tnist\n");
    EvalProtocol p = Eval.protocol(q, Preset.TREC_EVAL.policy().withRelevanceThreshold(2), "P@4");
    MeasureSummary s = Eval.evaluate(p, RUN, true).summaries().get(0);
    assertThat(s.bounds().high().exact()).isEqualTo(Fraction.of(1, 2));
  }

  /** Every measure's mean is the same under both judgments, exact where the measure is. */
  private static void assertSameMeans(Qrels a, Qrels b, String... measures) {
    RunResult ra = Eval.evaluate(a, RUN, Preset.TREC_EVAL, measures);
    RunResult rb = Eval.evaluate(b, RUN, Preset.TREC_EVAL, measures);
    for (int i = 0; i < measures.length; i++) {
      assertThat(ra.summaries().get(i).value()).as(measures[i]).isEqualTo(rb.summaries().get(i).value());
    }
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }
}
