package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.Preferences;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** trec_eval's prefs ({@code qid jg jsg docno level}) and qrels_prefs ({@code qid jg docno level}) files. */
class TrecPrefsReaderTest {
  @TempDir Path dir;

  private Preferences read(String text, boolean qrels) throws IOException {
    return TrecPrefsReader.read(TextFiles.write(dir, "prefs", text), InputLimits.DEFAULT, qrels);
  }

  @Test
  void should_number_each_query_s_documents_in_code_point_order_with_their_union() throws IOException {
    // GIVEN b preferred to a by one subgroup, c judged non-relevant by another group
    Preferences p = read("q1 u1 s1 b 2\n# a comment\nq1 u1 s1 a 1.5\nq1 u2 s1 c 0\n", false);
    // THEN a = 0, b = 1, c = 2; the union labels a document 1 when some level is above 0
    assertThat(p.union().asMap()).isEqualTo(Map.of("q1", Map.of("a", 1, "b", 1, "c", 0)));
    assertThat(p.union().row("q1").keySet()).containsExactly("a", "b", "c");
    // groups u1 = 0, u2 = 1; each judgment kept as [group, subgroup, document, level], level highest first
    assertThat(p.byQuery().get("q1").rows()).containsExactly(List.of(0, 0, 1, 2.0), List.of(0, 0, 0, 1.5), List.of(1, 1, 2, 0.0));
  }

  @Test
  void should_read_a_qrels_file_as_one_subgroup_per_group() throws IOException {
    Preferences p = read("q1 0 d1 1\nq1 0 d2 0\n", true);
    assertThat(p.byQuery().get("q1").rows()).containsExactly(List.of(0, 0, 0, 1.0), List.of(0, 0, 1, 0.0));
  }

  @Test
  void should_read_trec_eval_s_own_files() throws IOException {
    Preferences prefs = TrecPrefsReader.read(TestData.path("trec_eval-test/test/prefs.test"), InputLimits.DEFAULT, false);
    Preferences commented = TrecPrefsReader.read(TestData.path("trec_eval-test/test/prefs.comment.test"), InputLimits.DEFAULT, false);
    // the commented copy skips its comment lines and keeps a # inside a document ID
    assertThat(commented.byQuery()).isEqualTo(prefs.byQuery());
    assertThat(commented.union().row("2.EC.A")).containsKey("CR93E-10505#37");
    assertThat(prefs.byQuery()).hasSize(24);
  }

  @Test
  void should_fingerprint_the_preferences_with_the_protocol() throws IOException {
    java.util.function.Function<Preferences, String> sha = p -> new dev.caliber.protocol.EvalProtocol(p, List.of("q1"), "q1",
        dev.caliber.api.Preset.TREC_EVAL.policy(), List.of(dev.caliber.measure.Measures.parse("prefs_simp"))).sha256();
    String a = sha.apply(read("q1 u1 s1 b 2\nq1 u1 s1 a 1\n", false));
    assertThat(sha.apply(read("q1 u1 s1 a 1\nq1 u1 s1 b 2\n", false))).isEqualTo(a);
    assertThat(sha.apply(read("q1 u1 s1 b 1\nq1 u1 s1 a 2\n", false))).isNotEqualTo(a);
  }

  @Test
  void should_refuse_a_document_judged_twice_in_a_subgroup_and_malformed_lines() {
    assertThatThrownBy(() -> read("q1 u1 s1 a 1\nq1 u1 s2 a 0\nq1 u1 s1 a 2\n", false))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining(":3:").hasMessageContaining("line 3 repeats line 1");
    assertThatThrownBy(() -> read("q1 u1 a 1\n", false))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("expected 5 (qid group subgroup docid level)");
    assertThatThrownBy(() -> read("q1 u1 a 1x\n", true))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("level");
    assertThatThrownBy(() -> read("# nothing\n", true))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("no judgments");
  }
}
