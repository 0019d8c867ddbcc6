package dev.caliber.api;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.caliber.api.RunFile.Format;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A run file: its format told by its name or given, its name, its extra columns, and evaluating it whole or while reading it. */
class RunFileTest {
  /** The same run as a TREC file, tagged "bm25": q1 ranks d2 then d1; q2 finds d3. */
  private static final String TREC = "q1 Q0 d2 1 2.0 bm25\nq1 Q0 d1 2 1.0 bm25\nq2 Q0 d3 1 5.0 bm25\n";
  /** The same run as the seed's JSON lists. */
  private static final String JSON = "{\"q1\": [\"d2\", \"d1\"], \"q2\": [\"d3\"]}";
  /** A run whose q1 ranks d9, which is not judged. */
  private static final String TREC_UNJUDGED = "q1 Q0 d9 1 2.0 bad\nq2 Q0 d3 1 5.0 bad\n";
  private static final InputStream NO_STDIN = new ByteArrayInputStream(new byte[0]);
  private static final StreamingEvaluation.Options ONE_THREAD = StreamingEvaluation.Options.defaults().withThreads(1);
  private static final StreamingEvaluation.Options WHOLE = StreamingEvaluation.Options.defaults().withStreaming(false);

  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private Path write(String name, byte[] bytes) throws IOException {
    return Files.write(dir.resolve(name), bytes);
  }

  private static InputStream stdin(String text) {
    return new ByteArrayInputStream(utf8(text));
  }

  /** Strict: every ranked document judged. q1's relevant document is d1, q2's d3. */
  private static EvalProtocol strict() {
    return Eval.protocol(Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 0), "q2", Map.of("d3", 1))), Preset.STRICT, "RR");
  }

  private static void assertRun(ScoredRun run, String name) {
    assertThat(run.name()).isEqualTo(name);
    assertThat(run.asMap().keySet()).containsExactly("q1", "q2");
    assertThat(run.list("q1").docs()).containsExactly("d2", "d1");
    assertThat(run.list("q2").docs()).containsExactly("d3");
  }

  /** RR under the strict protocol's given order: q1 1/2, q2 1, mean 3/4. */
  private static void assertScored(RunResult r, String name) {
    assertThat(r.runName()).isEqualTo(name);
    assertThat(r.summary(Measures.parse("RR")).mean()).hasToString("3/4");
    assertThat(r.row("q1").value(Measures.parse("RR"))).hasToString("1/2");
  }

  @Test
  void should_read_name_equals_file_unless_the_whole_text_is_an_existing_file() throws IOException {
    // GIVEN a run whose file name holds '=' (a parameter sweep's naming), and one that does not exist
    Path sweep = Files.writeString(dir.resolve("bm25_k1=0.9_b=0.4.txt"), "q1 Q0 d1 1 1 t\n");
    String missing = dir.resolve("nothing=here.txt").toString();
    // THEN an existing file is a file, whatever it holds
    assertThat(RunFile.givenName(sweep.toString())).isNull();
    assertThat(RunFile.fileOf(sweep.toString())).isEqualTo(sweep.toString());
    // and otherwise the text before the first '=' names the run
    assertThat(RunFile.givenName("bm25=" + sweep)).isEqualTo("bm25");
    assertThat(RunFile.fileOf("bm25=" + sweep)).isEqualTo(sweep.toString());
    assertThat(RunFile.givenName("a=b=c.txt")).isEqualTo("a");
    assertThat(RunFile.fileOf("a=b=c.txt")).isEqualTo("b=c.txt");
    assertThat(RunFile.givenName(missing)).isEqualTo(missing.substring(0, missing.indexOf('=')));
    // an empty name is no name; no '=' is a file
    assertThat(RunFile.givenName("=x.txt")).isNull();
    assertThat(RunFile.fileOf("=x.txt")).isEqualTo("=x.txt");
    assertThat(RunFile.givenName("runs/bm25.txt")).isNull();
    assertThat(RunFile.givenName("-")).isNull();
    assertThat(RunFile.fileOf("bm25=-")).isEqualTo("-");
  }

  @Nested
  class Options {
    @Test
    void should_start_from_a_path_with_the_files_own_name_the_format_by_name_and_no_extra_columns() {
      assertThat(RunFile.of(Path.of("runs", "bm25.json"))).isEqualTo(new RunFile(Path.of("runs", "bm25.json").toString(), null, Format.AUTO, false));
    }

    @Test
    void should_change_exactly_one_option_with_each_with_method() {
      RunFile f = new RunFile("r.txt", null, Format.AUTO, false);
      assertThat(f.withName("n")).isEqualTo(new RunFile("r.txt", "n", Format.AUTO, false));
      assertThat(f.withName("n").withName(null)).isEqualTo(f);
      assertThat(f.withFormat(Format.TREC)).isEqualTo(new RunFile("r.txt", null, Format.TREC, false));
      assertThat(f.withIgnoreExtraColumns(true)).isEqualTo(new RunFile("r.txt", null, Format.AUTO, true));
      assertThat(f.withIgnoreExtraColumns(true).withIgnoreExtraColumns(false)).isEqualTo(f);
    }

    @Test
    void should_refuse_no_path_an_empty_name_and_no_format() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunFile(null, null, Format.AUTO, false))
          .withMessage("illegal run file path: null, must be a path or -");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> RunFile.of(Path.of("r.txt")).withName(""))
          .withMessage("illegal run name: \"\", must be null (use the file's) or non-empty");
      assertThatNullPointerException().isThrownBy(() -> RunFile.of(Path.of("r.txt")).withFormat(null)).withMessage("format");
    }
  }

  static Stream<Arguments> formats() {
    return Stream.of(
        Arguments.of("run.json", Format.AUTO, true),
        Arguments.of("RUN.Json", Format.AUTO, true),
        Arguments.of("run.json.gz", Format.AUTO, true),
        Arguments.of("run.JSON.GZ", Format.AUTO, true),
        Arguments.of("run.txt", Format.AUTO, false),
        Arguments.of("run.jsonl", Format.AUTO, false),
        Arguments.of("run.gz", Format.AUTO, false),
        Arguments.of("-", Format.AUTO, false),
        Arguments.of("run.txt", Format.JSON, true),
        Arguments.of("-", Format.JSON, true),
        Arguments.of("run.json", Format.TREC, false),
        Arguments.of("run.json.gz", Format.TREC, false));
  }

  @ParameterizedTest(name = "{0} as {1}: JSON {2}")
  @MethodSource("formats")
  void should_read_json_when_told_so_or_when_auto_and_the_name_ends_in_json_or_json_gz(String path, Format format, boolean json) {
    assertThat(new RunFile(path, null, format, false).isJson()).isEqualTo(json);
  }

  @Nested
  class Reading_whole {
    @Test
    void should_read_a_json_run_by_its_name_named_without_json() throws IOException {
      // GIVEN
      Path file = write("bm25.json", JSON);
      // WHEN
      ScoredRun run = RunFile.of(file).read(null);
      // THEN the given order, ranks 1..n
      assertRun(run, "bm25");
      assertThat(run.list("q1").rank(1)).isEqualTo(2);
    }

    @Test
    void should_read_a_gzipped_json_run_by_its_name_and_name_it_without_gz_and_json() throws IOException {
      // GIVEN
      Path file = write("bm25.json.gz", gzip(utf8(JSON)));
      // WHEN
      ScoredRun run = RunFile.of(file).read(null);
      // THEN .gz then .json are taken off the file name, as for every format
      assertRun(run, "bm25");
      assertThat(RunFile.of(file).runName()).isEqualTo("bm25");
    }

    @Test
    void should_rank_a_json_score_map_by_score_not_by_the_order_it_was_written_in() throws IOException {
      // GIVEN the lower score written first
      Path file = write("scores.json", "{\"q1\": {\"d2\": 0.5, \"d1\": 0.9}, \"q2\": {\"d3\": 1}}");
      // WHEN
      RankedList q1 = RunFile.of(file).read(null).list("q1");
      // THEN a JSON object has no order: the map is ranked by score
      assertThat(q1.docs()).containsExactly("d1", "d2");
      assertThat(q1.score(0)).isEqualTo(0.9);
      assertThat(q1.rank(0)).isEqualTo(1);
    }

    @Test
    void should_score_the_python_tools_score_map_by_score_with_rr_1_not_1_3() throws IOException {
      // GIVEN the shape pytrec_eval, ir_measures and ranx use; d1 is the relevant document
      Path file = write("run.json", "{\"q1\": {\"d3\": 0.1, \"d2\": 0.2, \"d1\": 0.9}}");
      EvalProtocol p = Eval.protocol(Eval.qrels(Map.of("q1", Map.of("d1", 1))), Preset.POOLED.policy().withOrdering(
          dev.caliber.policy.Ordering.GIVEN), "RR@10");
      // WHEN
      RunResult r = RunFile.of(file).evaluate(p, null, WHOLE).get();
      // THEN d1, the best score, is ranked first even under the given order: RR = 1
      assertThat(r.row("q1").value(Measures.parse("RR@10"))).hasToString("1");
      assertThat(r.orderDisagreement().any()).isFalse();
    }

    @Test
    void should_name_a_json_run_by_the_name_given() throws IOException {
      assertRun(RunFile.of(write("bm25.json", JSON)).withName("mine").read(null), "mine");
    }

    @Test
    void should_name_a_trec_run_by_its_file_or_the_name_given_and_keep_its_tag_apart() throws IOException {
      Path file = write("bm25.txt", TREC.replace("bm25", "tagged"));
      assertRun(RunFile.of(file).read(null), "bm25.txt");
      assertThat(RunFile.of(file).read(null).tag()).isEqualTo("tagged");
      assertRun(RunFile.of(file).withName("mine").read(null), "mine");
      assertThat(RunFile.of(file).withName("mine").read(null).tag()).isEqualTo("tagged");
      assertThat(RunFile.of(file).evaluate(strict(), null, ONE_THREAD).get().tag()).isEqualTo("tagged");
      assertThat(RunFile.of(file).evaluate(strict(), null, WHOLE).get().tag()).isEqualTo("tagged");
    }

    @Test
    void should_name_two_copies_of_one_run_in_two_folders_alike_and_keep_their_tag() throws IOException {
      // GIVEN the same Anserini run in two folders
      Files.createDirectories(dir.resolve("a"));
      Files.createDirectories(dir.resolve("b"));
      RunFile a = RunFile.of(write("a/run.bm25", TREC.replace("bm25\n", "Anserini\n")));
      RunFile b = RunFile.of(write("b/run.bm25", TREC.replace("bm25\n", "Anserini\n")));
      // THEN each is named by its file, not its tag (the caller must name them apart)
      assertThat(a.runName()).isEqualTo("run.bm25").isEqualTo(b.runName());
      assertThat(a.withName("first").runName()).isEqualTo("first");
      assertThat(a.read(null).tag()).isEqualTo("Anserini");
    }

    @Test
    void should_name_a_three_column_trec_run_by_its_file_name_without_a_tag() throws IOException {
      ScoredRun run = RunFile.of(write("msmarco.tsv", "q1\td2\t1\nq1\td1\t2\nq2\td3\t1\n")).read(null);
      assertRun(run, "msmarco.tsv");
      assertThat(run.tag()).isNull();
    }

    @Test
    void should_read_json_under_any_name_when_told() throws IOException {
      // GIVEN JSON in a file whose name says nothing
      Path file = write("bm25.txt", JSON);
      // THEN as TREC it is malformed; as JSON it is the run, named by the whole file name
      assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> RunFile.of(file).read(null));
      assertRun(RunFile.of(file).withFormat(Format.JSON).read(null), "bm25.txt");
    }

    @Test
    void should_read_trec_under_a_json_name_when_told() throws IOException {
      Path file = write("bm25.json", TREC);
      assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> RunFile.of(file).read(null));
      assertRun(RunFile.of(file).withFormat(Format.TREC).read(null), "bm25");
    }

    @Test
    void should_name_standard_input_stdin_in_every_format() throws IOException {
      assertRun(new RunFile("-", null, Format.JSON, false).read(stdin(JSON)), "stdin");
      assertRun(new RunFile("-", null, Format.AUTO, false).read(stdin(TREC)), "stdin");
      assertThat(new RunFile("-", null, Format.AUTO, false).read(stdin(TREC)).tag()).isEqualTo("bm25");
    }

    @Test
    void should_refuse_a_seventh_column_unless_told_to_ignore_it() throws IOException {
      // GIVEN a seventh column on every line
      Path file = write("wide.txt", TREC.replace("bm25\n", "bm25 extra\n"));
      // THEN refused by default, read as six columns when told
      assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> RunFile.of(file).read(null))
          .withMessageContaining("wide.txt:1");
      assertRun(RunFile.of(file).withIgnoreExtraColumns(true).read(null), "wide.txt");
    }

    @Test
    void should_read_the_root_directory_as_an_unreadable_file_not_as_a_run_without_a_name() {
      // GIVEN a path with no file name
      RunFile root = new RunFile("/", null, Format.JSON, false);
      // THEN an input error, not a crash on the missing name
      assertThatExceptionOfType(IOException.class).isThrownBy(() -> root.read(null));
      assertThatExceptionOfType(IOException.class).isThrownBy(() -> root.readRankings(null));
    }

    @Test
    void should_read_the_seeds_rankings_whatever_the_format_says() throws IOException {
      // GIVEN a JSON run under a TREC format
      RunFile f = RunFile.of(write("bm25.json", JSON)).withFormat(Format.TREC);
      // WHEN
      Run run = f.readRankings(null);
      // THEN
      assertThat(run.name()).isEqualTo("bm25");
      assertThat(run.asMap()).containsExactly(Map.entry("q1", List.of("d2", "d1")), Map.entry("q2", List.of("d3")));
      assertThat(f.withName("mine").readRankings(null).name()).isEqualTo("mine");
      assertThat(new RunFile("-", null, Format.AUTO, false).readRankings(stdin(JSON)).name()).isEqualTo("stdin");
    }

    @Test
    void should_read_a_chunk_run_from_trec_lines_in_file_order_located_by_line() throws IOException {
      // GIVEN chunk lines whose file order is not their score order
      Path file = write("chunks.txt", "q1 Q0 c2 1 1.0 t\nq1 Q0 c1 2 5.0 t\nq2 Q0 c3 1 1 t\n");
      // WHEN
      Run run = RunFile.of(file).readChunkRun(null);
      // THEN the file's order, as under the given ordering, and each chunk's line
      assertThat(run.asMap()).containsExactly(Map.entry("q1", List.of("c2", "c1")), Map.entry("q2", List.of("c3")));
      assertThat(run.name()).isEqualTo("chunks.txt");
      assertThat(run.origin().locate("q1", 1).line()).isEqualTo(2);
      assertThat(RunFile.of(write("chunks.json", "{\"q1\": [\"c2\", \"c1\"]}")).readChunkRun(null).ranking("q1"))
          .containsExactly("c2", "c1");
    }

    @Test
    void should_refuse_the_chunk_adapters_full_report_as_a_run_in_either_reading() throws IOException {
      Path file = write("adapted.json", "{\"adapter_sha256\": \"ab\", \"document_runs\": {\"q1\": [\"d1\"]}, \"evidence\": {}}");
      assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> RunFile.of(file).read(null))
          .withMessageContaining("the chunk adapter's full report, not a run").withMessageContaining("caliber adapt --emit run");
      assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> RunFile.of(file).readRankings(null))
          .withMessageContaining("the chunk adapter's full report, not a run");
    }

    @Test
    void should_read_rankings_from_a_file_in_a_folder_named_by_the_file_alone() throws IOException {
      Files.createDirectories(dir.resolve("runs"));
      Path file = write("runs/bm25.json", JSON);
      assertThat(RunFile.of(file).readRankings(null).name()).isEqualTo("bm25");
    }
  }

  @Nested
  class Evaluating {
    @Test
    void should_evaluate_a_run_read_whole_into_a_result() throws IOException {
      // WHEN
      StreamingEvaluation.Outcome o = RunFile.of(write("bm25.json", JSON)).evaluate(strict(), null, WHOLE);
      // THEN
      assertThat(o.violation()).isNull();
      assertScored(o.result(), "bm25");
    }

    @Test
    void should_return_the_violation_of_a_run_read_whole_rather_than_throw_it() throws IOException {
      // WHEN
      StreamingEvaluation.Outcome o = RunFile.of(write("bad.txt", TREC_UNJUDGED)).evaluate(strict(), null, WHOLE);
      // THEN the outcome holds it, and get() throws it
      assertThat(o.result()).isNull();
      assertThat(o.violation()).isInstanceOf(ProtocolViolationException.class);
      assertThat(o.violation().getMessage()).contains("\"d9\"");
      assertThatExceptionOfType(ProtocolViolationException.class).isThrownBy(o::get).isSameAs(o.violation());
    }

    @Test
    void should_evaluate_a_trec_file_while_reading_it_with_the_numbers_of_reading_it_whole() throws IOException {
      // GIVEN
      RunFile f = RunFile.of(write("bm25.txt", TREC));
      // WHEN
      RunResult streamed = f.evaluate(strict(), null, ONE_THREAD).get();
      // THEN
      assertScored(streamed, "bm25.txt");
      RunResult whole = f.evaluate(strict(), null, WHOLE).get();
      assertThat(streamed.rows()).isEqualTo(whole.rows());
      assertThat(streamed.summaries()).isEqualTo(whole.summaries());
    }

    @Test
    void should_tell_the_progress_of_a_streamed_trec_file_in_bytes_read() throws IOException {
      // GIVEN
      Path file = write("bm25.txt", TREC);
      List<Long> progress = new java.util.ArrayList<>();
      // WHEN
      RunFile.of(file).evaluate(strict(), null, ONE_THREAD.withProgress((bytes, queries) -> progress.add(bytes))).get();
      // THEN the last report is the whole file
      assertThat(progress).isNotEmpty().last().isEqualTo(Files.size(file));
    }

    @Test
    void should_refuse_to_stream_standard_input_that_is_not_grouped_by_query() {
      // GIVEN q1's lines come back after q2's
      InputStream in = stdin("q1 Q0 d2 1 2.0 bm25\nq2 Q0 d3 1 5.0 bm25\nq1 Q0 d1 2 1.0 bm25\n");
      // THEN it cannot be read again to be read whole
      assertThatExceptionOfType(dev.caliber.eval.RunNotGroupedException.class)
          .isThrownBy(() -> new RunFile("-", null, Format.AUTO, false).evaluate(strict(), in, ONE_THREAD))
          .withMessage("-:3: query \"q1\" comes back after other queries: the run is not grouped by query, and - cannot be read twice");
    }

    @Test
    void should_read_standard_input_that_is_not_grouped_by_query_whole_when_not_streamed() throws IOException {
      // GIVEN q1's lines come back after q2's
      InputStream in = stdin("q1 Q0 d2 1 2.0 bm25\nq2 Q0 d3 1 5.0 bm25\nq1 Q0 d1 2 1.0 bm25\n");
      // WHEN read whole first
      RunResult r = new RunFile("-", null, Format.AUTO, false).evaluate(strict(), in, ONE_THREAD.withStreaming(false)).get();
      // THEN
      assertScored(r, "stdin");
    }

    @Test
    void should_read_a_file_that_is_not_grouped_by_query_whole_with_the_same_numbers() throws IOException {
      RunFile f = RunFile.of(write("ungrouped.txt", "q1 Q0 d2 1 2.0 bm25\nq2 Q0 d3 1 5.0 bm25\nq1 Q0 d1 2 1.0 bm25\n"));
      assertScored(f.evaluate(strict(), null, ONE_THREAD).get(), "ungrouped.txt");
    }

    @Test
    void should_stream_trec_from_standard_input_with_the_name_and_extra_columns_given() throws IOException {
      // GIVEN a seventh column
      InputStream in = stdin(TREC.replace("bm25\n", "bm25 extra\n"));
      // WHEN
      RunResult r = new RunFile("-", "mine", Format.AUTO, true).evaluate(strict(), in, ONE_THREAD).get();
      // THEN
      assertScored(r, "mine");
    }

    @Test
    void should_refuse_extra_columns_while_streaming_by_default() throws IOException {
      RunFile f = RunFile.of(write("wide.txt", TREC.replace("bm25\n", "bm25 extra\n")));
      assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> f.evaluate(strict(), null, ONE_THREAD));
    }

    @Test
    void should_read_a_json_file_whole_when_asked_to_stream_it() throws IOException {
      // GIVEN JSON, which has no lines to stream
      RunFile f = RunFile.of(write("bm25.json", JSON));
      // WHEN
      StreamingEvaluation.Outcome o = f.evaluate(strict(), null, ONE_THREAD);
      // THEN
      assertScored(o.get(), "bm25");
      assertScored(new RunFile("-", null, Format.JSON, false).evaluate(strict(), stdin(JSON), ONE_THREAD).get(), "stdin");
    }

    @Test
    void should_return_the_violation_of_a_streamed_or_json_run_rather_than_throw_it() throws IOException {
      StreamingEvaluation.Outcome streamed = RunFile.of(write("bad.txt", TREC_UNJUDGED)).evaluate(strict(), null, ONE_THREAD);
      StreamingEvaluation.Outcome json = RunFile.of(write("bad.json", "{\"q1\": [\"d9\"], \"q2\": [\"d3\"]}"))
          .evaluate(strict(), null, ONE_THREAD);
      assertThat(streamed.result()).isNull();
      assertThat(streamed.violation().getMessage()).contains("\"d9\"");
      assertThat(json.result()).isNull();
      assertThat(json.violation().getMessage()).contains("\"d9\"");
    }
  }
}
