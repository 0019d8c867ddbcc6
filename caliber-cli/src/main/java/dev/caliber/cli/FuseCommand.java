package dev.caliber.cli;

import dev.caliber.api.RunFile;
import dev.caliber.fusion.Fusion;
import dev.caliber.fusion.FusionParams;
import dev.caliber.fusion.Methods;
import dev.caliber.fusion.Normalization;
import dev.caliber.fusion.NonFiniteScoreException;
import dev.caliber.fusion.RepeatedDocumentException;
import dev.caliber.fusion.RunsInStep;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.report.ReportJson;
import dev.caliber.report.TrecRunText;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code caliber fuse}: two or more runs fused into one by a declared method ({@link Fusion}),
 * with the parameters given, or read from a params file, or chosen on dev queries ({@code --tune},
 * {@link FuseTuning}). The fused run goes out as TREC (in one pass over TREC inputs grouped alike,
 * {@link RunsInStep}) or JSON; with {@code -o OUT} its metadata goes into {@code OUT.meta.json}.
 */
@Command(
    name = "fuse",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Fuse two or more runs into one, query by query, with a declared method and normalisation (docs/FUSION.md).",
        "Methods: rrf (--rrf-k), combsum, combmnz, combmax, combmin, combmed, combanz, wsum (--weights), borda, isr, log_isr.",
        "--tune chooses the parameters on dev queries (a protocol as for evaluate, one -m, a --grid) and refuses test "
            + "queries; --params FILE applies the chosen parameters unchanged."},
    footer = {"", HelpSections.SEED})
final class FuseCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin RunOptions runOptions;

  @Mixin PolicyOptions policyOptions;

  @Option(names = "--method", paramLabel = "NAME",
      description = "The fusion method: rrf, combsum, combmnz, combmax, combmin, combmed, combanz, wsum, borda, isr or log_isr.")
  String method;

  @Option(names = "--rrf-k", paramLabel = "K", description = "RRF's k, an integer >= 0 (default 60, as Cormack et al.).")
  @WholeNumbers.Range(from = 0)
  Integer rrfK;

  @Option(names = "--weights", paramLabel = "W,W,...",
      description = "wsum's weights, one per --run in order, each >= 0, summing to 1 (e.g. 0.3,0.7).")
  String weights;

  @Option(names = "--norm", paramLabel = "NAME",
      description = "Score normalisation per run and query before a score-based method: none, min-max (default), z-score, "
          + "sum, max or rank. Rank-based methods (rrf, borda, isr, log_isr) take none.")
  String norm;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = "fused",
      description = "The fused run's name (default: ${DEFAULT-VALUE}), recorded in -o's OUT.meta.json as fusion.name and named"
          + " by --tune's report; the TREC tag column says how it was fused.")
  String name;

  @Option(names = "--tune", description = "Choose the parameters on dev queries: grid search of --grid by the one -m measure's mean.")
  boolean tune;

  @Option(names = "--grid", paramLabel = "P=VALUES",
      description = "With --tune: k=FROM..TO:STEP or k=A,B,C (rrf), weights=simplex:STEP (wsum). Ties go to the first point.")
  String grid;

  @Option(names = "--lock", paramLabel = "FILE",
      description = "With --tune: the lock of the test evaluation (caliber protocol freeze); tuning on any of its queries is refused.")
  String testLock;

  @Option(names = "--save-params", paramLabel = "FILE", description = "With --tune: write the chosen parameters to FILE (JSON) for --params.")
  String saveParams;

  @Option(names = "--params", paramLabel = "FILE", description = "Fuse with the parameters a --tune saved (method, parameters, normalisation), unchanged.")
  String params;

  @Option(names = "--other-runs",
      description = "With --params: fuse runs whose SHA-256 differ from those the parameters were tuned on (refused by default).")
  boolean otherRuns;

  /** Output formats of the fused run. */
  enum Format { trec, json }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "trec",
      description = "trec (qid Q0 docid rank score tag; default) or json ({query: {doc: score}}). With --tune: the report is Markdown.")
  Format format;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    if (runOptions.runs.size() < 2) {
      throw new CommandLine.ParameterException(cl, "fuse needs two or more --run, got " + runOptions.runs.size());
    }
    if (runOptions.threads != null) {
      throw new CommandLine.ParameterException(cl, "--threads applies to evaluate and compare; fuse reads its runs in one pass");
    }
    runOptions.requireUniqueNames(cl);
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (tune) {
      return new FuseTuning(this).run(cl);
    }
    for (Map.Entry<String, Boolean> o : Map.of("--grid", grid != null, "--save-params", saveParams != null,
        "--lock", testLock != null, "--measure", !policyOptions.measures.isEmpty()).entrySet()) {
      if (o.getValue()) {
        throw new CommandLine.ParameterException(cl, o.getKey() + " applies to --tune");
      }
    }
    if (!protocolOptions.inputs().isEmpty()) {
      throw new CommandLine.ParameterException(cl, "protocol options (--qrels, --beir, --protocol, ...) apply to --tune; "
          + "fuse without --tune needs only the runs");
    }
    FusionParams tuned = params == null ? null : FusionParams.read(Path.of(params));
    Fusion fusion = tuned == null ? fusion(cl, runOptions.runs.size()) : fromParams(cl, tuned);
    List<String> files = runOptions.files();
    List<String> inputs = new ArrayList<>(files);
    if (params != null) {
      inputs.add(params);
    }
    output.requireSafeTarget(cl, inputs);
    Output sidecar = sidecar();
    if (sidecar != null) {
      sidecar.requireSafeTarget(cl, inputs);
    }
    List<String> hashes = tuned == null ? null : requireSameRuns(cl, tuned);
    boolean streaming = format == Format.trec && !runOptions.noStreaming
        && runOptions.runs.stream().map(s -> runOptions.runFile(s, protocolOptions.limits())).allMatch(RunFile::isTrec);
    List<String> digests = new ArrayList<>();
    AtomicFile.Text text = streaming ? streamed(cl, fusion, files, hashes, digests) : whole(cl, fusion, files);
    if (sidecar == null) {
      output.write(cl.getOut(), text);
      return ExitCodes.OK;
    }
    // The run and its sidecar together: a disk that fills while writing either leaves both as they
    // were, never a new run beside the sidecar of another fusion. The digests are known once the
    // streamed run has been written.
    AtomicFile.writeBoth(Path.of(output.file), text, Path.of(sidecar.file), () -> {
      List<String> sha = hashes != null ? hashes : !digests.isEmpty() ? digests : sha256s(files);
      return AtomicFile.Text.of(ReportJson.render(metadata(fusion, sha)));
    });
    return ExitCodes.OK;
  }

  /** The fusion the options declare, or a usage error naming the bad option. */
  Fusion fusion(CommandLine cl, int inputs) {
    if (method == null) {
      throw new CommandLine.ParameterException(cl, "give --method (one of " + String.join(", ", Methods.NAMES)
          + "), or --params FILE from a --tune");
    }
    try {
      List<Double> w = weights == null ? null : weights(cl);
      dev.caliber.fusion.FusionMethod m = Methods.of(method, rrfK, w);
      m.requireInputs(inputs);
      return norm == null ? Fusion.of(m) : new Fusion(m, Normalization.of(norm));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

  /** The --norm given, or ranx's default for the method. */
  Normalization normalization(CommandLine cl, dev.caliber.fusion.FusionMethod m) {
    try {
      return norm == null ? Fusion.of(m).normalization() : Normalization.of(norm);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

  private List<Double> weights(CommandLine cl) {
    List<Double> out = new ArrayList<>();
    for (String w : weights.split(",", -1)) {
      try {
        out.add(Double.parseDouble(w.trim()));
      } catch (NumberFormatException e) {
        throw new CommandLine.ParameterException(cl, "--weights " + weights + ": " + (w.isBlank() ? "an empty weight" : w)
            + " is not a number; expected W,W,... such as 0.3,0.7");
      }
    }
    if (out.size() != runOptions.runs.size()) {
      throw new CommandLine.ParameterException(cl, "--weights " + weights + ": " + out.size() + " weights for "
          + runOptions.runs.size() + " runs; expected one weight per --run");
    }
    return out;
  }

  private Fusion fromParams(CommandLine cl, FusionParams p) {
    if (method != null || rrfK != null || weights != null || norm != null) {
      throw new CommandLine.ParameterException(cl, "--params " + params + " fixes the method, its parameters and the "
          + "normalisation; give none of --method, --rrf-k, --weights, --norm beside it");
    }
    try {
      p.fusion().method().requireInputs(runOptions.runs.size());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--params " + params + ": " + e.getMessage());
    }
    return p.fusion();
  }

  /** The inputs' SHA-256, refused unless they are the runs the parameters were tuned on (or --other-runs). */
  private List<String> requireSameRuns(CommandLine cl, FusionParams p) throws IOException {
    List<String> files = runOptions.files();
    requireFiles(cl, "--params checks each run's SHA-256");
    List<String> sha = sha256s(files);
    if (p.runs().size() != files.size()) {
      throw new CommandLine.ParameterException(cl, "--params " + params + " was tuned on " + p.runs().size() + " runs, given "
          + files.size());
    }
    for (int i = 0; i < files.size(); i++) {
      if (!p.runs().get(i).sha256().equals(sha.get(i)) && !otherRuns) {
        throw new CommandLine.ParameterException(cl, "--params " + params + " was tuned on other runs: --run " + files.get(i)
            + " has sha256 " + sha.get(i).substring(0, 12) + "…, tuned on " + p.runs().get(i).name() + " with "
            + p.runs().get(i).sha256().substring(0, 12) + "…; give --other-runs if that is intended");
      }
    }
    return sha;
  }

  void requireFiles(CommandLine cl, String why) {
    if (runOptions.files().contains(InputFiles.STDIN)) {
      throw new CommandLine.ParameterException(cl, why + ": give run files, not standard input (-)");
    }
  }

  static List<String> sha256s(List<String> files) throws IOException {
    List<String> out = new ArrayList<>();
    for (String f : files) {
      out.add(HistoryOptions.sha256(Path.of(f)));
    }
    return out;
  }

  /** The sidecar's output, when -o names a file (not a device such as /dev/null, which has no file beside it). */
  private Output sidecar() {
    if (output.file == null || "-".equals(output.file) || output.isDevice()) {
      return null;
    }
    Output o = new Output();
    o.file = HistoryOptions.sidecarOf(Path.of(output.file)).toString();
    return o;
  }

  /** What the sidecar says: the fused run's name, the fusion, the params file if any, and each input's name and SHA-256. */
  Map<String, Object> metadata(Fusion fusion, List<String> sha) throws IOException {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("fusion.name", name);
    m.putAll(fusion.metadata());
    if (params != null) {
      m.put("fusion.params", params);
      m.put("fusion.params.sha256", HistoryOptions.sha256(Path.of(params)));
    }
    for (int i = 0; i < runOptions.runs.size(); i++) {
      m.put("fusion.input." + (i + 1) + ".name", Inputs.runName(runOptions.runs.get(i)));
      m.put("fusion.input." + (i + 1) + ".sha256", sha.get(i));
    }
    return m;
  }

  /**
   * The inputs' next step; when they are out of step and every input can be read again, the rest
   * of the fusion from the runs read whole, then null and {@code readAgain[0]} set (the streams,
   * and their digests, stopped short of their end).
   */
  private RunsInStep.Step next(RunsInStep in, List<String> files, Fusion fusion, Map<String, int[]> written,
      boolean[] readAgain, java.util.function.Consumer<? super CharSequence> pieces, CommandLine cl) throws IOException {
    try {
      return in.next();
    } catch (RunsInStep.OutOfStepException e) {
      if (!files.stream().allMatch(InputFiles::canReadAgain)) {
        throw e;
      }
      List<ScoredRun> whole = readWhole();
      ScoredRun fused = fusion.fuse(name, whole);
      for (Map.Entry<String, int[]> w : written.entrySet()) {
        for (int i = 0; i < whole.size(); i++) {
          RankedList l = whole.get(i).list(w.getKey());
          if ((l == null ? 0 : l.size()) != w.getValue()[i]) {
            throw e; // a query written from its first lines has more further on
          }
        }
      }
      fused.asMap().forEach((q, l) -> {
        if (!written.containsKey(q)) {
          trec(cl, q, l, fused.tag(), pieces);
        }
      });
      readAgain[0] = true;
      return null;
    }
  }

  /** The runs read whole (JSON runs, --no-streaming, JSON output). */
  List<ScoredRun> readWhole() throws IOException {
    List<ScoredRun> runs = new ArrayList<>();
    for (String s : runOptions.runs) {
      runs.add(runOptions.runFile(s, protocolOptions.limits()).read(root.stdin()));
    }
    return runs;
  }

  private AtomicFile.Text whole(CommandLine cl, Fusion fusion, List<String> files) throws IOException {
    ScoredRun fused = fusion.fuse(name, readWhole());
    if (format == Format.json) {
      Map<String, Object> data = new LinkedHashMap<>();
      fused.asMap().forEach((q, l) -> {
        Map<String, Object> docs = new LinkedHashMap<>();
        for (int i = 0; i < l.size(); i++) {
          docs.put(l.doc(i), l.score(i));
        }
        data.put(q, docs);
      });
      return AtomicFile.Text.of(ReportJson.render(data));
    }
    return pieces -> fused.asMap().forEach((q, l) -> trec(cl, q, l, fused.tag(), pieces));
  }

  private void trec(CommandLine cl, String q, RankedList l, String tag, java.util.function.Consumer<? super CharSequence> out) {
    try {
      TrecRunText.render(q, l, tag, out);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "query " + dev.caliber.json.PyJson.canonical(q) + ": " + e.getMessage()
          + " (--format json)");
    }
  }

  /**
   * TREC inputs fused in one pass, query by query; each file's SHA-256 taken on the way when not
   * known. Runs found out of step (other query orders, a run not grouped by query) are read again
   * whole, as evaluate reads such a run, when every one of them can be ({@link
   * InputFiles#canReadAgain}): the queries not yet written follow in the whole fusion's order, which
   * is the first run's, the order a streamed fusion writes. A query already written that the whole
   * runs give more lines (a run not grouped by query) cannot be taken back: that is the error.
   */
  private AtomicFile.Text streamed(CommandLine cl, Fusion fusion, List<String> files, List<String> known, List<String> digests) {
    return pieces -> {
      List<MessageDigest> md = new ArrayList<>();
      List<RunsInStep.Input> inputs = new ArrayList<>();
      Map<String, int[]> written = new LinkedHashMap<>();
      boolean[] readAgain = {false};
      try {
        for (String s : runOptions.runs) {
          String f = Inputs.runFile(s);
          InputStream in = InputFiles.bytes(f, root.stdin());
          if (known == null && !InputFiles.STDIN.equals(f)) {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            md.add(d);
            in = new DigestInputStream(in, d);
          }
          RunFile rf = runOptions.runFile(s, protocolOptions.limits());
          inputs.add(new RunsInStep.Input(f, in, new TrecRunOptions(rf.name(), rf.ignoreExtraColumns(), rf.limits())));
        }
        try (RunsInStep in = RunsInStep.open(inputs)) {
          for (RunsInStep.Step step; (step = next(in, files, fusion, written, readAgain, pieces, cl)) != null; ) {
            RankedList fused;
            try {
              fused = fusion.fuse(step.lists());
            } catch (RepeatedDocumentException e) {
              throw Fusion.repeated(dev.caliber.error.Location.ofLine(files.get(e.input()), step.line(e.input(), e.entry())),
                  in.names().get(e.input()), step.queryId(), e);
            } catch (NonFiniteScoreException e) {
              throw fusion.nonFinite(in.names(), step.queryId(), step.lists(), e);
            }
            trec(cl, step.queryId(), fused, fusion.tag(), pieces);
            written.put(step.queryId(), step.lists().stream().mapToInt(RankedList::size).toArray());
          }
        }
        if (md.size() == files.size() && !readAgain[0]) {
          for (MessageDigest d : md) {
            digests.add(HexFormat.of().formatHex(d.digest()));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is part of every Java platform", e);
      }
    };
  }
}
