package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code -o} refuses every file a command reads, also those it reads through a folder: a BEIR
 * folder's corpus, queries and qrels (of any split), given directly or recorded in a lock. Before,
 * {@code protocol freeze --beir b -o b/corpus.jsonl} replaced the corpus with the lock, exit 0.
 */
class OutputThroughFoldersTest {
  @TempDir Path dir;
  private Path beir;
  private Path run;

  @BeforeEach
  void copyTheParaphraseFolder() throws IOException {
    Path from = Cli.root().resolve("examples/paraphrase");
    beir = Files.createDirectories(dir.resolve("b"));
    Files.createDirectories(beir.resolve("qrels"));
    for (String f : List.of("corpus.jsonl", "queries.jsonl", "qrels/dev.tsv", "qrels/test.tsv")) {
      Files.copy(from.resolve(f), beir.resolve(f));
    }
    run = Cli.write(dir, "run.txt", "q5 Q0 d1 1 2 t\nq5 Q0 d2 2 1 t\n");
  }

  /** A command that reads the folder, by name, and its arguments before {@code -o}. */
  static Stream<Arguments> commandsThatReadTheFolder() {
    return Stream.of(
        Arguments.of("protocol freeze", List.of("protocol", "freeze", "--beir", "B", "--split", "test", "-m", "AP")),
        Arguments.of("protocol check", List.of("protocol", "check", "--beir", "B")),
        Arguments.of("fingerprint", List.of("fingerprint", "--beir", "B", "--split", "test", "-m", "AP")),
        Arguments.of("evaluate", List.of("evaluate", "--beir", "B", "--split", "test", "-m", "AP", "--run", "RUN")),
        Arguments.of("compare", List.of("compare", "--beir", "B", "--split", "test", "-m", "AP", "--run", "a=RUN",
            "--run", "b=RUN")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("commandsThatReadTheFolder")
  void should_refuse_an_output_that_is_a_file_read_through_the_folder(String name, List<String> args) throws IOException {
    for (String file : List.of("corpus.jsonl", "queries.jsonl", "qrels/dev.tsv", "qrels/test.tsv")) {
      // GIVEN
      Path target = beir.resolve(file);
      byte[] before = Files.readAllBytes(target);
      // WHEN
      CliResult result = Cli.run(withOutput(args, target));
      // THEN a usage error naming the file, which is as it was
      assertThat(result.exitCode()).as("%s -o %s: %s", name, file, result.stderr()).isEqualTo(ExitCodes.USAGE);
      assertThat(result.stderr()).startsWith("caliber: usage: -o " + target + " is the input " + target
          + "; the result would overwrite it: give another path");
      assertThat(Files.readAllBytes(target)).as(file).isEqualTo(before);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("commandsThatReadTheFolder")
  void should_still_write_a_new_file_inside_the_folder(String name, List<String> args) {
    Path target = beir.resolve("report.out");
    CliResult result = Cli.run(withOutput(args, target));
    // (protocol check exits 3 on this folder, whose paraphrase findings are errors, and still writes its report)
    assertThat(result.exitCode()).as("%s: %s", name, result.stderr()).isIn(ExitCodes.OK, ExitCodes.INVALID_INPUT);
    assertThat(target).isRegularFile();
  }

  @org.junit.jupiter.api.Test
  void should_refuse_an_output_that_is_a_file_of_the_folder_a_lock_recorded() throws IOException {
    // GIVEN a lock frozen on the folder
    Path lock = dir.resolve("b.lock.json");
    assertThat(Cli.run("protocol", "freeze", "--beir", beir, "--split", "test", "-m", "AP", "-o", lock).exitCode()).isZero();
    Path corpus = beir.resolve("corpus.jsonl");
    byte[] before = Files.readAllBytes(corpus);
    // WHEN an evaluation under the lock is written over the corpus
    CliResult result = Cli.run("evaluate", "--lock", lock, "--run", run, "-o", corpus);
    // THEN
    assertThat(result.exitCode()).as(result.stderr()).isEqualTo(ExitCodes.USAGE);
    assertThat(result.stderr()).startsWith("caliber: usage: -o " + corpus + " is the input " + corpus);
    assertThat(Files.readAllBytes(corpus)).isEqualTo(before);
  }

  private Object[] withOutput(List<String> args, Path target) {
    List<Object> out = new ArrayList<>();
    for (String a : args) {
      out.add(a.equals("B") ? beir.toString() : a.replace("RUN", run.toString()));
    }
    out.add("-o");
    out.add(target);
    return out.toArray();
  }
}
