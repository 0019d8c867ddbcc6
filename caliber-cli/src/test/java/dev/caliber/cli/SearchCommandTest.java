package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber search}: named configurations, each a TREC run with its sidecar, written all or
 * none; every failure one line with its exit code, and no run file.
 */
class SearchCommandTest {
  private static final String TOPICS = "q1\tapples and pears\nq2\tgarden\nq3\tthe\n";

  @TempDir Path dir;

  private Path index;
  private Path topics;

  @BeforeEach
  void index() {
    Path corpus = Cli.write(dir, "docs.jsonl", IndexCommandTest.CORPUS);
    index = dir.resolve("idx");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", index)).succeeded();
    topics = Cli.write(dir, "topics.tsv", TOPICS);
  }

  private List<String> runs() throws IOException {
    Path out = dir.resolve("runs");
    if (!Files.exists(out)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(out)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  static Map<String, String> sidecar(Path file) throws IOException {
    JsonValue v = ProtocolFiles.readJson(file.toString());
    Map<String, String> m = new LinkedHashMap<>();
    v.members().forEach((k, x) -> m.put(k, x.text()));
    return m;
  }

  @Test
  void should_write_each_configuration_as_a_trec_run_with_a_sidecar_that_says_what_made_it() throws IOException {
    // WHEN two configurations are searched
    Path out = dir.resolve("runs");
    CliResult r = Cli.run("search", "--index", index, "--topics", topics, "--config", "bm25", "--config", "lucene:k1=1.2,b=0.75",
        "--depth", "1", "-o", out);
    // THEN each is a run, tagged with its name, at most depth hits per query, and a sidecar beside it
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).matches(java.util.regex.Pattern.quote(out.resolve("bm25.txt") + " (bm25: 3 queries, 2 hits, ")
        + "[0-9]+\\.[0-9] s, [0-9]+ queries/s\\)\n" + java.util.regex.Pattern.quote(out.resolve("lucene.txt")
        + " (lucene: 3 queries, 2 hits, ") + "[0-9]+\\.[0-9] s, [0-9]+ queries/s\\)\n");
    assertThat(runs()).containsExactly("bm25.txt", "bm25.txt.meta.json", "lucene.txt", "lucene.txt.meta.json");
    assertThat(Files.readString(out.resolve("bm25.txt"))).startsWith("q1 Q0 d1 1 ").contains(" bm25\nq2 Q0 d3 1 ").endsWith(" bm25\n");
    Map<String, String> meta = sidecar(out.resolve("lucene.txt.meta.json"));
    assertThat(meta.keySet()).containsExactly("engine", "engine.version", "index", "index.documents", "index.id", "index.commit",
        "index.commit.id", "index.analyzer", "index.corpus", "index.corpus.sha256", "retriever.sha256", "config", "config.query",
        "config.k1", "config.b", "config.sha256", "topics", "topics.sha256", "topics.field", "topics.count", "depth");
    assertThat(meta).containsEntry("engine", "lucene").containsEntry("engine.version", "9.12.3").containsEntry("index", "idx")
        .containsEntry("index.documents", "3").containsEntry("index.analyzer", "english").containsEntry("index.corpus", "docs.jsonl")
        .containsEntry("config", "lucene").containsEntry("config.query", "bag-of-words").containsEntry("config.k1", "1.2")
        .containsEntry("config.b", "0.75").containsEntry("topics", "topics.tsv").containsEntry("topics.field", "title")
        .containsEntry("topics.count", "3").containsEntry("depth", "1")
        .containsEntry("config.sha256", dev.caliber.protocol.Fingerprint.sha256Hex("{\"b\":0.75,\"k1\":1.2,\"query\":\"bag-of-words\"}"))
        .containsEntry("index.id", dev.caliber.protocol.Fingerprint.sha256Hex(Files.readString(index.resolve("caliber-index.json"))));
    assertThat(meta.get("retriever.sha256")).isNotEqualTo(sidecar(out.resolve("bm25.txt.meta.json")).get("retriever.sha256"));
  }

  @Test
  void should_record_the_sidecar_in_the_history_so_that_each_entry_says_its_engine_index_and_configuration() throws IOException {
    // GIVEN a run searched, and judgments
    Path out = dir.resolve("runs");
    assertThatRun(Cli.run("search", "--index", index, "--topics", topics, "-o", out)).succeeded();
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq2 0 d3 1\nq3 0 d2 1\n");
    Path history = dir.resolve("history.sqlite");
    // WHEN it is evaluated with a history
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", out.resolve("bm25.txt"), "--preset", "trec_eval", "-m", "AP",
        "--history", history, "-o", dir.resolve("result.json"))).succeeded();
    // THEN the entry holds the sidecar's every key, and the list names engine, index and configuration
    CliResult show = Cli.run("history", "show", "1", "--history", history);
    assertThatRun(show).succeeded();
    JsonValue meta = dev.caliber.io.read.JsonReader.parse("show", new java.io.ByteArrayInputStream(show.stdoutBytes()))
        .members().get("entry").members().get("meta");
    Map<String, String> recorded = new LinkedHashMap<>();
    meta.members().forEach((k, x) -> recorded.put(k, x.text()));
    assertThat(recorded).isEqualTo(new java.util.TreeMap<>(sidecar(out.resolve("bm25.txt.meta.json"))));
    CliResult list = Cli.run("history", "list", "--history", history);
    assertThatRun(list).succeeded();
    assertThat(list.stdout().lines().toList().get(0)).isEqualTo(
        "id\ttime\tprotocol_sha256\tsplit\trun\trun_sha256\ttest\trepeat_of\tengine\tindex\tconfig\tmeans");
    assertThat(list.stdout().lines().toList().get(1)).contains("\tbm25.txt\t").contains("\t-\tlucene\tidx\tbm25\tAP=");
  }

  @Test
  void should_say_the_engine_configuration_and_query_that_failed_and_write_no_run() throws IOException {
    // GIVEN topics whose second query has more distinct terms than Lucene takes
    String many = IntStream.range(0, 1100).mapToObj(i -> "w" + i + "x").collect(Collectors.joining(" "));
    Path bad = Cli.write(dir, "bad.tsv", "q1\tgarden\nq2\t" + many + "\n");
    Path out = dir.resolve("runs");
    // WHEN it is searched under two configurations
    CliResult r = Cli.run("search", "--index", index, "--topics", bad, "--config", "a", "--config", "b:k1=1.2", "-o", out);
    // THEN one line names the engine, the index, the configuration, the query and what Lucene said, and no run is written
    assertThatRun(r).failedWith(ExitCodes.IO, "search failed: lucene (" + index + "), configuration a, query \"q2\": Lucene refused"
        + " the query: 1100 distinct terms, more than Lucene's limit of 1024 clauses (IndexSearcher.getMaxClauseCount()); no run"
        + " written");
    assertThat(runs()).isEmpty();
  }

  @Test
  void should_name_a_missing_index_a_folder_that_is_not_one_and_a_damaged_settings_file() throws IOException {
    Path out = dir.resolve("runs");
    Path missing = dir.resolve("missing");
    assertThatRun(Cli.run("search", "--index", missing, "--topics", topics, "-o", out)).failedWith(ExitCodes.IO,
        "cannot read " + missing + ": no such file (no index there; expected a directory made by caliber index)");
    Path other = Files.createDirectories(dir.resolve("other"));
    assertThatRun(Cli.run("search", "--index", other, "--topics", topics, "-o", out)).rejectedInput(other
        + ": not a caliber Lucene index (no caliber-index.json in it; expected a directory made by caliber index)");
    Path settings = index.resolve("caliber-index.json");
    Files.writeString(settings, Files.readString(settings).replace("\"documents\": 3", "\"documents\": 4"));
    assertThatRun(Cli.run("search", "--index", index, "--topics", topics, "-o", out)).rejectedInput(index
        + ": damaged Lucene index (caliber-index.json says 4 documents, Lucene's files hold 3)");
    assertThat(runs()).isEmpty();
  }

  @Test
  void should_refuse_bad_options_before_reading_anything() throws IOException {
    Path out = dir.resolve("runs");
    Object[] base = {"search", "--index", index, "--topics", topics, "-o", out};
    Map<List<String>, String> cases = new LinkedHashMap<>();
    cases.put(List.of("--engine", "vespa"), "--engine vespa: unknown engine; expected lucene, java, opensearch, solr");
    cases.put(List.of("--config", "a:k2=1"), "--config a:k2=1: unknown key k2 for --engine lucene; expected query, k1, b");
    cases.put(List.of("--config", "a:k1=x"), "--config a:k1=x: k1=x is not a number; expected a decimal such as 0.9");
    cases.put(List.of("--config", "a:b=2"), "--config a:b=2: illegal b value: 2.0, must be between 0 and 1");
    cases.put(List.of("--config", "a:query=phrase"), "--config a:query=phrase: illegal query builder: \"phrase\", must be one of"
        + " bag-of-words");
    cases.put(List.of("--config", "a:k1"), "--config a:k1: \"k1\" is not KEY=VALUE; expected NAME:KEY=VALUE,KEY=VALUE, e.g."
        + " b75:b=0.75");
    cases.put(List.of("--config", "a:k1=1,k1=2"), "--config a:k1=1,k1=2: the key k1 is given twice; expected each key once");
    cases.put(List.of("--config", "a", "--config", "a:b=0.5"), "--config a:b=0.5: the name a is already given; expected each"
        + " configuration once");
    cases.put(List.of("--config", "my run"), "--config my run: the name \"my run\" is not one a run file and a TREC tag can have;"
        + " expected letters, digits, '.', '_', '+' and '-' (not first '.')");
    cases.put(List.of("--topic-field", "summary"), "--topic-field summary: unknown topic field summary; expected title, description,"
        + " title+description or narrative");
    cases.put(List.of("--depth", "0"), "--depth: 0 is out of range; expected a whole number from 1 to 2147483647");
    for (Map.Entry<List<String>, String> c : cases.entrySet()) {
      Object[] args = Stream.concat(Stream.of(base), c.getKey().stream()).toArray();
      assertThatRun(Cli.run(args)).as("%s", c.getKey()).failedWithUsage("caliber search", c.getValue());
    }
    assertThatRun(Cli.run("search", "--index", index, "--topics", topics, "-o", topics)).failedWithUsage("caliber search",
        "-o " + topics + " is not a folder; expected the folder to write the runs to");
    assertThat(runs()).isEmpty();
  }

  @Test
  void should_refuse_a_document_id_that_a_trec_run_cannot_hold_and_write_nothing() throws IOException {
    // GIVEN an index of a JSON corpus whose IDs have blanks
    Path corpus = Cli.write(dir, "spaced.jsonl", "{\"id\": \"doc 1\", \"contents\": \"garden\"}\n");
    Path spaced = dir.resolve("spaced");
    assertThatRun(Cli.run("index", "--corpus", corpus, "--index", spaced)).succeeded();
    // WHEN / THEN the search says which ID, and writes no run
    assertThatRun(Cli.run("search", "--index", spaced, "--topics", topics, "-o", dir.resolve("runs"))).rejectedInput(spaced
        + ": not writable as a TREC run (document ID \"doc 1\" has a blank: a TREC run line cannot hold it; index documents whose"
        + " IDs have none)");
    assertThat(runs()).isEmpty();
  }

  @Test
  void should_name_the_line_of_topics_that_lack_the_field_asked_for() {
    Path out = dir.resolve("runs");
    assertThatRun(Cli.run("search", "--index", index, "--topics", topics, "--topic-field", "narrative", "-o", out))
        .rejectedInput(topics + ":1: no topic field narrative in ID<TAB>text topics (they have one text per query; a field other"
            + " than the title needs TREC topics (<top> ... </top>))");
  }
}
