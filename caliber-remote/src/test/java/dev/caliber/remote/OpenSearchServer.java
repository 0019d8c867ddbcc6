package dev.caliber.remote;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real OpenSearch node for the tests: the integ-test distribution that the POM copies from Maven
 * Central into {@code target/opensearch}, plus the analysis-common and rank-eval modules (their
 * jars, also from Maven Central, and a plugin descriptor written here), started once per test JVM
 * on 127.0.0.1 at free ports, single node, 256-512 MB of heap, and stopped when the JVM exits.
 *
 * <p>OpenSearch refuses to run as root. When the tests run as root, the node is started as the
 * unprivileged account {@value #ACCOUNT} (through {@code setpriv}, which execs, so that the process
 * stopped is the node itself), from a copy in a fresh temporary folder that the account owns: the
 * build folder may lie under a folder only root may enter. Without that account the tests are
 * skipped, saying how to create it; under CI ({@code CI=true}) they fail instead, since .ci/run
 * creates it.
 *
 * <p>OpenSearch 2.19 runs on Java 11 to 21 (it installs a security manager, which Java 24 removed).
 * It runs on the test JVM's Java when that is one of these, else on {@code OPENSEARCH_JAVA_HOME},
 * else on a Java 17 or 21 found beside the test JVM's; else the tests are skipped.
 */
public final class OpenSearchServer {
  static final String ACCOUNT = "caliber-search";
  private static OpenSearchServer shared;

  /** The node's base address, http://127.0.0.1:PORT. */
  public final URI url;
  private final Process process;
  private final Path home;
  private final boolean temporary;

  private OpenSearchServer(URI url, Process process, Path home, boolean temporary) {
    this.url = url;
    this.process = process;
    this.home = home;
    this.temporary = temporary;
  }

  /** The node, started on first use; skips the calling test where it cannot run here. */
  public static synchronized OpenSearchServer shared() throws Exception {
    if (shared == null) {
      shared = start();
      OpenSearchServer s = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(s::stop, "opensearch-stop"));
    }
    return shared;
  }

  private static OpenSearchServer start() throws Exception {
    String version = System.getProperty("caliber.opensearch.version", "2.19.6");
    Path dist = Path.of(System.getProperty("caliber.opensearch.dir", "target/opensearch"));
    Path zip = dist.resolve("opensearch-" + version + ".zip");
    if (!Files.isRegularFile(zip)) {
      fail(zip + " is missing: the POM copies it at generate-test-resources (mvn test, not an IDE run alone)");
    }
    boolean root = "root".equals(System.getProperty("user.name"));
    if (root && !accountExists()) {
      unusable("OpenSearch refuses to run as root, and there is no account " + ACCOUNT + " to run it as: create it"
          + " (useradd --system --no-create-home " + ACCOUNT + ", as .ci/run does) or run the tests as another user");
    }
    Path java = javaHome();
    boolean temporary = root;
    Path home = temporary ? Files.createTempDirectory("caliber-opensearch-") : dist.resolve("node");
    if (!temporary) {
      deleteTree(home);
    }
    unzip(zip, home);
    addModule(home, "analysis-common", dist.resolve("analysis-common-" + version + ".jar"),
        "org.opensearch.analysis.common.CommonAnalysisPlugin", version);
    addModule(home, "rank-eval", dist.resolve("rank-eval-client-" + version + ".jar"),
        "org.opensearch.index.rankeval.RankEvalPlugin", version);
    Files.createDirectories(home.resolve("data"));
    Files.createDirectories(home.resolve("logs"));
    int http = freePort();
    int transport = freePort();
    List<String> command = new ArrayList<>();
    if (root) {
      run("chown", "-R", ACCOUNT + ":" + group(), home.toString());
      command.addAll(List.of("setpriv", "--reuid=" + ACCOUNT, "--regid=" + group(), "--clear-groups"));
    }
    command.addAll(List.of("bash", home.resolve("bin/opensearch").toString(),
        "-E", "discovery.type=single-node",
        "-E", "network.host=127.0.0.1",
        "-E", "http.port=" + http,
        "-E", "transport.port=" + transport,
        "-E", "path.data=" + home.resolve("data"),
        "-E", "path.logs=" + home.resolve("logs"),
        "-E", "cluster.name=caliber-test",
        "-E", "node.name=caliber",
        // a nearly full disk must not turn the test index read-only
        "-E", "cluster.routing.allocation.disk.threshold_enabled=false"));
    ProcessBuilder pb = new ProcessBuilder(command).directory(home.toFile())
        .redirectErrorStream(true).redirectOutput(home.resolve("console.log").toFile());
    pb.environment().put("OPENSEARCH_JAVA_HOME", java.toString());
    pb.environment().put("OPENSEARCH_JAVA_OPTS", "-Xms256m -Xmx512m");
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    Process p = pb.start();
    OpenSearchServer server = new OpenSearchServer(URI.create("http://127.0.0.1:" + http), p, home, temporary);
    server.awaitUp(Duration.ofSeconds(120));
    return server;
  }

  private void awaitUp(Duration limit) throws Exception {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long end = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < end) {
      if (!process.isAlive()) {
        fail("OpenSearch exited with " + process.exitValue() + " before answering: " + tail());
      }
      try {
        HttpResponse<String> r = client.send(HttpRequest.newBuilder(url.resolve("/_cluster/health?wait_for_status=yellow&timeout=5s"))
            .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(250);
    }
    stop();
    fail("OpenSearch did not answer within " + limit.toSeconds() + " s: " + tail());
  }

  private String tail() throws IOException {
    List<String> lines = Files.readAllLines(home.resolve("console.log"), StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }

  /** Stops the node and removes a temporary copy. */
  synchronized void stop() {
    if (process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (temporary) {
      try {
        deleteTree(home);
      } catch (IOException e) {
        System.err.println("could not remove " + home + ": " + e);
      }
    }
  }

  private static void unusable(String why) {
    if ("true".equals(System.getenv("CI"))) {
      fail(why);
    }
    Assumptions.abort(why);
  }

  private static Path javaHome() {
    Path current = Path.of(System.getProperty("java.home"));
    if (Runtime.version().feature() <= 21) {
      return current;
    }
    String env = System.getenv("OPENSEARCH_JAVA_HOME");
    if (env != null && !env.isEmpty()) {
      return Path.of(env);
    }
    try (Stream<Path> siblings = Files.list(current.getParent())) {
      for (Path p : siblings.sorted().toList()) {
        Path release = p.resolve("release");
        if (Files.isRegularFile(release) && Files.isExecutable(p.resolve("bin/java"))) {
          String text = Files.readString(release);
          if (text.contains("JAVA_VERSION=\"17") || text.contains("JAVA_VERSION=\"21")) {
            return p;
          }
        }
      }
    } catch (IOException e) {
      // none found
    }
    unusable("OpenSearch 2.19 runs on Java 11 to 21 and this JVM is Java " + Runtime.version().feature()
        + ": set OPENSEARCH_JAVA_HOME to a Java 17 or 21");
    return null;
  }

  private static boolean accountExists() throws Exception {
    return new ProcessBuilder("id", ACCOUNT).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start().waitFor() == 0;
  }

  private static String group() throws Exception {
    Process p = new ProcessBuilder("id", "-gn", ACCOUNT).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor();
    return out;
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      fail(String.join(" ", command) + " failed: " + out);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** Unzips the distribution without its top folder; the scripts run through bash, so modes need not survive. */
  private static void unzip(Path zip, Path into) throws IOException {
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        String name = e.getName();
        int slash = name.indexOf('/');
        String rest = slash < 0 ? "" : name.substring(slash + 1);
        if (rest.isEmpty()) {
          continue;
        }
        Path target = into.resolve(rest).normalize();
        if (!target.startsWith(into)) {
          throw new IOException("entry outside the folder: " + name);
        }
        if (e.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** A module folder: the jar and the descriptor OpenSearch's own build would write for it. */
  private static void addModule(Path home, String name, Path jar, String classname, String version) throws IOException {
    Path dir = Files.createDirectories(home.resolve("modules").resolve(name));
    Files.copy(jar, dir.resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    Files.writeString(dir.resolve("plugin-descriptor.properties"), String.join("\n",
        "description=" + name + " (added by caliber's tests)",
        "version=" + version,
        "name=" + name,
        "classname=" + classname,
        "java.version=11",
        "opensearch.version=" + version,
        "custom.foldername=",
        "extended.plugins=",
        "has.native.controller=false", ""));
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
