package dev.caliber.remote;

import dev.caliber.remote.http.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.solr.embedded.JettyConfig;
import org.apache.solr.embedded.JettySolrRunner;

/**
 * A real Solr for the tests, in the test JVM: solr-test-framework's {@code JettySolrRunner} (which
 * binds 127.0.0.1) at a free port, with the Solr home of {@code src/test/resources/solr} copied
 * under {@code target/solr-home}: one core, {@code cacm}, which is indexed once with the CACM
 * corpus. Started once per test JVM, stopped when it exits.
 */
public final class SolrServer {
  private static SolrServer shared;

  /** Solr's base address, http://127.0.0.1:PORT/solr. */
  public final URI url;
  private final JettySolrRunner jetty;

  private SolrServer(JettySolrRunner jetty) {
    this.jetty = jetty;
    this.url = URI.create(jetty.getBaseUrl().toString());
  }

  /** Solr, started and indexed on first use. */
  public static synchronized SolrServer shared() throws Exception {
    if (shared == null) {
      Path home = Path.of("target/solr-home").toAbsolutePath();
      OpenSearchServer.deleteTree(home);
      copy(Path.of(System.getProperty("caliber.solr.conf", "src/test/resources/solr")).toAbsolutePath(), home);
      JettySolrRunner jetty = new JettySolrRunner(home.toString(), new Properties(),
          JettyConfig.builder().setPort(0).setContext("/solr").stopAtShutdown(true).build());
      jetty.start();
      shared = new SolrServer(jetty);
      shared.index();
      SolrServer s = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          s.jetty.stop();
        } catch (Exception e) {
          System.err.println("stopping Solr: " + e);
        }
      }, "solr-stop"));
    }
    return shared;
  }

  private void index() throws Exception {
    List<Cacm.Doc> docs = Cacm.docs();
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < docs.size(); i++) {
      Cacm.Doc d = docs.get(i);
      b.append(i == 0 ? "" : ",").append("{\"id\":\"").append(Json.escape(d.id())).append("\",\"contents\":\"")
          .append(Json.escape(d.contents())).append("\"}");
    }
    Rest.json("POST", URI.create(url + "/cacm/update?commit=true&optimize=true"), b.append(']').toString());
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
