package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.cli.CompareCommandTest.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** caliber compare --tukey: every run at once, in every format. */
class TukeyOptionTest {
  @TempDir Path tmp;

  /** Three TREC runs over three judged queries; run c has no entry for q3. */
  private List<String> threeRuns() throws IOException {
    Path qrels = Files.writeString(tmp.resolve("qrels.txt"), "q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 1\nq2 0 d4 1\nq3 0 d5 1\n");
    Path a = Files.writeString(tmp.resolve("a.txt"), "q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\nq2 Q0 d3 1 3 a\nq2 Q0 d4 2 2 a\nq3 Q0 d5 1 1 a\n");
    Path b = Files.writeString(tmp.resolve("b.txt"), "q1 Q0 d2 1 3 b\nq1 Q0 d1 2 2 b\nq2 Q0 d9 1 3 b\nq2 Q0 d3 2 2 b\nq3 Q0 d5 1 1 b\n");
    Path c = Files.writeString(tmp.resolve("c.txt"), "q1 Q0 d9 1 3 c\nq2 Q0 d8 1 3 c\n");
    return new ArrayList<>(List.of("compare", "--qrels", qrels.toString(), "--run", "a=" + a, "--run", "b=" + b,
        "--run", "c=" + c, "-m", "AP", "-m", "P@1", "--tukey"));
  }

  private static Result run(List<String> args, String... extra) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(extra));
    return CompareCommandTest.run(all.toArray(String[]::new));
  }

  @Test
  void should_write_the_anova_and_every_pair_in_every_format() throws IOException {
    List<String> args = threeRuns();
    Result md = run(args, "--format", "md");
    assertThat(md.code()).as(md.err()).isZero();
    // (3!)^3 = 216 assignments fit the default budget: enumerated
    assertThat(md.out()).contains("### All runs at once: AP", "### All runs at once: P@1",
        "3 runs over the 3 queries where every run has a value", "all 216 within-query permutations enumerated",
        "| source |", "| run    |", "| error  |", "▲ / ▼: the row's run", "| 1 a ", "| a   | b   |", " ES |", "| a   | c   | 1.0000 | 0.0000 |    +1.0000 |  0.0556 |");
    Result json = run(args, "--format", "json");
    assertThat(json.out()).contains("\"multiple_comparisons\": {", "\"tukey_hsd\": {", "\"exact\": true", "\"permutations\": 216",
        "\"df_error\": 4", "\"omega_squared\":");
    Result tsv = run(args, "--format", "tsv");
    List<String> lines = tsv.out().lines().toList();
    assertThat(lines.get(0)).startsWith("measure\tkind\ta\tb\tmean_a\tmean_b\tdifference\tp\tsignificant\teffect_size\tss\tdf");
    assertThat(lines).hasSize(1 + 2 * (4 + 3));
    assertThat(lines.stream().filter(l -> l.startsWith("AP\ttukey\t"))).extracting(l -> l.split("\t")[2] + "-" + l.split("\t")[3])
        .containsExactly("a-b", "a-c", "b-c");
    Result csv = run(args, "--format", "csv");
    assertThat(csv.out()).startsWith("measure,kind,a,b,").contains("\r\nAP,anova,run,");
    Result latex = run(args, "--format", "latex");
    assertThat(latex.out()).contains("Two-way ANOVA without replication", "Source & SS & df & MS & $F$ & $p$");
    Result html = run(args, "--format", "html");
    assertThat(html.out()).contains("<h2>All runs at once: AP</h2>").endsWith("</body>\n</html>\n");
    assertThat(html.out().indexOf("<h2>All runs at once: AP</h2>")).as("the section comes before the page's closing words")
        .isLessThan(html.out().indexOf("<p class=\"muted\">Written by caliber."));
  }

  @Test
  void should_score_a_run_missing_queries_as_compare_does_and_say_so() throws IOException {
    // c has no entry for q3: under trec_eval -c's rules it scores 0 there, so every run has all 3 values
    Result r = run(threeRuns(), "--format", "json");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("\"queries\": 3,");
    // and without -c's rule (the query set is the judged queries either way) the count is the same
  }

  @Test
  void should_work_with_two_runs_and_sample_when_the_budget_is_small() throws IOException {
    List<String> args = new ArrayList<>(threeRuns().subList(0, 7));
    args.addAll(List.of("-m", "AP", "--tukey", "--permutations", "5", "--format", "md"));
    Result r = run(args);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("2 runs over the 3 queries", "5 random within-query permutations", "0 of 1 pair differ");
  }

  @Test
  void should_refuse_bad_settings_in_one_line_with_exit_2() throws IOException {
    Result zero = run(threeRuns(), "--permutations", "0");
    assertThat(zero.code()).isEqualTo(2);
    assertThat(zero.err().strip().lines()).hasSize(1);
    Result one = run(threeRuns().subList(0, 5), "--tukey");
    assertThat(one.code()).isEqualTo(2);
    assertThat(one.err()).contains("at least two --run");
    assertThat(one.err().strip().lines()).hasSize(1);
  }

  /**
   * The README's TREC 2003 Robust example: its command, run as written (to standard output), prints
   * the ANOVA table and the count of differing pairs that the README shows beneath it, line for line.
   */
  @Test
  void should_print_what_the_readme_shows_for_the_robust_track() throws IOException {
    Path root = Path.of(System.getProperty("caliber.root", ".."));
    List<String> readme = Files.readAllLines(root.resolve("README.md"));
    int start = -1;
    for (int k = 0; k < readme.size() - 1; k++) {
      if (readme.get(k).equals("D=data/trec2003-robust") && readme.get(k + 1).contains("--tukey")) {
        start = k;
      }
    }
    assertThat(start).as("the README's robust block").isPositive();
    Cli.ReadmeExample example = Cli.readmeExample(readme, start + 1);
    List<String> shown = example.shown();
    List<String> args = new ArrayList<>();
    for (String word : example.words()) {
      args.add(word.replace("$D", root.resolve("data/trec2003-robust").toString()));
    }
    assertThat(args.subList(0, 2)).containsExactly("./caliber", "compare");
    int o = args.indexOf("-o");
    List<String> toStdout = new ArrayList<>(args.subList(1, o));
    Result r = CompareCommandTest.run(toStdout.toArray(String[]::new));
    assertThat(r.code()).as(r.err()).isZero();
    // the README folds the first paragraph; the table and the effect line are as printed
    String unfolded = String.join(" ", shown.subList(0, 2));
    assertThat(r.out()).contains(unfolded);
    for (String line : shown.subList(2, shown.size())) {
      assertThat(r.out()).contains(line);
    }
  }
}
