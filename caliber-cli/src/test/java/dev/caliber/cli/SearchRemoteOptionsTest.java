package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber search --engine opensearch|solr}: what is refused before any request, each in one
 * line with its exit code, and a server that is not there. The searches against real servers are
 * caliber-dist's EnginesIT, which runs the released command line against OpenSearch and Solr.
 */
class SearchRemoteOptionsTest {
  @TempDir Path dir;

  private Path topics;
  private Path template;
  private Path params;
  private Path out;

  @BeforeEach
  void files() {
    topics = Cli.write(dir, "topics.tsv", "q1\tapples\n");
    template = Cli.write(dir, "match.json", "{\"query\": {\"match\": {\"contents\": \"{{query_text}}\"}}}\n");
    params = Cli.write(dir, "edismax.params", "# comment\nq={{query_text}}\n\ndefType=edismax\n");
    out = dir.resolve("runs");
  }

  private CliResult search(String... args) {
    Object[] all = Stream.concat(Stream.of("search", "--topics", topics, "-o", out), Stream.of(args)).toArray();
    return Cli.run(all);
  }

  @Test
  void should_refuse_bad_engine_options_and_configurations_before_any_request() throws IOException {
    String url = "http://127.0.0.1:9";
    Map<List<String>, String> cases = new LinkedHashMap<>();
    cases.put(List.of("--index", "i", "--url", url), "--url applies to --engine opensearch or solr, not --engine lucene");
    cases.put(List.of("--engine", "opensearch", "--index", "i", "--url", url, "--retriever-class", "x.Y",
        "--config", "m:template=" + template), "--retriever-class applies to --engine java, not --engine opensearch");
    cases.put(List.of("--engine", "opensearch", "--index", "i", "--config", "m:template=" + template),
        "--engine opensearch needs --url URL, the server's base address");
    cases.put(List.of("--engine", "solr", "--url", url + "/solr", "--config", "m:params=" + params),
        "--engine solr needs --index INDEX, what is searched");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i"), "--engine opensearch needs a --config: no"
        + " template=FILE; --engine opensearch needs the _search request template of each configuration, e.g."
        + " NAME:template=FILE");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:k1=0.9"), "--config m:k1=0.9:"
        + " unknown key k1 for --engine opensearch; expected template=FILE (the _search request template) and id-field=FIELD");
    cases.put(List.of("--engine", "solr", "--url", url + "/solr", "--index", "c", "--config", "m:template=" + template),
        "--config m:template=" + template + ": unknown key template for --engine solr; expected params=FILE (the /select"
        + " parameter template) and id-field=FIELD");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:template=" + template
        + ",id-field="), "--config m:template=" + template + ",id-field=: id-field= names no field; expected the field"
        + " holding the document ID (default _id)");
    cases.put(List.of("--engine", "opensearch", "--url", "http://user:secret@127.0.0.1:9", "--index", "i", "--config",
        "m:template=" + template), "illegal server URL: it holds credentials; name environment variables that hold them instead (auth"
        + " basic:USER_VAR:PASSWORD_VAR), so that no file or description caliber writes has them");
    cases.put(List.of("--engine", "opensearch", "--url", "ftp://127.0.0.1", "--index", "i", "--config", "m:template=" + template),
        "illegal server URL: \"ftp://127.0.0.1\", must be http:// or https:// and a host");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "a/b", "--config", "m:template=" + template),
        "illegal index: \"a/b\", must be a non-empty name without slashes or spaces");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--auth", "password:x", "--config",
        "m:template=" + template), "--auth password:x: illegal auth: \"password:x\", must be none, basic:USER_VAR:PASSWORD_VAR,"
        + " api-key:VAR or bearer:VAR (names of environment variables)");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--max-concurrent", "0", "--config",
        "m:template=" + template), "--max-concurrent 0: illegal max concurrent requests: 0, must be from 1 to 256");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--retries", "21", "--config",
        "m:template=" + template), "--retries 21: illegal max retries: 21, must be from 0 to 20");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--timeout", "0", "--config",
        "m:template=" + template), "--timeout 0: expected a number of seconds above 0, at most 86400, such as 30 or 2.5");
    cases.put(List.of("--engine", "opensearch", "--url", url, "--index", "i", "--auth", "basic:CALIBER_NO_SUCH_USER:"
        + "CALIBER_NO_SUCH_PASSWORD", "--config", "m:template=" + template), "--config m: environment variable"
        + " CALIBER_NO_SUCH_USER (basic auth's user) is not set; set it, or choose another auth");
    for (Map.Entry<List<String>, String> c : cases.entrySet()) {
      assertThatRun(search(c.getKey().toArray(String[]::new))).as("%s", c.getKey()).failedWithUsage("caliber search",
          c.getValue());
    }
    assertThat(out).doesNotExist();
  }

  @Test
  void should_name_the_template_file_and_what_is_wrong_with_it() {
    String url = "http://127.0.0.1:9";
    Path notJson = Cli.write(dir, "broken.json", "{\"query\": {\"match\": {\"contents\": \"{{query_text}}\"}}\n");
    Path sized = Cli.write(dir, "sized.json", "{\"size\": 5, \"query\": {\"match\": {\"contents\": \"{{query_text}}\"}}}");
    Path none = Cli.write(dir, "none.json", "{\"query\": {\"match_all\": {}}}");
    Path rows = Cli.write(dir, "rows.params", "q={{query_text}}\nrows=5\n");
    assertThatRun(search("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:template=" + notJson))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + notJson + ": not a _search request template (not JSON once its placeholders are filled in:");
    assertThatRun(search("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:template=" + sized))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + sized + ": not a _search request template (it sets \"size\"; caliber sends size = the depth");
    assertThatRun(search("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:template=" + none))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + none + ": not a _search request template (no placeholder; put \"{{query_text}}\"");
    assertThatRun(search("--engine", "solr", "--url", url + "/solr", "--index", "c", "--config", "m:params=" + rows))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + rows + ": not a /select parameter template (it sets rows; caliber sends rows (the depth)");
    Path latin1 = dir.resolve("latin1.json");
    writeBytes(latin1, "{\"query\": {\"match\": {\"contents\": \"caf\u00e9 {{query_text}}\"}}}".getBytes(StandardCharsets.ISO_8859_1));
    assertThatRun(search("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:template=" + latin1))
        .rejectedInput(latin1 + ": not a _search request template (it is not UTF-8 text)");
    Path missing = dir.resolve("missing.json");
    assertThatRun(search("--engine", "opensearch", "--url", url, "--index", "i", "--config", "m:template=" + missing))
        .failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
    assertThat(out).doesNotExist();
  }

  @Test
  void should_say_in_one_line_that_the_server_is_not_there_and_write_nothing() throws IOException {
    // GIVEN a port where nothing listens
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    // WHEN OpenSearch and Solr are searched there
    CliResult os = search("--engine", "opensearch", "--url", "http://127.0.0.1:" + port, "--index", "cacm", "--config",
        "m:template=" + template);
    CliResult solr = search("--engine", "solr", "--url", "http://127.0.0.1:" + port + "/solr", "--index", "cacm",
        "--config", "e:params=" + params);
    // THEN each is one line naming the engine, the address and the configuration, exit 4, and no run
    assertThatRun(os).failedWithLineStartingWith(ExitCodes.IO, "search failed: configuration m: opensearch http://127.0.0.1:"
        + port + "/cacm: ");
    assertThat(os.stderr()).endsWith("; no run written\n");
    assertThatRun(solr).failedWithLineStartingWith(ExitCodes.IO, "search failed: configuration e: solr http://127.0.0.1:"
        + port + "/solr/cacm: ");
    assertThat(out).doesNotExist();
  }

  private static void writeBytes(Path p, byte[] bytes) {
    try {
      Files.write(p, bytes);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
