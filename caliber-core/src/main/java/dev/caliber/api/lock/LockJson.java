package dev.caliber.api.lock;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link Lock} as JSON (docs/FORMATS.md, "Lock files"): the data written, the strict reading
 * back, and the settings in words that {@link Lock#check} compares. The source's parts are named
 * once, in {@link #SOURCE_KEYS}, for all three.
 */
final class LockJson {
  private LockJson() {}

  /** The members of the lock's {@code "protocol"} object, in order: the protocol options' names. */
  static final List<String> SOURCE_KEYS = List.of("protocol", "beir", "corpus", "queries", "qrels", "split", "k", "query_set");

  /** The members of a lock file, in order, that every lock file has. */
  private static final List<String> BASE_KEYS = List.of("format", "caliber_version", "protocol_sha256", "report", "protocol", "policy",
      "measures", "cutoffs", "inputs");

  /**
   * The members a lock file may lack, in order after the base ones: {@code test_set}, which locks
   * written before it lack, and {@code search}, which only a lock that pins what made its runs has.
   */
  private static final List<String> OPTIONAL_KEYS = List.of("test_set", "search");

  /** The protocol object's member for a source precedence of judgments with sources, present only with one. */
  static final String LABEL_SOURCES = "label_sources";

  /** Those of {@link #SOURCE_KEYS} that name files (not the split and k). */
  static final java.util.Set<String> FILE_KEYS = java.util.Set.of("protocol", "beir", "corpus", "queries", "qrels", "query_set");

  /** The source's parts, in {@link #SOURCE_KEYS}' order. */
  private static List<String> parts(ProtocolSource s) {
    return java.util.Arrays.asList(s.protocol(), s.beir(), s.corpus(), s.queries(), s.qrels(), s.split(),
        s.k() == null ? null : s.k().toString(), s.querySet());
  }

  /** The lock as ordered JSON data. */
  static Map<String, Object> toData(Lock lock) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", Lock.FORMAT);
    m.put("caliber_version", lock.caliberVersion());
    m.put("protocol_sha256", lock.protocolSha256());
    m.put("report", lock.policy() == null ? "seed" : "general");
    Map<String, Object> source = new LinkedHashMap<>();
    List<String> parts = parts(lock.source());
    for (int i = 0; i < SOURCE_KEYS.size(); i++) {
      source.put(SOURCE_KEYS.get(i), parts.get(i));
    }
    if (!lock.source().labelSources().isEmpty()) { // only then: other locks keep their bytes
      source.put(LABEL_SOURCES, lock.source().labelSources());
    }
    m.put("protocol", source);
    m.put("policy", lock.policy() == null ? null : lock.policy().toData());
    m.put("measures", lock.measures() == null ? null : PyJson.mapped(lock.measures(), Measure::name));
    m.put("cutoffs", new ArrayList<Object>(lock.cutoffs()));
    List<Object> inputs = new ArrayList<>();
    for (Lock.Input in : lock.inputs()) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("role", in.role());
      f.put("name", in.name());
      f.put("sha256", in.sha256());
      inputs.add(f);
    }
    m.put("inputs", inputs);
    m.put("test_set", lock.testSet());
    if (!lock.search().isEmpty()) {
      m.put("search", new LinkedHashMap<String, Object>(lock.search()));
    }
    return m;
  }

  /**
   * Every setting in words, in the order differences are listed: the source's parts ({@code none}
   * when absent), the report, then (unless it is the seed's) each rule of the policy and the
   * measures.
   */
  static Map<String, String> settings(ProtocolSource source, Policy policy, List<Measure> measures) {
    Map<String, String> m = new LinkedHashMap<>();
    List<String> parts = parts(source);
    for (int i = 0; i < SOURCE_KEYS.size(); i++) {
      m.put(SOURCE_KEYS.get(i), parts.get(i) == null ? "none" : parts.get(i));
    }
    m.put(LABEL_SOURCES, source.labelSources().isEmpty() ? "none" : String.join(",", source.labelSources()));
    m.put("report", policy == null ? "seed" : "general");
    if (policy != null) {
      policy.toData().forEach((k, v) -> m.put(k, String.valueOf(v)));
      m.put("measures", PyJson.mapped(measures, Measure::name).toString());
    }
    return m;
  }

  /** Reads a lock file strictly. */
  static Lock read(Path file, dev.caliber.io.InputLimits limits) throws IOException {
    JsonValue root = ProtocolFiles.readJson(file.toString(), java.io.InputStream.nullInputStream(), limits);
    // The format first, so that a lock of another format is named as such, not by its members.
    JsonValue format = root.isObject() ? root.members().get("format") : null;
    if (format != null && !(format.isString() && Lock.FORMAT.equals(format.text()))) {
      throw bad(format, "not a lock file of this caliber", "expected \"" + Lock.FORMAT + "\"");
    }
    // "test_set" came later: a lock without it guards no test set but a split named test
    JsonValue testSet = root.isObject() ? root.members().get("test_set") : null;
    if (testSet != null && testSet.kind() != JsonValue.Kind.BOOLEAN) {
      throw bad(testSet, "not a boolean", "expected true or false");
    }
    List<String> keys = new ArrayList<>(BASE_KEYS);
    for (String k : OPTIONAL_KEYS) {
      if (root.isObject() && root.members().containsKey(k)) {
        keys.add(k);
      }
    }
    Map<String, JsonValue> m = members(root, keys.toArray(String[]::new));
    String report = string(m.get("report"));
    if (!report.equals("seed") && !report.equals("general")) {
      throw bad(m.get("report"), "unknown report", "expected \"seed\" or \"general\"");
    }
    JsonValue protocol = m.get("protocol");
    List<String> srcKeys = new ArrayList<>(SOURCE_KEYS);
    if (protocol.isObject() && protocol.members().containsKey(LABEL_SOURCES)) {
      srcKeys.add(LABEL_SOURCES);
    }
    Map<String, JsonValue> src = members(protocol, srcKeys.toArray(String[]::new));
    List<String> parts = new ArrayList<>();
    for (String k : SOURCE_KEYS) {
      parts.add(optionalString(src.get(k)));
    }
    List<String> labelSources = new ArrayList<>();
    if (src.containsKey(LABEL_SOURCES)) {
      for (JsonValue v : array(src.get(LABEL_SOURCES))) {
        labelSources.add(string(v));
      }
      if (labelSources.isEmpty() || labelSources.contains("") || new java.util.HashSet<>(labelSources).size() != labelSources.size()) {
        throw bad(src.get(LABEL_SOURCES), "not a source precedence", "expected distinct non-empty source names, highest first");
      }
    }
    ProtocolSource source = new ProtocolSource(parts.get(0), parts.get(1), parts.get(2), parts.get(3), parts.get(4),
        parts.get(5), k(src.get("k"), parts.get(6)), parts.get(7)).withLabelSources(labelSources);
    boolean seed = report.equals("seed");
    Policy policy = seed ? nullValue(m.get("policy")) : policy(m.get("policy"));
    List<Measure> measures = seed ? nullValue(m.get("measures")) : measures(m.get("measures"));
    List<Lock.Input> inputs = new ArrayList<>();
    for (JsonValue item : array(m.get("inputs"))) {
      Map<String, JsonValue> f = members(item, "role", "name", "sha256");
      String sha = string(f.get("sha256"));
      if (!sha.matches("[0-9a-f]{64}")) {
        throw bad(f.get("sha256"), "not a SHA-256", "expected 64 lower-case hex digits");
      }
      inputs.add(new Lock.Input(string(f.get("role")), string(f.get("name")), sha));
    }
    Map<String, String> search = m.containsKey("search") ? search(m.get("search")) : Map.of();
    Lock lock = new Lock(string(m.get("caliber_version")), string(m.get("protocol_sha256")), source, policy, measures, inputs,
        testSet != null && testSet.bool(), search);
    List<Object> cutoffs = new ArrayList<>();
    for (JsonValue c : array(m.get("cutoffs"))) {
      cutoffs.add(c.kind() == JsonValue.Kind.INTEGER ? c.integer().intValue() : c.describe());
    }
    if (!cutoffs.equals(new ArrayList<Object>(lock.cutoffs()))) {
      throw bad(m.get("cutoffs"), "cutoffs disagree with the measures", "expected " + lock.cutoffs());
    }
    return lock;
  }

  /** The protocol's k as the lock file holds it, as text (as a command line gives it), or null. */
  private static Integer k(JsonValue v, String text) {
    try {
      return text == null ? null : ProtocolSource.parseK(text);
    } catch (dev.caliber.api.source.ProtocolSourceException e) {
      throw bad(v, "not a k", "expected a whole number >= 1 as text, such as \"10\"");
    }
  }

  /** The pins of what made the runs: an object of strings, not empty (a lock that pins nothing has no member). */
  private static Map<String, String> search(JsonValue v) {
    if (!v.isObject()) {
      throw bad(v, "not an object", "expected {\"KEY\": \"VALUE\", ...}, the pinned keys of a run's sidecar");
    }
    if (v.members().isEmpty()) {
      throw bad(v, "no pinned key", "expected at least one, or no member \"search\"");
    }
    Map<String, String> out = new LinkedHashMap<>();
    v.members().forEach((k, value) -> out.put(k, string(value)));
    return out;
  }

  private static Policy policy(JsonValue v) {
    Map<String, JsonValue> p = members(v, Policy.strict().toData().keySet().toArray(String[]::new));
    return new Policy(
        rule(p.get("judgments"), Judgments.class),
        positive(p.get("relevance_threshold"), 1),
        rule(p.get("gain"), Gain.class),
        rule(p.get("ordering"), Ordering.class),
        rule(p.get("no_relevant"), NoRelevant.class),
        rule(p.get("unknown_queries"), UnknownQueries.class),
        positive(p.get("depth"), 0));
  }

  private static List<Measure> measures(JsonValue v) {
    List<Measure> out = new ArrayList<>();
    for (JsonValue item : array(v)) {
      String name = string(item);
      try {
        out.add(Measures.parse(name));
      } catch (IllegalArgumentException e) {
        throw bad(item, "unknown measure", e.getMessage());
      }
    }
    if (out.isEmpty()) {
      throw bad(v, "no measure", "expected at least one measure name");
    }
    return out;
  }

  private static <E extends Enum<E>> E rule(JsonValue v, Class<E> type) {
    String s = string(v);
    for (E e : type.getEnumConstants()) {
      if (e.name().toLowerCase(Locale.ROOT).equals(s)) {
        return e;
      }
    }
    List<String> names = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      names.add(e.name().toLowerCase(Locale.ROOT));
    }
    throw bad(v, "unknown rule", "expected one of " + String.join(", ", names));
  }

  private static int positive(JsonValue v, int least) {
    if (v.kind() != JsonValue.Kind.INTEGER || v.integer().bitLength() > 31 || v.integer().intValue() < least) {
      throw bad(v, "not an integer >= " + least, null);
    }
    return v.integer().intValue();
  }

  private static <T> T nullValue(JsonValue v) {
    if (v.kind() != JsonValue.Kind.NULL) {
      throw bad(v, "must be null for the seed's report", null);
    }
    return null;
  }

  private static Map<String, JsonValue> members(JsonValue v, String... keys) {
    if (!v.isObject()) {
      throw bad(v, "not an object", null);
    }
    for (Map.Entry<String, JsonValue> e : v.members().entrySet()) {
      if (!List.of(keys).contains(e.getKey())) {
        throw bad(e.getValue(), "unknown member " + PyJson.canonical(e.getKey()), "expected " + String.join(", ", keys));
      }
    }
    for (String k : keys) {
      if (!v.members().containsKey(k)) {
        throw bad(v, "member " + PyJson.canonical(k) + " is missing", "expected " + String.join(", ", keys));
      }
    }
    return v.members();
  }

  private static List<JsonValue> array(JsonValue v) {
    if (!v.isArray()) {
      throw bad(v, "not an array", null);
    }
    return v.items();
  }

  private static String string(JsonValue v) {
    if (!v.isString()) {
      throw bad(v, "not a string", null);
    }
    return v.text();
  }

  private static String optionalString(JsonValue v) {
    return v.kind() == JsonValue.Kind.NULL ? null : string(v);
  }

  private static InputSyntaxException bad(JsonValue v, String reason, String expected) {
    return new InputSyntaxException(v.location(), "lock file: " + reason, "got " + v.describe() + (expected == null ? "" : "; " + expected));
  }
}
