package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.policy.Gain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The measures caliber takes from ir_measures (RBP, SDCG, INST, Compat) on ir_measures' own test
 * fixtures (copied into this package's resources: ir_measures.*; terrierteam/ir_measures,
 * tests/), against the values ir_measures' tests expect: tests/test_cwl_eval.py (cwl_eval's
 * values to 4 decimals, so within 0.00005 here too) and tests/test_compat.py (the authors' code,
 * to 1e-9).
 */
class IrMeasuresKnownAnswersTest {
  /** Per query, the labels of the ranked documents, ranked as ir_measures ranks them. */
  private static Map<String, JudgedRanking> rankings(String prefix) throws IOException {
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    for (String[] f : lines(prefix + ".qrels")) {
      qrels.computeIfAbsent(f[0], q -> new LinkedHashMap<>()).put(f[2], Integer.parseInt(f[3]));
    }
    Map<String, List<String[]>> run = new LinkedHashMap<>();
    for (String[] f : lines(prefix + ".run")) {
      run.computeIfAbsent(f[0], q -> new ArrayList<>()).add(f);
    }
    Map<String, JudgedRanking> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<String[]>> e : run.entrySet()) {
      // score descending, ties by document ID ascending (compat_provider.py; cwl_eval reads the
      // run sorted the same way)
      List<String[]> lines = new ArrayList<>(e.getValue());
      lines.sort(Comparator.comparing((String[] f) -> -Double.parseDouble(f[4])).thenComparing(f -> f[2]));
      Map<String, Integer> judged = qrels.getOrDefault(e.getKey(), Map.of());
      int[] labels = lines.stream().mapToInt(f -> judged.getOrDefault(f[2], JudgedRanking.UNJUDGED)).toArray();
      int[] all = judged.values().stream().mapToInt(Integer::intValue).toArray();
      out.put(e.getKey(), new JudgedRanking(labels, all, 1, Gain.LINEAR));
    }
    return out;
  }

  private static List<String[]> lines(String name) throws IOException {
    List<String[]> out = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        IrMeasuresKnownAnswersTest.class.getResourceAsStream("ir_measures." + name), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          out.add(line.strip().split("\\s+"));
        }
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} on T1, T2, T3")
  @CsvSource(delimiter = '|', value = {
      "INST(max_rel=1) | 0.7934 | 0.9226 | 0.0888",
      "INST(T=2,max_rel=1) | 0.5994 | 0.6924 | 0.1397",
      "SDCG(max_rel=1)@10 | 0.5645 | 0.6531 | 0.2848",
      "RBP(p=0.9,rel=1) | 0.3501 | 0.3996 | 0.1988"})
  void the_cwl_eval_measures_agree_with_ir_measures_test_values(String name, double t1, double t2, double t3)
      throws IOException {
    // GIVEN ir_measures' cwl fixture
    Map<String, JudgedRanking> r = rankings("cwl");
    // WHEN each query is scored
    Measure m = Measures.parse(name);
    // THEN the values are test_cwl_eval.py's, to its 4 decimals
    assertThat(m.compute(r.get("T1")).decimal()).isCloseTo(t1, within(0.00005));
    assertThat(m.compute(r.get("T2")).decimal()).isCloseTo(t2, within(0.00005));
    assertThat(m.compute(r.get("T3")).decimal()).isCloseTo(t3, within(0.00005));
    assertThat(m.rational()).isFalse();
  }

  @ParameterizedTest(name = "{0} on 31_1, 31_2")
  @CsvSource(delimiter = '|', value = {
      "Compat | 0.51779512165509 | 0.018400100569017922",
      "Compat(p=0.9) | 0.3761334522946854 | 0.004344079941789211",
      "Compat(p=0.8) | 0.16723008845234535 | 0.00022806427320561776"})
  void compat_agrees_with_ir_measures_test_values(String name, double q1, double q2) throws IOException {
    Map<String, JudgedRanking> r = rankings("compat");
    Measure m = Measures.parse(name);
    assertThat(m.compute(r.get("31_1")).decimal()).isCloseTo(q1, within(1e-9));
    assertThat(m.compute(r.get("31_2")).decimal()).isCloseTo(q2, within(1e-9));
  }

  @Test
  void sdcg_normalises_by_k_positions_summed_once_the_same_double_for_every_query() {
    // GIVEN the definition summed in rank order, per query, as it was computed before
    int k = 1_000_000;
    Measure m = Measures.parse("SDCG(max_rel=1)@" + k);
    JudgedRanking a = new JudgedRanking(new int[] {1, 0, 1}, new int[] {1, 1, 0}, 1, Gain.LINEAR);
    JudgedRanking b = new JudgedRanking(new int[] {0, 1}, new int[] {1}, 1, Gain.LINEAR);
    for (JudgedRanking r : List.of(a, b, a)) {
      double dcg = 0.0;
      double ideal = 0.0;
      for (int i = 0; i < k; i++) {
        double discount = 1.0 / (StrictMath.log(i + 2) / StrictMath.log(2.0));
        ideal += discount;
        if (i < r.size()) {
          dcg += (r.label(i) > 0 ? 1.0 : 0.0) * discount;
        }
      }
      // THEN bit for bit
      assertThat(m.compute(r).decimal()).isEqualTo(dcg / ideal);
    }
    assertThat(Measures.parse("SDCG(max_rel=1)@3").compute(a).decimal())
        .isCloseTo((1 + 0.5) / (1 + 1 / (StrictMath.log(3) / StrictMath.log(2)) + 0.5), within(1e-15));
  }

  @Test
  void compat_mean_is_ir_measures_aggregate() throws IOException {
    Map<String, JudgedRanking> r = rankings("compat");
    Measure m = Measures.parse("Compat(p=0.95)");
    double mean = r.values().stream().mapToDouble(x -> m.compute(x).decimal()).average().orElseThrow();
    assertThat(mean).isCloseTo(0.268097611, within(1e-9));
  }
}
