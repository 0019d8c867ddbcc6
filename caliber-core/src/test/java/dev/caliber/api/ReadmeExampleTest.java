package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.testkit.SeedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's "Use from Java" example is a real source file: it compiles with the tests, runs
 * here, and the README shows exactly its marked lines, so the two cannot drift apart.
 */
class ReadmeExampleTest {
  private static final Path EXAMPLE = SeedFiles.root().resolve("caliber-core/src/test/java/dev/caliber/api/ReadmeExample.java");
  private static final String README_MARKER = "<!-- README:ReadmeExample.java -->";

  @Test
  void should_print_the_means_a_row_and_trec_evals_numbers_for_its_files() throws Exception {
    // GIVEN trec_eval's own test files, for which trec_eval prints ndcg_cut_10 0.3016 and map 0.1785
    Path test = SeedFiles.data("trec_eval-test/test");
    String[] args = {test.resolve("qrels.test").toString(), test.resolve("results.test").toString()};
    // WHEN
    String out = runMain(args);
    // THEN by hand: q1 ranks d2 (0), d1 (2), d3 (1): AP = (1/2 + 2/3) / 2 = 7/12; q2 ranks d5 (1), d6
    // (unjudged: 0): AP = 1/2; nDCG@10 (linear gain) 0.6697 and 0.6131
    assertThat(out).isEqualTo(String.join("\n",
        "nDCG@10 = 0.6414",
        "AP = 0.5417",
        "q1 nDCG@10 = 0.66967181649423",
        "q1 AP = 7/12",
        "results.test nDCG@10 = 0.3016",
        "results.test AP = 0.1785",
        ""));
  }

  @Test
  void should_be_shown_in_the_readme_line_for_line() throws IOException {
    // GIVEN
    List<String> source = Files.readAllLines(EXAMPLE, StandardCharsets.UTF_8);
    List<String> region = source.subList(source.indexOf("// README:begin") + 1, source.indexOf("// README:end"));
    List<String> readme = Files.readAllLines(SeedFiles.root().resolve("README.md"), StandardCharsets.UTF_8);
    // WHEN the java block that follows the marker
    int marker = readme.indexOf(README_MARKER);
    assertThat(marker).as("the README's marker line %s", README_MARKER).isNotNegative();
    assertThat(readme.get(marker + 1)).isEqualTo("```java");
    int end = readme.subList(marker + 2, readme.size()).indexOf("```") + marker + 2;
    // THEN
    assertThat(region).isNotEmpty();
    assertThat(readme.subList(marker + 2, end)).containsExactlyElementsOf(region);
  }

  /** Runs the example's main with standard output captured (UTF-8, \n line ends on every platform). */
  private static String runMain(String[] args) throws Exception {
    PrintStream previous = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    String lineSeparator = System.lineSeparator();
    try (PrintStream capture = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      System.setOut(capture);
      ReadmeExample.main(args);
    } finally {
      System.setOut(previous);
    }
    return bytes.toString(StandardCharsets.UTF_8).replace(lineSeparator, "\n");
  }
}
