package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Judgments and runs as tables: CSV with a header (Quepid's export) and pandas' JSON records give
 * the numbers the same judgments and run give as TREC files, on CACM's judgments and BM25 run.
 */
class TabularInputsTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path RUN = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");

  @TempDir
  static Path dir;
  private static Path csvQrels;
  private static Path csvRun;
  private static Path jsonQrels;
  private static Path jsonRun;

  @BeforeAll
  static void writeTheTrecFilesAsTables() {
    List<String[]> judgments = rows(Cli.text(QRELS));
    List<String[]> entries = rows(new String(Cli.gunzipped(RUN), java.nio.charset.StandardCharsets.UTF_8));
    StringBuilder qrelsCsv = new StringBuilder("query,docid,rating\r\n");
    StringBuilder qrelsJson = new StringBuilder("[");
    for (String[] j : judgments) {
      qrelsCsv.append(j[0]).append(",\"").append(j[2]).append("\",").append(j[3]).append(".0\r\n");
      qrelsJson.append(qrelsJson.length() > 1 ? "," : "").append("{\"query_id\":").append(j[0]) // pandas: an integer column
          .append(",\"doc_id\":\"").append(j[2]).append("\",\"relevance\":").append(j[3]).append('}');
    }
    // The run's rows backwards: neither table is in ranking order, as a DataFrame need not be.
    List<String[]> backwards = new ArrayList<>(entries);
    Collections.reverse(backwards);
    StringBuilder runCsv = new StringBuilder("qid,doc_id,score\n");
    StringBuilder runJson = new StringBuilder("[");
    for (String[] e : backwards) {
      runCsv.append(e[0]).append(',').append(e[2]).append(',').append(e[4]).append('\n');
      runJson.append(runJson.length() > 1 ? "," : "").append("{\"q_id\":\"").append(e[0]).append("\",\"doc_id\":\"")
          .append(e[2]).append("\",\"score\":").append(e[4]).append('}');
    }
    csvQrels = Cli.write(dir, "judgments.csv", qrelsCsv.toString());
    jsonQrels = Cli.write(dir, "judgments.json", qrelsJson.append(']').toString());
    csvRun = Cli.write(dir, "run.csv", runCsv.toString());
    jsonRun = Cli.write(dir, "run.json", runJson.append(']').toString());
  }

  private static List<String[]> rows(String text) {
    List<String[]> rows = new ArrayList<>();
    for (String line : text.split("\n")) {
      rows.add(line.trim().split("\\s+"));
    }
    return rows;
  }

  private static CliResult evaluate(Object qrels, Object run, String... more) {
    List<Object> args = new ArrayList<>(List.of("evaluate", "--qrels", qrels, "--run", "bm25=" + run,
        "-m", "nDCG@10", "-m", "AP", "--format", "tsv"));
    args.addAll(List.of(more));
    return Cli.run(args.toArray());
  }

  @Test
  void should_give_csv_the_numbers_of_the_trec_files() {
    // WHEN
    CliResult trec = evaluate(QRELS, RUN);
    CliResult csv = evaluate(csvQrels, csvRun);
    // THEN the same per-query table, under the same rules, chosen for CSV judgments as for TREC qrels
    assertThat(trec.exitCode()).isZero();
    assertThat(csv.exitCode()).as("%s", csv).isZero();
    assertThat(csv.stdout()).isEqualTo(trec.stdout()).contains("\t0.");
    assertThat(csv.stderr()).isEqualTo(trec.stderr().replace("TREC qrels", "CSV judgments"));
    assertThat(evaluate(csvQrels, RUN).stdout()).isEqualTo(trec.stdout());
    assertThat(evaluate(QRELS, csvRun).stdout()).isEqualTo(trec.stdout());
  }

  @Test
  void should_give_json_records_the_numbers_of_the_trec_files() {
    // WHEN JSON judgments take the strict rules unless told: the preset is given to both
    CliResult trec = evaluate(QRELS, RUN, "--preset", "trec_eval");
    CliResult json = evaluate(jsonQrels, jsonRun, "--preset", "trec_eval");
    // THEN
    assertThat(json.exitCode()).as("%s", json).isZero();
    assertThat(json.stdout()).isEqualTo(trec.stdout());
    assertThat(evaluate(QRELS, jsonRun, "--preset", "trec_eval").stdout()).isEqualTo(trec.stdout());
    assertThat(evaluate(jsonQrels, RUN, "--preset", "trec_eval").stdout()).isEqualTo(trec.stdout());
  }

  @Test
  void should_reject_a_bad_row_in_one_line_as_any_input_error(@TempDir Path tmp) {
    Path qrels = Cli.write(tmp, "quepid.csv", "query,docid,rating\nstar wars,d1,2.5\n");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", csvRun, "-m", "nDCG@10")).rejectedInput(qrels
        + ":2: label must be an integer (query \"star wars\", document \"d1\": got \"2.5\"; expected an integer such as 0,"
        + " 1 or 3 (3.0 is read as 3; a fraction is never rounded))");
    Path run = Cli.write(tmp, "ranx.json", "[{\"q_id\": \"1\", \"doc_id\": \"d1\", \"score\": null}]");
    assertThatRun(Cli.run("evaluate", "--qrels", QRELS, "--run", run, "-m", "nDCG@10")).rejectedInput(run
        + ":1:41: $[0].score: score must be a finite number (query \"1\", document \"d1\": got null)");
  }

  @Test
  void should_read_a_csv_run_of_any_name_when_told_and_name_csv_given_as_trec(@TempDir Path tmp) {
    Path run = Cli.write(tmp, "run.txt", "query,docid,score\n1,CACM-1410,2\n");
    assertThat(Cli.run("evaluate", "--qrels", QRELS, "--run", run, "--run-format", "csv", "-m", "P@1").exitCode()).isZero();
    assertThatRun(Cli.run("evaluate", "--qrels", QRELS, "--run", run, "-m", "P@1")).rejectedInput(run
        + ":1: wrong number of columns (found 1; expected 6 (qid Q0 docid rank score tag) or 3 (qid docid rank); the line"
        + " has commas: CSV runs are read from a file named .csv or .csv.gz)");
  }

  @Test
  void should_name_a_run_after_its_csv_file(@TempDir Path tmp) {
    Path run = Cli.write(tmp, "bm25.csv", Cli.text(csvRun));
    CliResult r = Cli.run("evaluate", "--qrels", csvQrels, "--run", run, "-m", "P@1", "--format", "tsv");
    assertThat(r.stdout().lines().skip(1).findFirst().orElseThrow()).startsWith("bm25\t1\t");
  }

  @Test
  void should_escape_query_text_from_a_csv_export_in_every_readable_report(@TempDir Path tmp) {
    // GIVEN Quepid-style rows whose query column holds text a page or a spreadsheet would run
    String script = "<script>alert(1)</script>";
    String formula = "=cmd|' /C calc'!A0";
    Path qrels = Cli.write(tmp, "judgments.csv", "query,docid,rating\n\"" + script + "\",d1,1\n\"" + formula + "\",d1,1\n");
    Path run = Cli.write(tmp, "run.csv", "qid,doc_id,score\n\"" + script + "\",d1,2\n\"" + formula + "\",d2,1\n");
    // WHEN the per-query reports are written
    CliResult html = Cli.run("evaluate", "--qrels", qrels, "--run", run, "-m", "RR@10", "--format", "html");
    CliResult md = Cli.run("evaluate", "--qrels", qrels, "--run", run, "-m", "RR@10", "--format", "md");
    // THEN the text is shown, never obeyed
    assertThat(html.exitCode()).as(html.toString()).isZero();
    assertThat(html.stdout()).doesNotContain(script).contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    assertThat(md.exitCode()).as(md.toString()).isZero();
    assertThat(md.stdout()).doesNotContain(script).contains("\\<script\\>");
    // and a comparison's CSV neutralises the formula
    Path other = Cli.write(tmp, "other.csv", "qid,doc_id,score\n\"" + script + "\",d2,2\n\"" + formula + "\",d1,1\n");
    CliResult csv = Cli.run("compare", "--qrels", qrels, "--run", "a=" + run, "--run", "b=" + other, "-m", "RR@10",
        "--format", "csv");
    assertThat(csv.exitCode()).as(csv.toString()).isZero();
    assertThat(csv.stdout().lines().filter(l -> l.contains("cmd"))).isNotEmpty()
        .allSatisfy(l -> assertThat(l).doesNotStartWith("=").doesNotContain(",=cmd"));
  }
}
