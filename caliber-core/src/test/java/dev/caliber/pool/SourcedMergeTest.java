package dev.caliber.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.source.JudgmentFiles;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Labels with their source merged into judgments: by (query, document, source), another source's
 * label kept beside, the same source's repeat counted, its other label refused; the table written
 * back exactly, and hashed as the fingerprint reads it.
 */
class SourcedMergeTest {
  @TempDir Path dir;

  private static final String H = "query\tdoc\tlabel\tsource\n";

  private List<Qrels> read(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return JudgmentFiles.readBySource(p.toString(), System.in, InputLimits.DEFAULT);
  }

  private static String text(QrelsMerge.Sourced m) {
    StringBuilder out = new StringBuilder();
    m.writeTo(out::append);
    return out.toString();
  }

  private Qrels readBack(String text, List<String> precedence) throws IOException {
    Path p = dir.resolve("back.tsv");
    Files.writeString(p, text, StandardCharsets.UTF_8);
    return TrecQrelsReader.read(p.toString(), System.in, InputLimits.DEFAULT, precedence);
  }

  @Test
  void should_keep_another_sources_label_beside_and_count_repeats_by_source() throws IOException {
    // GIVEN NIST's plain qrels and an LLM's decimal labels, one on a pair NIST judged, one a repeat
    List<Qrels> old = read("old.txt", "q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 2\n");
    List<Qrels> news = read("new.tsv", H + "q1\td2\t0.7\tllm\nq1\td3\t0.25\tllm\nq3\td1\t1\tllm\n");
    // WHEN
    QrelsMerge.Sourced m = QrelsMerge.mergeSources(old, "nist", news, null, List.of());
    // THEN every label is written, exactly, old first
    assertThat(text(m)).isEqualTo(H + "q1\td1\t1\tnist\nq1\td2\t0\tnist\nq2\td1\t2\tnist\n"
        + "q1\td2\t0.7\tllm\nq1\td3\t0.25\tllm\nq3\td1\t1\tllm\n");
    assertThat(m.before()).containsExactly(Map.entry("nist", 3L));
    assertThat(m.after()).containsExactly(Map.entry("nist", 3L), Map.entry("llm", 3L));
    assertThat(m.added()).isEqualTo(3);
    assertThat(m.duplicates()).isZero();
    assertThat(m.shared()).isEqualTo(1);
    // the old judgments have one label per pair: their view is NIST's labels with their source
    Qrels nist = readBack(H + "q1\td1\t1\tnist\nq1\td2\t0\tnist\nq2\td1\t2\tnist\n", List.of());
    assertThat(m.beforeSha256()).isEqualTo(EvalProtocol.judgmentsSha256(nist)).hasSize(64);
    // q1 d2 has two sources, and no precedence says which counts: no view
    assertThat(m.afterSha256()).isNull();
    // under a precedence, the view is the table read back under it
    QrelsMerge.Sourced ranked = QrelsMerge.mergeSources(old, "nist", news, null, List.of("llm", "nist"));
    Qrels back = readBack(text(ranked), List.of("llm", "nist"));
    assertThat(back.exactLabel("q1", "d2").toPlainString()).isEqualTo("0.7");
    assertThat(ranked.afterSha256()).isEqualTo(EvalProtocol.judgmentsSha256(back))
        .isNotEqualTo(EvalProtocol.judgmentsSha256(readBack(text(ranked), List.of("nist", "llm"))));
    assertThat(ranked.beforeSha256()).isEqualTo(m.beforeSha256());
    // a precedence that lists none of the sources: no view either
    QrelsMerge.Sourced unlisted = QrelsMerge.mergeSources(old, "nist", news, null, List.of("crowd"));
    assertThat(unlisted.beforeSha256()).isNull();
    assertThat(unlisted.afterSha256()).isNull();
  }

  @Test
  void should_merge_a_table_of_several_sources_and_read_its_repeats_by_source() throws IOException {
    // GIVEN judgments of two sources, both labelling q1 d1
    List<Qrels> old = read("old.tsv", H + "q1\td1\t1\tnist\nq1\td1\t0.5\tllm\nq1\td2\t0\tnist\n");
    assertThat(old).hasSize(2);
    assertThat(old.get(0).sources()).containsExactly("nist");
    assertThat(old.get(1).sources()).containsExactly("llm");
    assertThat(old.get(0).labelScale()).isEqualTo(1); // each source in its own unit: nist's labels are whole
    assertThat(old.get(1).labelScale()).isEqualTo(10);
    // WHEN the LLM's labels come again, one the same, one new, and a crowd's
    List<Qrels> news = read("new.jsonl", "{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 0.50, \"source\": \"llm\"}\n"
        + "{\"query\": \"q1\", \"doc\": \"d2\", \"label\": 1, \"source\": \"crowd\"}\n");
    QrelsMerge.Sourced m = QrelsMerge.mergeSources(old, null, news, null, List.of("nist", "crowd", "llm"));
    // THEN
    assertThat(m.duplicates()).isEqualTo(1);
    assertThat(m.added()).isEqualTo(1);
    assertThat(m.shared()).isEqualTo(2);
    assertThat(text(m)).isEqualTo(H + "q1\td1\t1\tnist\nq1\td2\t0\tnist\nq1\td1\t0.5\tllm\nq1\td2\t1\tcrowd\n");
    assertThat(m.after()).containsExactly(Map.entry("nist", 2L), Map.entry("llm", 1L), Map.entry("crowd", 1L));
    assertThat(m.afterSha256()).isEqualTo(EvalProtocol.judgmentsSha256(readBack(text(m), List.of("nist", "crowd", "llm"))));
  }

  @Test
  void should_refuse_another_label_from_the_same_source_naming_both_lines() throws IOException {
    List<Qrels> old = read("old.tsv", H + "q1\td1\t1\tnist\nq1\td2\t0.5\tllm\n");
    List<Qrels> news = read("new.tsv", H + "q1\td3\t1\tllm\nq1\td2\t0.75\tllm\n");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(old, null, news, null, List.of()))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("new.tsv:3")
        .hasMessageContaining("conflicting label")
        .hasMessageContaining("query \"q1\", document \"d2\", source \"llm\": label 0.75 here, 0.5 at " + dir.resolve("old.tsv") + ":3;");
  }

  @Test
  void should_refuse_a_source_name_that_does_not_fit_the_judgments() throws IOException {
    List<Qrels> plain = read("old.txt", "q1 0 d1 1\n");
    List<Qrels> named = read("new.tsv", H + "q1\td2\t1\tllm\n");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(plain, null, named, null, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal source for the old judgments: they name no source, and none was given");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(plain, "nist", named, "llm", List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal source for the new labels: they name their sources [llm], and \"llm\" was given");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(List.of(), "nist", named, null, List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal the old judgments: none, expected one judgments per source");
  }

  @Test
  void should_refuse_an_id_a_table_row_cannot_hold() throws IOException {
    List<Qrels> old = read("old.json", "{\"q 1\": {\"d1\": 1}}");
    List<Qrels> news = read("new.tsv", H + "q1\td2\t1\tllm\n");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(old, "nist", news, null, List.of()))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("not writable as a judgments table")
        .hasMessageContaining("query ID \"q 1\" has a blank");
    List<Qrels> doc = read("doc.json", "{\"q1\": {\"d 1\": 1}}");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(doc, "nist", news, null, List.of()))
        .hasMessageContaining("document ID \"d 1\" has a blank");
    List<Qrels> src = read("src.jsonl", "{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 1, \"source\": \"a b\"}\n");
    assertThatThrownBy(() -> QrelsMerge.mergeSources(src, null, news, null, List.of()))
        .hasMessageContaining("source \"a b\" has a blank");
  }

  @Test
  void should_write_labels_of_any_unit_exactly() throws IOException {
    // whole labels at scale 100 (10 is 1000/100) and negative ones keep their plain decimal form
    List<Qrels> old = read("old.tsv", H + "q1\td1\t10\tnist\nq1\td2\t-1\tnist\nq1\td3\t0.05\tnist\n");
    List<Qrels> news = read("new.txt", "q1 0 d4 3\n");
    QrelsMerge.Sourced m = QrelsMerge.mergeSources(old, null, news, "llm", List.of());
    assertThat(text(m)).isEqualTo(H + "q1\td1\t10\tnist\nq1\td2\t-1\tnist\nq1\td3\t0.05\tnist\nq1\td4\t3\tllm\n");
    assertThat(m.afterSha256()).isEqualTo(EvalProtocol.judgmentsSha256(readBack(text(m), List.of())));
    assertThat(m.afterSha256()).isNotEqualTo(m.beforeSha256());
  }

  @Test
  void should_pool_against_the_labels_that_count_fractional_and_zero_included() throws IOException {
    // GIVEN NIST judges d1 (0) and the LLM d2 (0.25) and d3 (0), the run ranks d1 to d4
    Path f = dir.resolve("labels.tsv");
    Files.writeString(f, H + "q1\td1\t0\tnist\nq1\td2\t0.25\tllm\nq1\td3\t0\tllm\n", StandardCharsets.UTF_8);
    dev.caliber.protocol.ScoredRun run = dev.caliber.api.Eval.rankings("R", Map.of("q1", List.of("d1", "d2", "d3", "d4")));
    PoolSettings depth = PoolSettings.defaults().withStrategy(Strategy.DEPTH).withDepth(4).withOrdering(dev.caliber.policy.Ordering.GIVEN);
    // WHEN every source counts, any label judges its pair: only d4 is a hole
    PoolResult all = Pooling.pool(List.of(run), TrecQrelsReader.read(f.toString(), System.in, InputLimits.DEFAULT, List.of()),
        depth);
    // and when only NIST's count, the LLM's pairs are holes again
    PoolResult nist = Pooling.pool(List.of(run),
        TrecQrelsReader.read(f.toString(), System.in, InputLimits.DEFAULT, List.of("nist")), depth);
    // THEN
    assertThat(all.holes()).extracting(Hole::doc).containsExactly("d4");
    assertThat(all.coverage().judged()).isEqualTo(3);
    assertThat(nist.holes()).extracting(Hole::doc).containsExactly("d2", "d3", "d4");
  }
}
