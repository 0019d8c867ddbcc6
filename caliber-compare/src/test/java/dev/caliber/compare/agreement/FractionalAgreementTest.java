package dev.caliber.compare.agreement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.math.Fraction;
import dev.caliber.protocol.Qrels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Agreement over judgments with decimal labels and sources: exact categories, the threshold on the
 * exact label, the interval metric on the label values, whatever unit each set holds its labels in.
 */
class FractionalAgreementTest {
  private static Fraction exact(Coefficient c) {
    assertThat(c.defined()).as("defined: %s", c.undefined()).isTrue();
    return c.value().exact();
  }

  /** Judgments with sources read from a table's text, as every command reads them. */
  static Qrels labels(String rows) {
    try {
      Path f = Files.createTempFile("labels", ".tsv");
      try {
        Files.writeString(f, "query\tdoc\tlabel\tsource\n" + rows, StandardCharsets.UTF_8);
        return EvalFiles.readQrels(f);
      } finally {
        Files.delete(f);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void should_compare_decimal_labels_exactly_in_a_common_unit() {
    // GIVEN A at scale 10 and B at scale 100 (its 0.25 is on a pair only B judges)
    Qrels a = labels("q1\td1\t0\tnist\nq1\td2\t0.7\tnist\nq1\td3\t1\tnist\nq1\td4\t1\tnist\n");
    Qrels b = labels("q1\td1\t0\tllm\nq1\td2\t1\tllm\nq1\td3\t1\tllm\nq1\td4\t0.70\tllm\nq1\td9\t0.25\tllm\n");
    assertThat(a.labelScale()).isEqualTo(10);
    assertThat(b.labelScale()).isEqualTo(100);
    // WHEN
    QrelsAgreement r = Agreement.of(a, b, 1);
    // THEN the categories are the exact labels, 0.7 never 7 nor 70
    LabelAgreement o = r.overall();
    assertThat(o.labels()).extracting(BigDecimal::toPlainString).containsExactly("0", "0.7", "1");
    // d1 (0, 0), d2 (0.7, 1), d3 (1, 1), d4 (1, 0.7)
    assertThat(o.confusion()).containsExactly(List.of(1L, 0L, 0L), List.of(0L, 0L, 1L), List.of(0L, 1L, 1L));
    assertThat(o.agreement()).isEqualTo(Fraction.of(1, 2));
    // binary at 1: 0.7 is not relevant; A 0 0 1 1, B 0 1 1 0: p_o = 1/2, p_e = 1/2, kappa 0
    assertThat(o.binaryAgreement()).isEqualTo(Fraction.of(1, 2));
    assertThat(exact(o.kappa())).isEqualTo(Fraction.ZERO);
    // linear weights on places 0, 1, 2: observed 2, expected 14, N = 4: 1 - 4 * 2 / 14 = 3/7
    assertThat(exact(o.linearKappa())).isEqualTo(Fraction.of(3, 7));
    // quadratic: observed 2, expected 22: 1 - 8/22 = 7/11
    assertThat(exact(o.quadraticKappa())).isEqualTo(Fraction.of(7, 11));
    // interval on the values 0, 0.7, 1 (tenths 0, 7, 10): pooled (2, 2, 4), 2N = 8; observed
    // 2 * 2 * 3^2 = 36; expected 2 * (2*2*7^2 + 2*4*10^2 + 2*4*3^2) = 2136: 1 - 7 * 36 / 2136 = 157/178
    assertThat(exact(o.alphaInterval())).isEqualTo(Fraction.of(157, 178));
    assertThat(r.pairsOnlyB()).isEqualTo(1);
    assertThat(r.sourcesA()).containsExactly(Map.entry("nist", 4));
    assertThat(r.sourcesB()).containsExactly(Map.entry("llm", 5));
  }

  @Test
  void should_name_no_source_for_plain_qrels() {
    Qrels plain = Eval.qrels(Map.of("q1", Map.of("d1", 1)));
    QrelsAgreement r = Agreement.of(plain, plain, 1);
    assertThat(r.sourcesA()).isEmpty();
    assertThat(r.sourcesB()).isEmpty();
    assertThat(r.overall().labels()).containsExactly(BigDecimal.ONE);
  }

  @Provide
  Arbitrary<List<Integer>> grades() {
    return Arbitraries.integers().between(0, 30).list().ofMinSize(1).ofMaxSize(12);
  }

  /**
   * Every label of both sets divided by ten and written as a decimal ({@code 23} as {@code 2.3},
   * {@code 20} as {@code 2}), with the threshold divided likewise (10 becomes 1): every count and
   * coefficient is unchanged, since kappa reads places, alpha's interval metric ratios of
   * differences, and the threshold the same side of every label.
   */
  @Property(tries = 60)
  void dividing_every_label_by_ten_changes_no_coefficient(@ForAll("grades") List<Integer> x, @ForAll("grades") List<Integer> y) {
    int n = Math.min(x.size(), y.size());
    StringBuilder ta = new StringBuilder();
    StringBuilder tb = new StringBuilder();
    StringBuilder pa = new StringBuilder();
    StringBuilder pb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      String q = "q" + (i % 3);
      ta.append(q).append("\td").append(i).append('\t').append(tenth(x.get(i))).append("\ta\n");
      tb.append(q).append("\td").append(i).append('\t').append(tenth(y.get(i))).append("\tb\n");
      pa.append(q).append("\td").append(i).append('\t').append(x.get(i)).append("\ta\n");
      pb.append(q).append("\td").append(i).append('\t').append(y.get(i)).append("\tb\n");
    }
    QrelsAgreement whole = Agreement.of(labels(pa.toString()), labels(pb.toString()), 10);
    QrelsAgreement tenths = Agreement.of(labels(ta.toString()), labels(tb.toString()), 1);
    assertThat(tenths.overall().labels()).extracting(l -> l.movePointRight(1).intValueExact())
        .containsExactlyElementsOf(whole.overall().labels().stream().map(BigDecimal::intValueExact).toList());
    assertThat(strip(tenths.overall())).isEqualTo(strip(whole.overall()));
    for (int i = 0; i < whole.queries().size(); i++) {
      assertThat(strip(tenths.queries().get(i).agreement())).isEqualTo(strip(whole.queries().get(i).agreement()));
    }
  }

  private static String tenth(int label) {
    return BigDecimal.valueOf(label, 1).stripTrailingZeros().toPlainString();
  }

  /** The agreement without its labels; a coefficient's reason names the categories, so only whether it is defined. */
  private static List<Object> strip(LabelAgreement a) {
    return List.of(a.pairs(), a.confusion(), String.valueOf(a.agreement()), String.valueOf(a.binaryAgreement()),
        value(a.kappa()), value(a.linearKappa()), value(a.quadraticKappa()), value(a.alphaNominal()),
        value(a.alphaOrdinal()), value(a.alphaInterval()));
  }

  private static String value(Coefficient c) {
    return c.defined() ? c.value().exact().toString() : "undefined";
  }
}
