package dev.caliber.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import dev.caliber.dist.Archive.Result;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive as a user meets it: the .tar.gz unpacked into an empty folder, bin/caliber
 * run from another folder with nothing on PATH but the JDK's bin and /usr/bin:/bin (no Maven, no
 * repository), its output set against {@code java -jar lib/caliber.jar} and trec_eval's numbers.
 */
class DistributionIT {
  private static final Path ROOT = Path.of(System.getProperty("caliber.root")).toAbsolutePath().normalize();
  private static final String VERSION = Archive.VERSION;
  /** The archives' common path without the extension: target/caliber-VERSION-bin. */
  private static final String ARCHIVE = System.getProperty("caliber.dist");
  private static final Path JDK_BIN = Archive.JDK_BIN;
  private static final Path QRELS = ROOT.resolve("data/cacm/qrels.cacm.txt");
  private static final Path BM25 = ROOT.resolve("data/cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path HEADLINE = ROOT.resolve("data/cacm/reference/headline-metrics.trec_eval-10.0.tsv");
  private static final List<String> EVALUATE_CACM =
      List.of("evaluate", "--qrels", QRELS.toString(), "--run", BM25.toString(), "--format", "trec");

  @TempDir static Path temp;
  /** The unpacked caliber-VERSION folder. */
  private static Path home;
  /** The working directory of every call: outside the unpacked folder. */
  private static Path elsewhere;

  @BeforeAll
  static void unpack_the_tar_gz_into_an_empty_folder() throws Exception {
    home = Archive.unpack(temp);
    elsewhere = Files.createDirectory(temp.resolve("elsewhere"));
  }

  @Test
  void the_archive_holds_one_folder_with_the_launchers_the_jar_and_the_licences() throws Exception {
    // WHEN
    List<String> top;
    try (Stream<Path> s = Files.list(home.getParent())) {
      top = s.map(p -> p.getFileName().toString()).collect(Collectors.toList());
    }
    // THEN
    assertThat(top).containsExactly("caliber-" + VERSION);
    for (String file : List.of("bin/caliber", "bin/caliber.cmd", "lib/caliber.jar", "README.md", "LICENSE", "NOTICE",
        "CHANGELOG.md", "THIRD-PARTY.txt")) {
      assertThat(home.resolve(file)).as(file).isRegularFile();
    }
    assertThat(Files.isExecutable(home.resolve("bin/caliber"))).as("bin/caliber is executable").isTrue();
    assertThat(home.resolve("LICENSE")).hasSameTextualContentAs(ROOT.resolve("LICENSE"));
    assertThat(home.resolve("licenses")).isDirectory();
  }

  @Test
  void the_zip_holds_the_same_files_as_the_tar_gz() throws Exception {
    // GIVEN
    Set<String> fromTar = new TreeSet<>();
    try (Stream<Path> s = Files.walk(home.getParent())) {
      s.filter(Files::isRegularFile).forEach(p -> fromTar.add(home.getParent().relativize(p).toString().replace('\\', '/')));
    }
    // WHEN
    Set<String> fromZip = new TreeSet<>();
    try (ZipFile zip = new ZipFile(ARCHIVE + ".zip")) {
      zip.stream().filter(e -> !e.isDirectory()).map(ZipEntry::getName).forEach(fromZip::add);
    }
    // THEN
    assertThat(fromZip).isEqualTo(fromTar);
  }

  @Test
  void bin_caliber_evaluates_cacm_as_java_jar_does_and_as_trec_eval_does() throws Exception {
    // WHEN
    Result launcher = launch(EVALUATE_CACM);
    Result jar = javaJar(EVALUATE_CACM);
    // THEN
    assertThat(launcher.exit()).as(launcher.err()).isZero();
    assertThat(launcher.out()).isEqualTo(jar.out());
    assertThat(launcher.err()).as("the launcher adds no line to standard error").isEqualTo(jar.err());
    assertThat(mapOf(launcher.out())).isEqualTo(trecEvalMap("run.cacm.bm25.txt"));
  }

  @Test
  void the_version_option_prints_the_build_version_through_either_door() throws Exception {
    // WHEN
    Result jar = javaJar(List.of("--version"));
    Result launcher = launch(List.of("--version"));
    // THEN
    assertThat(jar.exit()).isZero();
    assertThat(jar.out()).isEqualTo("caliber " + VERSION + "\n");
    assertThat(launcher.out()).isEqualTo(jar.out());
  }

  @Test
  void an_argument_with_a_space_reaches_caliber_whole_and_relative_paths_start_from_the_callers_folder()
      throws Exception {
    // GIVEN
    Files.createDirectories(elsewhere.resolve("my runs"));
    Files.copy(BM25, elsewhere.resolve("my runs/bm25 run.txt.gz"));
    List<String> args =
        List.of("evaluate", "--qrels", QRELS.toString(), "--run", "my run=my runs/bm25 run.txt.gz", "--preset", "trec_eval",
            "-m", "AP");
    // WHEN
    Result launcher = launch(args);
    Result jar = javaJar(args);
    // THEN
    assertThat(launcher.exit()).as(launcher.err()).isZero();
    assertThat(launcher.out()).contains("\"run\": \"my run\"").isEqualTo(jar.out());
  }

  @Test
  void a_usage_error_exits_with_the_code_java_jar_exits_with() throws Exception {
    // WHEN
    Result launcher = launch(List.of("evaluate", "--no-such-option"));
    Result jar = javaJar(List.of("evaluate", "--no-such-option"));
    // THEN
    assertThat(launcher.exit()).isNotZero().isEqualTo(jar.exit());
    assertThat(launcher.err()).contains("--no-such-option").isEqualTo(jar.err());
  }

  @Test
  void a_chain_of_links_to_the_launcher_finds_the_jar() throws Exception {
    // GIVEN ~/bin/caliber -> ../tools/caliber (relative) -> the unpacked bin/caliber
    Path userBin = Files.createDirectories(elsewhere.resolve("links/bin"));
    Path tools = Files.createDirectories(elsewhere.resolve("links/tools"));
    Files.createSymbolicLink(tools.resolve("caliber"), home.resolve("bin/caliber"));
    Files.createSymbolicLink(userBin.resolve("caliber"), Path.of("../tools/caliber"));
    // WHEN
    Result linked = run(List.of(userBin.resolve("caliber").toString(), "--version"), Map.of());
    // THEN
    assertThat(linked.exit()).as(linked.err()).isZero();
    assertThat(linked.out()).isEqualTo("caliber " + VERSION + "\n");
  }

  @Test
  void java_home_comes_before_the_java_on_path() throws Exception {
    // GIVEN a JAVA_HOME whose java says that it ran, then runs the real one
    Path fakeBin = Files.createDirectories(temp.resolve("fake-jdk/bin"));
    Path fakeJava = Files.writeString(fakeBin.resolve("java"),
        "#!/bin/sh\necho 'the java of JAVA_HOME' >&2\nexec '" + JDK_BIN.resolve("java") + "' \"$@\"\n");
    assertThat(fakeJava.toFile().setExecutable(true)).isTrue();
    // WHEN
    Result r = run(launcherCommand(List.of("--version")), Map.of("JAVA_HOME", fakeBin.getParent().toString()));
    // THEN
    assertThat(r.exit()).isZero();
    assertThat(r.err()).isEqualTo("the java of JAVA_HOME\n");
  }

  @Test
  void caliber_java_opts_reach_the_jvm_split_on_blanks() throws Exception {
    // WHEN
    Result r = run(launcherCommand(List.of("--version")),
        Map.of("CALIBER_JAVA_OPTS", "-XshowSettings:properties -Dcaliber.dist.check=*"));
    // THEN
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.err()).contains("caliber.dist.check = *");
  }

  @Test
  void the_windows_launcher_names_the_jar_and_passes_the_same_jvm_options() throws Exception {
    // GIVEN
    String cmd = Files.readString(home.resolve("bin/caliber.cmd"), StandardCharsets.UTF_8);
    String sh = Files.readString(home.resolve("bin/caliber"), StandardCharsets.UTF_8);
    // THEN (it cannot run here: it is read, not run)
    assertThat(cmd).contains("\\lib\\caliber.jar\"").contains("%*").contains("%CALIBER_JAVA_OPTS%");
    assertThat(cmd.replace("\r\n", "")).as("CRLF line ends only").doesNotContain("\n");
    assertThat(sh).doesNotContain("\r");
    assertThat(jvmOptions(cmd, "rem ")).isNotEmpty().isEqualTo(jvmOptions(sh, "#"));
  }

  @Test
  void the_third_party_list_names_every_bundled_library_under_the_licence_the_notice_names() throws Exception {
    // GIVEN the libraries inside the runnable jar that say who they are
    Set<String> bundled = new TreeSet<>();
    try (JarFile jar = new JarFile(home.resolve("lib/caliber.jar").toFile())) {
      jar.stream().map(ZipEntry::getName).filter(n -> n.matches("META-INF/maven/[^/]+/[^/]+/pom\\.properties"))
          .map(n -> n.split("/")).filter(p -> !p[2].equals("dev.caliber")).forEach(p -> bundled.add(p[2] + ":" + p[3] + ":"));
    }
    // WHEN
    List<String> lines = Files.readAllLines(home.resolve("THIRD-PARTY.txt")).stream().filter(l -> l.startsWith("     ("))
        .collect(Collectors.toList());
    // THEN
    assertThat(bundled).isNotEmpty();
    for (String library : bundled) {
      assertThat(lines).as(library).anyMatch(l -> l.contains("(" + library));
    }
    assertThat(lines).as("NOTICE says every library is Apache-2.0").allMatch(l -> l.startsWith("     (Apache-2.0) "));
    assertThat(lines).as("caliber's own modules are not third parties").noneMatch(l -> l.contains("(dev.caliber:"));
  }

  /** The tokens of the JVM options ({@code -X...}) on a launcher's lines that are not comments. */
  private static List<String> jvmOptions(String script, String comment) {
    List<String> options = new ArrayList<>();
    for (String line : script.split("\r?\n")) {
      if (line.trim().startsWith(comment)) {
        continue;
      }
      Arrays.stream(line.trim().split("\\s+")).filter(t -> t.startsWith("-X")).forEach(options::add);
    }
    return options;
  }

  private static String mapOf(String trecText) {
    Matcher m = Pattern.compile("(?m)^map\\s+all\\s+(\\S+)$").matcher(trecText);
    assertThat(m.find()).as("a map line in\n" + trecText).isTrue();
    return m.group(1);
  }

  /** The map column of the reference table's row for {@code run}: what trec_eval -c prints. */
  private static String trecEvalMap(String run) throws IOException {
    List<String> rows = Files.readAllLines(HEADLINE).stream().filter(l -> !l.startsWith("#")).collect(Collectors.toList());
    int column = Arrays.asList(rows.get(0).split("\t")).indexOf("map");
    return rows.stream().map(l -> l.split("\t")).filter(c -> c[0].equals(run)).findFirst().orElseThrow()[column];
  }

  private static Result launch(List<String> args) throws Exception {
    return run(launcherCommand(args), Map.of());
  }

  private static List<String> launcherCommand(List<String> args) {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/caliber").toString()));
    command.addAll(args);
    return command;
  }

  private static Result javaJar(List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of(JDK_BIN.resolve("java").toString(), "-jar", home.resolve("lib/caliber.jar").toString()));
    command.addAll(args);
    return run(command, Map.of());
  }

  /** Runs {@code command} from {@link #elsewhere} with PATH the JDK's bin and /usr/bin:/bin, and {@code env} alone. */
  private static Result run(List<String> command, Map<String, String> env) throws Exception {
    return Archive.run(command, elsewhere, env, temp, 2);
  }
}
