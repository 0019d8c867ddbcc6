package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --history on evaluate and compare, and caliber history list, show and compare, on CACM's BEIR folder. */
class HistoryCommandTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final String BEIR = CACM.resolve("beir-format").toString();

  @TempDir Path tmp;

  private Path run(String name) throws Exception {
    // a copy, so that a sidecar can lie beside it (data/ keeps the runs gzipped; the name drops .gz)
    Path copy = tmp.resolve(name + ".gz");
    if (!Files.exists(copy)) {
      Files.copy(CACM.resolve("runs-anserini-0.13.3").resolve(name + ".gz"), copy);
    }
    return copy;
  }

  private CliResult evaluate(Path history, Object... extra) throws Exception {
    List<Object> args = new ArrayList<>(List.of("evaluate", "--beir", BEIR, "--preset", "trec_eval", "-m", "nDCG@10", "-m", "AP",
        "--history", history.toString()));
    args.addAll(List.of(extra));
    return Cli.run(args.toArray());
  }

  @Test
  void should_record_each_evaluation_and_list_show_and_compare_the_entries() throws Exception {
    // GIVEN two runs, one with a sidecar
    Path h = tmp.resolve("h.sqlite");
    Path bm25 = run("run.cacm.bm25.txt");
    Path ql = run("run.cacm.ql.txt");
    Files.writeString(tmp.resolve(ql.getFileName() + ".meta.json"), "{\"model\": \"ql\", \"mu\": 1000, \"index\": \"v1\"}");
    // WHEN both are evaluated with the history
    CliResult a = evaluate(h, "--run", "bm25=" + bm25, "--meta", "model=bm25");
    CliResult b = evaluate(h, "--run", "ql=" + ql, "--meta", "index=v2");
    // THEN each result says its entry and the test looks (CACM's BEIR folder has one split: test)
    assertThatRun(a).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThat(a.stdout()).contains("\"history\": {\n    \"id\": 1,\n    \"test_looks\": 1,\n    \"max_test_looks\": 5,\n    \"repeat_of\": null\n  }");
    assertThat(b.stdout()).contains("\"history\": {\n    \"id\": 2,\n    \"test_looks\": 2,");

    CliResult list = Cli.run("history", "list", "--history", h);
    assertThatRun(list).succeeded();
    String[] lines = list.stdout().split("\n");
    assertThat(lines).hasSize(3);
    assertThat(lines[0]).isEqualTo("id\ttime\tprotocol_sha256\tsplit\trun\trun_sha256\ttest\trepeat_of\tengine\tindex\tconfig\tmeans");
    assertThat(lines[1]).matches("1\t\\S+Z\t[0-9a-f]{12}\ttest\tbm25\t[0-9a-f]{12}\tyes\t-\t-\t-\t-\tnDCG@10=0\\.4543 AP=0\\.3123");
    assertThat(lines[2]).startsWith("2\t").contains("\tql\t").contains("\t-\tv2\t-\t"); // --meta index=v2 over the sidecar's
    assertThatRun(Cli.run("history", "list", "--history", h, "--run-name", "ql")).succeeded();
    assertThat(Cli.run("history", "list", "--history", h, "--run-name", "ql").stdout().split("\n")).hasSize(2);
    assertThat(Cli.run("history", "list", "--history", h, "--since", "2999-01-01").stdout().split("\n")).hasSize(1);

    CliResult show = Cli.run("history", "show", "2", "--history", h);
    assertThatRun(show).succeeded();
    assertThat(show.stdout()).contains("\"run\": \"ql\"", "\"split\": \"test\"",
        "\"meta\": {\n      \"index\": \"v2\",\n      \"model\": \"ql\",\n      \"mu\": \"1000\"\n    }",
        "\"run_sha256\": \"" + HistoryOptions.sha256(ql) + "\"");

    // the same comparison as caliber compare of the two runs, under entry names
    CliResult fromHistory = Cli.run("history", "compare", "1", "2", "--history", h);
    CliResult fresh = Cli.run("compare", "--beir", BEIR, "--preset", "trec_eval", "-m", "nDCG@10", "-m", "AP",
        "--run", "bm25=" + bm25, "--run", "ql=" + ql);
    assertThatRun(fromHistory).succeeded();
    assertThat(fromHistory.stdout().replace("#1 bm25", "bm25").replace("#2 ql", "ql")).isEqualTo(fresh.stdout());
    assertThat(Cli.run("history", "compare", "1", "2", "--history", h, "--format", "md").stdout()).contains("#2 ql");
    // resampled by query group: the same report as caliber compare with the same file
    Path groups = Files.writeString(tmp.resolve("groups.tsv"), "1\tpair\n2\tpair\n3\ttrio\n4\ttrio\n5\ttrio\n");
    CliResult groupedHistory = Cli.run("history", "compare", "1", "2", "--history", h, "--groups", groups);
    CliResult groupedFresh = Cli.run("compare", "--beir", BEIR, "--preset", "trec_eval", "-m", "nDCG@10", "-m", "AP",
        "--run", "bm25=" + bm25, "--run", "ql=" + ql, "--groups", groups);
    assertThatRun(groupedHistory).succeeded();
    assertThat(groupedHistory.stdout().replace("#1 bm25", "bm25").replace("#2 ql", "ql")).isEqualTo(groupedFresh.stdout())
        .isNotEqualTo(fresh.stdout()).contains("\"query_groups\": {");

    // an entry under another protocol (other measures) is refused, naming what differs
    assertThatRun(evaluate(h, "--run", "ql=" + ql, "-m", "RR")).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    CliResult mismatch = Cli.run("history", "compare", "1", "3", "--history", h);
    assertThatRun(mismatch).failedWithLineStartingWith(ExitCodes.USAGE, "usage: runs \"#1 bm25\" and \"#3 ql\" were scored under "
        + "different protocols");
    assertThat(mismatch.stderr()).contains("they differ in measures");
  }

  @Test
  void should_warn_past_the_test_looks_allowed_and_note_a_repeat() throws Exception {
    Path h = tmp.resolve("h.sqlite");
    Path bm25 = run("run.cacm.bm25.txt");
    assertThatRun(evaluate(h, "--run", bm25, "--max-test-looks", "2")).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    CliResult second = evaluate(h, "--run", bm25, "--max-test-looks", "2");
    assertThat(second.exitCode()).isZero();
    assertThat(second.stderr()).isEqualTo(Cli.CACM_BEIR_WARNING + "caliber: note: run \"run.cacm.bm25.txt\" (" + bm25 + ") has the content of "
        + "history entry 1 under this protocol: recorded as entry 2, a repeat\n");
    CliResult third = evaluate(h, "--run", bm25, "--max-test-looks", "2");
    assertThat(third.stderr()).endsWith("caliber: warning: the test split has been looked at 3 times under protocol "
        + "19fedff39100 (more than --max-test-looks 2); tune on another split\n");
    assertThat(third.stdout()).contains("\"test_looks\": 3", "\"repeat_of\": 1");
  }

  @Test
  void should_record_nothing_when_the_result_cannot_be_written() throws Exception {
    Path h = tmp.resolve("h.sqlite");
    Path bm25 = run("run.cacm.bm25.txt");
    // WHEN the report cannot be written: a missing directory, then a full disk behind standard output
    CliResult noDir = evaluate(h, "--run", bm25, "-o", tmp.resolve("no/such/dir/report.json"));
    assertThat(noDir.exitCode()).isEqualTo(ExitCodes.IO);
    assertThat(noDir.stderr()).doesNotContain("recorded");
    Path full = Path.of("/dev/full");
    if (Files.exists(full)) {
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      int code;
      try (java.io.OutputStream out = new java.io.FileOutputStream(full.toFile())) {
        code = Caliber.execute(new String[] {"evaluate", "--beir", BEIR, "--preset", "trec_eval", "-m", "AP", "--history",
            h.toString(), "--run", bm25.toString(), "--format", "trec"}, new java.io.ByteArrayInputStream(new byte[0]), out, err);
      }
      assertThat(code).isEqualTo(ExitCodes.IO);
      assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
          .isEqualTo("caliber: I/O error: cannot write standard output: No space left on device\n");
    }
    // THEN no look was counted: the next evaluation is the first entry, and the first look
    CliResult written = evaluate(h, "--run", bm25);
    assertThatRun(written).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThat(written.stdout()).contains("\"history\": {\n    \"id\": 1,\n    \"test_looks\": 1,");
    assertThat(Cli.run("history", "list", "--history", h).stdout().split("\n")).hasSize(2);
    // a reader that closes the pipe early saw part of the result: recorded, as entry 2
    java.io.OutputStream closed = new java.io.OutputStream() {
      @Override
      public void write(int b) throws java.io.IOException {
        throw new java.io.IOException("Broken pipe");
      }
    };
    assertThat(Caliber.execute(new String[] {"evaluate", "--beir", BEIR, "--preset", "trec_eval", "-m", "nDCG@10", "-m", "AP",
        "--history", h.toString(), "--run", bm25.toString()}, new java.io.ByteArrayInputStream(new byte[0]), closed,
        new java.io.ByteArrayOutputStream())).isZero();
    assertThat(Cli.run("history", "list", "--history", h).stdout().split("\n")).hasSize(3);
  }

  @Test
  void should_leave_no_new_history_behind_a_command_that_fails_or_only_reads() throws Exception {
    // GIVEN a history file that does not exist yet
    Path h = tmp.resolve("new.sqlite");
    Path bad = Files.writeString(tmp.resolve("bad.txt"), "1 Q0 d1 x 1.0 t\n");
    // WHEN an evaluation fails on its run, and a list asks for the path
    assertThat(evaluate(h, "--run", bad).exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThatRun(Cli.run("history", "list", "--history", h)).failedWith(ExitCodes.IO, "cannot read " + h + ": no such file");
    // THEN no file was made, nor SQLite's beside it
    try (java.util.stream.Stream<Path> files = Files.list(tmp)) {
      assertThat(files.map(f -> f.getFileName().toString())).containsExactly("bad.txt");
    }
  }

  @Test
  void should_count_every_look_under_a_seed_lock_the_seed_report_unchanged() throws Exception {
    // GIVEN the quick start's protocol frozen, and its report without a lock
    Path lock = tmp.resolve("seed.lock.json");
    assertThatRun(Cli.run("protocol", "freeze", "--protocol", Cli.example("protocol.json"), "-o", lock)).succeeded();
    CliResult plain = Cli.run("evaluate", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"));
    // WHEN the seed's JSON report, then a readable one, under the lock
    CliResult json = Cli.run("evaluate", "--lock", lock, "--run", Cli.example("runs/fixture_A.json"));
    CliResult md = Cli.run("evaluate", "--lock", lock, "--run", Cli.example("runs/fixture_B.json"), "--format", "md");
    // THEN the seed's report is the seed's, named by the lock, and both looks are counted
    assertThat(json.exitCode()).isZero();
    assertThat(json.stdout()).startsWith(plain.stdout().substring(0, plain.stdout().length() - 3)).contains("\"lock\": {");
    assertThat(json.stderr()).contains("caliber: note: test split looked at 1 time under this protocol (limit 5)");
    assertThat(md.exitCode()).isZero();
    assertThat(md.stdout()).contains("looked at 2 times under this protocol");
    Path h = tmp.resolve("seed.lock.history.sqlite");
    assertThat(Cli.run("history", "list", "--history", h).stdout().split("\n")).hasSize(3);
    // and a history given by name records the seed's report too
    assertThat(Cli.run("evaluate", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"),
        "--history", tmp.resolve("other.sqlite")).exitCode()).isZero();
    assertThat(Cli.run("history", "list", "--history", tmp.resolve("other.sqlite")).stdout().split("\n")).hasSize(2);
  }

  @Test
  void should_refuse_what_cannot_be_a_history_file_as_an_io_error_in_callers_words() throws Exception {
    Path bm25 = run("run.cacm.bm25.txt");
    Path dir = Files.createDirectory(tmp.resolve("adir"));
    CliResult directory = evaluate(dir, "--run", bm25);
    assertThat(directory.exitCode()).isEqualTo(ExitCodes.IO);
    assertThat(directory.stderr()).isEqualTo("caliber: I/O error: history " + dir + ": is a directory; expected a caliber history file\n");
    Path missing = tmp.resolve("no/h.sqlite");
    CliResult noDir = evaluate(missing, "--run", bm25);
    assertThat(noDir.exitCode()).isEqualTo(ExitCodes.IO);
    assertThat(noDir.stderr()).isEqualTo("caliber: I/O error: history " + missing + ": no such directory " + tmp.resolve("no")
        + "; the history is made on first use, in a directory that exists\n");
    if (Files.exists(Path.of("/dev/null"))) {
      CliResult device = evaluate(Path.of("/dev/null"), "--run", bm25);
      assertThat(device.exitCode()).isEqualTo(ExitCodes.IO);
      assertThat(device.stderr()).isEqualTo("caliber: I/O error: history /dev/null: is a device, pipe or socket; expected a caliber history file\n");
    }
  }

  @Test
  void should_refuse_a_file_that_is_not_a_history_and_leave_it_alone() throws Exception {
    Path notes = Cli.write(tmp, "notes.txt", "not a database\n");
    assertThatRun(evaluate(notes, "--run", run("run.cacm.bm25.txt")))
        .rejectedInput("history " + notes + ": not an SQLite database (expected a caliber history, or a new or empty file)");
    assertThatRun(Cli.run("history", "list", "--history", notes))
        .rejectedInput("history " + notes + ": not an SQLite database (expected a caliber history, or a new or empty file)");
    assertThat(Cli.text(notes)).isEqualTo("not a database\n");
    assertThatRun(Cli.run("history", "list", "--history", tmp.resolve("absent.sqlite")))
        .failedWith(ExitCodes.IO, "cannot read " + tmp.resolve("absent.sqlite") + ": no such file");
    assertThat(tmp.resolve("absent.sqlite")).doesNotExist();
  }

  @Test
  void should_refuse_what_cannot_be_recorded_as_usage_errors() throws Exception {
    Path h = tmp.resolve("h.sqlite");
    Path bm25 = run("run.cacm.bm25.txt");
    assertThatRun(Cli.run("evaluate", "--beir", BEIR, "--preset", "trec_eval", "--run", bm25, "--meta", "a=b"))
        .failedWithUsage("caliber evaluate", "--meta needs --history FILE");
    assertThatRun(evaluate(h, "--run", bm25, "--meta", "novalue"))
        .failedWithUsage("caliber evaluate", "--meta novalue: expected KEY=VALUE, e.g. --meta model=bm25");
    assertThatRun(evaluate(h, "--run", bm25, "--meta", "model=bm25", "--meta", "model=ql"))
        .failedWithUsage("caliber evaluate", "--meta model=ql: the key model is already given (model=bm25); expected each key once");
    assertThat(h).doesNotExist();
    assertThatRun(evaluate(h, "--run", "-"))
        .failedWithUsage("caliber evaluate", "--history records each run's SHA-256: give run files, not standard input (-)");
    assertThatRun(evaluate(h, "--run", bm25)).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThatRun(Cli.run("history", "show", "7", "--history", h)).failedWithUsage("caliber history show",
        "history " + h + " has no entry 7 (caliber history list --history " + h + " lists them)");
    byte[] before = Cli.bytes(h);
    CliResult overwrite = evaluate(h, "--run", bm25, "-o", h);
    assertThat(overwrite.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(Cli.run("history", "list", "--history", h, "-o", h).exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(Cli.bytes(h)).isEqualTo(before);
    assertThatRun(Cli.run("history", "list", "--history", h, "--since", "yesterday")).failedWithUsage("caliber history list",
        "--since yesterday: expected a date (2026-12-01) or a UTC time (2026-12-01T10:00:00Z)");
  }

  @Test
  void should_refuse_a_sidecar_that_is_not_metadata_naming_it() throws Exception {
    Path bm25 = run("run.cacm.bm25.txt");
    Path side = Cli.write(tmp, bm25.getFileName() + ".meta.json", "{\"filters\": [1, 2]}");
    CliResult r = evaluate(tmp.resolve("h.sqlite"), "--run", bm25);
    assertThatRun(r).failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + side);
    assertThat(r.stderr()).contains("an array; expected a string, number or boolean");
  }

  @Test
  void should_draw_a_measure_over_time_per_protocol() throws Exception {
    Path h = tmp.resolve("h.sqlite");
    assertThatRun(evaluate(h, "--run", "bm25=" + run("run.cacm.bm25.txt"))).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThatRun(evaluate(h, "--run", "ql=" + run("run.cacm.ql.txt"))).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    CliResult html = Cli.run("history", "trend", "--history", h, "--measure", "ndcg_cut_10");
    assertThatRun(html).succeeded();
    assertThat(html.stdout()).startsWith("<!DOCTYPE html>").contains("<h1>nDCG@10 over time</h1>",
        "<td class=\"id\">bm25</td><td>0.4543</td>", "<td class=\"id\">ql</td><td>0.4609</td>", "Content-Security-Policy");
    CliResult tsv = Cli.run("history", "trend", "--history", h, "-m", "AP", "--format", "tsv");
    assertThat(tsv.stdout().split("\n")).hasSize(3);
    assertThat(tsv.stdout().split("\n")[1]).matches("19fedff39100\t1\t\\S+Z\tbm25\t0\\.3123");
    assertThatRun(Cli.run("history", "trend", "--history", h, "-m", "nDCG@x")).failedWithLineStartingWith(ExitCodes.USAGE,
        "usage: unknown measure \"nDCG@x\"; expected nDCG, nDCG@k,");
    CliResult none = Cli.run("history", "trend", "--history", h, "-m", "nDCG@20", "--format", "tsv");
    assertThatRun(none).failedWithLineStartingWith(ExitCodes.USAGE, "usage: history " + h + " has no entry with nDCG@20;"
        + " its entries have ");
    assertThat(none.stderr()).contains("nDCG@10").doesNotContain("nDCG@20,");
    assertThat(none.stdout()).isEmpty();
    assertThatRun(Cli.run("history", "trend", "--history", h, "-m", "AP", "--run-name", "bm26"))
        .failedWithLineStartingWith(ExitCodes.USAGE, "usage: history " + h + ", within the filters given, has no entry");
  }
}
