package dev.caliber.fusion;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.json.PyJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The parameters a tuning chose, as a file ({@value #FORMAT}, docs/FUSION.md): the fusion
 * (method, parameters, normalisation), what chose it (measure, its dev value, the dev queries, the
 * protocol's fingerprint, the grid) and the input runs it was tuned on (name and SHA-256 of each
 * file), so that applying it elsewhere can be refused.
 *
 * @param fusion the chosen fusion
 * @param measure the measure optimised, by its canonical name
 * @param value its mean on the dev queries, as the tuning printed it
 * @param exact the same mean exactly: a fraction ({@code 1637/5641}) for a rational measure, else the
 *     double as Python's {@code repr} writes it
 * @param queries the dev query set, as the protocol names it ({@code split dev of ...})
 * @param protocolSha256 the dev protocol's fingerprint
 * @param grid the grid searched, as given
 * @param runs the input runs, in input order
 */
public record FusionParams(Fusion fusion, String measure, String value, String exact, String queries, String protocolSha256, String grid,
    List<Run> runs) {
  /** The format's name and version, the file's {@code "format"} member. */
  public static final String FORMAT = "caliber-fusion-params 1";

  /**
   * One input run.
   *
   * @param name its name (NAME= or its file's)
   * @param sha256 the SHA-256 of its file's bytes, 64 lower-case hex digits
   */
  public record Run(String name, String sha256) {}

  /**
   * Copies.
   *
   * @param fusion the chosen fusion
   * @param measure the measure optimised
   * @param value its dev mean as printed
   * @param exact its dev mean exactly
   * @param queries the dev query set
   * @param protocolSha256 the dev protocol's fingerprint
   * @param grid the grid as given
   * @param runs the input runs
   * @throws NullPointerException if a part is null
   */
  public FusionParams {
    Objects.requireNonNull(fusion, "fusion");
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(exact, "exact");
    Objects.requireNonNull(queries, "queries");
    Objects.requireNonNull(protocolSha256, "protocolSha256");
    Objects.requireNonNull(grid, "grid");
    runs = List.copyOf(runs);
  }

  /**
   * The file's text: indented JSON, members in a fixed order.
   *
   * @return the JSON, ending in a newline
   */
  public String toJson() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("method", fusion.method().name());
    m.put("parameters", fusion.method().parameters());
    m.put("norm", fusion.normalization().label());
    m.put("measure", measure);
    m.put("value", value);
    m.put("exact", exact);
    m.put("queries", queries);
    m.put("protocol_sha256", protocolSha256);
    m.put("grid", grid);
    List<Object> rs = new ArrayList<>();
    for (Run r : runs) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("name", r.name());
      x.put("sha256", r.sha256());
      rs.add(x);
    }
    m.put("runs", rs);
    return PyJson.pretty(m) + "\n";
  }

  /**
   * Reads a params file, strictly: every member present, of its type, and nothing else.
   *
   * @param file the file
   * @return the params
   * @throws InputSyntaxException naming the file, the JSON path, the bad value and what was expected
   * @throws IOException if the file cannot be read
   */
  public static FusionParams read(Path file) throws IOException {
    // as every JSON input is read: gzip told by its first bytes, a directory refused by name, the size bounded
    JsonValue v = ProtocolFiles.readJson(file.toString());
    if (!v.isObject()) {
      throw bad(v, "an object {\"format\": \"" + FORMAT + "\", ...}");
    }
    Map<String, JsonValue> m = v.members();
    List<String> keys = List.of("format", "method", "parameters", "norm", "measure", "value", "exact", "queries", "protocol_sha256",
        "grid", "runs");
    for (String k : m.keySet()) {
      if (!keys.contains(k)) {
        throw bad(m.get(k), "no member " + PyJson.canonical(k) + "; the members are " + String.join(", ", keys));
      }
    }
    if (!FORMAT.equals(text(v, m, "format"))) {
      throw bad(m.get("format"), "\"" + FORMAT + "\"");
    }
    JsonValue p = member(v, m, "parameters");
    if (!p.isObject()) {
      throw bad(p, "an object of the method's parameters");
    }
    Integer k = null;
    List<Double> weights = null;
    for (Map.Entry<String, JsonValue> e : p.members().entrySet()) {
      JsonValue x = e.getValue();
      if (e.getKey().equals("k") && x.kind() == JsonValue.Kind.INTEGER) {
        if (x.integer().bitLength() > 31) {
          throw bad(x, "k, an integer of at most " + Integer.MAX_VALUE);
        }
        k = x.integer().intValueExact();
      } else if (e.getKey().equals("weights") && x.isArray()) {
        weights = new ArrayList<>();
        for (JsonValue w : x.items()) {
          if (w.kind() != JsonValue.Kind.INTEGER && w.kind() != JsonValue.Kind.FLOAT) {
            throw bad(w, "a number");
          }
          weights.add(Double.parseDouble(w.numberText()));
        }
      } else {
        throw bad(x, "k (an integer) or weights (an array of numbers)");
      }
    }
    Fusion fusion;
    try {
      fusion = new Fusion(Methods.of(text(v, m, "method"), k, weights), Normalization.of(text(v, m, "norm")));
    } catch (IllegalArgumentException e) {
      throw new InputSyntaxException(v.location(), "not fusion parameters", e.getMessage());
    }
    JsonValue rs = member(v, m, "runs");
    if (!rs.isArray()) {
      throw bad(rs, "an array of {\"name\": ..., \"sha256\": ...}");
    }
    List<Run> runs = new ArrayList<>();
    for (JsonValue r : rs.items()) {
      if (!r.isObject() || r.members().size() != 2) {
        throw bad(r, "{\"name\": ..., \"sha256\": ...}");
      }
      runs.add(new Run(text(r, r.members(), "name"), text(r, r.members(), "sha256")));
    }
    return new FusionParams(fusion, text(v, m, "measure"), text(v, m, "value"), text(v, m, "exact"), text(v, m, "queries"),
        text(v, m, "protocol_sha256"), text(v, m, "grid"), runs);
  }

  private static JsonValue member(JsonValue parent, Map<String, JsonValue> m, String key) {
    JsonValue x = m.get(key);
    if (x == null) {
      throw new InputSyntaxException(parent.location(), "not fusion parameters", "no member " + PyJson.canonical(key)
          + "; expected the members of a file written by caliber fuse --tune --save-params");
    }
    return x;
  }

  private static String text(JsonValue parent, Map<String, JsonValue> m, String key) {
    JsonValue x = member(parent, m, key);
    if (!x.isString()) {
      throw bad(x, "a string");
    }
    return x.text();
  }

  private static InputSyntaxException bad(JsonValue v, String expected) {
    return new InputSyntaxException(v.location(), "not fusion parameters", v.describe() + "; expected " + expected);
  }
}
