package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The runs real systems wrote: TREC 2003 Robust submissions, Anserini, trec_eval's own fixtures. */
class TrecRunReaderOnRealDataTest {
  static Stream<Path> robustRuns() throws IOException {
    try (Stream<Path> files = Files.list(TestData.path("trec2003-robust/runs"))) {
      return files.filter(p -> p.getFileName().toString().endsWith(".gz")).sorted().toList().stream();
    }
  }

  static Stream<Path> anseriniRuns() throws IOException {
    try (Stream<Path> files = Files.list(TestData.path("cacm/runs-anserini-0.13.3"))) {
      return files.sorted().toList().stream();
    }
  }

  private static long entries(ScoredRun run) {
    return run.asMap().values().stream().mapToLong(RankedList::size).sum();
  }

  @Test
  void should_find_the_seventeen_robust_runs() throws IOException {
    assertThat(robustRuns()).hasSize(17);
  }

  @ParameterizedTest
  @MethodSource("robustRuns")
  void should_read_every_robust_2003_run_with_100_queries_and_every_line(Path gz) throws IOException {
    // WHEN
    ScoredRun run = TrecRunReader.read(gz);
    // THEN one entry per line of the decompressed file, named by its file (input.<tag>.gz without
    // .gz), its tag kept
    assertThat(run.asMap()).hasSize(100);
    assertThat(entries(run)).isEqualTo(TestData.newlines(gz));
    assertThat(run.name() + ".gz").isEqualTo(gz.getFileName().toString());
    assertThat("input." + run.tag() + ".gz").isEqualTo(gz.getFileName().toString());
  }

  @Test
  void should_keep_the_rank_0_that_real_2003_runs_start_at() throws IOException {
    ScoredRun run = TrecRunReader.read(TestData.path("trec2003-robust/runs/input.InexpC2.gz"));
    RankedList first = run.asMap().values().iterator().next();
    assertThat(first.rank(0)).isZero();
    assertThat(run.origin().locate(run.asMap().keySet().iterator().next(), 0).line()).isEqualTo(1);
  }

  @ParameterizedTest
  @MethodSource("anseriniRuns")
  void should_read_every_anserini_cacm_run(Path file) throws IOException {
    ScoredRun run = TrecRunReader.read(file);
    assertThat(run.name() + ".gz").isEqualTo(file.getFileName().toString());
    assertThat(run.tag()).isEqualTo("Anserini");
    assertThat(run.asMap()).hasSize(64);
    assertThat(entries(run)).isEqualTo(TestData.newlines(file));
  }

  @Test
  void should_read_trec_evals_reference_results() throws IOException {
    ScoredRun run = TrecRunReader.read(TestData.path("trec_eval-test/test/results.test"));
    assertThat(run.name()).isEqualTo("results.test");
    assertThat(run.tag()).isEqualTo("STANDARD");
    assertThat(run.asMap().keySet()).containsExactly("301", "302", "303");
    assertThat(run.asMap().values()).allSatisfy(list -> assertThat(list.size()).isEqualTo(500));
  }

  @Test
  void should_keep_hash_signs_inside_document_ids() throws IOException {
    ScoredRun run = TrecRunReader.read(TestData.path("trec_eval-test/test/results.comment.test"));
    assertThat(run.asMap()).hasSize(301);
    assertThat(entries(run)).isEqualTo(30_100);
    assertThat(run.list("2024-224960").doc(0)).isEqualTo("msmarco_v2.1_doc_50_2286987788#13_3087841662");
    assertThat(run.list("2024-224960").score(0)).isEqualTo(0.7);
  }

  @Test
  void should_reject_results_trunc_by_default_naming_the_lenient_option() {
    assertThatThrownBy(() -> TrecRunReader.read(TestData.path("trec_eval-test/test/results.trunc")))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageEndingWith("results.trunc:1: wrong number of columns (found 9; expected 6 (qid Q0 docid rank score tag)"
            + " or 3 (qid docid rank); to ignore columns after the sixth,"
            + " as trec_eval does, declare that extra columns are ignored)");
  }

  @Test
  void should_read_results_trunc_with_extra_columns_ignored() throws IOException {
    // GIVEN trec_eval's file whose first lines carry "more junk at end of lines."
    Path file = TestData.path("trec_eval-test/test/results.trunc");
    // WHEN
    ScoredRun run = TrecRunReader.read(file, TrecRunOptions.DEFAULT.withIgnoreExtraColumns(true));
    // THEN every line is an entry and the junk is gone
    assertThat(entries(run)).isEqualTo(TestData.newlines(file));
    assertThat(run.tag()).isEqualTo("STANDARD");
    assertThat(run.list("301").doc(0)).isEqualTo("FBIS3-27619");
    assertThat(run.list("301").score(0)).isEqualTo(2.138276);
    assertThat(run.origin().locate("303", 0)).isEqualTo(Location.ofLine(file.toString(), 2));
    assertThat(List.of(run.list("301").rank(0))).containsExactly(99L);
  }
}
