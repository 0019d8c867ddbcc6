package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ./caliber} command (and {@code java -jar caliber-cli/target/caliber.jar}) in the README's shell blocks runs as written, on the bundled
 * examples and data, and succeeds; a 64-digit hash in the line's comment is what it prints;
 * {@code exit N} in the comment says that the command is shown failing with code N (a refusal),
 * and {@code stderr: "TEXT"} what it says on standard error. Each runs in a fresh JVM from a
 * folder that holds a copy of the repository's {@code examples/} and {@code data/} and nothing
 * else (so that {@code -o} files land there, not in the checkout, and a command that reads
 * outside the repository fails), with variables ({@code D=...}), continuation lines, {@code &&}
 * and single quotes read as a shell reads them. No word of a command names a path outside the
 * repository: an absolute path or one that climbs above it with {@code ..}.
 */
class ReadmeCommandsTest {
  private static final Pattern HASH = Pattern.compile("\\b[0-9a-f]{64}\\b");
  /** A comment's {@code exit N}: the command is expected to fail with that code (a refusal the README shows). */
  private static final Pattern EXIT = Pattern.compile("\\bexit ([1-9])\\b");
  /** A comment's {@code stderr: "TEXT"}: what the command says on standard error (a warning the README shows). */
  private static final Pattern STDERR = Pattern.compile("stderr: \"([^\"]+)\"");

  /** The README's other spelling of a command: the runnable jar, run by the JVM alone. */
  private static final List<String> JAVA_JAR = List.of("java", "-jar", "caliber-cli/target/caliber.jar");

  @TempDir Path dir;

  @Test
  void every_caliber_command_in_the_readme_runs_as_written() throws Exception {
    Path root = Path.of(System.getProperty("caliber.root", ".."));
    copy(root.resolve("examples"), dir.resolve("examples"));
    copy(root.resolve("data"), dir.resolve("data"));
    List<String> readme = Files.readAllLines(root.resolve("README.md"), StandardCharsets.UTF_8);
    int ran = 0;
    for (List<String> block : shellBlocks(readme)) {
      Map<String, String> vars = new HashMap<>();
      for (String line : joined(block)) {
        String comment = line.contains(" # ") ? line.substring(line.indexOf(" # ")) : "";
        String command = line.contains(" # ") ? line.substring(0, line.indexOf(" # ")) : line;
        Matcher assignment = Pattern.compile("^([A-Z]+)=(\\S+)$").matcher(command.trim());
        if (assignment.matches()) {
          vars.put(assignment.group(1), assignment.group(2));
          continue;
        }
        for (String part : command.split("&&")) {
          List<String> words = words(part, vars);
          if (words.size() > 3 && words.subList(0, 3).equals(JAVA_JAR)) {
            words = words.subList(2, words.size()); // the runnable jar: caliber's Main, as ./caliber runs it
            words.set(0, "./caliber");
          }
          if (words.isEmpty() || !words.get(0).equals("./caliber")) {
            continue;
          }
          for (String w : words.subList(1, words.size())) {
            assertThat(outsideTheRepository(w)).as("%s: the word %s names a path outside the repository", part.trim(), w).isFalse();
          }
          Result r = run(words.subList(1, words.size()));
          Matcher exit = EXIT.matcher(comment);
          int expected = exit.find() ? Integer.parseInt(exit.group(1)) : 0;
          assertThat(r.exit).as("%s%nstderr: %s", part.trim(), r.err).isEqualTo(expected);
          assertThat(r.out.isEmpty() && !words.contains("-o") && !words.contains("--shard") && (expected == 0 || r.err.isEmpty()))
              .as("%s prints or writes something", part.trim()).isFalse();
          Matcher err = STDERR.matcher(comment);
          if (err.find()) {
            assertThat(r.err).as("stderr of %s", part.trim()).contains(err.group(1));
          }
          Matcher hash = HASH.matcher(comment);
          if (hash.find()) {
            assertThat(r.out).as(part.trim()).contains(hash.group());
          }
          ran++;
        }
      }
    }
    assertThat(ran).as("commands run").isGreaterThanOrEqualTo(12);
  }

  @Test
  void should_tell_a_path_outside_the_repository_from_one_inside_it() {
    assertThat(outsideTheRepository("data/cacm/qrels.cacm.txt")).isFalse();
    assertThat(outsideTheRepository("bm25=data/cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz")).isFalse();
    assertThat(outsideTheRepository("/dev/null")).isFalse();
    assertThat(outsideTheRepository("--measure")).isFalse();
    assertThat(outsideTheRepository("P(rel=1)@10")).isFalse();
    assertThat(outsideTheRepository("../elsewhere/qrels.txt")).isTrue();
    assertThat(outsideTheRepository("bm25=../elsewhere/run.txt")).isTrue();
    assertThat(outsideTheRepository("data/../../elsewhere")).isTrue();
    assertThat(outsideTheRepository("..")).isTrue();
    assertThat(outsideTheRepository("/home/user/qrels.txt")).isTrue();
  }

  private static void copy(Path from, Path to) throws IOException {
    try (java.util.stream.Stream<Path> all = Files.walk(from)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        Files.copy(p, to.resolve(from.relativize(p).toString()));
      }
    }
  }

  private static List<List<String>> shellBlocks(List<String> lines) {
    List<List<String>> out = new ArrayList<>();
    List<String> block = null;
    for (String l : lines) {
      if (block == null && l.equals("```sh")) {
        block = new ArrayList<>();
      } else if (block != null && l.equals("```")) {
        out.add(block);
        block = null;
      } else if (block != null) {
        block.add(l);
      }
    }
    return out;
  }

  /** Lines with their continuations ({@code \} at the end) joined. */
  private static List<String> joined(List<String> block) {
    List<String> out = new ArrayList<>();
    StringBuilder sb = new StringBuilder();
    for (String l : block) {
      if (l.endsWith("\\")) {
        sb.append(l, 0, l.length() - 1).append(' ');
      } else {
        out.add(sb.append(l).toString());
        sb.setLength(0);
      }
    }
    return out;
  }

  /**
   * Whether a command's word, or the file of its {@code NAME=FILE} form, is an absolute path
   * (other than {@code /dev/null}) or climbs out of the folder it runs in with {@code ..}.
   */
  static boolean outsideTheRepository(String word) {
    String path = word.startsWith("-") ? "" : word.substring(word.indexOf('=') + 1);
    if (path.startsWith("/")) {
      return !path.equals("/dev/null");
    }
    return path.equals("..") || path.startsWith("../") || path.contains("/../");
  }

  /** A shell's words: blanks split, single quotes keep, $NAME is replaced. */
  private static List<String> words(String part, Map<String, String> vars) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(part);
    while (m.find()) {
      String w = m.group(1) != null ? m.group(1) : m.group(2);
      if (m.group(2) != null) {
        for (Map.Entry<String, String> v : vars.entrySet()) {
          w = w.replace("$" + v.getKey(), v.getValue());
        }
      }
      out.add(w);
    }
    return out;
  }

  private record Result(int exit, String out, String err) {}

  private Result run(List<String> args) throws IOException, InterruptedException {
    List<String> command = Cli.childJvm(Main.class);
    command.addAll(args);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile())
        .start();
    p.getOutputStream().close();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s finished within two minutes", args).isTrue();
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }
}
