package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caliber index}: a corpus into a Lucene index directory, whole or not at all; every refusal one line. */
class IndexCommandTest {
  static final String CORPUS = """
      {"id": "d1", "contents": "Apple pie with apples and pears"}
      {"id": "d2", "contents": "A pear tree in the garden"}
      {"id": "d3", "contents": "Garden tools and garden sheds"}
      """;

  @TempDir Path dir;

  private List<String> names() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void should_index_a_corpus_and_say_what_it_made() throws IOException {
    Path corpus = Cli.write(dir, "docs.jsonl", CORPUS);
    Path index = dir.resolve("idx");
    CliResult r = Cli.run("index", "--corpus", corpus, "--index", index, "--analyzer", "standard", "--k1", "1.2", "--b", "0.75");
    String sha = dev.caliber.protocol.Fingerprint.sha256Hex(Files.readString(index.resolve("caliber-index.json")));
    assertThatRun(r).succeeded().printed(index + ": 3 documents from docs.jsonl, analyzer standard, BM25 k1=1.2 b=0.75, sha256 " + sha
        + "\n");
    assertThat(Files.readString(index.resolve("caliber-index.json"))).contains("\"analyzer\": \"standard\"", "\"k1\": 1.2",
        "\"b\": 0.75");
  }

  @Test
  void should_refuse_a_directory_that_is_not_empty_and_replace_an_index_only_with_force() throws IOException {
    Path corpus = Cli.write(dir, "docs.jsonl", CORPUS);
    Path index = dir.resolve("idx");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index)).succeeded();
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index)).failedWithUsage("caliber index", "--index " + index
        + " exists and is not empty; an index is written only to a new or empty directory, or over an earlier caliber index"
        + " when replacing is asked for; give --force to replace the caliber index there");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index, "--force", "--analyzer", "whitespace")).succeeded();
    assertThat(Files.readString(index.resolve("caliber-index.json"))).contains("\"analyzer\": \"whitespace\"");
    // a folder that is not an index is never replaced
    Path mine = Files.createDirectories(dir.resolve("mine"));
    Cli.write(mine, "notes.txt", "keep");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", mine, "--force")).failedWithUsage("caliber index", "--index " + mine
        + " is not a caliber index (no caliber-index.json in it), so it is not replaced");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", corpus)).failedWithUsage("caliber index", "--index " + corpus
        + " exists and is not a directory; an index is a directory");
    assertThat(Files.readString(mine.resolve("notes.txt"))).isEqualTo("keep");
  }

  @Test
  void should_name_the_line_of_a_bad_corpus_record_and_leave_nothing() throws IOException {
    Path corpus = Cli.write(dir, "docs.jsonl", CORPUS.replace("{\"id\": \"d2\", ", "{\"id\": \"d2\" "));
    Path twice = Cli.write(dir, "twice.jsonl", CORPUS.replace("\"d3\"", "\"d1\""));
    Path index = dir.resolve("idx");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index)).failedWithLineStartingWith(ExitCodes.INVALID_INPUT,
        "invalid input: " + corpus + ":2:13: ");
    assertThatRun(Cli.run("index", "--corpus", twice, "--index", index)).rejectedInput(twice
        + ":3:8: $.id: duplicate document ID (\"d1\" on line 3 repeats line 1; expected each id once)");
    assertThat(names()).containsExactly("docs.jsonl", "twice.jsonl");
  }

  @Test
  void should_name_a_missing_corpus() {
    Path missing = dir.resolve("missing.jsonl");
    assertThatRun(Cli.run("index", "--corpus", missing, "--index", dir.resolve("idx"))).failedWith(ExitCodes.IO,
        "cannot read " + missing + ": no such file");
  }

  @Test
  void should_refuse_an_analyzer_or_bm25_parameter_it_does_not_know() throws IOException {
    Path corpus = Cli.write(dir, "docs.jsonl", CORPUS);
    Path index = dir.resolve("idx");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index, "--analyzer", "french")).failedWithUsage("caliber index",
        "--analyzer french: illegal analyzer: \"french\", must be one of standard, english, whitespace");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index, "--k1", "-1")).failedWithUsage("caliber index",
        "--k1 -1: illegal k1 value: -1.0, must be a non-negative finite value");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index, "--b", "1.5")).failedWithUsage("caliber index",
        "--b 1.5: illegal b value: 1.5, must be between 0 and 1");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index, "--k1", "NaN")).failedWithUsage("caliber index",
        "--k1 NaN is not a number; expected a decimal such as 0.9");
    assertThat(names()).containsExactly("docs.jsonl");
  }
}
