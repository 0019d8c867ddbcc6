package dev.caliber.cli;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.QueryFailure;
import dev.caliber.api.Retriever;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.TopicField;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.report.ReportJson;
import dev.caliber.report.TrecRunText;
import dev.caliber.report.TrecTokens;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code caliber search}: every topic sent to a search engine under one or more named
 * configurations, each configuration's hits written as a TREC run with a sidecar {@code
 * RUN.meta.json} that says which engine, index, configuration, topics and depth made it (the
 * metadata {@code evaluate --history} records). Runs are written only once every query of every
 * configuration has been answered, all of them or none.
 */
@Command(
    name = "search",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Send every topic to a search engine under one or more named configurations, and write each configuration's hits "
            + "as a TREC run DIR/NAME.txt with its sidecar DIR/NAME.txt.meta.json (engine, index, configuration, topics, "
            + "depth and their SHA-256), which evaluate --history records.",
        "Engines: lucene (an index directory made by caliber index, searched in this process), java (a Retriever class "
            + "of your own from --class-path, searched in this process), opensearch (OpenSearch or Elasticsearch at --url, "
            + "each configuration a _search request template) and solr (Solr at --url, each configuration a file of /select "
            + "parameters). Nothing is written unless every query of every configuration is answered."})
final class SearchCommand implements Callable<Integer> {
  /** A configuration's name: a TREC tag and a file name. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_+-][A-Za-z0-9._+-]*");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Option(names = "--topics", required = true, paramLabel = "FILE",
      description = "The texts to send: TREC topics, BEIR queries.jsonl or ID<TAB>text lines (docs/FORMATS.md, 'Topics').")
  Path topics;

  @CommandLine.Mixin TopicFieldOption topicField;

  @Option(names = "--engine", paramLabel = "NAME", defaultValue = "lucene",
      description = "The search engine: lucene (default), java (--retriever-class from --class-path), opensearch or solr "
          + "(--url).")
  String engine;

  /**
   * lucene: an index directory, searched in this process. It has no options of its own; an engine
   * that has some (a URL) is a {@code @Mixin} field, so that picocli parses them into it.
   */
  private final LuceneEngine lucene = new LuceneEngine();

  /** java: a Retriever class of the user's own; its options are its own. */
  @CommandLine.Mixin JavaEngine java;

  /** opensearch and solr: a server over HTTP; the options they share are one mixin. */
  @CommandLine.Mixin RemoteOptions remote;

  /** The engines, each with its own options, the default first. */
  private List<SearchEngine> engines() {
    return List.of(lucene, java, new OpenSearchEngine(remote), new SolrEngine(remote));
  }

  @Option(names = "--index", paramLabel = "INDEX",
      description = "The index searched: for lucene, a directory made by caliber index; for opensearch, an index, alias or "
          + "pattern; for solr, a core or collection (required for these three); for java, only recorded.")
  String index;

  @Option(names = "--config", paramLabel = "NAME[:KEY=VALUE,...]",
      description = "A named configuration (repeatable; default: one named bm25 with the index's settings), written as "
          + "DIR/NAME.txt and tagged NAME. lucene's keys: query (bag-of-words), k1 and b (BM25; the index's by default), "
          + "e.g. --config bm25 --config b75:b=0.75. opensearch's: template=FILE (a _search request template, required) "
          + "and id-field (_id by default); solr's: params=FILE (/select parameters, one name=value a line, required) and "
          + "id-field (id by default).")
  List<String> configs = new ArrayList<>();

  @Option(names = "--depth", paramLabel = "N", defaultValue = "1000",
      description = "The most hits per query (default: ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int depth;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR",
      description = "The folder the runs and their sidecars are written to (made if absent); a run already there is replaced.")
  String output;

  @Option(names = "--quiet", description = "Show no progress on standard error (shown only on a terminal, for long searches).")
  boolean quiet;

  /** A named configuration, as given. */
  private record Config(String name, Map<String, String> settings) {}

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    SearchEngine e = engine(cl);
    if (e.needsIndex() && index == null) {
      throw new CommandLine.ParameterException(cl, "--engine " + e.name() + " needs --index INDEX, what is searched");
    }
    try {
      e.checkOptions(index); // what the engine's own options name (a class to load, a URL) is checked before any configuration
    } catch (IllegalArgumentException x) {
      throw new CommandLine.ParameterException(cl, x.getMessage());
    }
    TopicField field = topicField.field(cl);
    List<Config> named = configs(cl, e);
    Path dir = outputDir(cl);
    List<Path> targets = targets(cl, dir, named);
    Topics texts = EvalFiles.readTopics(topics, field);
    List<AtomicFile.Text> out = new ArrayList<>();
    List<String> summary = new ArrayList<>();
    try (SearchEngine.Session session = e.open(index)) {
      for (Config c : named) {
        SearchEngine.Configured configured;
        try {
          configured = session.configure(c.settings());
        } catch (IOException x) {
          throw new Failed("search failed: " + failure(e, c.name(), x, ": ") + "; no run written", x);
        } catch (IllegalArgumentException x) { // what the environment lacks, such as a credential variable --auth names
          throw new CommandLine.ParameterException(cl, "--config " + c.name() + ": " + x.getMessage());
        }
        long start = System.nanoTime();
        ScoredRun run = search(cl, e, c.name(), configured.retriever(), texts, session.concurrency());
        double seconds = (System.nanoTime() - start) / 1e9;
        requireTrecTokens(run);
        out.add(pieces -> run.asMap().forEach((q, list) -> TrecRunText.render(q, list, c.name(), pieces)));
        out.add(AtomicFile.Text.of(ReportJson.render(sidecar(session, c.name(), configured, texts, field))));
        long hits = run.asMap().values().stream().mapToLong(l -> l.size()).sum();
        summary.add(c.name() + ": " + texts.size() + " queries, " + hits + " hits, " + String.format(Locale.ROOT,
            "%.1f s, %.0f queries/s", seconds, texts.size() / Math.max(seconds, 1e-9)));
      }
    }
    Files.createDirectories(dir);
    AtomicFile.writeAll(targets, out, () -> { });
    for (int i = 0; i < summary.size(); i++) {
      cl.getOut().print(targets.get(2 * i) + " (" + summary.get(i) + ")\n");
    }
    cl.getOut().flush();
    return ExitCodes.OK;
  }

  /** The engine chosen; another engine's own options are refused. */
  private SearchEngine engine(CommandLine cl) {
    List<SearchEngine> all = engines();
    SearchEngine chosen = all.stream().filter(e -> e.name().equals(engine)).findFirst().orElseThrow(
        () -> new CommandLine.ParameterException(cl, "--engine " + engine + ": unknown engine; expected "
            + String.join(", ", all.stream().map(SearchEngine::name).toList())));
    for (SearchEngine other : all) {
      for (String option : other.optionsGiven()) {
        if (!chosen.options().contains(option)) {
          List<String> owners = all.stream().filter(x -> x.options().contains(option)).map(SearchEngine::name).toList();
          throw new CommandLine.ParameterException(cl, option + " applies to --engine " + String.join(" or ", owners)
              + ", not --engine " + chosen.name());
        }
      }
    }
    return chosen;
  }

  /** The configurations given, each checked by the engine, or the engine's default one. */
  private List<Config> configs(CommandLine cl, SearchEngine e) {
    if (configs.isEmpty()) {
      if (e.defaultConfig() == null) {
        try {
          e.check(index, Map.of());
        } catch (IllegalArgumentException x) {
          throw new CommandLine.ParameterException(cl, "--engine " + e.name() + " needs a --config: " + x.getMessage());
        }
      }
      return List.of(new Config(e.defaultConfig(), Map.of()));
    }
    List<Config> out = new ArrayList<>();
    Map<String, String> seen = new LinkedHashMap<>();
    for (String spec : configs) {
      int colon = spec.indexOf(':');
      String name = colon < 0 ? spec : spec.substring(0, colon);
      if (!NAME.matcher(name).matches()) {
        throw new CommandLine.ParameterException(cl, "--config " + spec + ": the name " + PyJson.canonical(name)
            + " is not one a run file and a TREC tag can have; expected letters, digits, '.', '_', '+' and '-' (not first '.')");
      }
      if (seen.put(name, spec) != null) {
        throw new CommandLine.ParameterException(cl, "--config " + spec + ": the name " + name + " is already given; "
            + "expected each configuration once");
      }
      Map<String, String> settings = new LinkedHashMap<>();
      if (colon >= 0) {
        for (String kv : spec.substring(colon + 1).split(",", -1)) {
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new CommandLine.ParameterException(cl, "--config " + spec + ": " + PyJson.canonical(kv)
                + " is not KEY=VALUE; expected NAME:KEY=VALUE,KEY=VALUE, e.g. b75:b=0.75");
          }
          if (settings.put(kv.substring(0, eq), kv.substring(eq + 1)) != null) {
            throw new CommandLine.ParameterException(cl, "--config " + spec + ": the key " + kv.substring(0, eq)
                + " is given twice; expected each key once");
          }
        }
      }
      try {
        e.check(index, settings);
      } catch (IllegalArgumentException x) {
        throw new CommandLine.ParameterException(cl, "--config " + spec + ": " + x.getMessage());
      }
      out.add(new Config(name, settings));
    }
    return out;
  }

  private Path outputDir(CommandLine cl) {
    if (output.isEmpty()) {
      throw new CommandLine.ParameterException(cl, "-o names no folder; expected the folder to write the runs to");
    }
    Path dir = Path.of(output);
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(cl, "-o " + output + " is not a folder; expected the folder to write the runs to");
    }
    return dir;
  }

  /** Each configuration's run and sidecar, checked as -o checks a file: no link, not the topics file. */
  private List<Path> targets(CommandLine cl, Path dir, List<Config> named) {
    List<Path> out = new ArrayList<>();
    for (Config c : named) {
      Path run = dir.resolve(c.name() + ".txt");
      for (Path p : List.of(run, HistoryOptions.sidecarOf(run))) {
        Output.named("-o", p.toString()).requireSafeTarget(cl, List.of(topics.toString()));
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
          throw new CommandLine.ParameterException(cl, "-o " + output + ": " + p + " is a folder; the run cannot be written");
        }
        out.add(p);
      }
    }
    return out;
  }

  /**
   * Every topic sent to the retriever, {@code threads} at a time, with progress on a terminal; a
   * query it cannot answer ends the command.
   */
  private ScoredRun search(CommandLine cl, SearchEngine e, String name, Retriever retriever, Topics texts, int threads)
      throws IOException {
    CountProgress progress = CountProgress.of(cl.getErr(), root.errIsTerminal(), quiet, "search " + name, "queries", texts.size());
    // Counts for the progress line, and turns what a retriever of the user's own may throw
    // unchecked into the failure of its query, named, rather than a stack trace.
    Retriever counted = new Retriever() {
      private final AtomicInteger done = new AtomicInteger();

      @Override
      public List<Hit> search(String queryId, String text, int n) throws IOException {
        List<Hit> hits;
        try {
          hits = retriever.search(queryId, text, n);
        } catch (RuntimeException x) {
          throw new IOException("the retriever threw " + x.getClass().getSimpleName() + (x.getMessage() == null ? ""
              : ": " + x.getMessage()), x);
        }
        int d = done.incrementAndGet();
        if (progress != null) {
          synchronized (progress) {
            progress.update(d, d);
          }
        }
        return hits;
      }

      @Override
      public Map<String, Object> describe() {
        return retriever.describe();
      }
    };
    try {
      return Eval.retrieve(name, counted, texts, depth, threads);
    } catch (IOException x) {
      throw new Failed("search failed: " + failure(e, name, x, ", ") + "; no run written", x);
    } catch (IllegalArgumentException x) { // the retriever broke its contract: more hits than the depth, a null hit
      throw new Failed("search failed: " + e.name() + where() + ", configuration " + name + ": " + x.getMessage()
          + "; no run written", x);
    } finally {
      if (progress != null) {
        progress.done();
      }
    }
  }

  /**
   * A search that failed, in words: a server's failure names its engine, address, index and query
   * itself; any other names the query, and this adds the engine and what it searched.
   */
  private String failure(SearchEngine e, String config, IOException x, String separator) {
    return x instanceof QueryFailure ? "configuration " + config + ": " + x.getMessage()
        : e.name() + where() + ", configuration " + config + separator + x.getMessage();
  }

  /** What was searched, for messages: the index, or the java engine's class. */
  private String where() {
    return index != null ? " (" + index + ")" : java.className != null ? " (" + java.className + ")" : "";
  }

  /**
   * Refuses, before anything is written, IDs a TREC run line cannot hold (a blank, a control
   * character), which a JSON corpus or topics file may have: the topics' query IDs, the index's
   * document IDs.
   */
  private void requireTrecTokens(ScoredRun run) {
    for (Map.Entry<String, dev.caliber.protocol.RankedList> q : run.asMap().entrySet()) {
      try {
        TrecTokens.require("query ID", q.getKey(), "a TREC run line", "give the topics IDs without blanks");
      } catch (IllegalArgumentException x) {
        throw new InputSyntaxException(Location.ofFile(topics.toString()), "not writable as a TREC run", x.getMessage());
      }
      for (int i = 0; i < q.getValue().size(); i++) {
        try {
          TrecTokens.require("document ID", q.getValue().doc(i), "a TREC run line", "index documents whose IDs have none");
        } catch (IllegalArgumentException x) {
          throw new InputSyntaxException(Location.ofFile(index != null ? index : java.className), "not writable as a TREC run",
              x.getMessage());
        }
      }
    }
  }

  /** The run's metadata: the engine's, then the configuration, the topics and the depth (docs/FORMATS.md, "Search runs"). */
  private Map<String, String> sidecar(SearchEngine.Session session, String name, SearchEngine.Configured c, Topics texts,
      TopicField field) {
    Map<String, String> m = new LinkedHashMap<>(session.sidecar());
    m.putAll(session.describe(c.retriever()));
    m.put("retriever.sha256", c.retriever().sha256());
    m.put("config", name);
    c.settings().forEach((k, v) -> m.put("config." + k, v instanceof Double d ? PyJson.canonical(d) : String.valueOf(v)));
    c.notes().forEach((k, v) -> m.put("config." + k, v));
    m.put("config.sha256", Fingerprint.canonicalSha256Hex(c.settings()));
    m.put("topics", topics.getFileName().toString());
    m.put("topics.sha256", texts.sha256());
    m.put("topics.field", field.word());
    m.put("topics.count", String.valueOf(texts.size()));
    m.put("depth", String.valueOf(depth));
    return m;
  }

  /** A query the engine could not answer: exit 4, one line naming the engine, the configuration and the query. */
  static final class Failed extends IOException {
    private static final long serialVersionUID = 1L;

    Failed(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
