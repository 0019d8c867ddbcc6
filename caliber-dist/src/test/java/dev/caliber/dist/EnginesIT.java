package dev.caliber.dist;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.remote.OpenSearchServer;
import dev.caliber.remote.SolrServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import dev.caliber.dist.Archive.Result;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber search --engine opensearch|solr} as a user runs it: bin/caliber from the unpacked
 * archive against a real OpenSearch node and a real Solr on loopback (caliber-remote's test
 * servers). The README's OpenSearch block runs as written (curl, jq and gzip index CACM, then
 * search, evaluate and history list), with only its server address changed; then {@code caliber
 * evaluate} on what it wrote. Every failure is one line on standard error, a non-zero exit, and no
 * run written.
 */
class EnginesIT {
  private static final Path ROOT = Path.of(System.getProperty("caliber.root")).toAbsolutePath().normalize();
  private static final Path CACM = ROOT.resolve("data/cacm");
  private static final Path EXAMPLES = ROOT.resolve("examples/engines");

  @TempDir static Path temp;
  private static Path home;
  private static Path work;
  private static String openSearch;
  private static String solr;

  @BeforeAll
  static void unpack_and_start_the_servers() throws Exception {
    home = Archive.unpack(temp);
    work = Files.createDirectory(temp.resolve("work"));
    // the README's relative paths (data/, examples/) resolve here, and what it writes stays here
    Files.createSymbolicLink(work.resolve("data"), ROOT.resolve("data"));
    Files.createSymbolicLink(work.resolve("examples"), ROOT.resolve("examples"));
    Files.createSymbolicLink(work.resolve("caliber"), home.resolve("bin/caliber"));
    openSearch = OpenSearchServer.shared().url.toString();
    solr = SolrServer.shared().url.toString();
    readme = readmeBlock();
  }

  /** The README's block that indexes CACM in OpenSearch and searches it, its server the test node. */
  private static Result readme;

  private static Result readmeBlock() throws Exception {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    int start = -1;
    for (int i = 0; i < lines.size() - 1; i++) {
      if (lines.get(i).equals("```bash") && lines.get(i + 1).equals("U=http://127.0.0.1:9200")) {
        assertThat(start).as("one README block starts with U=http://127.0.0.1:9200").isEqualTo(-1);
        start = i + 1;
      }
    }
    assertThat(start).as("the README's OpenSearch block").isPositive();
    StringBuilder script = new StringBuilder("set -euo pipefail\n");
    for (int i = start; !lines.get(i).equals("```"); i++) {
      script.append(i == start ? "U=" + openSearch : lines.get(i)).append('\n');
    }
    return run(List.of("bash", "-c", script.toString()));
  }

  @Test
  void opensearch_searched_through_two_templates_scores_as_lucene_embedded_and_the_history_names_what_made_each_run()
      throws Exception {
    // GIVEN the README's block, run as written: CACM indexed in OpenSearch, searched through two templates
    assertThat(readme.exit()).as(readme.err()).isZero();
    Path runs = work.resolve("os-runs");
    // AND CACM indexed by caliber itself with Lucene embedded
    Result lucene = caliber("index", "--corpus", CACM.resolve("corpus/cacm.anserini-data.jsonl.gz").toString(),
        "--index", work.resolve("cacm-index").toString());
    assertThat(lucene.exit()).as(lucene.err()).isZero();
    assertThat(caliber("search", "--index", work.resolve("cacm-index").toString(), "--topics", topics(), "-o",
        work.resolve("lucene-runs").toString()).exit()).isZero();
    // THEN both runs were written, with their rate, and nothing was said on standard error
    assertThat(readme.out()).contains("os-runs/match.txt (match: 64 queries, ").contains("os-runs/phrase.txt (phrase: 64 queries, ")
        .contains(" queries/s)");
    assertThat(readme.err()).isEmpty();
    // AND each sidecar says which engine, index, template and topics made it
    Map<String, String> meta = sidecar(runs.resolve("match.txt"));
    assertThat(meta).containsEntry("engine", "opensearch").containsEntry("engine.version", "2.19.6")
        .containsEntry("index", "cacm").containsEntry("index.documents", "3204").containsEntry("config", "match")
        .containsEntry("config.template", "examples/engines/match.json")
        .containsEntry("config.template.sha256", sha256(EXAMPLES.resolve("match.json")))
        .containsEntry("config.id-field", "_id").containsEntry("topics.count", "64").containsEntry("depth", "1000");
    assertThat(meta.get("index.uuid")).isNotEmpty();
    assertThat(meta.get("index.id")).matches("[0-9a-f]{64}");
    assertThat(new ArrayList<>(meta.keySet()).subList(0, 4)).containsExactly("engine", "engine.version", "engine.lucene",
        "engine.url");
    Map<String, String> phrase = sidecar(runs.resolve("phrase.txt"));
    assertThat(phrase.get("index.id")).isEqualTo(meta.get("index.id"));
    assertThat(phrase.get("config.sha256")).isNotEqualTo(meta.get("config.sha256"));
    // AND the README's figures, the match template's run scoring as Lucene embedded's (the same Lucene,
    // analyser and BM25), to the last digit
    Result os = evaluate(runs.resolve("match.txt"));
    Result embedded = evaluate(work.resolve("lucene-runs/bm25.txt"));
    assertThat(measure(os.out(), "map")).isEqualTo(measure(embedded.out(), "map")).isEqualTo("0.3115");
    assertThat(measure(os.out(), "ndcg_cut_10")).isEqualTo(measure(embedded.out(), "ndcg_cut_10")).isEqualTo("0.4520");
    assertThat(measure(os.out(), "P_30")).isEqualTo("0.1917");
    Result boosted = evaluate(runs.resolve("phrase.txt"));
    assertThat(measure(boosted.out(), "map")).isEqualTo("0.3127");
    assertThat(measure(boosted.out(), "ndcg_cut_10")).isEqualTo("0.4533");
    assertThat(measure(boosted.out(), "P_30")).isEqualTo("0.1917");
    // AND the README's lock pins what made match.txt: compare under it took both OpenSearch runs, and
    // refuses the Lucene-embedded run, searched with another engine and index
    assertThat(work.resolve("os-compare.md")).content().contains("| phrase.txt ");
    Result refused = caliber("evaluate", "--lock", "os.lock.json", "--run", "lucene-runs/bm25.txt", "--no-history");
    assertThat(refused.exit()).as(refused.err()).isEqualTo(3);
    assertThat(refused.err()).startsWith("caliber: invalid input: os.lock.json: the runs differ from what the lock pins (run"
        + " lucene-runs/bm25.txt: engine is \"lucene\" where the lock pins \"opensearch\"").hasLineCount(1);
    // AND the README's history list shows engine, index and configuration beside the numbers
    assertThat(readme.out()).containsPattern("match\\.txt\\t.*\\topensearch\\tcacm\\tmatch\\tAP=0\\.3115 nDCG@10=0\\.4520 P@30=0\\.1917")
        .containsPattern("phrase\\.txt\\t.*\\topensearch\\tcacm\\tphrase\\tAP=0\\.3127 nDCG@10=0\\.4533 P@30=0\\.1917");
  }

  @Test
  void what_opensearch_refuses_or_cannot_answer_is_one_line_naming_the_engine_and_the_query_and_writes_nothing()
      throws Exception {
    Path template = EXAMPLES.resolve("match.json");
    Path bad = Files.writeString(work.resolve("no-such-query.json"), "{\"query\": {\"no_such_query\": {\"contents\": \"{{query_text}}\"}}}");
    String down = "http://127.0.0.1:" + freePort();
    // an index that is not there, a query the server refuses, a hit without the ID field, a server that is down
    List<List<String>> cases = List.of(
        List.of("--url", openSearch, "--index", "no-such-index", "--config", "m:template=" + template),
        List.of("--url", openSearch, "--index", "cacm", "--config", "m:template=" + bad),
        List.of("--url", openSearch, "--index", "cacm", "--config", "m:template=" + template + ",id-field=nope"),
        List.of("--url", down, "--index", "cacm", "--config", "m:template=" + template));
    List<String> expected = List.of(
        "caliber: search failed: configuration m: opensearch " + openSearch + "/no-such-index: HTTP 404 from GET /no-such-index/_settings"
            + " index_not_found_exception: no such index [no-such-index]",
        "caliber: search failed: configuration m: opensearch " + openSearch + "/cacm, query \"1\": HTTP 400",
        "caliber: search failed: configuration m: opensearch " + openSearch + "/cacm, query \"1\": hit 1 (_id \"CACM-",
        "caliber: search failed: configuration m: opensearch " + down + "/cacm: ");
    for (int i = 0; i < cases.size(); i++) {
      Path out = work.resolve("failed-" + i);
      List<String> args = new ArrayList<>(List.of("search", "--engine", "opensearch", "--topics", topics(), "-o", out.toString()));
      args.addAll(cases.get(i));
      Result r = caliber(args.toArray(String[]::new));
      assertThat(r.exit()).as(r.err()).isEqualTo(4);
      assertThat(r.err()).startsWith(expected.get(i)).endsWith("; no run written\n").hasLineCount(1);
      assertThat(out).doesNotExist();
    }
  }

  @Test
  void solr_searched_through_a_parameter_file_is_evaluated_and_recorded() throws Exception {
    // GIVEN the README's edismax parameters, and CACM in a Solr core
    Path runs = work.resolve("solr-runs");
    // WHEN the topics are sent to Solr
    Result search = caliber("search", "--engine", "solr", "--url", solr, "--index", "cacm", "--topics", topics(),
        "--config", "edismax:params=" + EXAMPLES.resolve("edismax.params"), "-o", runs.toString());
    // THEN the run is written with a sidecar naming Solr, the core and the parameters
    assertThat(search.exit()).as(search.err()).isZero();
    Map<String, String> meta = sidecar(runs.resolve("edismax.txt"));
    assertThat(meta).containsEntry("engine", "solr").containsEntry("engine.version", "9.10.1").containsEntry("index", "cacm")
        .containsEntry("index.documents", "3204").containsEntry("config.params.sha256", sha256(EXAMPLES.resolve("edismax.params")))
        .containsEntry("config.id-field", "id");
    // AND it scores as the README says (the same analysis and BM25 as OpenSearch's; edismax parses the text)
    Result scored = evaluate(runs.resolve("edismax.txt"));
    assertThat(measure(scored.out(), "map")).isEqualTo("0.3059");
    assertThat(measure(scored.out(), "ndcg_cut_10")).isEqualTo("0.4487");
    // AND a core that is not there is one line, and nothing is written
    Result missing = caliber("search", "--engine", "solr", "--url", solr, "--index", "nope", "--topics", topics(),
        "--config", "edismax:params=" + EXAMPLES.resolve("edismax.params"), "-o", work.resolve("solr-missing").toString());
    assertThat(missing.exit()).isEqualTo(4);
    assertThat(missing.err()).startsWith("caliber: search failed: configuration edismax: solr " + solr + "/nope: HTTP 404")
        .contains("Solr has no core or collection \"nope\"").hasLineCount(1);
    assertThat(work.resolve("solr-missing")).doesNotExist();
  }

  private static String topics() {
    return CACM.resolve("topics.cacm.txt").toString();
  }

  private static Result evaluate(Path run) throws Exception {
    Result r = caliber("evaluate", "--qrels", CACM.resolve("qrels.cacm.txt").toString(), "--run", run.toString(),
        "--compat", "trec_eval", "-m", "AP", "-m", "nDCG@10", "-m", "P@30", "--format", "trec");
    assertThat(r.exit()).as(r.err()).isZero();
    return r;
  }

  /** A measure's value on trec_eval's "all" line. */
  private static String measure(String trec, String name) {
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\s+all\\s+(\\S+)$").matcher(trec);
    assertThat(m.find()).as(name + " in\n" + trec).isTrue();
    return m.group(1);
  }

  /** A sidecar: a flat JSON object of strings, read with the order kept (a test's reading: no escapes beyond \" and \\). */
  private static Map<String, String> sidecar(Path run) throws IOException {
    String text = Files.readString(run.resolveSibling(run.getFileName() + ".meta.json"));
    Map<String, String> m = new LinkedHashMap<>();
    Matcher e = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\": \"((?:[^\"\\\\]|\\\\.)*)\"").matcher(text);
    while (e.find()) {
      m.put(e.group(1), e.group(2).replace("\\/", "/"));
    }
    return m;
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static Result caliber(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(home.resolve("bin/caliber").toString()));
    command.addAll(List.of(args));
    return run(command);
  }

  private static Result run(List<String> command) throws Exception {
    return Archive.run(command, work, Map.of(), temp, 3);
  }
}
