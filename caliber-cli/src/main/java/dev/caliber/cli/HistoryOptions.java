package dev.caliber.cli;

import dev.caliber.compare.report.TestLooks;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.history.History;
import dev.caliber.history.Recorded;
import dev.caliber.history.Recording;
import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.json.PyJson;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Recording into a history, for evaluate and compare: {@code --history FILE} records each run's
 * evaluation ({@link History#record}) with the run file's SHA-256, its metadata ({@code --meta} over
 * the sidecar {@code RUN.meta.json}) and whether it looked at a test split; past {@code
 * --max-test-looks} looks under one protocol a warning says so, and a run content evaluated before
 * under the same protocol is noted as a repeat.
 */
final class HistoryOptions {
  @Option(names = "--history", paramLabel = "FILE",
      description = "Record every evaluation in this history (an SQLite file, made if absent; see caliber history). "
          + "Default with --lock L: the lock's history beside it, L without .json and with .history.sqlite added "
          + "(cacm.lock.json: cacm.lock.history.sqlite).")
  Path history;

  @Option(names = "--no-history", description = "With --lock: do not record into the lock's history.")
  boolean noHistory;

  /** Whether {@link #history} is the lock's default rather than given. */
  private boolean besideLock;

  @Option(names = "--meta", paramLabel = "KEY=VALUE",
      description = "With --history: the runs' metadata (retriever, model, index version, filters), repeatable; "
          + "over the keys of a sidecar file RUN.meta.json beside each run ({\"key\": \"value\", ...}).")
  List<String> meta = new ArrayList<>();

  @Option(names = "--test-split", description = "With --history: count this evaluation as a look at the test split "
      + "(a split named test always counts).")
  boolean testSplit;

  @Option(names = "--max-test-looks", paramLabel = "N", defaultValue = "5",
      description = "With --history: warn once the test split has been evaluated more than N times under one protocol "
          + "(default: ${DEFAULT-VALUE}).")
  int maxTestLooks;

  /**
   * The lock's history beside the lock file: its name without a final {@code .json}, and {@code
   * .history.sqlite}.
   *
   * @param lock the lock file as given
   * @return {@code cacm.lock.json} gives {@code cacm.lock.history.sqlite} in the same folder
   */
  static Path besideLock(String lock) {
    Path l = Path.of(lock);
    String name = l.getFileName().toString();
    String stem = name.endsWith(".json") && name.length() > 5 ? name.substring(0, name.length() - 5) : name;
    return l.resolveSibling(stem + ".history.sqlite");
  }

  /**
   * Chooses the history: the one given, none with {@code --no-history}, else under a lock the
   * lock's own ({@link #besideLock(String)}), so that every evaluation under a lock is counted
   * without anyone remembering to ask.
   */
  void choose(CommandLine cl, LockOptions lock) {
    if (noHistory && history != null) {
      throw new CommandLine.ParameterException(cl, "give --history FILE or --no-history, not both");
    }
    if (noHistory && lock.file() == null) {
      throw new CommandLine.ParameterException(cl, "--no-history turns off the history of a --lock; there is none without one");
    }
    if (history == null && !noHistory && lock.file() != null) {
      history = besideLock(lock.file());
      besideLock = true;
    }
  }

  /** With a history: each run's sidecar (RUN.meta.json), which recording reads, so an input that -o must not replace. */
  List<String> sidecars(List<String> runFiles) {
    if (history == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String f : runFiles) {
      if (!"-".equals(f)) {
        out.add(sidecarOf(Path.of(f)).toString());
      }
    }
    return out;
  }

  /** The history file as an input that -o must not replace, if one is given. */
  List<String> files() {
    return history == null ? List.of() : List.of(history.toString());
  }

  /** Refuses what cannot be recorded, before anything is read. */
  History open(CommandLine cl, List<String> runFiles) throws IOException {
    if (history == null) {
      if (!meta.isEmpty() || testSplit) {
        throw new CommandLine.ParameterException(cl, (testSplit ? "--test-split" : "--meta") + " needs --history FILE");
      }
      return null;
    }
    if (maxTestLooks < 0) {
      throw new CommandLine.ParameterException(cl, "--max-test-looks " + maxTestLooks + ": expected 0 or more");
    }
    if (runFiles.contains(dev.caliber.io.read.InputFiles.STDIN)) {
      throw new CommandLine.ParameterException(cl, (besideLock ? "the lock's history " + history : "--history")
          + " records each run's SHA-256: give run files, not standard input (-)" + (besideLock ? ", or --no-history" : ""));
    }
    metaOptions(cl);
    return History.open(history);
  }

  private Map<String, String> metaOptions(CommandLine cl) {
    Map<String, String> m = new TreeMap<>();
    for (String kv : meta) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new CommandLine.ParameterException(cl, "--meta " + kv + ": expected KEY=VALUE, e.g. --meta model=bm25");
      }
      String earlier = m.put(kv.substring(0, eq), kv.substring(eq + 1));
      if (earlier != null) {
        // Keeping the last would record one of two values the user gave without a word.
        throw new CommandLine.ParameterException(cl, "--meta " + kv + ": the key " + kv.substring(0, eq)
            + " is already given (" + kv.substring(0, eq) + "=" + earlier + "); expected each key once");
      }
    }
    return m;
  }

  /**
   * Stages each result (in run order, beside its file, with the lock the protocol came from when
   * there is one) in {@code h}'s open transaction; {@link #commit} makes it permanent once the
   * output is written and says on stderr what the history noticed.
   */
  List<Recorded> record(CommandLine cl, History h, ProtocolOptions protocolOptions, LockOptions lock, List<RunResult> results,
      List<String> files) throws IOException {
    return record(cl, h, protocolOptions, lock, results, files, Map.of());
  }

  /**
   * {@link #record}, with metadata the command adds to every entry (a gate's rules and verdict);
   * a {@code --meta} key that is also one of these is a usage error.
   */
  List<Recorded> record(CommandLine cl, History h, ProtocolOptions protocolOptions, LockOptions lock, List<RunResult> results,
      List<String> files, Map<String, String> commandMeta) throws IOException {
    for (String key : commandMeta.keySet()) {
      if (metaOptions(cl).containsKey(key)) {
        throw new CommandLine.ParameterException(cl, "--meta " + key + "=...: the key " + key + " is the command's own; "
            + "expected another key");
      }
    }
    notes.setLength(0);
    List<Recorded> out = new ArrayList<>();
    Instant now = Instant.now();
    for (int i = 0; i < results.size(); i++) {
      RunResult r = results.get(i);
      Path file = Path.of(files.get(i));
      Map<String, String> m = new TreeMap<>(sidecar(file));
      m.putAll(metaOptions(cl));
      m.putAll(commandMeta);
      String split = split(protocolOptions, r.protocol());
      boolean test = testSplit || lock.guardsTestSet() || Recording.isTestSplit(split);
      Recording rec = new Recording(now, sha256(file), split, test, m, Caliber.version());
      if (lock.file() != null) {
        rec = rec.withLock(lock.file(), lock.fileSha256());
      }
      Recorded done = h.stage(r, rec);
      out.add(done);
      if (done.repeat()) {
        notes.append("caliber: note: run " + PyJson.canonical(r.runName()) + " (" + file + ") has the content of history "
            + "entry " + done.repeatOf() + " under this protocol: recorded as entry " + done.id() + ", a repeat\n");
      }
      if (rec.test() && done.testLooks() > maxTestLooks) {
        notes.append("caliber: warning: the test split has been looked at " + done.testLooks() + " times under protocol "
            + r.protocolSha256().substring(0, 12) + " (more than --max-test-looks " + maxTestLooks + "); tune on another split\n");
      }
    }
    return out;
  }

  /** What {@link #record} noticed, said once the entries are committed. */
  private final StringBuilder notes = new StringBuilder();

  /**
   * Commits what {@link #record} staged, as the step between writing the output and putting it in
   * place ({@link Output#write(java.io.PrintWriter, dev.caliber.io.write.AtomicFile.Text,
   * dev.caliber.io.write.AtomicFile.Step)}): an output that fails leaves the history as it was, and
   * a commit that fails (a full disk) leaves no report naming an entry never recorded.
   */
  static dev.caliber.io.write.AtomicFile.Step committing(History h) {
    return () -> {
      if (h != null) {
        h.commit();
      }
    };
  }

  /**
   * Says on stderr, once the output is in place and the history committed ({@link #committing}),
   * what the history noticed; with {@code noteLooks}, also the test looks, for the formats that do
   * not show them.
   */
  void noteCommitted(CommandLine cl, History h, List<Recorded> recorded, boolean noteLooks) {
    if (h == null) {
      return;
    }
    cl.getErr().print(notes);
    notes.setLength(0);
    if (noteLooks) {
      noteLooks(cl, recorded);
    }
    cl.getErr().flush();
  }

  /**
   * The split {@code protocol}'s query set is, when it is one: named by the options, or fixed by
   * the protocol file or BEIR folder (a folder with one split, a protocol file's own split). The
   * history's test looks and fuse's refusal to tune on test both ask it.
   */
  static String split(ProtocolOptions protocolOptions, dev.caliber.protocol.EvalProtocol protocol) {
    if (protocolOptions.split != null) {
      return protocolOptions.split;
    }
    String source = protocol.querySetSource();
    int of = source.lastIndexOf(" of ");
    if (source.startsWith("split ") && of > 6) {
      String s = source.substring(6, of);
      if (protocolOptions.source().splitSource(s).equals(source)) {
        return s;
      }
    }
    return null;
  }

  /** What the JSON result says of the history: one run's entry, or each run's by name. */
  Object data(List<RunResult> results, List<Recorded> recorded) {
    if (results.size() == 1) {
      return data(recorded.get(0));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < results.size(); i++) {
      m.put(results.get(i).runName(), data(recorded.get(i)));
    }
    return m;
  }

  private Map<String, Object> data(Recorded r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", r.id());
    m.put("test_looks", r.testLooks());
    m.put("max_test_looks", maxTestLooks);
    m.put("repeat_of", r.repeat() ? r.repeatOf() : null);
    return m;
  }

  /**
   * The test split's looks under the protocol once every run is recorded (the last entry's count),
   * for the readable reports; null without a history.
   */
  TestLooks looks(List<Recorded> recorded) {
    return recorded == null || recorded.isEmpty() ? null : new TestLooks(recorded.get(recorded.size() - 1).testLooks(), maxTestLooks);
  }

  /**
   * Says the looks on standard error, for the formats that have no place for them (trec_eval's text,
   * TSV and CSV tables, which other tools read): unless the warning past the limit said it already,
   * or no test split was ever looked at under the protocol (judgments without splits have none).
   */
  private void noteLooks(CommandLine cl, List<Recorded> recorded) {
    TestLooks l = looks(recorded);
    if (l != null && l.looks() > 0 && l.looks() <= maxTestLooks) {
      cl.getErr().print("caliber: note: test split " + l.words() + "\n");
      cl.getErr().flush();
    }
  }

  static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      byte[] buf = new byte[1 << 16];
      for (int n; (n = in.read(buf)) > 0; ) {
        md.update(buf, 0, n);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java platform", e);
    }
  }

  /** Where a run's metadata lives: RUN.meta.json beside RUN (fuse writes it, --history reads it). */
  static Path sidecarOf(Path run) {
    return run.resolveSibling(run.getFileName() + ".meta.json");
  }

  /** The run's sidecar RUN.meta.json (the run file's name and .meta.json), if there is one; empty if not. */
  static Map<String, String> sidecar(Path run) throws IOException {
    Path side = sidecarOf(run);
    return Files.isRegularFile(side) ? readSidecar(side) : Map.of();
  }

  /**
   * Reads a sidecar file strictly, the one rule for every reader of run metadata (the history, a
   * lock's pins): a JSON object whose values are strings (numbers and booleans are taken as
   * written); anything else is refused at its JSON path.
   *
   * @return the keys and values in the file's order
   */
  static Map<String, String> readSidecar(Path side) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    JsonValue v = ProtocolFiles.readJson(side.toString()); // within the default input limits
    if (!v.isObject()) {
      throw new InputSyntaxException(v.location(), "not run metadata", v.describe() + "; expected an object {\"key\": \"value\", ...}");
    }
    for (Map.Entry<String, JsonValue> e : v.members().entrySet()) {
      JsonValue x = e.getValue();
      String text = switch (x.kind()) {
        case STRING -> x.text();
        case INTEGER, FLOAT -> x.numberText();
        case BOOLEAN -> x.describe().substring("the boolean ".length());
        default -> throw new InputSyntaxException(x.location(), "not run metadata",
            x.describe() + "; expected a string, number or boolean");
      };
      m.put(e.getKey(), text);
    }
    return m;
  }
}
