package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Judgments with sources from the command line: the precedence, the reports' source counts, exact
 * fractional labels in the means, the refusals, and a lock that replays the precedence.
 */
class LabelSourcesCommandTest {
  private static final Path LABELS = Cli.root().resolve("examples/labels/labels.tsv");
  private static final Path BM25 = Cli.data().resolve("cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz");

  @TempDir Path dir;

  private static JsonValue json(CliResult r) throws Exception {
    return JsonReader.parse("out", new ByteArrayInputStream(r.stdoutBytes()));
  }

  @Test
  void should_let_the_first_listed_source_win_and_report_the_sources() throws Exception {
    CliResult r = Cli.run("evaluate", "--qrels", LABELS, "--label-sources", "cacm,llm:example", "--preset", "trec_eval",
        "--run", BM25, "-m", "P@10", "-m", "AP");
    assertThatRun(r).succeeded();
    assertThat(json(r).at("protocol", "label_sources").members()).containsOnlyKeys("cacm", "llm:example");
    assertThat(json(r).at("protocol", "label_sources", "cacm").integer()).isEqualTo(14);
    assertThat(json(r).at("protocol", "label_sources", "llm:example").integer()).isEqualTo(6);
    // relevant in the top 10: topic 1 CACM-1410 (CACM's 1 wins) and CACM-1605; topic 2 three of CACM's and CACM-0497
    // (1.5); topic 3 CACM-1134 and CACM-2652 (1): (2 + 4 + 2) / 30
    assertThat(json(r).at("summary", "P@10", "mean").text()).isEqualTo("4/15");
    CliResult llmFirst = Cli.run("evaluate", "--qrels", LABELS, "--label-sources", "llm:example,cacm", "--preset",
        "trec_eval", "--run", BM25, "-m", "P@10", "--format", "tsv");
    assertThatRun(llmFirst).succeeded();
    assertThat(llmFirst.stdout()).contains("run.cacm.bm25.txt\t1\tfalse\t1000\t4\t0.1000\n");
    CliResult md = Cli.run("evaluate", "--qrels", LABELS, "--label-sources", "cacm,llm:example", "--preset", "trec_eval",
        "--run", BM25, "-m", "P@10", "--format", "md");
    assertThat(md.stdout()).contains("- label sources: cacm 14 labels, llm\\:example 6 labels\n");
    Path ql = Cli.data().resolve("cacm/runs-anserini-0.13.3/run.cacm.ql.txt.gz");
    CliResult latex = Cli.run("compare", "--qrels", LABELS, "--label-sources", "cacm,llm:example", "--preset",
        "trec_eval", "--run", BM25, "--run", ql, "-m", "P@10", "--format", "latex");
    assertThatRun(latex).succeeded();
    assertThat(latex.stdout()).contains(" Labels by source: cacm 14 labels, llm:example 6 labels.}");
    CliResult plain = Cli.run("compare", "--qrels", Cli.data().resolve("cacm/qrels.cacm.txt"), "--preset", "trec_eval",
        "--run", BM25, "--run", ql, "-m", "P@10", "--format", "latex");
    assertThat(plain.stdout()).doesNotContain("Labels by source");
  }

  @Test
  void should_refuse_two_sources_on_a_pair_without_a_precedence_and_a_whole_grade_measure() {
    assertThatRun(Cli.run("evaluate", "--qrels", LABELS, "--preset", "trec_eval", "--run", BM25, "-m", "P@10"))
        .rejectedInput(LABELS + ":18: labelled by two sources (query \"1\", document \"CACM-1410\": label 0.4 from"
            + " \"llm:example\" on line 18, label 1 from \"cacm\" on line 2; expected one label per pair, or a source"
            + " precedence (--label-sources) saying which counts)");
    assertThatRun(Cli.run("evaluate", "--qrels", LABELS, "--label-sources", "cacm,llm:example", "--preset", "trec_eval",
        "--run", BM25, "-m", "ERR@10")).rejectedInput(LABELS + ":16: fractional label for a whole-label measure (query"
            + " \"1\", document \"CACM-1938\": label 0.8, and ERR@10 reads labels as whole grades; expected whole labels,"
            + " or only measures that read fractional labels exactly (binary measures such as P, R, AP, RR, R-prec,"
            + " bpref; nDCG, DCG and CG without given gains))");
    Path qrels = Cli.data().resolve("cacm/qrels.cacm.txt");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--label-sources", "nist", "--preset", "trec_eval", "--run", BM25,
        "-m", "P@10")).rejectedInput(qrels + ": no sources to choose from (a source precedence [nist] was given, and the"
            + " judgments name no source; expected judgments with sources (a table whose header names query, doc, label"
            + " and source, or JSON Lines), or no precedence)");
  }

  @Test
  void should_freeze_the_precedence_in_a_lock_and_replay_it() throws Exception {
    Path lock = dir.resolve("labels.lock.json");
    assertThatRun(Cli.run("protocol", "freeze", "--qrels", LABELS, "--label-sources", "cacm,llm:example", "--preset",
        "trec_eval", "-m", "P@10", "-o", lock)).succeeded();
    CliResult replayed = Cli.run("evaluate", "--lock", lock, "--run", BM25);
    assertThatRun(replayed).succeeded();
    assertThat(json(replayed).at("summary", "P@10", "mean").text()).isEqualTo("4/15");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--label-sources", "llm:example,cacm", "--run", BM25))
        .rejectedInput(lock + ": the protocol differs from the lock (label_sources: locked cacm,llm:example, given"
            + " llm:example,cacm)");
  }
}
