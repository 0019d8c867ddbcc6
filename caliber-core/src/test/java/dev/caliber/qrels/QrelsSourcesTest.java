package dev.caliber.qrels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.protocol.Qrels;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Judgments that name their sources and hold decimal labels exactly: the builder's rules, the
 * columns' accessors by judgment index, and {@link Qrels}' by (query, document).
 */
class QrelsSourcesTest {
  @Test
  void should_keep_each_judgments_source_in_the_built_order() {
    QrelsBuilder b = new QrelsBuilder();
    int q2 = b.query("q2");
    int q1 = b.query("q1");
    String[] names = {"nist", "crowd", "llm:a", "llm:b", "llm:c", "nist"};
    for (int i = 0; i < names.length; i++) {
      assertThat(b.add(i % 2 == 0 ? q1 : q2, "d" + i, i, i + 1)).isEqualTo(-1);
      b.source(i, b.sourceIndex(names[i]));
    }
    assertThat(b.sourceIndex("llm:c")).isEqualTo(4); // five distinct names: the table grew past four
    assertThat(b.sourceName(2)).isEqualTo("llm:a");
    assertThat(b.source(5)).isZero();
    Qrels q = b.build("l.tsv");
    assertThat(q.sources()).containsExactly("nist", "crowd", "llm:a", "llm:b", "llm:c");
    // q2 first (first appearance): d1 (crowd), d3 (llm:b), d5 (nist); then q1: d0, d2, d4
    QrelsColumns c = QrelsAccess.columns(q);
    assertThat(c.docId(0)).isEqualTo("d1");
    assertThat(new int[] {c.source(0), c.source(1), c.source(2), c.source(3), c.source(4), c.source(5)})
        .containsExactly(1, 3, 0, 0, 2, 4);
    assertThatThrownBy(() -> c.source(6)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(q.source("q2", "d3")).isEqualTo("llm:b");
    assertThat(q.source("q1", "d4")).isEqualTo("llm:c");
    assertThat(q.source("q1", "d3")).as("judged by q2 only").isNull();
    assertThat(q.source("q9", "d1")).isNull();
    assertThat(q.source(null, null)).isNull();
    assertThat(q.labelsPerSource()).containsExactly(Map.entry("nist", 2), Map.entry("crowd", 1), Map.entry("llm:a", 1),
        Map.entry("llm:b", 1), Map.entry("llm:c", 1));
  }

  @Test
  void should_refuse_a_build_where_some_judgments_name_a_source_and_others_none() {
    QrelsBuilder b = new QrelsBuilder();
    int q = b.query("q");
    b.add(q, "d1", 1, 1);
    b.add(q, "d2", 1, 2);
    b.source(1, b.sourceIndex("nist"));
    assertThatThrownBy(() -> b.build("l.tsv")).isInstanceOf(IllegalStateException.class)
        .hasMessage("illegal build: judgment 0 has no source, and others have");
    Qrels none = Qrels.of(Map.of("q", Map.of("d", 1)));
    assertThat(none.sources()).isEmpty();
    assertThat(none.labelsPerSource()).isEmpty();
    assertThat(QrelsAccess.columns(none).source(0)).isEqualTo(-1);
    assertThat(none.source("q", "d")).isNull();
    assertThat(none.labelScale()).isEqualTo(1);
    assertThat(none.exactLabel("q", "d")).isEqualTo(BigDecimal.ONE);
    assertThat(QrelsAccess.columns(none).exactLabel(0)).isEqualTo(BigDecimal.ONE);
  }

  @Test
  void should_widen_the_label_unit_only_when_every_label_still_fits() {
    QrelsBuilder b = new QrelsBuilder();
    int q = b.query("q");
    b.add(q, "d1", 7, 1);
    b.add(q, "d2", -3, 2);
    assertThat(b.rescale(10)).isTrue();
    assertThat(b.labelScale()).isEqualTo(10);
    assertThat(b.label(0)).isEqualTo(70);
    assertThat(b.label(1)).isEqualTo(-30);
    assertThat(b.rescale(100)).isTrue(); // 1000 in all: 7000, -3000
    b.relabel(0, 15, 9); // 15/1000
    assertThat(b.line(0)).isEqualTo(9);
    Qrels built = b.build("l.tsv");
    assertThat(built.labelScale()).isEqualTo(1000);
    assertThat(QrelsAccess.columns(built).exactLabel(0)).isEqualByComparingTo("0.015");
    assertThat(built.exactLabel("q", "d1")).isEqualByComparingTo("0.015");
    assertThat(built.exactLabel("q", "d2")).isEqualByComparingTo("-3");
    assertThat(built.exactLabel("q", "d3")).isNull();
    assertThat(built.exactLabel("r", "d1")).isNull();
    assertThat(built.decimal(40).toPlainString()).isEqualTo("0.04");
    assertThat(built.origin().locate("q", "d1").toString()).isEqualTo("l.tsv:9");
    assertThatThrownBy(() -> new QrelsBuilder().rescale(20)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new QrelsBuilder().rescale(1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new QrelsBuilder().rescale(110)).isInstanceOf(IllegalArgumentException.class);

    QrelsBuilder whole = new QrelsBuilder(); // whole labels at a finer unit are whole again when built
    int w = whole.query("q");
    whole.add(w, "d1", 2, 1);
    whole.add(w, "d2", -1, 2);
    whole.rescale(100);
    whole.relabel(0, 250, 3);
    Qrels halves = whole.build("w.tsv");
    assertThat(halves.labelScale()).isEqualTo(10); // 2.5 needs tenths, not hundredths
    assertThat(QrelsAccess.columns(halves).label(0)).isEqualTo(25);
    assertThat(halves.row("q")).containsExactly(Map.entry("d1", 25), Map.entry("d2", -10));
    QrelsBuilder again = new QrelsBuilder();
    int a = again.query("q");
    again.add(a, "d1", 2, 1);
    again.rescale(1000);
    assertThat(again.build("a.tsv").labelScale()).isEqualTo(1);

    QrelsBuilder big = new QrelsBuilder();
    int p = big.query("q");
    big.add(p, "d", 300_000_000, 1);
    assertThat(big.rescale(10)).isFalse(); // 3e9 leaves the int range: nothing changes
    assertThat(big.label(0)).isEqualTo(300_000_000);
    assertThat(big.labelScale()).isEqualTo(1);
    QrelsBuilder fits = new QrelsBuilder();
    int f = fits.query("q");
    fits.add(f, "d", 214_748_364, 1);
    assertThat(fits.rescale(10)).isTrue(); // 2147483640 still fits
    assertThat(fits.rescale(10)).isFalse();
    QrelsBuilder unit = new QrelsBuilder();
    unit.rescale(100_000_000);
    assertThat(unit.rescale(100)).isFalse(); // the unit itself would leave the range
    assertThat(unit.labelScale()).isEqualTo(100_000_000);
    QrelsBuilder negative = new QrelsBuilder();
    negative.add(negative.query("q"), "e", -300_000_000, 2);
    assertThat(negative.rescale(10)).isFalse();
  }
}
