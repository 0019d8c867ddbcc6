package dev.caliber.io.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.json.PyJson;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses one JSON document into a {@link JsonValue} tree that keeps every value's location.
 *
 * <p>Stricter than Python's {@code json.loads}, because a silently "fixed" input is a wrong
 * result: a repeated key in one object is an error (Python keeps the last one), so is a lone
 * surrogate escape (which could not be fingerprinted), trailing content after the value, NaN and
 * Infinity. Nesting is bounded ({@value #MAX_DEPTH} levels; the deepest protocol file needs 4) so
 * that a hostile file cannot exhaust the stack.
 */
public final class JsonReader {
  /** The deepest nesting accepted. */
  public static final int MAX_DEPTH = 32;

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
      .build();
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private final String source;
  private final JsonParser parser;
  /** Added to the parser's line numbers: 0 for a whole file, n - 1 for line n of a JSON Lines file. */
  private final long lineShift;
  /** The JSON path of the value being read, for an error the parser reports without one. */
  private String path;

  private JsonReader(String source, JsonParser parser, long lineShift) {
    this.source = source;
    this.parser = parser;
    this.lineShift = lineShift;
  }

  /** Opens the parser inside the reader's error handling, so that an early failure is reported too. */
  @FunctionalInterface
  private interface ParserSource {
    JsonParser open() throws IOException;
  }

  /**
   * Reads a whole JSON document.
   *
   * @param source the name used in error messages (a file name, or {@code -})
   * @throws InputSyntaxException if the bytes are not one well-formed JSON value
   * @throws IOException if reading fails
   */
  public static JsonValue parse(String source, InputStream in) throws IOException {
    InputStream utf8 = requireUtf8(source, in);
    return parse(source, 0, () -> FACTORY.createParser(utf8));
  }

  /**
   * The input, refused when its first bytes say UTF-16 or UTF-32 (a byte order mark, or a zero
   * byte where JSON text starts with ASCII): every caliber input is UTF-8, as the line readers
   * require too, though the JSON parser would detect and accept the others.
   */
  private static InputStream requireUtf8(String source, InputStream in) throws IOException {
    java.io.PushbackInputStream p = new java.io.PushbackInputStream(in, 4);
    byte[] head = new byte[4];
    int n = 0;
    for (int r; n < 4 && (r = p.read(head, n, 4 - n)) > 0; ) {
      n += r;
    }
    boolean bom = n >= 2 && ((head[0] & 0xff) == 0xFE && (head[1] & 0xff) == 0xFF
        || (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xFE);
    boolean zero = n >= 2 && (head[0] == 0 || head[1] == 0);
    if (bom || zero) {
      throw new InputSyntaxException(Location.ofFile(source), "not UTF-8",
          (bom ? "a UTF-16 or UTF-32 byte order mark" : "a zero byte in the first two") + " at the start; expected UTF-8 text");
    }
    if (n > 0) {
      p.unread(head, 0, n);
    }
    return p;
  }

  /**
   * Reads one JSON document that starts on line {@code firstLine} of a larger input, such as one
   * line of a JSON Lines file: locations give the line in that input, not line 1 of the fragment.
   *
   * @param source the name used in error messages
   * @param firstLine the 1-based line of the input on which {@code bytes} start
   * @param bytes UTF-8 text holding one JSON value
   * @throws InputSyntaxException if the bytes are not one well-formed JSON value
   * @throws IOException if reading fails
   */
  public static JsonValue parse(String source, long firstLine, byte[] bytes, int offset, int length) throws IOException {
    if (firstLine < 1) {
      throw new IllegalArgumentException("illegal firstLine value: " + firstLine + ", must be at least 1");
    }
    return parse(source, firstLine - 1, () -> FACTORY.createParser(bytes, offset, length));
  }

  private static JsonValue parse(String source, long lineShift, ParserSource open) throws IOException {
    JsonReader reader = null;
    try (JsonParser parser = open.open()) {
      reader = new JsonReader(source, parser, lineShift);
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new InputSyntaxException(Location.ofFile(source), "empty input", "expected one JSON value");
      }
      JsonValue root = reader.value("$");
      JsonToken trailing = parser.nextToken();
      if (trailing != null) {
        // a second value on the next line: JSON Lines (BEIR's corpus.jsonl and queries.jsonl)
        String lines = trailing == JsonToken.START_OBJECT && root.isObject()
            ? "; JSON Lines (one object per line, as BEIR writes them) are read from a BEIR folder" : "";
        throw new InputSyntaxException(reader.here("$"), "trailing content after the JSON value",
            "got " + parser.getText() + "; expected end of input" + lines);
      }
      return root;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String path = "";
      if ((at == null || at.getLineNr() < 1) && reader != null) {
        // a limit's error carries no location of its own: the nesting one is the opening bracket's,
        // at the path of the value it opens; another limit's is where the parser stopped
        boolean nesting = e.getOriginalMessage() != null && e.getOriginalMessage().contains("nesting depth");
        path = nesting && reader.path != null ? reader.path : "";
        at = nesting ? reader.parser.currentTokenLocation() : reader.parser.currentLocation();
      }
      Location where = at == null || at.getLineNr() < 1 ? Location.ofFile(source)
          : new Location(source, at.getLineNr() + lineShift, Math.max(0, at.getColumnNr()), path);
      throw new InputSyntaxException(where, "malformed JSON", inOurWords(e));
    }
  }

  /**
   * Jackson's reason in caliber's words: a limit says which and how much, and no message names a
   * Java class or a parser feature (Jackson's own messages do, in backquotes).
   */
  static String inOurWords(JsonProcessingException e) {
    String m = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    if (e instanceof StreamConstraintsException) {
      java.util.regex.Matcher n = java.util.regex.Pattern.compile("\\((\\d+)\\)").matcher(m);
      String got = n.find() ? n.group(1) : null;
      if (m.contains("nesting depth")) {
        return "arrays and objects nested " + (got == null ? "more than " + MAX_DEPTH : got) + " deep; expected at most "
            + MAX_DEPTH;
      }
      StreamReadConstraints limits = StreamReadConstraints.defaults();
      if (m.contains("Number value length") || m.contains("Number length")) {
        return "a number of " + (got == null ? "more than " + limits.getMaxNumberLength() : got) + " characters; expected at most "
            + limits.getMaxNumberLength();
      }
      if (m.contains("String value length") || m.contains("String length")) {
        return "a string of " + (got == null ? "more than " + limits.getMaxStringLength() : got)
            + " characters; expected at most " + limits.getMaxStringLength();
      }
      return "beyond what the JSON reader accepts";
    }
    int enable = m.indexOf(": enable `");
    if (enable >= 0) {
      m = m.substring(0, enable) + "; expected standard JSON (no NaN, Infinity, comments or single quotes)";
      java.util.regex.Matcher token = java.util.regex.Pattern.compile("^Non-standard token '([^']*)'").matcher(m);
      if (token.find()) {
        m = "got " + token.group(1) + ", which is not a JSON value" + m.substring(token.end());
      }
    }
    // Jackson's most common reasons, in the words of caliber's other readers.
    java.util.regex.Matcher end = java.util.regex.Pattern.compile("Unexpected end-of-input: expected close marker for (Object|Array)"
        + " \\(start marker at \\[Source: [^;\\]]*; line: (\\d+), column: (\\d+)\\]\\)").matcher(m);
    if (end.find()) {
      boolean object = end.group(1).equals("Object");
      return "the input ends inside the " + (object ? "object" : "array") + " opened at line " + end.group(2) + ", column "
          + end.group(3) + "; expected its closing " + (object ? "}" : "]");
    }
    java.util.regex.Matcher utf8 = java.util.regex.Pattern.compile("Invalid UTF-8 (start|middle) byte (0x[0-9a-fA-F]+)").matcher(m);
    if (utf8.find()) {
      return "malformed UTF-8 (byte " + utf8.group(2).toLowerCase(java.util.Locale.ROOT) + " where a character's "
          + utf8.group(1) + " byte belongs); expected UTF-8 text";
    }
    java.util.regex.Matcher ctrl = java.util.regex.Pattern.compile("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\)").matcher(m);
    if (ctrl.find()) {
      int code = Integer.parseInt(ctrl.group(1));
      return "a control character (code " + code + ") inside a string; expected it escaped, as \\u" + String.format("%04x", code);
    }
    java.util.regex.Matcher token = java.util.regex.Pattern.compile("Unrecognized token '([^']*)': was expecting").matcher(m);
    if (token.find()) {
      return "unexpected text '" + token.group(1) + "'; expected a JSON value (a string, number, array, object, true, false"
          + " or null)";
    }
    // drop any parenthesised aside that names Jackson's internals, e.g. "(from `StreamReadConstraints...`)",
    // and where Jackson says its source is
    return m.replaceAll("\\s*\\([^()]*`[^()`]*`[^()]*\\)", "").replaceAll("\\s*\\[Source: [^\\]]*\\]", "")
        .replace("`", "'");
  }

  private Location here(String path) {
    JsonLocation at = parser.currentTokenLocation();
    long line = at.getLineNr() < 1 ? 0 : at.getLineNr() + lineShift;
    return new Location(source, line, Math.max(0, at.getColumnNr()), path);
  }

  private JsonValue value(String path) throws IOException {
    this.path = path;
    Location where = here(path);
    JsonToken token = parser.currentToken();
    switch (token) {
      case START_OBJECT: {
        LinkedHashMap<String, JsonValue> members = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
          String key = parser.currentName();
          checkText(key, here(path));
          String childPath = path + member(key);
          if (members.containsKey(key)) {
            throw new InputSyntaxException(here(childPath), "duplicate key " + PyJson.canonical(key),
                "first at line " + members.get(key).location().line() + "; a key may appear once per object");
          }
          this.path = childPath; // the value whose token comes next, should reading it fail
          parser.nextToken();
          members.put(key, value(childPath));
        }
        return new JsonValue(JsonValue.Kind.OBJECT, where, members);
      }
      case START_ARRAY: {
        List<JsonValue> items = new ArrayList<>();
        while (next(path + "[" + items.size() + "]") != JsonToken.END_ARRAY) {
          items.add(value(path + "[" + items.size() + "]"));
        }
        return new JsonValue(JsonValue.Kind.ARRAY, where, items);
      }
      case VALUE_STRING: {
        String text = parser.getText();
        checkText(text, where);
        return new JsonValue(JsonValue.Kind.STRING, where, text);
      }
      case VALUE_NUMBER_INT:
        return new JsonValue(JsonValue.Kind.INTEGER, where, parser.getBigIntegerValue());
      case VALUE_NUMBER_FLOAT:
        return new JsonValue(JsonValue.Kind.FLOAT, where, parser.getText());
      case VALUE_TRUE:
      case VALUE_FALSE:
        return new JsonValue(JsonValue.Kind.BOOLEAN, where, token == JsonToken.VALUE_TRUE);
      case VALUE_NULL:
        return new JsonValue(JsonValue.Kind.NULL, where, null);
      default:
        throw new InputSyntaxException(where, "malformed JSON", "unexpected " + token);
    }
  }

  /** The next token, the value at {@code next} being the one it starts, should reading it fail. */
  private JsonToken next(String next) throws IOException {
    this.path = next;
    return parser.nextToken();
  }

  private static void checkText(String text, Location where) {
    int bad = PyJson.firstLoneSurrogate(text);
    if (bad >= 0) {
      throw new InputSyntaxException(where, "invalid Unicode in string",
          "lone surrogate \\u" + Integer.toHexString(text.charAt(bad)) + " at character " + bad
              + "; expected a complete UTF-16 pair");
    }
  }

  /** The JSON-path step for a key: {@code .key} for identifiers, {@code ["key"]} otherwise. */
  static String member(String key) {
    return IDENTIFIER.matcher(key).matches() ? "." + key : "[" + PyJson.canonical(key) + "]";
  }
}
