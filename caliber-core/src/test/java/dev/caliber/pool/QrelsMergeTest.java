package dev.caliber.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Qrels;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** New labels appended to old judgments: added, exact duplicates counted, conflicts refused with both lines. */
class QrelsMergeTest {
  @TempDir Path dir;

  private Qrels read(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return TrecQrelsReader.read(p);
  }

  @Test
  void should_append_new_pairs_after_the_old_ones_and_count_exact_duplicates() throws IOException {
    Qrels old = read("old.txt", "q2 0 a 1\nq1 0 b 0\nq2 0 c -1\n");
    Qrels labels = read("new.txt", "q1 0 b 0\nq3 0 z 2\nq1 0 d 1\n");
    QrelsMerge.Merged m = QrelsMerge.merge(old, labels);
    assertThat(m.before()).isEqualTo(3);
    assertThat(m.added()).isEqualTo(2);
    assertThat(m.duplicates()).isEqualTo(1);
    assertThat(m.after()).isEqualTo(5);
    StringBuilder text = new StringBuilder();
    m.writeTo(text::append);
    // the old judgments query by query in their order; the new pair of q1 joins q1's judgments
    assertThat(text).hasToString("q2 0 a 1\nq2 0 c -1\nq1 0 b 0\nq1 0 d 1\nq3 0 z 2\n");
    assertThat(m.judgments()).containsOnlyKeys("q2", "q1", "q3");
    assertThat(m.beforeSha256()).isEqualTo(QrelsMerge.sha256(old.asMap()));
    assertThat(m.afterSha256()).isNotEqualTo(m.beforeSha256());
    // the merged file read back has the judgments the hash was taken of
    assertThat(QrelsMerge.sha256(read("out.txt", text.toString()).asMap())).isEqualTo(m.afterSha256());
  }

  @Test
  void should_hash_the_judgments_as_the_protocol_fingerprint_covers_them() throws IOException {
    Qrels q = read("q.txt", "q2 0 b 1\nq1 0 a 0\n");
    Map<String, Object> sorted = new TreeMap<>(PyJson.CODE_POINT_ORDER);
    sorted.put("q1", Map.of("a", 0));
    sorted.put("q2", Map.of("b", 1));
    assertThat(QrelsMerge.sha256(q.asMap())).isEqualTo(Fingerprint.sha256Hex("{\"q1\":{\"a\":0},\"q2\":{\"b\":1}}"))
        .isEqualTo(Fingerprint.canonicalSha256Hex(sorted)).hasSize(64);
  }

  @Test
  void should_refuse_a_second_label_for_a_judged_pair_naming_both_files_and_lines() throws IOException {
    Qrels old = read("old.txt", "q1 0 a 1\nq1 0 b 0\n");
    Qrels labels = read("new.txt", "q1 0 c 1\nq1 0 b 2\n");
    assertThatThrownBy(() -> QrelsMerge.merge(old, labels))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(dir.resolve("new.txt") + ":2: conflicting label (query \"q1\", document \"b\": label 2 here, 0 at "
            + dir.resolve("old.txt") + ":2; expected new labels only for pairs the old judgments lack, or the same label)");
  }

  @Test
  void should_refuse_an_id_a_trec_qrels_line_cannot_hold() throws IOException {
    Qrels old = Qrels.of(Map.of("q 1", Map.of("a", 1)));
    Qrels labels = read("new.txt", "q1 0 c 1\n");
    assertThatThrownBy(() -> QrelsMerge.merge(old, labels))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("not writable as TREC qrels (query ID \"q 1\" has a blank");
    Qrels fine = read("old.txt", "q1 0 a 1\n");
    Qrels bad = Qrels.of(Map.of("q1", Map.of("b\u0001", 1)));
    assertThatThrownBy(() -> QrelsMerge.merge(fine, bad))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("document ID \"b\\u0001\" has a control character");
  }
}
