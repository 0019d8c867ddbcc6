package dev.caliber.cli;

import dev.caliber.api.EvalFiles;
import dev.caliber.compare.report.PoolJson;
import dev.caliber.compare.report.PoolMarkdown;
import dev.caliber.compare.report.PoolTable;
import dev.caliber.compare.report.PoolWords;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TopicField;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.policy.Ordering;
import dev.caliber.pool.PoolResult;
import dev.caliber.pool.PoolSettings;
import dev.caliber.pool.PoolTexts;
import dev.caliber.pool.Pooling;
import dev.caliber.pool.Strategy;
import dev.caliber.protocol.ScoredRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code caliber pool}: the unjudged (query, document) pairs of the runs' top k to judge next
 * ({@link Pooling}), with the texts a judge reads; {@code pool merge} appends the new judgments.
 */
@Command(
    name = "pool",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    subcommands = {PoolMergeCommand.class},
    description = {
        "The holes to judge next: the (query, document) pairs of the runs' top --depth K that the judgments lack, the "
            + "most valuable first, with the query and document texts a judge reads (--topics, --corpus).",
        "--strategy rbp (default) ranks a pair by the sum over the runs of the RBP weight (1-p) p^(r-1) of its rank r "
            + "(Moffat, Webber and Zobel 2007); depth is depth-k pooling, the pairs more runs retrieve first (docs/POOLING.md). "
            + "Any label that counts is judged, 0, negative and decimal ones included (with sources, those of --label-sources). Standard error gets the coverage of the top K "
            + "before and after the listed holes are judged.",
        "'caliber pool merge' appends the labels of the judged holes to the judgments."})
final class PoolCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Parameters(paramLabel = "RUN", arity = "0..*",
      description = "The runs pooled ([NAME=]FILE; one may be - for standard input): TREC, JSON or CSV, read as evaluate reads --run.")
  List<String> runs = new ArrayList<>();

  @Mixin RunOptions.RunFiles runFiles;

  @Option(names = "--qrels", paramLabel = "FILE",
      description = "The judgments so far (TREC, JSON or CSV, or judgments with sources, read as evaluate reads them); required. A pair with any label that counts is judged.")
  String qrels;

  @Option(names = "--label-sources", paramLabel = "SOURCE[,SOURCE...]", split = ",",
      description = "For judgments with sources: the sources that count, as evaluate's --label-sources; a pair that only unlisted sources label is a hole. Default: every source counts, and a pair labelled by two sources is an error.")
  List<String> labelSources = List.of();

  @Option(names = "--topics", paramLabel = "FILE",
      description = "Query texts: TREC topics, BEIR queries.jsonl or ID<TAB>text lines (docs/FORMATS.md, 'Topics'). A query with holes that they lack is an error.")
  Path topics;

  @Mixin TopicFieldOption topicField;

  @Option(names = "--corpus", paramLabel = "FILE",
      description = "Document texts: a corpus.jsonl(.gz), BEIR's {\"_id\", \"title\", \"text\"} or {\"id\", \"contents\"}, read one line at a time; only the pooled documents' texts are kept. A pooled document it lacks is an error.")
  Path corpus;

  @Option(names = "--strategy", paramLabel = "NAME", defaultValue = "rbp",
      description = "rbp (default): by the sum of the pair's RBP weights (1-p) p^(r-1) over the runs; depth: by the number of runs that retrieve it. Ties: more runs, best rank, query ID, document ID.")
  Strategy strategy;

  @Option(names = "--depth", paramLabel = "K", defaultValue = "10",
      description = "The pool depth: each run's first K ranked documents per query (default ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int depth;

  @Option(names = "--persistence", paramLabel = "P", defaultValue = "0.8",
      description = "RBP's p for --strategy rbp, strictly between 0 and 1 (default ${DEFAULT-VALUE}: rank 1 weighs 20%%, rank 10 about 2.7%%).")
  double persistence;

  @Option(names = "--ordering", paramLabel = "RULE", defaultValue = "score",
      description = "How a run's entries become its ranking: score (score descending, ties by document ID descending, as trec_eval; the default) or given (file or list order).")
  Ordering ordering;

  @Option(names = "--limit", paramLabel = "N", description = "List only the N most valuable holes overall (default: every one).")
  @WholeNumbers.Range(from = 1)
  Integer limit;

  @Option(names = "--per-query", paramLabel = "N", description = "List at most N holes per query, its most valuable (default: no cap; with --limit, both apply).")
  @WholeNumbers.Range(from = 1)
  Integer perQuery;

  /** Output formats. */
  enum Format { tsv, jsonl, md }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "tsv",
      description = "tsv (default: query, document, priority, runs, best_rank, then query_text, doc_title and doc_text when given; tabs and newlines escaped as \\t \\n), jsonl (a first line of settings and coverage, then an object per hole) or md (a table, texts cut with an ellipsis).")
  Format format;

  @Mixin LimitOptions limitOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    if (runs.isEmpty()) {
      throw new CommandLine.ParameterException(cl, "at least one RUN is required (or the subcommand merge)");
    }
    if (qrels == null) {
      throw new CommandLine.ParameterException(cl, "--qrels FILE is required: the judgments the holes are found against");
    }
    PoolSettings settings = settings(cl);
    TopicField field = topicField.field(cl);
    List<String> files = runs.stream().map(Inputs::runFile).toList();
    List<String> others = Stream.of(qrels, Objects.toString(topics, null), Objects.toString(corpus, null))
        .filter(Objects::nonNull).toList();
    Inputs.requireAtMostOneStdin(cl, files, others);
    output.requireSafeTarget(cl, Inputs.all(files, others));
    InputLimits limits = limitOptions.limits();
    List<ScoredRun> read = new ArrayList<>(runs.size());
    for (String spec : runs) {
      read.add(runFiles.runFile(spec, limits).read(root.stdin()));
    }
    PoolResult pool = Pooling.pool(read, Inputs.judgments(cl, qrels, root.stdin(), limits, labelSources), settings);
    if (topics != null) {
      pool = PoolTexts.withQueries(pool, EvalFiles.readTopics(topics, field));
    }
    if (corpus != null) {
      pool = PoolTexts.withDocuments(pool, corpus, limits);
    }
    PoolResult done = pool;
    AtomicFile.Text text = switch (format) {
      case tsv -> pieces -> PoolTable.tsv(done, pieces);
      case jsonl -> pieces -> PoolJson.jsonl(done, pieces);
      case md -> AtomicFile.Text.of(PoolMarkdown.render(done));
    };
    output.write(cl.getOut(), text);
    cl.getErr().print("caliber: " + PoolWords.coverage(done) + "\n");
    cl.getErr().flush();
    return ExitCodes.OK;
  }

  /** The settings the options give, checked by the library's rules before anything is read. */
  private PoolSettings settings(CommandLine cl) {
    try {
      PoolSettings.requirePersistence(persistence);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--persistence: " + e.getMessage());
    }
    return new PoolSettings(strategy, depth, persistence, limit == null ? 0 : limit, perQuery == null ? 0 : perQuery, ordering);
  }
}
