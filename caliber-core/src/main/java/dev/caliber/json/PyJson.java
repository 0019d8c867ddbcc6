package dev.caliber.json;

import java.math.BigInteger;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Writes JSON text byte-compatible with Python's {@code json.dumps} under the two settings the
 * seed uses.
 *
 * <ul>
 *   <li>{@link #canonical(Object)}: {@code json.dumps(v, sort_keys=True, ensure_ascii=False,
 *       separators=(',', ':'))}, the text behind every fingerprint;
 *   <li>{@link #pretty(Object)}: {@code json.dumps(v, ensure_ascii=False, indent=2)}, the text of
 *       every report, keys in insertion order.
 * </ul>
 *
 * <p>Hand-written on purpose: no JSON library reproduces Python's output byte for byte. Jackson
 * sorts keys by UTF-16 code unit and pretty-prints {@code "a" : 1} and {@code [ ]}; Python sorts
 * {@code str} keys by code point (so U+1F600 sorts after U+FFFD), escapes exactly the control
 * characters below U+0020 plus {@code "} and {@code \} (five of them in short form, the rest as
 * lower-case <code>&#92;u00XX</code>) and leaves U+007F and U+2028 as they are.
 *
 * <p>Values: {@link Map} with {@link String} keys, {@link List}, {@link String}, {@link Boolean},
 * {@link Integer}, {@link Long}, {@link BigInteger}, finite {@link Double} (written as Python's
 * {@code repr}), and {@code null}. Anything else, a lone
 * surrogate in a string (which Python could not encode to UTF-8) or a non-string key is an
 * {@link IllegalArgumentException}.
 */
public final class PyJson {
  /** Orders strings by Unicode code point, as Python orders {@code str}. */
  public static final Comparator<String> CODE_POINT_ORDER = PyJson::compareCodePoints;

  private PyJson() {}

  /** Compact, keys sorted by code point: the canonical form behind fingerprints. */
  public static String canonical(Object value) {
    StringBuilder out = new StringBuilder();
    writeCompact(out, value, null);
    return out.toString();
  }

  /** The size of the pieces {@link #canonical(Object, Consumer)} hands out. */
  static final int CHUNK = 8192;

  /**
   * Hands {@link #canonical(Object)}'s text to {@code out} in pieces of about {@value #CHUNK}
   * characters, cut only between a member or element and the next, so never inside a surrogate
   * pair: a fingerprint of qrels with 100,000 queries is hashed without a string of megabytes.
   * Each piece is valid only during its call.
   */
  public static void canonical(Object value, Consumer<? super CharSequence> out) {
    StringBuilder buf = new StringBuilder(CHUNK + 256);
    writeCompact(buf, value, out);
    if (buf.length() > 0) {
      out.accept(buf);
    }
  }

  private static void flush(StringBuilder out, Consumer<? super CharSequence> sink) {
    if (sink != null && out.length() >= CHUNK) {
      sink.accept(out);
      out.setLength(0);
    }
  }

  /** Indent 2, keys in the map's own order, non-ASCII as is; no trailing newline. */
  public static String pretty(Object value) {
    StringBuilder out = new StringBuilder();
    writePretty(out, value, 0, null);
    return out.toString();
  }

  /**
   * Hands {@link #pretty(Object)}'s text to {@code out} in pieces, as {@link #canonical(Object,
   * Consumer)} does: a report of 100,000 rows is written without a string of tens of megabytes (and
   * a value whose lists are computed on {@code get} is never held whole).
   */
  public static void pretty(Object value, Consumer<? super CharSequence> out) {
    StringBuilder buf = new StringBuilder(CHUNK + 256);
    writePretty(buf, value, 0, out);
    if (buf.length() > 0) {
      out.accept(buf);
    }
  }

  /**
   * A list whose item {@code i} is {@code f(source.get(i))}, made each time it is read: a writer of
   * {@link #pretty(Object, Consumer)} then holds one item's data at a time (a report's 100,000 rows
   * as maps would cost megabytes). Unmodifiable; {@code source} is read, not copied.
   */
  public static <T> List<Object> mapped(List<T> source, Function<? super T, ?> f) {
    return new Mapped<>(source, f);
  }

  private static final class Mapped<T> extends AbstractList<Object> implements RandomAccess {
    private final List<T> source;
    private final Function<? super T, ?> f;

    Mapped(List<T> source, Function<? super T, ?> f) {
      this.source = Objects.requireNonNull(source, "source");
      this.f = Objects.requireNonNull(f, "f");
    }

    @Override
    public Object get(int i) {
      return f.apply(source.get(i));
    }

    @Override
    public int size() {
      return source.size();
    }
  }

  /**
   * A map whose entry set already iterates its keys in code point order: {@link #canonical} writes
   * it as it iterates instead of sorting a copy of its entries (qrels of 100,000 queries would
   * otherwise hold 100,000 entries at once, at the end of an evaluation, when memory peaks). The
   * implementer answers for the order; the keys must be strings.
   */
  public interface InCodePointOrder {}

  private static void writeCompact(StringBuilder out, Object value, Consumer<? super CharSequence> sink) {
    if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map instanceof InCodePointOrder ? map.entrySet() : sortedEntries(map)) {
        if (!first) {
          out.append(',');
        }
        first = false;
        writeString(out, key(e.getKey()));
        out.append(':');
        writeCompact(out, e.getValue(), sink);
        flush(out, sink);
      }
      out.append('}');
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        writeCompact(out, list.get(i), sink);
        flush(out, sink);
      }
      out.append(']');
    } else {
      writeScalar(out, value);
    }
  }

  private static void writePretty(StringBuilder out, Object value, int depth, Consumer<? super CharSequence> sink) {
    if (value instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        out.append("{}");
        return;
      }
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.append(first ? "" : ",");
        first = false;
        newline(out, depth + 1);
        writeString(out, key(e.getKey()));
        out.append(": ");
        writePretty(out, e.getValue(), depth + 1, sink);
        flush(out, sink);
      }
      newline(out, depth);
      out.append('}');
    } else if (value instanceof List<?> list) {
      if (list.isEmpty()) {
        out.append("[]");
        return;
      }
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ",");
        newline(out, depth + 1);
        writePretty(out, list.get(i), depth + 1, sink);
        flush(out, sink);
      }
      newline(out, depth);
      out.append(']');
    } else {
      writeScalar(out, value);
    }
  }

  /** A newline and the indentation of each depth up to 15, made once (deeper ones are made each time). */
  private static final String[] NEWLINES = new String[16];

  static {
    for (int d = 0; d < NEWLINES.length; d++) {
      NEWLINES[d] = "\n" + "  ".repeat(d);
    }
  }

  private static void newline(StringBuilder out, int depth) {
    out.append(depth < NEWLINES.length ? NEWLINES[depth] : "\n" + "  ".repeat(depth));
  }

  private static List<Map.Entry<String, Object>> sortedEntries(Map<?, ?> map) {
    List<Map.Entry<String, Object>> entries = new ArrayList<>(map.size());
    for (Map.Entry<?, ?> e : map.entrySet()) {
      entries.add(Map.entry(key(e.getKey()), e.getValue() == null ? NULL : e.getValue()));
    }
    entries.sort(Map.Entry.comparingByKey(CODE_POINT_ORDER));
    return entries;
  }

  /** Map.entry refuses null values; this marker stands in for JSON null while sorting. */
  private static final Object NULL = new Object();

  private static String key(Object key) {
    if (key instanceof String s) {
      return s;
    }
    throw new IllegalArgumentException("JSON object keys must be strings, got " + describe(key));
  }

  private static void writeScalar(StringBuilder out, Object value) {
    if (value == null || value == NULL) {
      out.append("null");
    } else if (value instanceof String s) {
      writeString(out, s);
    } else if (value instanceof Boolean b) {
      out.append(b ? "true" : "false");
    } else if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
      out.append(value);
    } else if (value instanceof Double d) {
      out.append(repr(d));
    } else if (value instanceof java.math.BigDecimal b) { // an exact decimal, such as a fractional label: as written
      out.append(b.scale() <= 0 ? b.toBigIntegerExact().toString() : b.toPlainString());
    } else {
      throw new IllegalArgumentException("cannot write " + describe(value) + " as JSON");
    }
  }

  private static String describe(Object value) {
    return value == null ? "null" : value.getClass().getSimpleName() + " " + value;
  }

  /** Writes a JSON string as Python does with ensure_ascii=False. */
  static void writeString(StringBuilder out, String s) {
    out.append('"');
    int plain = plainPrefix(s);
    out.append(s, 0, plain);
    for (int i = plain; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else if (Character.isSurrogate(c)) {
            if (Character.isHighSurrogate(c)
                && i + 1 < s.length()
                && Character.isLowSurrogate(s.charAt(i + 1))) {
              out.append(c).append(s.charAt(++i));
            } else {
              throw new IllegalArgumentException(
                  "lone surrogate U+" + Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT)
                      + " at index " + i + " cannot be encoded as UTF-8");
            }
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * How many leading characters of {@code s} {@link #writeString} copies as they are: those that
   * are neither a quote, a backslash, a control below U+0020 nor a surrogate. They are appended in
   * one copy; the character loop, which C1 compiles into a call per character, starts after them.
   */
  private static int plainPrefix(String s) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x20 || c == '"' || c == '\\' || Character.isSurrogate(c)) {
        return i;
      }
    }
    return n;
  }

  /**
   * Python's {@code repr(float)}: the shortest decimal that reads back as the same double, in
   * positional notation when the decimal exponent is in [-4, 16) and as {@code d.ddde-05}
   * otherwise. Deterministic on every JDK (unlike {@link Double#toString(double)} before JDK 19).
   *
   * @throws IllegalArgumentException for NaN and infinities, which JSON cannot hold
   */
  public static String repr(double d) {
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException("cannot write " + d + " as JSON");
    }
    if (d == 0.0) {
      return (1.0 / d < 0) ? "-0.0" : "0.0";
    }
    return PyFloat.python(d < 0 ? "-" : "", PyFloat.shortest(d));
  }

  /**
   * The same shortest decimal as {@link #repr}, written without an exponent (TREC run lines):
   * {@code 0.000012}, {@code 12000000000000000}, {@code 1.5}, {@code 3}; {@code 0} for zero.
   *
   * @param d a finite double
   * @return its text, which reads back as {@code d}
   * @throws IllegalArgumentException if {@code d} is NaN or infinite
   */
  public static String plain(double d) {
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException("illegal score " + d + ", must be finite");
    }
    return d == 0 ? "0" : (d < 0 ? "-" : "") + PyFloat.shortest(d).positional();
  }

  /** Index of the first unpaired surrogate in {@code s}, or -1 if it is valid UTF-16. */
  public static int firstLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  private static int compareCodePoints(String a, String b) {
    // UTF-16 order is code point order up to the first differing char unless a surrogate differs
    // there: two chars that are not surrogates are whole code points, and everything before them
    // is equal, so they decide. Only a surrogate at the difference needs the code points.
    int n = Math.min(a.length(), b.length());
    for (int k = 0; k < n; k++) {
      char x = a.charAt(k);
      char y = b.charAt(k);
      if (x != y) {
        return Character.isSurrogate(x) || Character.isSurrogate(y) ? byCodePoints(a, b) : x - y;
      }
    }
    return a.length() - b.length(); // one is a prefix of the other, code point for code point too
  }

  private static int byCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }
}
