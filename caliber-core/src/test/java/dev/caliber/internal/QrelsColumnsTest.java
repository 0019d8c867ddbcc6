package dev.caliber.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.Qrels;
import dev.caliber.qrels.QrelsAccess;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link QrelsColumns}: each query's judgments by position, with their bytes, hash and label,
 * found within their own query only; and the door {@code Qrels} opens to them ({@link
 * QrelsSecrets}), which hands out the columns a {@code Qrels} holds.
 */
class QrelsColumnsTest {
  private final QrelsColumns qrels;

  QrelsColumnsTest() {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    Map<String, Integer> q1 = new LinkedHashMap<>();
    q1.put("d1", 2);
    q1.put("r\u00e9sum\u00e9", 1);
    labels.put("q1", q1);
    labels.put("q2", Map.of());
    labels.put("q3", Map.of("d1", 0));
    qrels = QrelsColumns.of(labels);
  }

  @Test
  void should_give_each_query_s_judgments_by_position_with_their_bytes_hash_and_label() {
    int q1 = qrels.queryPosition("q1");
    assertThat(q1).isZero();
    assertThat(qrels.queryPosition("q3")).isEqualTo(2);
    assertThat(qrels.queryPosition("q9")).isEqualTo(-1);
    assertThat(qrels.queryPosition(null)).isEqualTo(-1);
    assertThat(qrels.queryCount()).isEqualTo(3);
    assertThat(qrels.queryIds()).containsExactly("q1", "q2", "q3");
    assertThat(qrels.size()).isEqualTo(3);
    assertThat(qrels.judgmentsFrom(q1)).isZero();
    assertThat(qrels.judgmentsTo(q1)).isEqualTo(2);
    assertThat(qrels.judgmentsFrom(1)).isEqualTo(qrels.judgmentsTo(1)).isEqualTo(2);
    assertThat(qrels.judgmentsFrom(2)).isEqualTo(2);
    assertThat(qrels.judgmentsTo(2)).isEqualTo(3);
    byte[] resume = utf8("x r\u00e9sum\u00e9 y");
    assertThat(qrels.docEquals(1, resume, 2, resume.length - 2)).isTrue();
    assertThat(qrels.docEquals(1, resume, 2, resume.length - 1)).isFalse();
    assertThat(qrels.docEquals(0, resume, 2, resume.length - 2)).isFalse();
    assertThat(qrels.docHash(1)).isEqualTo(QrelsColumns.hash(resume, 2, resume.length - 2));
    assertThat(qrels.docId(1)).isEqualTo("r\u00e9sum\u00e9");
    assertThat(qrels.label(0)).isEqualTo(2);
    assertThat(qrels.label(2)).isZero();
    assertThat(qrels.docId(2)).isEqualTo("d1");
    assertThat(qrels.line(2)).as("columns of maps keep no line").isZero();
    assertThat(qrels.labelScale()).isEqualTo(1);
    assertThat(qrels.exactLabel(0)).isEqualByComparingTo("2");
    assertThat(qrels.sourceNames()).isEmpty();
    assertThat(qrels.source(0)).isEqualTo(-1);
    assertThat(qrels).hasToString("QrelsColumns[3 queries, 3 judgments]");
  }

  @Test
  void should_find_a_document_only_among_its_own_query_s_judgments() {
    assertThat(qrels.find(0, "d1")).isZero();
    assertThat(qrels.find(0, "r\u00e9sum\u00e9")).isEqualTo(1);
    assertThat(qrels.find(2, "d1")).isEqualTo(2);
    assertThat(qrels.find(2, "r\u00e9sum\u00e9")).isEqualTo(-1);
    assertThat(qrels.find(1, "d1")).as("a query that judges nothing").isEqualTo(-1);
    assertThat(qrels.find(0, 7)).isEqualTo(-1);
    assertThat(qrels.find(0, null)).isEqualTo(-1);
  }

  @Test
  void should_hash_a_string_as_its_utf8_bytes() {
    for (String s : List.of("", "d1", "968410", "r\u00e9sum\u00e9", "\uD83D\uDE00", "a\u007f", "\u0080")) {
      byte[] b = utf8(s);
      assertThat(QrelsColumns.hash(s)).as(s).isEqualTo(QrelsColumns.hash(b, 0, b.length));
      assertThat(QrelsColumns.sameBytes(s, b, 0, b.length)).as(s).isTrue();
    }
    byte[] d12 = utf8("d12");
    assertThat(QrelsColumns.hash(d12, 0, 3)).isEqualTo((31 * (31 * 'd' + '1') + '2') ^ ((31 * (31 * 'd' + '1') + '2') >>> 16));
    assertThat(QrelsColumns.sameBytes("d1", d12, 0, 3)).isFalse();
    assertThat(QrelsColumns.sameBytes("d12", d12, 0, 2)).isFalse();
    assertThat(QrelsColumns.sameBytes("d2", d12, 0, 2)).isFalse();
    assertThat(QrelsColumns.sameBytes("\u00e9", utf8("\u00e8"), 0, 2)).isFalse();
    assertThat(QrelsColumns.sameBytes("", d12, 1, 1)).isTrue();
    assertThat(QrelsColumns.sameBytes("12", d12, 1, 3)).as("a range that does not start the array").isTrue();
    assertThat(QrelsColumns.sameBytes("d123", d12, 0, 3)).as("a longer string at the array's end").isFalse();
  }

  @Test
  void should_grow_past_its_first_sizes_in_the_maps_order() {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    for (int q = 0; q < 40; q++) {
      Map<String, Integer> row = new LinkedHashMap<>();
      for (int d = 0; d < q % 5; d++) {
        row.put("document-" + q + "-" + d, d - 1);
      }
      labels.put("q" + q, row);
    }
    QrelsColumns c = QrelsColumns.of(labels);
    assertThat(c.queryCount()).isEqualTo(40);
    assertThat(c.size()).isEqualTo(80);
    for (int q = 0; q < 40; q++) {
      assertThat(c.queryPosition("q" + q)).isEqualTo(q);
      assertThat(c.judgmentsTo(q) - c.judgmentsFrom(q)).isEqualTo(q % 5);
      for (int d = 0; d < q % 5; d++) {
        int j = c.judgmentsFrom(q) + d;
        assertThat(c.docId(j)).isEqualTo("document-" + q + "-" + d);
        assertThat(c.label(j)).isEqualTo(d - 1);
        assertThat(c.find(q, "document-" + q + "-" + d)).isEqualTo(j);
      }
    }
    assertThat(QrelsColumns.of(Map.of()).queryCount()).isZero();
  }

  @Test
  void should_hand_out_the_columns_a_qrels_holds_through_the_door_it_installed_once() {
    Qrels q = Qrels.of(Map.of("q", Map.of("d", 3)));
    QrelsColumns c = QrelsAccess.columns(q);
    assertThat(c).isSameAs(QrelsAccess.columns(q)).as("not a copy");
    assertThat(c.label(c.find(c.queryPosition("q"), "d"))).isEqualTo(3);
    assertThat(QrelsSecrets.access()).isNotNull();
    assertThatThrownBy(() -> QrelsSecrets.install(QrelsSecrets.access())).isInstanceOf(IllegalStateException.class)
        .hasMessage("illegal second door: Qrels installs it once");
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
