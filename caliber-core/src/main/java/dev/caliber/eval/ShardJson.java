package dev.caliber.eval;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.JsonValue.Kind;
import dev.caliber.io.text.LineReader;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import dev.caliber.result.ScoredQuery;
import dev.caliber.result.ScoredQuery.Repetition;
import dev.caliber.result.ScoredQuery.Row;
import dev.caliber.result.ScoredQuery.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A {@link Shard} as JSON Lines, each line one compact JSON object with its keys sorted: the header
 * (the shard's fields), then one line per scored query with every component of {@link ScoredQuery}
 * and its {@link Row}. Exact values are written as their fraction's text beside the double ({@code
 * ["5/6", 0.8333333333333334]}), other values as the double, so that reading gives back equal
 * scored queries. Read strictly, one line at a time: every key required, no other key, each value
 * of its type and range; a bad value is an error naming the file, line and JSON path.
 */
final class ShardJson {
  private ShardJson() {}

  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  private static final Set<String> HEADER_KEYS = Set.of("caliber_shard", "caliber_version", "measures", "protocol_sha256",
      "queries", "run", "run_sha256", "source", "tag");
  private static final Set<String> LINE_KEYS = Set.of("query", "first_line", "repetition", "violation",
      "later_outside_corpus", "row");
  private static final Set<String> REPETITION_KEYS = Set.of("document", "entry", "line", "first_entry", "first_line");
  private static final Set<String> VIOLATION_KEYS = Set.of("document", "entry", "line", "outside_corpus");
  private static final Set<String> ROW_KEYS = Set.of("returned", "relevant", "unjudged", "values", "ties",
      "first_relevant_rank", "disagreeing", "disagreeing_by_score", "disagreeing_by_rank", "judged_at_cutoff");

  /** The header line, with its line end. */
  static String header(Shard s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_shard", Shard.FORMAT);
    m.put("caliber_version", s.caliberVersion());
    m.put("measures", s.measures());
    m.put("protocol_sha256", s.protocolSha256());
    m.put("queries", s.queries());
    m.put("run", s.run());
    m.put("run_sha256", s.runSha256());
    m.put("source", s.source());
    m.put("tag", s.tag());
    return PyJson.canonical(m) + "\n";
  }

  /** A scored query's line, with its line end. */
  static String line(ScoredQuery s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", s.query());
    m.put("first_line", s.firstLine());
    Repetition r = s.repetition();
    m.put("repetition", r == null ? null : Map.of("document", r.document(), "entry", r.entry(), "line", r.line(),
        "first_entry", r.firstEntry(), "first_line", r.firstLine()));
    m.put("violation", violation(s.violation()));
    m.put("later_outside_corpus", violation(s.laterOutsideCorpus()));
    m.put("row", s.row() == null ? null : row(s.row()));
    return PyJson.canonical(m) + "\n";
  }

  private static Object violation(Violation v) {
    return v == null ? null : Map.of("document", v.document(), "entry", v.entry(), "line", v.line(),
        "outside_corpus", v.outsideCorpus());
  }

  private static Map<String, Object> row(Row r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("returned", r.returned());
    m.put("relevant", r.relevant());
    m.put("unjudged", r.unjudged());
    List<Object> values = new ArrayList<>(r.values().size());
    for (Value v : r.values()) {
      values.add(v == null ? null : v.isExact() ? List.of(v.exact().toString(), v.decimal()) : (Object) v.decimal());
    }
    m.put("values", values);
    List<Object> ties = new ArrayList<>();
    r.tiesAtCutoff().forEach((cutoff, size) -> ties.add(List.of(cutoff, size)));
    m.put("ties", ties);
    m.put("first_relevant_rank", r.firstRelevantRank());
    m.put("disagreeing", r.disagreeing());
    m.put("disagreeing_by_score", r.disagreeingByScore());
    m.put("disagreeing_by_rank", r.disagreeingByRank());
    m.put("judged_at_cutoff", r.judgedAtCutoff());
    return m;
  }

  /**
   * Reads a shard, one line at a time.
   *
   * @param pathOrDash the file, or {@code -} for {@code stdin}; gzip is read transparently
   * @param stdin what {@code -} reads
   * @param limits the input limits
   * @return the shard, named by {@code pathOrDash}
   * @throws InputSyntaxException on the first bad line or value, or when there is no header
   * @throws IOException if reading fails
   */
  static Shard read(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      if (!lines.next() || lines.isBlank()) {
        throw lines.error("no shard header", "expected a first line such as {\"caliber_shard\": 1, ...}, as caliber"
            + " evaluate --shard writes it");
      }
      JsonValue h = parse(lines);
      JsonValue format = h.at("caliber_shard"); // first: another version may have other keys
      if (format != null && (format.kind() != Kind.INTEGER || !format.integer().equals(BigInteger.valueOf(Shard.FORMAT)))) {
        throw bad(format, "unsupported shard format", "expected " + Shard.FORMAT + ", the version this caliber reads");
      }
      object(h, HEADER_KEYS);
      List<String> queries = strings(h.members().get("queries"));
      Set<String> slice = new HashSet<>(queries);
      if (slice.size() != queries.size()) {
        throw bad(h.members().get("queries"), "repeated query", "expected each query of the slice once");
      }
      List<String> measures = strings(h.members().get("measures"));
      String protocol = sha256(h.members().get("protocol_sha256"));
      String runSha = sha256(h.members().get("run_sha256"));
      JsonValue tag = h.members().get("tag");
      Shard header = new Shard(pathOrDash, protocol, string(h.members().get("run")),
          tag.kind() == Kind.NULL ? null : string(tag), string(h.members().get("source")), runSha, queries, measures,
          string(h.members().get("caliber_version")), List.of());
      List<ScoredQuery> scored = new ArrayList<>();
      Set<String> seen = new HashSet<>();
      while (lines.next()) {
        if (lines.isBlank()) {
          throw lines.error("blank line", "expected one JSON object per scored query; only the line end after the last"
              + " line may be empty");
        }
        JsonValue line = object(parse(lines), LINE_KEYS);
        ScoredQuery s = scoredQuery(line, measures.size());
        if (!seen.add(s.query())) {
          throw bad(line.members().get("query"), "repeated query", "a shard holds each query once");
        }
        scored.add(s);
      }
      return new Shard(pathOrDash, protocol, header.run(), header.tag(), header.source(), runSha, queries, measures,
          header.caliberVersion(), scored);
    }
  }

  /** The current line as JSON. */
  private static JsonValue parse(LineReader lines) throws IOException {
    return JsonReader.parse(lines.source(), lines.lineNumber(), lines.bytes(), lines.start(), lines.end() - lines.start());
  }

  private static JsonValue object(JsonValue v, Set<String> keys) {
    if (!v.isObject()) {
      throw bad(v, "not an object", "expected an object with the keys " + sorted(keys));
    }
    for (String k : v.members().keySet()) {
      if (!keys.contains(k)) {
        throw bad(v, "unknown key " + PyJson.canonical(k), "expected the keys " + sorted(keys));
      }
    }
    for (String k : sorted(keys)) {
      if (!v.members().containsKey(k)) {
        throw bad(v, "missing key " + PyJson.canonical(k), "expected the keys " + sorted(keys));
      }
    }
    return v;
  }

  private static List<String> sorted(Set<String> keys) {
    String[] a = keys.toArray(new String[0]);
    Arrays.sort(a);
    return List.of(a);
  }

  private static ScoredQuery scoredQuery(JsonValue line, int measures) {
    Map<String, JsonValue> m = line.members();
    JsonValue rep = m.get("repetition");
    Repetition repetition = null;
    if (rep.kind() != Kind.NULL) {
      Map<String, JsonValue> r = object(rep, REPETITION_KEYS).members();
      repetition = new Repetition(string(r.get("document")), count(r.get("entry")), line(r.get("line")),
          count(r.get("first_entry")), line(r.get("first_line")));
    }
    Row row = m.get("row").kind() == Kind.NULL ? null : row(m.get("row"), measures);
    try {
      return new ScoredQuery(string(m.get("query")), line(m.get("first_line")), repetition,
          violation(m.get("violation")), violation(m.get("later_outside_corpus")), row);
    } catch (IllegalArgumentException e) {
      throw bad(line, "inconsistent scored query", e.getMessage());
    }
  }

  private static Violation violation(JsonValue v) {
    if (v.kind() == Kind.NULL) {
      return null;
    }
    Map<String, JsonValue> m = object(v, VIOLATION_KEYS).members();
    JsonValue outside = m.get("outside_corpus");
    if (outside.kind() != Kind.BOOLEAN) {
      throw bad(outside, "not a boolean", "expected true or false");
    }
    return new Violation(string(m.get("document")), count(m.get("entry")), line(m.get("line")), outside.bool());
  }

  private static Row row(JsonValue v, int measures) {
    Map<String, JsonValue> m = object(v, ROW_KEYS).members();
    JsonValue valuesAt = m.get("values");
    List<JsonValue> items = array(valuesAt).items();
    if (items.size() != measures) {
      throw bad(valuesAt, "wrong number of values", items.size() + " values; expected one per measure of the header, "
          + measures);
    }
    List<Value> values = new ArrayList<>(measures);
    for (JsonValue item : items) {
      values.add(value(item));
    }
    Map<Integer, Integer> ties = new LinkedHashMap<>();
    for (JsonValue pair : array(m.get("ties")).items()) {
      if (!pair.isArray() || pair.items().size() != 2) {
        throw bad(pair, "not a cutoff and a size", "expected a pair such as [10, 3]");
      }
      int cutoff = count(pair.items().get(0));
      if (ties.put(cutoff, count(pair.items().get(1))) != null) {
        throw bad(pair, "repeated cutoff", "expected each cutoff once");
      }
    }
    JsonValue first = m.get("first_relevant_rank");
    Integer firstRelevant = first.kind() == Kind.NULL ? null : count(first);
    if (firstRelevant != null && firstRelevant < 1) {
      throw bad(first, "rank below 1", "expected a rank of 1 or more, or null");
    }
    List<Integer> judged = new ArrayList<>();
    for (JsonValue j : array(m.get("judged_at_cutoff")).items()) {
      judged.add(count(j));
    }
    return new Row(count(m.get("returned")), count(m.get("relevant")), count(m.get("unjudged")), values, ties,
        firstRelevant, count(m.get("disagreeing")), count(m.get("disagreeing_by_score")),
        count(m.get("disagreeing_by_rank")), judged);
  }

  /** null, a double, or an exact value as its fraction's text and its double. */
  private static Value value(JsonValue v) {
    if (v.kind() == Kind.NULL) {
      return null;
    }
    if (v.isArray() && v.items().size() == 2 && v.items().get(0).isString()) {
      String text = v.items().get(0).text();
      Fraction f;
      try {
        f = Fraction.parse(text);
      } catch (NumberFormatException | ArithmeticException e) {
        throw bad(v.items().get(0), "not a fraction", "expected a fraction such as \"5/6\"");
      }
      if (!f.toString().equals(text)) {
        throw bad(v.items().get(0), "not a fraction in lowest terms", "expected " + PyJson.canonical(f.toString()));
      }
      return new Value(f, decimal(v.items().get(1)));
    }
    if (v.kind() != Kind.FLOAT) {
      throw bad(v, "not a value", "expected null, a number such as 0.5, or an exact value such as [\"5/6\", 0.8333333333333334]");
    }
    return new Value(null, decimal(v));
  }

  private static double decimal(JsonValue v) {
    if (v.kind() != Kind.FLOAT) {
      throw bad(v, "not a decimal", "expected a number with a point, such as 0.5");
    }
    double d = Double.parseDouble(v.numberText());
    if (!Double.isFinite(d)) {
      throw bad(v, "not a finite number", "expected a number within the range of a double");
    }
    return d;
  }

  private static JsonValue array(JsonValue v) {
    if (!v.isArray()) {
      throw bad(v, "not an array", "expected a JSON array");
    }
    return v;
  }

  private static List<String> strings(JsonValue v) {
    List<String> out = new ArrayList<>();
    for (JsonValue item : array(v).items()) {
      out.add(string(item));
    }
    return out;
  }

  private static String string(JsonValue v) {
    if (!v.isString()) {
      throw bad(v, "not a string", "expected a JSON string");
    }
    return v.text();
  }

  private static String sha256(JsonValue v) {
    String s = string(v);
    if (!SHA256.matcher(s).matches()) {
      throw bad(v, "not a SHA-256", "expected 64 lowercase hexadecimal digits");
    }
    return s;
  }

  /** A count or an entry: an integer from 0 to the largest int. */
  private static int count(JsonValue v) {
    return (int) integer(v, Integer.MAX_VALUE);
  }

  /** A line: an integer from 0 to the largest long. */
  private static long line(JsonValue v) {
    return integer(v, Long.MAX_VALUE);
  }

  private static long integer(JsonValue v, long max) {
    if (v.kind() != Kind.INTEGER || v.integer().signum() < 0 || v.integer().compareTo(BigInteger.valueOf(max)) > 0) {
      throw bad(v, "not a count", "expected an integer from 0 to " + max);
    }
    return v.integer().longValueExact();
  }

  private static InputSyntaxException bad(JsonValue v, String reason, String detail) {
    return new InputSyntaxException(v.location(), reason, "got " + v.describe() + "; " + detail);
  }
}
