package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** caliber pool and pool merge as a user runs them: the holes in every format, the texts, and the refusals. */
class PoolCommandTest {
  @TempDir Path dir;

  private Path a;
  private Path b;
  private Path qrels;

  /** Run A ranks q1: d1 d2 d3 and q2: x1; run B ranks q1: d2 d4 d1; q1's d3 is judged 0 and d4 -1. */
  @BeforeEach
  void runs() {
    a = Cli.write(dir, "a.txt", "q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\nq1 Q0 d3 3 1 a\nq2 Q0 x1 1 1 a\n");
    b = Cli.write(dir, "b.txt", "q1 Q0 d2 1 3 b\nq1 Q0 d4 2 2 b\nq1 Q0 d1 3 1 b\n");
    qrels = Cli.write(dir, "qrels.txt", "q1 0 d3 0\nq1 0 d4 -1\nq9 0 z 1\n");
  }

  private static final String COVERAGE = "caliber: pool depth 10: 2 of 5 top-10 pairs judged (40.0%); 5 (100.0%) once the 3"
      + " holes listed are judged\n";

  @Test
  void should_print_the_holes_by_rbp_priority_with_the_coverage_on_standard_error() {
    // d2: 0.2 * 0.8 + 0.2 = 0.36; d1: 0.2 + 0.2 * 0.64 = 0.328; x1: 0.2
    assertThatRun(Cli.run("pool", a, b, "--qrels", qrels)).succeededSaying(COVERAGE).printed(
        "query\tdocument\tpriority\truns\tbest_rank\n"
            + "q1\td2\t0.36\t2\t1\n"
            + "q1\td1\t0.328\t2\t1\n"
            + "q2\tx1\t0.2\t1\t1\n");
  }

  @Test
  void should_pool_by_depth_with_limits() {
    assertThatRun(Cli.run("pool", a, b, "--qrels", qrels, "--strategy", "depth", "--depth", "2")).printed(
        "query\tdocument\tpriority\truns\tbest_rank\n"
            + "q1\td2\t2\t2\t1\n"
            + "q1\td1\t1\t1\t1\n"
            + "q2\tx1\t1\t1\t1\n");
    CliResult limited = Cli.run("pool", a, b, "--qrels", qrels, "--limit", "1");
    assertThatRun(limited).succeededSaying("caliber: pool depth 10: 2 of 5 top-10 pairs judged (40.0%); 3 (60.0%) once the"
        + " 1 hole listed is judged; 2 more not listed\n");
    assertThat(limited.stdout()).endsWith("best_rank\nq1\td2\t0.36\t2\t1\n");
    assertThat(Cli.run("pool", a, b, "--qrels", qrels, "--per-query", "1").stdout()).endsWith("q1\td2\t0.36\t2\t1\nq2\tx1\t0.2\t1\t1\n");
  }

  @Test
  void should_attach_texts_escaped_in_every_format() {
    Path topics = Cli.write(dir, "topics.tsv", "q1\tfirst need\nq2\tsecond | need\n");
    Path corpus = Cli.write(dir, "corpus.jsonl", "{\"_id\": \"d1\", \"title\": \"One\", \"text\": \"line\\nbreak\\tand tab\"}\n"
        + "{\"_id\": \"d2\", \"text\": \"" + "long ".repeat(30) + "\"}\n{\"_id\": \"x1\", \"text\": \"*bold* [link](x)\"}\n");
    CliResult tsv = Cli.run("pool", a, b, "--qrels", qrels, "--topics", topics, "--corpus", corpus);
    assertThatRun(tsv).succeededSaying(COVERAGE);
    assertThat(tsv.stdout()).startsWith("query\tdocument\tpriority\truns\tbest_rank\tquery_text\tdoc_title\tdoc_text\n")
        .contains("q1\td1\t0.328\t2\t1\tfirst need\tOne\tline\\nbreak\\tand tab\n", "q2\tx1\t0.2\t1\t1\tsecond | need\t\t*bold*");
    CliResult jsonl = Cli.run("pool", a, b, "--qrels", qrels, "--topics", topics, "--corpus", corpus, "--format", "jsonl");
    List<String> lines = jsonl.stdout().lines().toList();
    assertThat(lines).hasSize(4);
    assertThat(lines.get(0)).isEqualTo("{\"caliber_pool\":1,\"coverage\":{\"judged\":2,\"judged_after\":5,\"pairs\":5,\"queries\":["
        + "{\"judged\":2,\"judged_after\":4,\"pairs\":4,\"query\":\"q1\"},{\"judged\":0,\"judged_after\":1,\"pairs\":1,\"query\":\"q2\"}]},"
        + "\"depth\":10,\"holes\":3,\"limit\":null,\"ordering\":\"score\",\"per_query\":null,\"persistence\":0.8,\"runs\":[\"a.txt\",\"b.txt\"],"
        + "\"strategy\":\"rbp\",\"unlisted\":0}");
    assertThat(lines.get(2)).isEqualTo("{\"best_rank\":1,\"doc\":\"d1\",\"doc_text\":\"line\\nbreak\\tand tab\",\"doc_title\":\"One\","
        + "\"position\":2,\"priority\":0.328,\"priority_exact\":\"41/125\",\"query\":\"q1\",\"query_text\":\"first need\",\"runs\":2}");
    CliResult md = Cli.run("pool", a, b, "--qrels", qrels, "--topics", topics, "--corpus", corpus, "--format", "md");
    assertThatRun(md).succeededSaying(COVERAGE);
    assertThat(md.stdout()).startsWith("## caliber pool: 3 holes to judge\n\n- strategy: rbp, p = 0.8, depth 10, ordering score\n"
            + "- runs: a.txt, b.txt\n- judged now: 2 of 5 top-10 pairs (40.0%)\n- once these holes are judged: 5 (100.0%)\n"
            + "- holes not listed: 0\n\n")
        .contains("|   1 | q1    | d2       |     0.36 |    2 |         1 | first need     | " + "long ".repeat(16).strip() + "… |")
        .contains("…", "| second \\| need | \\*bold\\* \\[link\\](x)", "| One — line break and tab");
  }

  @Test
  void should_write_the_output_file_atomically() throws IOException {
    Path out = dir.resolve("holes.tsv");
    assertThatRun(Cli.run("pool", a, b, "--qrels", qrels, "-o", out)).succeededSaying(COVERAGE).printedNothing();
    assertThat(Files.readString(out)).startsWith("query\tdocument").hasLineCount(4);
  }

  @Test
  void should_refuse_bad_options_and_inputs_in_one_line() {
    assertThatRun(Cli.run("pool", a, "--qrels", qrels, "--depth", "0")).failedWithLineStartingWith(ExitCodes.USAGE,
        "usage: --depth");
    assertThatRun(Cli.run("pool", a, "--qrels", qrels, "--persistence", "1")).failedWithUsage("caliber pool",
        "--persistence: illegal persistence 1.0, must be strictly between 0 and 1");
    assertThatRun(Cli.run("pool", "--qrels", qrels)).failedWithUsage("caliber pool",
        "at least one RUN is required (or the subcommand merge)");
    assertThatRun(Cli.run("pool", a)).failedWithUsage("caliber pool",
        "--qrels FILE is required: the judgments the holes are found against");
    assertThatRun(Cli.run("pool", a, "--qrels", qrels, "--strategy", "best")).failedWithLineStartingWith(ExitCodes.USAGE,
        "usage: Invalid value for option '--strategy'");
    Path missing = dir.resolve("nope.txt");
    assertThatRun(Cli.run("pool", missing, "--qrels", qrels)).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
    Path corpus = Cli.write(dir, "corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"t\"}\n{\"_id\": \"d2\", \"text\": \"t\"}\n");
    assertThatRun(Cli.run("pool", a, b, "--qrels", qrels, "--corpus", corpus)).rejectedInput(corpus
        + ": pooled document missing from the corpus (document \"x1\" (query \"q2\"); expected every pooled document in the corpus)");
    Path twice = Cli.write(dir, "twice.txt", "q1 Q0 d1 1 3 t\nq1 Q0 d1 2 2 t\n");
    assertThatRun(Cli.run("pool", twice, "--qrels", qrels)).rejectedInput(twice + ":2: document ranked twice (run \"twice.txt\","
        + " query \"q1\": document \"d1\" again in its top 10; expected each document once per query)");
  }

  @Test
  void should_merge_new_labels_and_print_both_judgments_fingerprints() throws IOException {
    Path labels = Cli.write(dir, "labels.txt", "q1 0 d4 -1\nq1 0 d2 1\nq2 0 x1 0\n");
    Path out = dir.resolve("merged.txt");
    CliResult r = Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "-o", out);
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(Files.readString(out)).isEqualTo("q1 0 d3 0\nq1 0 d4 -1\nq1 0 d2 1\nq9 0 z 1\nq2 0 x1 0\n");
    assertThat(r.stderr()).matches("caliber: merged 3 judgments and 3 new labels: 2 added, 1 already there, 5 judgments now;"
        + " judgments sha256 [0-9a-f]{64} before, [0-9a-f]{64} after\n");
    // after the merge, the holes judged are no longer holes
    assertThat(Cli.run("pool", a, b, "--qrels", out).stdout()).isEqualTo("query\tdocument\tpriority\truns\tbest_rank\n"
        + "q1\td1\t0.328\t2\t1\n");
  }

  private static final String TABLE = "query\tdoc\tlabel\tsource\n";

  @Test
  void should_merge_labels_with_their_source_into_a_table_evaluate_reads_back() throws IOException {
    // GIVEN an LLM's labels: one for q1 d3, which NIST judged 0, and two new pairs
    Path labels = Cli.write(dir, "llm.tsv", TABLE + "q1\td3\t0.7\tllm\nq1\td2\t0.25\tllm\nq1\td1\t1\tllm\n");
    Path out = dir.resolve("merged.tsv");
    // WHEN
    CliResult r = Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "--qrels-source", "nist",
        "--label-sources", "nist,llm", "-o", out);
    // THEN every label is kept with its source, exactly
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(Files.readString(out)).isEqualTo(TABLE + "q1\td3\t0\tnist\nq1\td4\t-1\tnist\nq9\tz\t1\tnist\n"
        + "q1\td3\t0.7\tllm\nq1\td2\t0.25\tllm\nq1\td1\t1\tllm\n");
    assertThat(r.stderr()).matches("caliber: merged 3 labels \\(nist 3\\) and 3 new labels: 3 added, 0 already there, 6 labels"
        + " now \\(nist 3, llm 3\\); 1 pair is labelled by several sources, and evaluate counts the label of the first its"
        + " --label-sources lists; judgments sha256 [0-9a-f]{64} before, [0-9a-f]{64} after\n");
    // read back by evaluate under that precedence: the fingerprint of the labels that count, and their means
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 3 r\nq1 Q0 d3 2 2 r\nq1 Q0 d2 3 1 r\n");
    Path counted = Cli.write(dir, "counted.tsv", TABLE + "q1\td1\t1\tllm\nq1\td2\t0.25\tllm\nq1\td3\t0\tnist\n"
        + "q1\td4\t-1\tnist\nq9\tz\t1\tnist\n");
    CliResult merged = Cli.run("evaluate", "--qrels", out, "--label-sources", "nist,llm", "--run", run, "-m", "P@2", "-m", "nDCG@3",
        "--preset", "trec_eval", "--query-set", Cli.write(dir, "q.txt", "q1\n"));
    CliResult expected = Cli.run("evaluate", "--qrels", counted, "--run", run, "-m", "P@2", "-m", "nDCG@3", "--preset", "trec_eval",
        "--query-set", dir.resolve("q.txt"));
    assertThat(merged.exitCode()).as(merged.toString()).isZero();
    assertThat(sha(merged.stdout())).isEqualTo(sha(expected.stdout()));
    // P@2: d1 (1) relevant, d3 (0 from NIST, which wins) not
    assertThat(merged.stdout()).contains("\"P@2\": {\n      \"mean\": \"1/2\",");
    assertThat(summary(merged.stdout())).isEqualTo(summary(expected.stdout())).contains("\"nDCG@3\"");
    // the stderr hash after is the judgments' view of the file read back: merging it again changes nothing
    Path again = dir.resolve("again.tsv");
    CliResult twice = Cli.run("pool", "merge", "--qrels", out, "--labels", labels, "--label-sources", "nist,llm", "-o", again);
    assertThat(twice.stderr()).contains("3 added, 0 already there".replace("3 added, 0", "0 added, 3"))
        .contains(" before, " + r.stderr().replaceAll("(?s).* before, ([0-9a-f]{64}) after\n", "$1") + " after");
    assertThat(Files.readString(again)).isEqualTo(Files.readString(out));
  }

  /** The means of an evaluate report. */
  private static String summary(String evaluateJson) {
    return evaluateJson.substring(evaluateJson.indexOf("\"summary\""), evaluateJson.indexOf("\"missing_queries\""));
  }

  private static String sha(String evaluateJson) {
    return evaluateJson.replaceAll("(?s).*\"protocol_sha256\": \"([0-9a-f]{64})\".*", "$1");
  }

  @Test
  void should_keep_plain_qrels_plain_and_refuse_source_options_that_do_not_fit() {
    Path labels = Cli.write(dir, "llm.tsv", TABLE + "q1\td2\t0.5\tllm\n");
    Path plain = Cli.write(dir, "new.txt", "q1 0 d2 1\n");
    Path out = dir.resolve("merged.txt");
    // NEW names its source and OLD none: OLD's source is required
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "-o", out)).failedWithUsage(
        "caliber pool merge", "OLD (" + qrels + ") names no source, and the merged judgments name one for every label: give"
            + " --qrels-source NAME");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "--qrels-source", "nist",
        "--labels-source", "x", "-o", out)).failedWithUsage("caliber pool merge", "--labels-source names the source of NEW's"
            + " labels when it names none; " + labels + " names its sources (llm): give no --labels-source");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", plain, "--qrels-source", "nist", "-o", out))
        .failedWithUsage("caliber pool merge", "NEW (" + plain + ") names no source, and the merged judgments name one for"
            + " every label: give --labels-source NAME");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", plain, "--label-sources", "nist", "-o", out))
        .failedWithUsage("caliber pool merge", "--label-sources applies to judgments with sources; neither " + qrels + " nor "
            + plain + " names one, and no --qrels-source or --labels-source was given");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", plain, "--qrels-source", "n i", "-o", out))
        .failedWithUsage("caliber pool merge", "--qrels-source: source \"n i\" has a blank: a judgments table's row cannot"
            + " hold it; give a name without blanks, such as nist or llm:gpt-4o");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "--qrels-source", "nist",
        "--label-sources", "nist,nist", "-o", out)).failedWithUsage("caliber pool merge",
            "--label-sources: got nist,nist; expected distinct, non-empty source names, highest first (nist,llm:gpt-4o)");
    assertThat(out).doesNotExist();
    // a conflicting label of the same source: invalid input, both lines
    Path old = Cli.write(dir, "old.tsv", TABLE + "q1\td2\t0.25\tllm\n");
    assertThatRun(Cli.run("pool", "merge", "--qrels", old, "--labels", labels, "-o", out)).rejectedInput(labels
        + ":2: conflicting label (query \"q1\", document \"d2\", source \"llm\": label 0.5 here, 0.25 at " + old + ":2;"
        + " expected new labels only for pairs that source has not labelled, or the same label)");
    // plain qrels on both sides stay TREC qrels, byte for byte
    CliResult r = Cli.run("pool", "merge", "--qrels", qrels, "--labels", plain, "-o", out);
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(Cli.text(out)).isEqualTo("q1 0 d3 0\nq1 0 d4 -1\nq1 0 d2 1\nq9 0 z 1\n");
  }

  @Test
  void should_pool_against_the_labels_of_the_sources_that_count() {
    // q1's d2 labelled 0.25 by an LLM, d1 by no one: under every source d2 is judged
    Path labels = Cli.write(dir, "labels.tsv", TABLE + "q1\td3\t0\tnist\nq1\td4\t-1\tnist\nq1\td2\t0.25\tllm\n");
    assertThat(Cli.run("pool", a, b, "--qrels", labels, "--format", "tsv").stdout()).isEqualTo(
        "query\tdocument\tpriority\truns\tbest_rank\nq1\td1\t0.328\t2\t1\nq2\tx1\t0.2\t1\t1\n");
    // only NIST's labels counting, d2 is a hole again
    assertThat(Cli.run("pool", a, b, "--qrels", labels, "--label-sources", "nist").stdout()).contains("q1\td2\t0.36\t2\t1\n");
    CliResult none = Cli.run("pool", a, b, "--qrels", qrels, "--label-sources", "nist");
    assertThat(none.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(none.stderr()).contains("no sources to choose from").hasLineCount(1);
  }

  @Test
  void should_refuse_a_conflicting_label_and_write_nothing() {
    Path labels = Cli.write(dir, "labels.txt", "q1 0 d2 1\nq1 0 d3 2\n");
    Path out = dir.resolve("merged.txt");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "-o", out)).rejectedInput(labels
        + ":2: conflicting label (query \"q1\", document \"d3\": label 2 here, 0 at " + qrels + ":1; expected new labels only"
        + " for pairs the old judgments lack, or the same label)");
    assertThat(out).doesNotExist();
    assertThat(dir.toFile().list()).containsExactlyInAnyOrder("a.txt", "b.txt", "qrels.txt", "labels.txt");
    assertThatRun(Cli.run("pool", "merge", "--qrels", qrels, "--labels", labels, "-o", qrels)).failedWithUsage(
        "caliber pool merge", "-o " + qrels + " is the input " + qrels + "; the result would overwrite it: give another path");
  }

  /**
   * The README's CACM example: its command, run as written, prints the coverage line and the head of
   * the table that the README shows beneath it, line for line.
   */
  @Test
  void should_print_what_the_readme_shows_for_cacm() throws IOException {
    Path root = ReadmeExample.ROOT;
    ReadmeExample example = ReadmeExample.find((readme, k) -> readme.get(k).equals("R=data/cacm/runs-anserini-0.13.3")
        && readme.get(k + 1).startsWith("./caliber pool "));
    List<String> shown = example.shown();
    List<String> args = new ArrayList<>();
    for (String word : example.words()) {
      String w = word.replace("$R", "data/cacm/runs-anserini-0.13.3");
      args.add(w.startsWith("data/") ? root.resolve(w).toString() : w);
    }
    assertThat(args.subList(0, 2)).containsExactly("./caliber", "pool");
    CliResult r = Cli.run(args.subList(1, args.size()).toArray());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    assertThat(shown).hasSizeGreaterThan(10);
    for (String line : shown) {
      assertThat(r.stderr() + r.stdout()).contains(line + "\n");
    }
  }
}
