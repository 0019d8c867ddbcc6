package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shards made by separate {@code caliber evaluate --shard} processes, merged by {@code caliber
 * merge}, print what one {@code caliber evaluate} prints, byte for byte; a misfit is refused.
 */
class ShardCommandTest {
  /** The query IDs of a qrels file, in their first order. */
  private static List<String> queries(Path qrels) throws IOException {
    Set<String> ids = new LinkedHashSet<>();
    InputStream in = Files.newInputStream(qrels);
    if (qrels.toString().endsWith(".gz")) {
      in = new GZIPInputStream(in);
    }
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = r.readLine()) != null; ) {
        ids.add(line.split("\\s+")[0]);
      }
    }
    return new ArrayList<>(ids);
  }

  /** caliber's Main in a fresh JVM: its exit code, standard error in {@code err}. */
  private static int process(Path dir, String... args) throws Exception {
    List<String> command = Cli.childJvm(Main.class);
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectOutput(dir.resolve("child.out").toFile())
        .redirectError(dir.resolve("child.err").toFile()).start();
    return p.waitFor();
  }

  /** Three shards of the run, each made by its own process; their paths. */
  private static List<String> shards(Path dir, Path qrels, Path run, List<String> protocol) throws Exception {
    List<String> ids = queries(qrels);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      List<String> slice = new ArrayList<>();
      for (int q = i; q < ids.size(); q += 3) {
        slice.add(ids.get(q));
      }
      Path list = Files.write(dir.resolve("slice" + i + ".txt"), slice);
      Path shard = dir.resolve("shard" + i + ".jsonl");
      List<String> args = new ArrayList<>(List.of("evaluate", "--qrels", qrels.toString(), "--run", run.toString()));
      args.addAll(protocol);
      args.addAll(List.of("--shard", shard.toString(), "--shard-queries", list.toString()));
      assertThat(process(dir, args.toArray(new String[0]))).as(Files.readString(dir.resolve("child.err"))).isZero();
      out.add(shard.toString());
    }
    return List.of(out.get(2), out.get(0), out.get(1));
  }

  private static void assertMergeIsEvaluate(Path dir, Path qrels, Path run, List<String> protocol) throws Exception {
    List<String> shards = shards(dir, qrels, run, protocol);
    for (String format : List.of("json", "trec", "tsv", "md")) {
      List<Object> evaluate = new ArrayList<>(List.of("evaluate", "--qrels", qrels, "--run", run, "--format", format));
      evaluate.addAll(protocol);
      List<Object> merge = new ArrayList<>(List.of("merge", "--qrels", qrels, "--format", format));
      merge.addAll(protocol);
      merge.addAll(shards);
      CliResult single = Cli.run(evaluate.toArray());
      CliResult merged = Cli.run(merge.toArray());
      assertThat(single.exitCode()).as(single.toString()).isZero();
      assertThat(merged.exitCode()).as(merged.toString()).isZero();
      assertThat(merged.stdoutBytes()).as(format).isEqualTo(single.stdoutBytes());
      assertThat(merged.stderr()).as(format).isEqualTo(single.stderr());
    }
  }

  @Test
  void threeCacmShardsMadeBySeparateProcessesMergeIntoWhatEvaluatePrints(@TempDir Path dir) throws Exception {
    assertMergeIsEvaluate(dir, Cli.data().resolve("cacm/qrels.cacm.txt"),
        Cli.data().resolve("cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz"), List.of("--compat", "trec_eval"));
  }

  @Test
  void threeRobustShardsMadeBySeparateProcessesMergeIntoWhatEvaluatePrints(@TempDir Path dir) throws Exception {
    assertMergeIsEvaluate(dir, Cli.data().resolve("trec2003-robust/qrels/robust03_qrels.txt.gz"),
        Cli.data().resolve("trec2003-robust/runs/input.aplrob03a.gz"), List.of("--preset", "trec_eval"));
  }

  @Test
  void aMisfitIsAOneLineInvalidInputAndAMisuseAUsageError(@TempDir Path dir) throws Exception {
    Path qrels = Cli.data().resolve("cacm/qrels.cacm.txt");
    Path run = Cli.data().resolve("cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
    Path a = dir.resolve("a.jsonl");
    Files.write(dir.resolve("half.txt"), queries(qrels).subList(0, 10));
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--shard", a, "--shard-queries", dir.resolve("half.txt"))
        .exitCode()).isZero();
    CliResult incomplete = Cli.run("merge", "--qrels", qrels, a);
    assertThat(incomplete.exitCode()).isEqualTo(3);
    assertThat(incomplete.stderr()).startsWith("caliber: invalid input: incomplete shards (42 of the 52 queries")
        .hasLineCount(1);
    CliResult twice = Cli.run("merge", "--qrels", qrels, a, a);
    assertThat(twice.exitCode()).isEqualTo(3);
    assertThat(twice.stderr()).contains("query in two shards");
    CliResult other = Cli.run("merge", "--qrels", qrels, "-m", "P@5", a);
    assertThat(other.exitCode()).isEqualTo(3);
    assertThat(other.stderr()).contains(a + ": shard of another protocol (its protocol_sha256 is ");
    Files.writeString(dir.resolve("bad.jsonl"), "{\"caliber_shard\": 2}\n");
    CliResult bad = Cli.run("merge", "--qrels", qrels, dir.resolve("bad.jsonl"));
    assertThat(bad.exitCode()).isEqualTo(3);
    assertThat(bad.stderr()).isEqualTo("caliber: invalid input: " + dir.resolve("bad.jsonl") + ":1:19: $.caliber_shard:"
        + " unsupported shard format (got the integer 2; expected 1, the version this caliber reads)\n");
    Files.write(dir.resolve("nope.txt"), List.of("nope"));
    CliResult outside = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--shard", dir.resolve("b.jsonl"),
        "--shard-queries", dir.resolve("nope.txt"));
    assertThat(outside.exitCode()).isEqualTo(3);
    assertThat(outside.stderr()).contains("query outside the query set (query \"nope\" is not in the query set");
    assertThat(dir.resolve("b.jsonl")).doesNotExist();
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--run", "b=" + run, "--shard", dir.resolve("b.jsonl"))
        .exitCode()).isEqualTo(2);
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--shard-queries", dir.resolve("nope.txt")).exitCode())
        .isEqualTo(2);
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--shard", dir.resolve("b.jsonl.gz")).exitCode())
        .isEqualTo(2);
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--shard", dir.resolve("b.jsonl"), "-o",
        dir.resolve("c.json")).exitCode()).isEqualTo(2);
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--shard", qrels).exitCode()).isEqualTo(2);
    assertThat(Cli.run("merge", "--qrels", qrels).exitCode()).isEqualTo(2);
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval", "--shard",
        dir.resolve("b.jsonl"), "--bounds")).failedWithUsage("caliber evaluate", "--bounds applies to a report, not to"
            + " --shard: a shard holds each query's values, and caliber merge prints the report");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval", "--shard",
        dir.resolve("b.jsonl"), "--history", dir.resolve("h.sqlite"))).failedWithUsage("caliber evaluate", "--shard records"
            + " no look in a history, and a history is in force (--history): evaluate the whole run where the history is"
            + " kept, or say --no-history to make shards without recording a look");
    assertThat(dir.resolve("b.jsonl")).doesNotExist();
  }
}
