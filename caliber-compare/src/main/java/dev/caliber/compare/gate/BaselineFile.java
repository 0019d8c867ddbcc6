package dev.caliber.compare.gate;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.Evaluation;
import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.report.ReportJson;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A baseline file ({@value #FORMAT}): a run's per-query values kept beside a build, so that a later
 * run can be held against them without the baseline's run file. caliber-assertj's {@code Baseline}
 * writes and reads them; {@code caliber gate --baseline-file} reads them; any tool may write one
 * (docs/GATE.md, "The baseline file").
 *
 * <p>The file is one JSON object: {@code "format"} ({@value #FORMAT}), {@code "run"} (the run's
 * name), {@code "protocol_sha256"} (the fingerprint of the protocol it was evaluated under),
 * {@code "policy"} (that protocol's policy, for a reader; the fingerprint is what is checked), and
 * {@code "values"}; {@code "run"} and {@code "policy"} may be left out (the run is then named
 * {@value #DEFAULT_RUN}). {@code "values"} holds, for each measure by its canonical name, an object of query IDs and values, a
 * value being an exact fraction as text ({@code "7/12"}), a number, or {@code null} where the
 * policy leaves the query out of the measure's mean.
 *
 * @param run the run's name
 * @param protocolSha256 the protocol's fingerprint
 * @param policy the policy as {@code Policy.toData()} gives it; kept as read, not checked
 * @param values each measure's value by query, in the file's order; a null value is a query left
 *     out of that measure's mean
 */
public record BaselineFile(String run, String protocolSha256, Map<String, Object> policy, Map<Measure, Map<String, Value>> values) {
  /** The format's name and version, the file's {@code format} member. */
  public static final String FORMAT = "caliber-baseline 1";
  /** The run's name when the file names none. */
  public static final String DEFAULT_RUN = "baseline";

  /**
   * Copies the maps, keeping their order.
   *
   * @param run the run's name
   * @param protocolSha256 the protocol's fingerprint
   * @param policy the policy as {@code Policy.toData()} gives it; kept as read, not checked
   * @param values each measure's value by query, in the file's order
   * @throws NullPointerException if the run, the fingerprint, the policy or the values are null
   */
  public BaselineFile {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(protocolSha256, "protocolSha256");
    policy = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(policy, "policy")));
    Map<Measure, Map<String, Value>> copy = new LinkedHashMap<>();
    values.forEach((m, perQuery) -> copy.put(m, Collections.unmodifiableMap(new LinkedHashMap<>(perQuery))));
    values = Collections.unmodifiableMap(copy);
  }

  /**
   * A result's values as a baseline file holds them: every measure, every query of its set.
   *
   * @param result the evaluated run, not null
   * @return the baseline
   */
  public static BaselineFile of(RunResult result) {
    Map<Measure, Map<String, Value>> values = new LinkedHashMap<>();
    for (Measure m : result.measures()) {
      Map<String, Value> perQuery = new LinkedHashMap<>();
      for (QueryResult row : result.rows()) {
        perQuery.put(row.query(), row.value(m));
      }
      values.put(m, perQuery);
    }
    return new BaselineFile(result.runName(), result.protocolSha256(), result.protocol().policy().toData(), values);
  }

  /**
   * The file's text: canonical JSON, exact values as fractions in text, others as numbers.
   *
   * @return the JSON text, ending with a newline as caliber's reports do
   */
  public String toJson() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("format", FORMAT);
    data.put("run", run);
    data.put("protocol_sha256", protocolSha256);
    data.put("policy", policy);
    Map<String, Object> all = new LinkedHashMap<>();
    values.forEach((m, perQuery) -> {
      Map<String, Object> out = new LinkedHashMap<>();
      perQuery.forEach((q, v) -> out.put(q, v == null ? null : v.isExact() ? v.exact().toString() : (Object) v.decimal()));
      all.put(m.toString(), out);
    });
    data.put("values", all);
    return ReportJson.render(data);
  }

  /**
   * Reads a baseline file (gzip told by its first bytes).
   *
   * @param file the file's path
   * @return what it holds
   * @throws IOException if it cannot be read
   * @throws InputSyntaxException if it is not JSON, or not a baseline file: the message names the
   *     file, the JSON path, the value found and what was expected
   */
  public static BaselineFile read(String file) throws IOException {
    return of(ProtocolFiles.readJson(file, null));
  }

  /**
   * A baseline file's contents from its parsed JSON.
   *
   * @param root the file's JSON value, not null
   * @return what it holds
   * @throws InputSyntaxException if it is not a baseline file
   */
  public static BaselineFile of(JsonValue root) {
    if (!root.isObject()) {
      throw bad(root, "expected an object with \"format\": \"" + FORMAT + "\"");
    }
    JsonValue format = member(root, "format", JsonValue.Kind.STRING);
    if (!FORMAT.equals(format.text())) {
      throw bad(format, "expected \"" + FORMAT + "\"");
    }
    String run = root.members().containsKey("run") ? member(root, "run", JsonValue.Kind.STRING).text() : DEFAULT_RUN;
    String sha = member(root, "protocol_sha256", JsonValue.Kind.STRING).text();
    if (!sha.matches("[0-9a-f]{64}")) {
      throw bad(root.members().get("protocol_sha256"), "expected a SHA-256 fingerprint: 64 lowercase hexadecimal digits");
    }
    Map<String, Object> policy = root.members().containsKey("policy") ? plain(member(root, "policy", JsonValue.Kind.OBJECT)) : Map.of();
    Map<Measure, Map<String, Value>> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonValue> m : member(root, "values", JsonValue.Kind.OBJECT).members().entrySet()) {
      Measure measure;
      try {
        measure = Measures.parse(m.getKey());
      } catch (IllegalArgumentException e) {
        throw new InputSyntaxException(m.getValue().location(), "not a caliber baseline",
            "measure " + m.getKey() + ": " + e.getMessage());
      }
      if (!m.getValue().isObject()) {
        throw bad(m.getValue(), "expected an object of query IDs and values");
      }
      if (values.containsKey(measure)) {
        throw bad(m.getValue(), "expected each measure once; " + measure + " is named twice");
      }
      Map<String, Value> perQuery = new LinkedHashMap<>();
      for (Map.Entry<String, JsonValue> q : m.getValue().members().entrySet()) {
        perQuery.put(q.getKey(), value(q.getValue()));
      }
      values.put(measure, perQuery);
    }
    return new BaselineFile(run, sha, policy, values);
  }

  /**
   * The baseline as a result under a candidate's protocol, so that the candidate can be compared
   * with it: one row per query of the candidate's set with the file's values, each mean averaged
   * as an evaluation averages. Only the values are known: a row's count of returned and unjudged
   * documents is 0 and its first relevant rank unknown (null); its count of relevant documents is
   * the protocol's, the candidate's.
   *
   * @param candidate a run evaluated under the protocol the baseline claims, not null
   * @param file the baseline file's name, for messages
   * @return the baseline's result, named {@link #run()}
   * @throws ProtocolViolationException if the fingerprints differ, or the file does not hold a
   *     value for every measure and every query of the protocol, or holds a query outside its set
   */
  public RunResult against(RunResult candidate, String file) {
    if (!protocolSha256.equals(candidate.protocolSha256())) {
      throw new ProtocolViolationException(new Location(file, 0, 0, "$.protocol_sha256"),
          "a baseline holds runs under the protocol it was recorded under",
          "recorded under " + protocolSha256.substring(0, 12) + ", run \"" + candidate.runName() + "\" is evaluated under "
              + candidate.protocolSha256().substring(0, 12) + ": other judgments, queries, policy or measures");
    }
    for (Measure m : candidate.measures()) {
      Map<String, Value> perQuery = values.get(m);
      if (perQuery == null) {
        throw new ProtocolViolationException(new Location(file, 0, 0, "$.values"), "a baseline holds every measure of its protocol",
            "no " + m + "; it has " + values.keySet());
      }
      for (QueryResult row : candidate.rows()) {
        if (!perQuery.containsKey(row.query())) {
          throw new ProtocolViolationException(new Location(file, 0, 0, "$.values." + m), "a baseline holds every query of its protocol",
              "no query " + PyJson.canonical(row.query()) + " (a null value is a query left out of the mean)");
        }
      }
      if (perQuery.size() != candidate.rows().size()) {
        String extra = perQuery.keySet().stream().filter(q -> candidate.row(q) == null).findFirst().orElseThrow();
        throw new ProtocolViolationException(new Location(file, 0, 0, "$.values." + m), "a baseline holds only queries of its protocol",
            "query " + PyJson.canonical(extra) + " is not in the query set");
      }
    }
    List<QueryResult> rows = new ArrayList<>(candidate.rows().size());
    List<String> noRelevant = new ArrayList<>();
    for (QueryResult row : candidate.rows()) {
      Map<Measure, Value> v = new LinkedHashMap<>();
      for (Measure m : candidate.measures()) {
        v.put(m, values.get(m).get(row.query()));
      }
      rows.add(new QueryResult(row.query(), false, 0, row.relevant(), 0, v, Map.of(), null));
      if (row.relevant() == 0) {
        noRelevant.add(row.query());
      }
    }
    List<QueryResult> table = Evaluation.rows(rows);
    List<MeasureSummary> means = new ArrayList<>();
    for (Measure m : candidate.measures()) {
      means.add(Evaluation.summarize(m, table));
    }
    return new RunResult(run, candidate.protocol(), protocolSha256, table, means, List.of(), List.of(), noRelevant);
  }

  /** The member {@code name} of the file's object, of the kind expected; its absence or another kind named. */
  private static JsonValue member(JsonValue root, String name, JsonValue.Kind kind) {
    JsonValue v = root.members().get(name);
    if (v == null) {
      throw new InputSyntaxException(root.location(), "not a caliber baseline", "no \"" + name + "\" member; expected "
          + (kind == JsonValue.Kind.STRING ? "a string" : "an object"));
    }
    if (v.kind() != kind) {
      throw bad(v, "expected " + (kind == JsonValue.Kind.STRING ? "a string" : "an object"));
    }
    return v;
  }

  private static InputSyntaxException bad(JsonValue v, String expected) {
    return new InputSyntaxException(v.location(), "not a caliber baseline", "got " + v.describe() + "; " + expected);
  }

  private static Value value(JsonValue v) {
    return switch (v.kind()) {
      case NULL -> null;
      case STRING -> fraction(v);
      case INTEGER -> Value.of(v.integer().longValueExact());
      case FLOAT -> Value.ofDouble(Double.parseDouble(v.numberText()));
      default -> throw bad(v, "expected a number, an exact fraction such as \"5/6\", or null");
    };
  }

  private static Value fraction(JsonValue v) {
    try {
      return Value.of(Fraction.parse(v.text()));
    } catch (RuntimeException e) {
      throw bad(v, "expected an exact fraction such as \"5/6\"");
    }
  }

  /** A JSON object as plain maps, lists, strings, numbers, booleans and nulls. */
  private static Map<String, Object> plain(JsonValue object) {
    Map<String, Object> m = new LinkedHashMap<>();
    object.members().forEach((k, v) -> m.put(k, plainValue(v)));
    return m;
  }

  private static Object plainValue(JsonValue v) {
    return switch (v.kind()) {
      case OBJECT -> plain(v);
      case ARRAY -> v.items().stream().map(BaselineFile::plainValue).toList();
      case STRING -> v.text();
      case INTEGER -> v.integer();
      case FLOAT -> Double.parseDouble(v.numberText());
      case NULL -> null;
      default -> v.bool();
    };
  }
}
