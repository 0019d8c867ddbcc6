package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonReader;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code caliber fingerprint} accepts every protocol form {@code evaluate} accepts and prints the
 * protocol_sha256 that {@code evaluate} reports with the same options.
 */
class FingerprintFormsTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path BEIR = CACM.resolve("beir-format");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");

  static Stream<Arguments> forms() {
    return Stream.of(
        Arguments.of("bare TREC qrels, defaults", List.of("--qrels", QRELS), BM25),
        Arguments.of("TREC qrels with a preset and measures", List.of("--qrels", QRELS, "--preset", "trec_eval", "-m",
            "nDCG@10", "-m", "map"), BM25),
        Arguments.of("TREC qrels with single policies", List.of("--qrels", QRELS, "--judgments", "pooled",
            "--unknown-queries", "list", "--relevance-threshold", "2", "--depth", "100", "-m", "P@5"), BM25),
        Arguments.of("TREC qrels with a query set", List.of("--qrels", QRELS, "--query-set", queryList(), "--preset",
            "pooled", "--unknown-queries", "list", "-m", "R@100"), BM25),
        Arguments.of("BEIR folder with its one split", List.of("--beir", BEIR, "--preset", "trec_eval", "-m", "nDCG@10"), BM25),
        Arguments.of("BEIR folder with the split named", List.of("--beir", BEIR, "--split", "test", "--preset", "pooled",
            "--unknown-queries", "list", "--gain", "exponential", "-m", "nDCG@10"), BM25),
        Arguments.of("seed protocol file, seed report", List.of("--protocol", Cli.example("protocol.json")),
            Cli.example("runs/fixture_A.json")),
        Arguments.of("seed protocol file with measures", List.of("--protocol", Cli.example("protocol.json"), "-m", "AP"),
            Cli.example("runs/fixture_A.json")),
        Arguments.of("seed parts with a preset", List.of("--corpus", Cli.example("corpus.json"), "--queries",
            Cli.example("queries.json"), "--qrels", Cli.example("qrels.json"), "--split", "test", "--preset", "strict"),
            Cli.example("runs/fixture_A.json")),
        Arguments.of("JSON qrels alone", List.of("--qrels", Cli.example("qrels.json"), "-m", "RR@2"),
            Cli.example("runs/fixture_A.json")));
  }

  /** Where the query list is written: injected before the forms are made. */
  @TempDir static Path dir;

  private static Path queryList() {
    return Cli.write(dir, "queries.txt", "1\n2\n3\n10\n");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forms")
  void should_print_the_protocol_sha256_evaluate_reports(String form, List<Object> protocol, Path run) throws Exception {
    // GIVEN
    List<Object> fingerprint = new ArrayList<>(List.of("fingerprint"));
    fingerprint.addAll(protocol);
    List<Object> evaluate = new ArrayList<>(List.of("evaluate", "--run", run));
    evaluate.addAll(protocol);
    // WHEN
    CliResult printed = Cli.run(fingerprint.toArray());
    CliResult evaluated = Cli.run(evaluate.toArray());
    // THEN
    assertThat(evaluated.exitCode()).as("%s", evaluated).isZero();
    assertThat(printed.exitCode()).as("%s", printed).isZero();
    String reported = JsonReader.parse("stdout", new ByteArrayInputStream(evaluated.stdoutBytes())).at("protocol_sha256").text();
    assertThat(printed.stdout()).isEqualTo(reported + "\n");
    // the same note when defaults were chosen, and nothing else: what fingerprint says, evaluate says too
    assertThat(evaluated.stderr()).contains(printed.stderr());
    assertThat(printed.stderr()).matches("(caliber: note: [^\n]*\n)?");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("forms")
  void should_print_canonical_json_that_hashes_to_the_fingerprint(String form, List<Object> protocol, Path run) throws Exception {
    List<Object> args = new ArrayList<>(List.of("fingerprint", "--canonical"));
    args.addAll(protocol);
    CliResult canonical = Cli.run(args.toArray());
    args.remove("--canonical");
    CliResult sha = Cli.run(args.toArray());
    assertThat(canonical.exitCode()).as("%s", canonical).isZero();
    byte[] out = canonical.stdoutBytes();
    byte[] text = java.util.Arrays.copyOf(out, out.length - 1);
    String hex = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(text));
    assertThatRun(sha).printed(hex + "\n");
  }
}
