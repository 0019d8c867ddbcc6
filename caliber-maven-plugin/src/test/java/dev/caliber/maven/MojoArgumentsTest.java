package dev.caliber.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The POM's parameters as caliber's command line: each parameter becomes its option, every relative
 * file is the project's, a run is NAME=FILE or the file alone, and the evaluate goal makes one call
 * per report, recording into the history once.
 */
class MojoArgumentsTest {
  @TempDir Path project;

  private String p(String relative) {
    return project.resolve(relative).toString();
  }

  private <M extends CaliberMojo> M inProject(M mojo) {
    mojo.basedir = project.toFile();
    mojo.outputDirectory = new File("target/caliber");
    return mojo;
  }

  @Test
  void should_translate_every_gate_parameter_into_its_option_with_the_project_s_files() throws Exception {
    // GIVEN a gate configured with relative files, as a POM gives them
    GateMojo gate = inProject(new GateMojo());
    gate.qrels = new File("eval/qrels.txt");
    gate.split = "test";
    gate.runs = List.of(new Run("bm25", new File("runs/bm25.txt.gz")), new Run(null, new File("runs/candidate.txt")));
    gate.measures = List.of("nDCG@10", "AP");
    gate.preset = "trec_eval";
    gate.history = new File("eval/history.sqlite");
    gate.arguments = List.of("--seed", "7");
    gate.baseline = "bm25";
    gate.noSignificantLoss = List.of("nDCG@10", "AP");
    gate.alpha = "0.01";
    gate.tolerances = List.of("nDCG@10=2%", "AP=0.01");
    gate.maxQueryLoss = List.of("nDCG@10=0.5");
    gate.minJudged = List.of("10=0.9");
    gate.junitReport = new File("target/surefire-reports/TEST-caliber-gate.xml");
    // WHEN the command is built
    List<String> args = gate.command();
    // THEN each parameter is its option, in one fixed order, every file absolute under the project
    assertThat(args).containsExactly("gate", "--qrels", p("eval/qrels.txt"), "--split", "test", "-m", "nDCG@10", "-m", "AP",
        "--preset", "trec_eval", "--history", p("eval/history.sqlite"), "--seed", "7",
        "--run", "bm25=" + p("runs/bm25.txt.gz"), "--run", p("runs/candidate.txt"),
        "--baseline", "bm25", "--no-significant-loss", "nDCG@10", "--no-significant-loss", "AP", "--alpha", "0.01",
        "--tolerance", "nDCG@10=2%", "--tolerance", "AP=0.01", "--max-query-loss", "nDCG@10=0.5", "--min-judged", "10=0.9",
        "--junit", p("target/surefire-reports/TEST-caliber-gate.xml"), "--markdown", p("target/caliber/gate.md"),
        "--json", p("target/caliber/gate.json"));
  }

  @Test
  void should_leave_out_what_is_not_configured_and_keep_absolute_files_as_they_are() throws Exception {
    GateMojo gate = inProject(new GateMojo());
    Path elsewhere = project.resolve("elsewhere").toAbsolutePath();
    gate.beir = elsewhere.resolve("cacm").toFile();
    gate.lock = elsewhere.resolve("cacm.lock.json").toFile();
    gate.compat = "trec_eval";
    gate.baselineEntry = "3";
    gate.runs = List.of(new Run(null, elsewhere.resolve("run.txt").toFile()));
    gate.tolerances = List.of("nDCG@10=0");
    gate.junitReport = elsewhere.resolve("TEST-gate.xml").toFile();
    gate.outputDirectory = elsewhere.resolve("reports").toFile();
    assertThat(gate.command()).containsExactly("gate", "--beir", elsewhere.resolve("cacm").toString(), "--compat", "trec_eval",
        "--lock", elsewhere.resolve("cacm.lock.json").toString(), "--run", elsewhere.resolve("run.txt").toString(),
        "--baseline-entry", "3", "--tolerance", "nDCG@10=0", "--junit", elsewhere.resolve("TEST-gate.xml").toString(),
        "--markdown", elsewhere.resolve("reports/gate.md").toString(), "--json", elsewhere.resolve("reports/gate.json").toString());
  }

  @Test
  void should_search_each_retriever_class_on_the_test_class_path_before_the_goal() throws Exception {
    GateMojo gate = inProject(new GateMojo());
    gate.retrievers = List.of(new RetrieverClass("mine", "com.example.Mine"), new RetrieverClass("other", "com.example.Other"));
    Path testClasses = java.nio.file.Files.createDirectories(project.resolve("target/test-classes"));
    Path jar = java.nio.file.Files.writeString(project.resolve("caliber-core.jar"), "");
    // the entries that exist, in order: Maven lists target/classes even when there is none
    gate.testClasspath = List.of(testClasses.toString(), project.resolve("target/classes").toString(), jar.toString());
    gate.topics = new File("topics.txt");
    gate.depth = 100;
    String cp = testClasses + File.pathSeparator + jar;
    assertThat(gate.searches()).containsExactly(
        List.of("search", "--engine", "java", "--retriever-class", "com.example.Mine", "--class-path", cp, "--topics",
            p("topics.txt"), "--depth", "100", "--config", "mine", "-o", p("target/caliber/runs"), "--quiet"),
        List.of("search", "--engine", "java", "--retriever-class", "com.example.Other", "--class-path", cp, "--topics",
            p("topics.txt"), "--depth", "100", "--config", "other", "-o", p("target/caliber/runs"), "--quiet"));
    // without topics, or a retriever without a class, the goal says what is missing
    gate.topics = null;
    org.assertj.core.api.Assertions.assertThatThrownBy(gate::searches)
        .hasMessage("caliber: <retrievers> need <topics>, the texts sent to them");
    gate.topics = new File("topics.txt");
    gate.retrievers = List.of(new RetrieverClass("mine", null));
    org.assertj.core.api.Assertions.assertThatThrownBy(gate::searches).hasMessage("caliber: a <retriever> needs a <name> and a"
        + " <className>, such as <retriever><name>mine</name><className>com.example.MyRetriever</className></retriever>; got"
        + " mine (null)");
    gate.retrievers = List.of();
    assertThat(gate.searches()).isEmpty();
  }

  @Test
  void should_pass_a_baseline_file_resolved_in_the_project() throws Exception {
    GateMojo gate = inProject(new GateMojo());
    gate.qrels = new File("qrels.txt");
    gate.baselineFile = new File("src/test/baselines/bm25.json");
    gate.runs = List.of(new Run("candidate", new File("run.txt")));
    gate.tolerances = List.of("AP=0.01");
    assertThat(gate.command()).containsSequence("--run", "candidate=" + p("run.txt"), "--baseline-file",
        p("src/test/baselines/bm25.json"), "--tolerance", "AP=0.01");
  }

  @Test
  void should_write_each_report_by_one_call_recording_into_the_history_once() throws Exception {
    // GIVEN one run, a history and the default formats
    EvaluateMojo evaluate = inProject(new EvaluateMojo());
    evaluate.qrels = new File("qrels.txt");
    evaluate.runs = List.of(new Run("bm25", new File("bm25.txt")));
    evaluate.measures = List.of("nDCG@10");
    evaluate.history = new File("h.sqlite");
    // WHEN the calls are built
    List<List<String>> calls = evaluate.commands();
    // THEN json, md and html in the output folder, and only the first records
    List<String> common = List.of("--qrels", p("qrels.txt"), "-m", "nDCG@10");
    assertThat(calls).containsExactly(
        concat(List.of("evaluate"), common, List.of("--history", p("h.sqlite"), "--run", "bm25=" + p("bm25.txt"),
            "--format", "json", "-o", p("target/caliber/report.json"))),
        concat(List.of("evaluate"), common, List.of("--run", "bm25=" + p("bm25.txt"), "--format", "md", "-o",
            p("target/caliber/report.md"))),
        concat(List.of("evaluate"), common, List.of("--run", "bm25=" + p("bm25.txt"), "--format", "html", "-o",
            p("target/caliber/report.html"))));
  }

  @Test
  void should_keep_later_calls_out_of_a_lock_s_history() throws Exception {
    EvaluateMojo evaluate = inProject(new EvaluateMojo());
    evaluate.lock = new File("cacm.lock.json");
    evaluate.runs = List.of(new Run(null, new File("bm25.txt")));
    evaluate.formats = List.of("tsv", "trec");
    assertThat(evaluate.commands()).containsExactly(
        List.of("evaluate", "--lock", p("cacm.lock.json"), "--run", p("bm25.txt"), "--format", "tsv", "-o",
            p("target/caliber/report.tsv")),
        List.of("evaluate", "--lock", p("cacm.lock.json"), "--no-history", "--run", p("bm25.txt"), "--format", "trec", "-o",
            p("target/caliber/report.trec.txt")));
  }

  @Test
  void should_report_several_runs_together_in_json_and_one_by_one_in_the_readable_formats() throws Exception {
    // GIVEN two runs, one named by its file
    EvaluateMojo evaluate = inProject(new EvaluateMojo());
    evaluate.qrels = new File("qrels.txt");
    evaluate.runs = List.of(new Run("bm25 k1/0.9", new File("a.txt")), new Run(null, new File("runs/run.cacm.ql.txt.gz")));
    evaluate.formats = List.of("json", "html");
    // WHEN the calls are built
    List<List<String>> calls = evaluate.commands();
    // THEN one JSON report of both, one HTML report each, named after the run as caliber names it
    assertThat(calls).extracting(c -> c.get(c.size() - 1)).containsExactly(p("target/caliber/report.json"),
        p("target/caliber/report-bm25_k1_0.9.html"), p("target/caliber/report-run.cacm.ql.txt.html"));
    assertThat(calls.get(0)).containsSequence("--run", "bm25 k1/0.9=" + p("a.txt"), "--run", p("runs/run.cacm.ql.txt.gz"));
    assertThat(calls.get(1)).containsOnlyOnce("--run").containsSequence("--run", "bm25 k1/0.9=" + p("a.txt"));
    assertThat(calls.get(2)).containsOnlyOnce("--run").containsSequence("--run", p("runs/run.cacm.ql.txt.gz"));
  }

  @Test
  void should_refuse_a_run_that_caliber_s_command_line_cannot_say_or_two_runs_in_one_report_file() {
    EvaluateMojo evaluate = inProject(new EvaluateMojo());
    evaluate.runs = List.of(new Run("a", null));
    assertThatThrownBy(evaluate::commands).isInstanceOf(MojoExecutionException.class)
        .hasMessage("caliber: a <run> names no file; expected <run><file>PATH</file></run>, with an optional <name>, or"
            + " <run>PATH</run>");
    evaluate.runs = List.of(new Run("a=b", new File("r.txt")));
    assertThatThrownBy(evaluate::commands).isInstanceOf(MojoExecutionException.class)
        .hasMessage("caliber: the run a=b=r.txt is named \"a=b\"; a run's name is not empty and holds no '=' (caliber reads"
            + " --run NAME=FILE up to the first '=')");
    evaluate.runs = List.of(new Run(null, new File("x/run.txt")), new Run(null, new File("y/run.txt.gz")));
    evaluate.formats = List.of("md");
    assertThatThrownBy(evaluate::commands).isInstanceOf(MojoExecutionException.class)
        .hasMessage("caliber: the runs x/run.txt and y/run.txt.gz would both be reported in report-run.txt.md; name them"
            + " apart (<name>)");
    evaluate.formats = List.of();
    assertThatThrownBy(evaluate::commands).isInstanceOf(MojoExecutionException.class)
        .hasMessage("caliber: <formats> names no report; expected json, tsv, trec, md or html");
  }

  @Test
  void should_read_a_run_given_as_its_file_alone() {
    Run r = new Run();
    r.set("runs/bm25.txt");
    assertThat(r.getFile()).isEqualTo(new File("runs/bm25.txt"));
    assertThat(r.getName()).isNull();
    assertThat(r).hasToString("runs/bm25.txt");
  }

  @SafeVarargs
  private static List<String> concat(List<String>... parts) {
    List<String> all = new ArrayList<>();
    for (List<String> p : parts) {
      all.addAll(p);
    }
    return all;
  }
}
