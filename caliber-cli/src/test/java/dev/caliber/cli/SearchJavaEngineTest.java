package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Retriever;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber search --engine java}: a Retriever class of the user's own, compiled here into a
 * folder that only {@code --class-path} names, as a build's test classes are.
 */
class SearchJavaEngineTest {
  @TempDir Path dir;

  private Path classes;
  private Path topics;

  /** Ranks three documents by how many of the query's words they hold; a setting "boost" multiplies the scores. */
  private static final String OVERLAP = """
      package demo;

      import dev.caliber.api.Retriever;
      import java.util.*;

      public class Overlap implements Retriever {
        private static final Map<String, String> DOCS = new TreeMap<>(Map.of(
            "d1", "apples and pears", "d2", "a garden of apples", "d3", "the garden"));
        private final double boost;

        public Overlap(Map<String, String> settings) {
          this.boost = Double.parseDouble(settings.getOrDefault("boost", "1"));
        }

        @Override
        public List<Hit> search(String queryId, String text, int depth) {
          Set<String> words = new HashSet<>(Arrays.asList(text.split(" ")));
          List<Hit> hits = new ArrayList<>();
          DOCS.forEach((id, body) -> {
            long n = Arrays.stream(body.split(" ")).filter(words::contains).count();
            if (n > 0) {
              hits.add(new Hit(id, n * boost));
            }
          });
          hits.sort(Comparator.comparingDouble(Hit::score).reversed().thenComparing(Hit::doc));
          return hits.subList(0, Math.min(depth, hits.size()));
        }

        @Override
        public Map<String, Object> describe() {
          return Map.of("name", "overlap", "boost", boost);
        }
      }
      """;

  /** Fails where a user's retriever may: creating it, or answering a query. */
  private static final String BROKEN = """
      package demo;

      import dev.caliber.api.Retriever;
      import java.util.*;

      public class Broken implements Retriever {
        public Broken(Map<String, String> settings) {
          if (settings.containsKey("fail")) {
            throw new IllegalStateException("no model file");
          }
        }

        @Override
        public List<Hit> search(String queryId, String text, int depth) {
          if (queryId.equals("q2")) {
            throw new IllegalArgumentException("cannot embed " + text);
          }
          return List.of(new Hit("d1", 1), new Hit("d2", 0.5));
        }

        @Override
        public Map<String, Object> describe() {
          return Map.of("name", "broken");
        }
      }
      """;

  @BeforeEach
  void compile() throws IOException, URISyntaxException, InterruptedException {
    Path src = dir.resolve("src/demo");
    Files.createDirectories(src);
    Files.writeString(src.resolve("Overlap.java"), OVERLAP);
    Files.writeString(src.resolve("Broken.java"), BROKEN);
    classes = dir.resolve("classes");
    Files.createDirectories(classes);
    String core = Path.of(Retriever.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    // javac as a process: the test needs no compiler module of its own
    Process javac = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "javac").toString(), "-classpath", core,
        "-d", classes.toString(), "--release", "17", src.resolve("Overlap.java").toString(), src.resolve("Broken.java").toString())
        .redirectErrorStream(true).start();
    String said = new String(javac.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(javac.waitFor()).as("javac: " + said).isZero();
    topics = Cli.write(dir, "topics.tsv", "q1\tapples and pears\nq2\tgarden\nq3\tnothing here\n");
  }

  @Test
  void should_search_with_a_retriever_class_from_the_class_path_and_say_so_in_the_sidecar() throws IOException {
    // WHEN the class is searched under two configurations
    Path out = dir.resolve("runs");
    CliResult r = Cli.run("search", "--engine", "java", "--retriever-class", "demo.Overlap", "--class-path",
        classes + File.pathSeparator, "--topics", topics, "--config", "plain", "--config", "boosted:boost=2", "-o", out);
    // THEN each is a TREC run in the retriever's order, with a sidecar naming the class and its description
    assertThatRun(r).succeeded();
    assertThat(Files.readAllLines(out.resolve("plain.txt"))).containsExactly(
        "q1 Q0 d1 1 3 plain", "q1 Q0 d2 2 1 plain", "q2 Q0 d2 1 1 plain", "q2 Q0 d3 2 1 plain");
    assertThat(Files.readAllLines(out.resolve("boosted.txt")).get(0)).isEqualTo("q1 Q0 d1 1 6 boosted");
    Map<String, String> side = SearchCommandTest.sidecar(out.resolve("boosted.txt.meta.json"));
    assertThat(side).containsEntry("engine", "java").containsEntry("engine.class", "demo.Overlap")
        .containsEntry("retriever", "{\"boost\":2.0,\"name\":\"overlap\"}").containsEntry("config", "boosted")
        .containsEntry("config.boost", "2").containsEntry("topics.count", "3").containsEntry("depth", "1000")
        .doesNotContainKey("index");
    assertThat(side.get("retriever.sha256")).isNotEqualTo(SearchCommandTest.sidecar(out.resolve("plain.txt.meta.json"))
        .get("retriever.sha256"));
    // and evaluate --history records what made each number
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq2 0 d3 1\n");
    Path h = dir.resolve("h.sqlite");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", out.resolve("boosted.txt"), "-m", "AP", "--preset", "trec_eval", "--history", h, "-o",
        dir.resolve("r.json"))).succeeded();
    assertThat(Cli.run("history", "show", "1", "--history", h).stdout()).contains("demo.Overlap");
  }

  @Test
  void should_say_in_one_line_what_is_wrong_with_the_class_and_write_nothing() {
    Path out = dir.resolve("runs");
    assertThatRun(Cli.run("search", "--engine", "java", "--topics", topics, "-o", out)).failedWithUsage("caliber search",
        "--engine java needs --retriever-class CLASS (and --class-path where it is)");
    assertThatRun(Cli.run("search", "--engine", "java", "--retriever-class", "demo.Nope", "--class-path", classes, "--topics",
        topics, "-o", out)).failedWithUsage("caliber search", "--retriever-class demo.Nope: no such class"
            + " on the class path " + classes);
    assertThatRun(Cli.run("search", "--engine", "java", "--retriever-class", "java.lang.String", "--topics", topics, "-o", out))
        .failedWithUsage("caliber search", "--retriever-class java.lang.String does not implement"
            + " dev.caliber.api.Retriever");
    assertThatRun(Cli.run("search", "--engine", "java", "--retriever-class", "demo.Overlap", "--class-path",
        dir.resolve("absent"), "--topics", topics, "-o", out)).failedWithUsage("caliber search", "--class-path: " + dir.resolve("absent") + " does not exist; expected jars and folders separated by '"
            + File.pathSeparator + "'");
    assertThatRun(Cli.run("search", "--retriever-class", "demo.Overlap", "--index", dir, "--topics", topics, "-o", out))
        .failedWithUsage("caliber search", "--retriever-class applies to --engine java, not --engine lucene");
    assertThatRun(Cli.run("search", "--topics", topics, "-o", out)).failedWithUsage("caliber search",
        "--engine lucene needs --index INDEX, what is searched");
    assertThat(out).doesNotExist();
  }

  @Test
  void should_name_the_configuration_and_the_query_when_the_retriever_fails_and_write_nothing() {
    Path out = dir.resolve("runs");
    List<Object> common = List.of("search", "--engine", "java", "--retriever-class", "demo.Broken", "--class-path", classes,
        "--topics", topics, "-o", out);
    assertThatRun(Cli.run(concat(common, "--config", "bad:fail=1", "--config", "ok"))).failedWith(ExitCodes.IO,
        "search failed: java (demo.Broken), configuration bad: cannot create demo.Broken: it threw IllegalStateException:"
            + " no model file; no run written");
    assertThatRun(Cli.run(concat(common, "--config", "ok"))).failedWith(ExitCodes.IO,
        "search failed: java (demo.Broken), configuration ok, query \"q2\": the retriever threw IllegalArgumentException:"
            + " cannot embed garden; no run written");
    assertThatRun(Cli.run(concat(common, "--config", "ok", "--depth", "1"))).failedWith(ExitCodes.IO,
        "search failed: java (demo.Broken), configuration ok: illegal hits for query \"q1\": 2 hits, more than the depth 1;"
            + " a retriever returns at most depth hits, best first; no run written");
    assertThat(out).doesNotExist();
  }

  private static Object[] concat(List<Object> head, Object... tail) {
    List<Object> all = new java.util.ArrayList<>(head);
    all.addAll(List.of(tail));
    return all.toArray();
  }
}
