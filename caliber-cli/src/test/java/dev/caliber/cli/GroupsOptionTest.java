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

/** caliber compare --groups: resampling by query group, from the command line. */
class GroupsOptionTest {
  @TempDir Path tmp;

  /** Two runs over six judged queries, three needs asked twice each. */
  private List<String> twoRuns() throws IOException {
    StringBuilder qrels = new StringBuilder();
    StringBuilder a = new StringBuilder();
    StringBuilder b = new StringBuilder();
    for (int q = 1; q <= 6; q++) {
      qrels.append("q").append(q).append(" 0 rel").append(q).append(" 1\n");
      a.append("q").append(q).append(" Q0 x 1 2 a\nq").append(q).append(" Q0 rel").append(q).append(" 2 1 a\n");
      b.append("q").append(q).append(" Q0 rel").append(q).append(" 1 2 b\n");
    }
    Path qr = Files.writeString(tmp.resolve("qrels.txt"), qrels);
    Path ra = Files.writeString(tmp.resolve("a.txt"), a);
    Path rb = Files.writeString(tmp.resolve("b.txt"), b);
    return new ArrayList<>(List.of("compare", "--qrels", qr.toString(), "--run", "a=" + ra, "--run", "b=" + rb, "-m", "RR@10",
        "--judgments", "pooled"));
  }

  private static Result run(List<String> args, String... extra) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(extra));
    return CompareCommandTest.run(all.toArray(String[]::new));
  }

  @Test
  void should_declare_the_groups_and_flip_each_groups_queries_together() throws IOException {
    Path groups = Files.writeString(tmp.resolve("needs.tsv"), "q1\tneed1\nq2\tneed1\nq3\tneed2\nq4\tneed2\nq5\tneed3\nq6\tneed3\n");
    Result plain = run(twoRuns());
    Result grouped = run(twoRuns(), "--groups", groups.toString());
    assertThat(grouped.code()).as(grouped.err()).isZero();
    // six deltas of +1/2: 2^6 flips, 2 of them as large; three groups of +1: 2^3 flips, 2 of them
    assertThat(plain.out()).contains("\"p\": 0.03125,", "\"permutations\": 64,");
    assertThat(grouped.out()).contains("\"p\": 0.25,", "\"permutations\": 8,", "\"non_zero_deltas\": 3",
        "\"query_groups\": {", "\"groups\": 3,", "\"queries\": 6,", "needs.tsv");
    Result md = run(twoRuns(), "--groups", groups.toString(), "--format", "md");
    assertThat(md.out()).contains("- **Groups**: ", ": 3 groups over the 6 queries of the query set; p (t) and d_z stay per query",
        "cluster percentile bootstrap");
    Result latex = run(twoRuns(), "--groups", groups.toString(), "--format", "latex");
    assertThat(latex.out()).contains("resample query groups (");
    Result tukey = run(twoRuns(), "--groups", groups.toString(), "--tukey", "--format", "json");
    assertThat(tukey.out()).contains("\"permutations\": 8,");
  }

  @Test
  void should_give_the_same_numbers_with_one_query_per_group() throws IOException {
    Path own = Files.writeString(tmp.resolve("own.tsv"), "q1\t1\nq2\t2\nq3\t3\n");
    Result plain = run(twoRuns(), "--format", "tsv");
    Result grouped = run(twoRuns(), "--groups", own.toString(), "--format", "tsv");
    assertThat(grouped.code()).as(grouped.err()).isZero();
    assertThat(grouped.out()).isEqualTo(plain.out());
  }

  @Test
  void should_refuse_a_bad_group_file_in_one_line_naming_it() throws IOException {
    Path twice = Files.writeString(tmp.resolve("twice.tsv"), "q1\tneed1\nq1\tneed2\n");
    Result r = run(twoRuns(), "--groups", twice.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(r.err().strip()).doesNotContain("\n").contains("twice.tsv:2", "q1", "repeats line 1");
    Path columns = Files.writeString(tmp.resolve("columns.tsv"), "q1 need1\n");
    Result c = run(twoRuns(), "--groups", columns.toString());
    assertThat(c.code()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(c.err()).contains("columns.tsv:1");
    Result missing = run(twoRuns(), "--groups", tmp.resolve("none.tsv").toString());
    assertThat(missing.code()).isNotZero().isNotEqualTo(1);
    assertThat(missing.err()).contains("none.tsv");
  }

  @Test
  void should_not_write_its_report_over_the_group_file() throws IOException {
    Path groups = Files.writeString(tmp.resolve("needs.tsv"), "q1\tneed1\n");
    Result r = run(twoRuns(), "--groups", groups.toString(), "-o", groups.toString());
    assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(Files.readString(groups)).isEqualTo("q1\tneed1\n");
  }
}
