package dev.caliber.engine;

import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.io.text.EntryBlock;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A query's judgments looked up by the bytes of a document ID inside a larger buffer. */
class JudgedTableTest {
  /** Looks {@code doc} up as the scorer does: its bytes in the middle of a buffer. */
  private static int find(JudgedTable t, String doc) {
    byte[] id = doc.getBytes(StandardCharsets.UTF_8);
    byte[] b = new byte[id.length + 6];
    b[0] = 'x';
    b[1] = ' ';
    b[2] = 'y';
    System.arraycopy(id, 0, b, 3, id.length);
    b[id.length + 3] = ' ';
    b[id.length + 4] = 'z';
    return t.find(b, 3, 3 + id.length, EntryBlock.hash(b, 3, 3 + id.length));
  }

  /**
   * The table of query "q" judged by {@code row}, in qrels where another query's judgments come
   * first (so that q's do not start at 0) and judge some of the same IDs.
   */
  private static JudgedTable table(Map<String, Integer> row) {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    labels.put("first", row("d1", 7, "zz", 7, "Aa", 7));
    labels.put("q", row);
    QrelsColumns qrels = QrelsColumns.of(labels);
    return JudgedTable.of(qrels, null, qrels.queryPosition("q"));
  }

  private static Integer label(JudgedTable t, String doc) {
    int i = find(t, doc);
    return i < 0 ? null : t.labels[i];
  }

  @Test
  void finds_nothing_in_a_missing_or_empty_row() {
    QrelsColumns qrels = QrelsColumns.of(Map.of("other", Map.of("a", 1)));
    for (JudgedTable t : new JudgedTable[] {JudgedTable.of(qrels, null, -1), table(Map.of())}) {
      assertThat(find(t, "a")).isEqualTo(-1);
      assertThat(find(t, "")).isEqualTo(-1);
      assertThat(t.labels).isEmpty();
    }
  }

  @Test
  void finds_each_judged_document_with_its_label_and_nothing_else() {
    JudgedTable t = table(row("d1", 1, "d2", 0, "dé", 3, "n", -1));
    assertThat(label(t, "d1")).isEqualTo(1);
    assertThat(label(t, "d2")).isEqualTo(0);
    assertThat(label(t, "dé")).isEqualTo(3);
    assertThat(label(t, "n")).isEqualTo(-1);
    for (String absent : new String[] {"d", "d12", "d3", "", "N", "de", "x"}) {
      assertThat(find(t, absent)).as(absent).isEqualTo(-1);
    }
    assertThat(t.labels).containsExactly(1, 0, 3, -1);
    assertThat(find(t, "dé")).isEqualTo(2);
  }

  @Test
  void tells_apart_documents_whose_hashes_collide() {
    // "Aa" and "BB" hash alike (31 * 'A' + 'a' == 31 * 'B' + 'B'), as do "AaAa", "AaBB", "BBAa" and "BBBB"
    assertThat(EntryBlock.hash("Aa".getBytes(StandardCharsets.UTF_8), 0, 2))
        .isEqualTo(EntryBlock.hash("BB".getBytes(StandardCharsets.UTF_8), 0, 2));
    JudgedTable t = table(row("Aa", 1, "BB", 2, "AaAa", 3, "AaBB", 4, "BBAa", 5));
    assertThat(label(t, "Aa")).isEqualTo(1);
    assertThat(label(t, "BB")).isEqualTo(2);
    assertThat(label(t, "AaAa")).isEqualTo(3);
    assertThat(label(t, "AaBB")).isEqualTo(4);
    assertThat(label(t, "BBAa")).isEqualTo(5);
    assertThat(find(t, "BBBB")).isEqualTo(-1);
  }

  @Test
  void holds_many_judgments() {
    Map<String, Integer> row = new LinkedHashMap<>();
    for (int i = 0; i < 1000; i++) {
      row.put("doc" + i, i % 7 - 1);
    }
    JudgedTable t = table(row);
    for (int i = 0; i < 1000; i++) {
      assertThat(label(t, "doc" + i)).isEqualTo(i % 7 - 1);
    }
    for (int i = 1000; i < 1100; i++) {
      assertThat(find(t, "doc" + i)).isEqualTo(-1);
    }
    JudgedTable one = table(row("only", 2));
    assertThat(label(one, "only")).isEqualTo(2);
    assertThat(find(one, "other")).isEqualTo(-1);
  }
}
