package dev.caliber.spark;

import dev.caliber.api.Preset;
import dev.caliber.api.ProtocolChoice;
import dev.caliber.api.RunFile;
import dev.caliber.api.source.JudgmentKind;
import dev.caliber.error.CaliberInputException;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.io.write.SameFile;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.policy.PolicyOverrides;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.treceval.TrecEvalText;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * The spark-submit entry point: {@code caliber evaluate}'s options for bare qrels and runs, its
 * reports, on a cluster (docs/SPARK.md).
 */
@Command(name = "caliber-spark", mixinStandardHelpOptions = true, sortOptions = false, usageHelpAutoWidth = true,
    description = "Evaluates runs on Apache Spark with caliber's engine: the numbers and report of caliber evaluate.")
public final class CaliberSparkJob implements Callable<Integer> {
  /** The table formats a path may be read as. */
  enum TableFormat { auto, trec, parquet, csv }

  /**
   * The kind of a qrels table, which picks the rules when no preset is named: TREC qrels take
   * trec_eval's; a Parquet or CSV table keeps the seed's strict rules, as JSON judgments do.
   */
  private static JudgmentKind judgments(TableFormat qf) {
    return qf == TableFormat.trec ? JudgmentKind.TREC : JudgmentKind.JSON;
  }

  /** The formats a run may be read as: the tables', and caliber's JSON run. */
  enum RunFormat { auto, trec, json, parquet, csv }

  /** The report formats. */
  enum Format { json, trec }

  /** The presets as the command line spells them. */
  enum PresetName {
    strict(Preset.STRICT), trec_eval(Preset.TREC_EVAL), pooled(Preset.POOLED);

    final Preset preset;

    PresetName(Preset preset) {
      this.preset = preset;
    }
  }

  @Option(names = "--qrels", required = true, paramLabel = "PATH", order = 1,
      description = "The judgments: TREC qrels (gzip read as is), or a Parquet/CSV table with the columns query, doc, label. "
          + "Every judged query is the query set. A path may be s3a://, hdfs://, file:.")
  String qrels;

  @Option(names = "--qrels-format", paramLabel = "FORMAT", defaultValue = "auto", order = 2,
      description = "auto (default: .parquet and .csv by name, else TREC), trec, parquet or csv.")
  TableFormat qrelsFormat;

  @Option(names = "--run", required = true, paramLabel = "[NAME=]PATH", order = 3,
      description = "A run (repeatable): a TREC run file (6 or 3 columns; gzip read as is), caliber's JSON run (.json, "
          + ".json.gz: as caliber evaluate reads it), or a Parquet/CSV table with the columns query, doc, score and optionally rank and line (one run per table; the Java API also reads tables of many runs with a run column). Named NAME, else by its file's "
          + "name without directory, .gz and .json, as caliber evaluate names it.")
  List<String> runs;

  @Option(names = "--run-format", paramLabel = "FORMAT", defaultValue = "auto", order = 4,
      description = "auto (default: .json, .json.gz, .parquet and .csv by name, else TREC), trec, json, parquet or csv.")
  RunFormat runFormat;

  @Option(names = "--preset", paramLabel = "NAME", order = 5,
      description = "strict (default), trec_eval or pooled: as caliber evaluate --preset.")
  PresetName preset;

  @Option(names = "--compat", paramLabel = "trec_eval", order = 6, description = "The same as --preset trec_eval.")
  String compat;

  @Option(names = "--judgments", paramLabel = "RULE", order = 7,
      description = "exhaustive (an unjudged ranked document is an error; strict) or pooled (it counts as non-relevant).")
  String judgments;

  @Option(names = "--relevance-threshold", paramLabel = "N", order = 7,
      description = "Lowest label counted relevant by binary measures (default 1; trec_eval -l).")
  Integer threshold;

  @Option(names = "--gain", paramLabel = "RULE", order = 7,
      description = "nDCG gain: linear (label, as trec_eval; default) or exponential (2^label - 1).")
  String gain;

  @Option(names = "--ordering", paramLabel = "RULE", order = 7,
      description = "given (file order; strict) or score (score descending, ties by document ID descending, as trec_eval).")
  String ordering;

  @Option(names = "--no-relevant", paramLabel = "RULE", order = 7,
      description = "exclude (null, leaves the mean; strict) or zero (counts as 0, as trec_eval).")
  String noRelevant;

  @Option(names = "--unknown-queries", paramLabel = "RULE", order = 7,
      description = "error (strict) or list (not scored, listed in the result, as trec_eval skips them).")
  String unknownQueries;

  @Option(names = "--depth", paramLabel = "N", order = 7,
      description = "Evaluate only the first N ranked documents per query (trec_eval -M). Default: all.")
  Integer depth;

  @Option(names = {"-m", "--measure"}, paramLabel = "NAME", order = 7,
      description = "A measure (repeatable), as caliber evaluate takes them. Without it and without a preset: trec_eval's "
          + "default measures under --preset trec_eval, as caliber evaluate does for TREC qrels.")
  List<String> measures = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json", order = 8,
      description = "json (default: caliber's report, that of caliber evaluate --format json) or trec (trec_eval's text format; with several runs each run's runid line is its name, not its TREC tag).")
  Format format;

  @Option(names = "-o", paramLabel = "FILE", order = 9,
      description = "Write the report to this local file (atomically, never over an input) instead of standard output.")
  Path output;

  @Option(names = "--master", paramLabel = "URL", order = 10,
      description = "Spark's master when run outside spark-submit (default local[*]); spark-submit's own --master wins.")
  String master;

  private final PrintWriter err;
  private final Consumer<String> stdout;

  CaliberSparkJob(PrintWriter err, Consumer<String> stdout) {
    this.err = err;
    this.stdout = stdout;
  }

  /**
   * Runs the job and exits with caliber's codes: 0, 2 (usage), 3 (invalid input), 4 (I/O).
   *
   * @param args the command line
   */
  public static void main(String[] args) {
    Writer out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    int code = execute(args, err, s -> {
      try {
        out.write(s);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    try {
      out.flush();
    } catch (IOException e) {
      err.println("caliber-spark: I/O error: cannot write standard output: " + e.getMessage());
      code = 4;
    }
    System.exit(code);
  }

  /**
   * Runs the job.
   *
   * @param args the command line
   * @param err where errors go
   * @param stdout where the report goes without -o
   * @return the exit code
   */
  static int execute(String[] args, PrintWriter err, Consumer<String> stdout) {
    CommandLine cl = new CommandLine(new CaliberSparkJob(err, stdout)).setCaseInsensitiveEnumValuesAllowed(false);
    cl.setErr(err);
    cl.setParameterExceptionHandler((ex, a) -> {
      err.println("caliber-spark: usage: " + ex.getMessage() + " (see 'caliber-spark --help')");
      return 2;
    });
    cl.setExecutionExceptionHandler((ex, c, parsed) -> {
      Throwable t = SparkEvaluation.unwrap(ex) != null ? SparkEvaluation.unwrap(ex) : ex;
      if (t instanceof java.io.UncheckedIOException u) {
        t = u.getCause();
      }
      int code;
      String message;
      if (t instanceof CaliberInputException || t instanceof SparkInputException) {
        code = 3;
        message = "invalid input: " + t.getMessage();
      } else if (t instanceof NoSuchFileException nf) {
        code = 4;
        message = "cannot read " + nf.getFile() + ": no such file";
      } else if (t instanceof IOException io) {
        code = 4;
        message = "I/O error: " + io.getMessage();
      } else {
        code = 1;
        message = "internal error (please report): " + t;
      }
      err.println("caliber-spark: " + message.replace('\n', ' '));
      return code;
    });
    return cl.execute(args);
  }

  /**
   * The single rules given over the preset's policy, as caliber evaluate gives them ({@link
   * PolicyOverrides}), after checking the words and numbers as the command line does.
   */
  private PolicyOverrides rules(CommandLine cl) {
    // in the options' order, so that the first bad one is the one named
    var j = judgments == null ? null : rule(cl, "--judgments", judgments, dev.caliber.policy.Judgments.class);
    if (threshold != null && threshold < 1) {
      throw new CommandLine.ParameterException(cl, "--relevance-threshold: got " + threshold + "; expected an integer >= 1");
    }
    var g = gain == null ? null : rule(cl, "--gain", gain, dev.caliber.policy.Gain.class);
    var o = ordering == null ? null : rule(cl, "--ordering", ordering, dev.caliber.policy.Ordering.class);
    var n = noRelevant == null ? null : rule(cl, "--no-relevant", noRelevant, dev.caliber.policy.NoRelevant.class);
    var u = unknownQueries == null ? null : rule(cl, "--unknown-queries", unknownQueries, dev.caliber.policy.UnknownQueries.class);
    if (depth != null && depth < 1) {
      throw new CommandLine.ParameterException(cl, "--depth: got " + depth + "; expected an integer >= 1");
    }
    return new PolicyOverrides(j, threshold, g, o, n, u, depth);
  }

  /** A rule's word as the CLI spells it (the enum's name in lower case). */
  private static <E extends Enum<E>> E rule(CommandLine cl, String option, String word, Class<E> rules) {
    List<String> words = new ArrayList<>();
    for (E e : rules.getEnumConstants()) {
      String w = e.name().toLowerCase(Locale.ROOT);
      if (w.equals(word)) {
        return e;
      }
      words.add(w);
    }
    throw new CommandLine.ParameterException(cl, option + ": got '" + word + "'; expected " + String.join(" or ", words));
  }

  @Override
  public Integer call() throws IOException {
    CommandLine cl = new CommandLine(this);
    if (compat != null && !compat.equals("trec_eval")) {
      throw new CommandLine.ParameterException(cl, "--compat: got '" + compat + "'; expected trec_eval");
    }
    Preset given;
    ProtocolChoice choice;
    TableFormat qf = resolve(qrelsFormat, qrels);
    try {
      given = ProtocolChoice.given(preset == null ? null : preset.preset, compat != null);
      PolicyOverrides overrides = rules(cl);
      choice = ProtocolChoice.of(given, judgments(qf), overrides, measures, true);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    Policy policy = choice.policy();
    List<Measure> reported = choice.measures();
    Map<String, Map.Entry<RunFormat, String>> named = new LinkedHashMap<>();
    for (String spec : runs) {
      Map.Entry<String, String> nameAndPath = SparkInputs.runName(spec);
      if (named.put(nameAndPath.getKey(), Map.entry(resolveRun(runFormat, nameAndPath.getValue()), nameAndPath.getValue())) != null) {
        throw new CommandLine.ParameterException(cl, "--run: two runs are named " + nameAndPath.getKey()
            + "; name them with NAME=FILE");
      }
    }
    if (output != null) {
      requireNotAnInput(cl, output, named.values().stream().map(Map.Entry::getValue).toList());
    }
    SparkSession spark = session(master);
    EvalProtocol protocol = qf == TableFormat.trec ? SparkInputs.trecQrels(spark, qrels, policy, reported)
        : SparkInputs.qrelsTable(spark, qf.name(), qrels, policy, reported);
    // TREC files are read in parts by the tasks that score them; JSON runs and tables become rows.
    Map<String, String> trecFiles = new LinkedHashMap<>();
    Map<String, String> jsonFiles = new LinkedHashMap<>();
    named.forEach((name, fp) -> {
      if (fp.getKey() == RunFormat.trec) {
        trecFiles.put(name, fp.getValue());
      } else if (fp.getKey() == RunFormat.json) {
        jsonFiles.put(name, fp.getValue());
      }
    });
    Dataset<Row> rows = jsonFiles.isEmpty() ? null : SparkInputs.runFiles(spark, jsonFiles, RunFile.Format.JSON);
    for (Map.Entry<String, Map.Entry<RunFormat, String>> e : named.entrySet()) {
      if (e.getValue().getKey() == RunFormat.parquet || e.getValue().getKey() == RunFormat.csv) {
        Dataset<Row> t = SparkInputs.runTable(spark, e.getValue().getKey().name(), e.getValue().getValue(), e.getKey())
            .drop("run").withColumn("run", org.apache.spark.sql.functions.lit(e.getKey())).select("run", "query", "doc", "score",
                "rank", "line", "source", "tag");
        rows = rows == null ? t : rows.unionByName(t);
      }
    }
    SparkEvaluation result = SparkEvaluation.evaluate(spark, protocol, trecFiles, rows, List.copyOf(named.keySet()));
    write(result);
    // what was chosen for the user, once the report is written, as the command line says it: a job
    // that fails says only why
    if (choice.impliedNote() != null) {
      err.println(choice.impliedNote());
    }
    return 0;
  }

  private void write(SparkEvaluation result) throws IOException {
    StringBuilder text = new StringBuilder();
    if (format == Format.json) {
      result.json(text::append);
    } else {
      TrecEvalText.render(result.results(), false, text::append);
    }
    if (output == null) {
      stdout.accept(text.toString());
      return;
    }
    AtomicFile.write(output.toAbsolutePath(), text.toString());
  }

  /** -o never names an input: the qrels or one of {@code runPaths} (the runs' paths, parsed once). */
  private void requireNotAnInput(CommandLine cl, Path out, List<String> runPaths) throws IOException {
    List<String> inputs = new ArrayList<>(runPaths);
    inputs.add(qrels);
    if (SameFile.inputAt(out, inputs.stream().filter(SparkInputs::isLocal).toList()) != null) {
      throw new CommandLine.ParameterException(cl, "-o " + out + " is an input of this job; write the report elsewhere");
    }
  }

  /** A run's format: as given, else caliber's JSON run by the name's .json or .json.gz (the CLI's rule), else a table's. */
  private static RunFormat resolveRun(RunFormat f, String path) {
    if (f != RunFormat.auto) {
      return f;
    }
    if (new RunFile(path, null, RunFile.Format.AUTO, false).isJson()) {
      return RunFormat.json;
    }
    return RunFormat.valueOf(resolve(TableFormat.auto, path).name());
  }

  private static TableFormat resolve(TableFormat f, String path) {
    if (f != TableFormat.auto) {
      return f;
    }
    String p = path.toLowerCase(Locale.ROOT).replaceAll("/+$", "");
    return p.endsWith(".parquet") ? TableFormat.parquet : p.endsWith(".csv") ? TableFormat.csv : TableFormat.trec;
  }

  /** The session spark-submit configured, or a local one (local[*], or {@code master}). */
  static SparkSession session(String master) {
    scala.Option<SparkSession> active = SparkSession.getActiveSession();
    if (active.isDefined() && master == null) {
      return active.get(); // a session made by the caller (a test, a notebook): used as it is
    }
    SparkSession.Builder b = SparkSession.builder().appName("caliber");
    if (master != null) {
      b.master(master);
    } else if (!System.getProperties().containsKey("spark.master")) {
      b.master("local[*]");
    }
    return b.config("spark.ui.enabled", "false").getOrCreate();
  }

  /**
   * A local session as tests and the README's command use it: no web UI, few shuffle partitions.
   *
   * @param master e.g. {@code local[2]}
   * @return the session
   */
  static SparkSession localSession(String master) {
    return SparkSession.builder().appName("caliber").master(master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate();
  }
}
