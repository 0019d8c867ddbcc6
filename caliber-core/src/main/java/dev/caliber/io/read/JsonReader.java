package dev.caliber.io.read;

import com.fasterxml.jackson.core.JsonFactory;
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
    return parse(source, 0, () -> FACTORY.createParser(in));
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
    try (JsonParser parser = open.open()) {
      JsonReader reader = new JsonReader(source, parser, lineShift);
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new InputSyntaxException(Location.ofFile(source), "empty input", "expected one JSON value");
      }
      JsonValue root = reader.value("$");
      JsonToken trailing = parser.nextToken();
      if (trailing != null) {
        throw new InputSyntaxException(reader.here("$"), "trailing content after the JSON value",
            "got " + parser.getText() + "; expected end of input");
      }
      return root;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      Location where = at == null || at.getLineNr() < 1 ? Location.ofFile(source)
          : new Location(source, at.getLineNr() + lineShift, Math.max(0, at.getColumnNr()), "");
      throw new InputSyntaxException(where, "malformed JSON", e.getOriginalMessage());
    }
  }

  private Location here(String path) {
    JsonLocation at = parser.currentTokenLocation();
    long line = at.getLineNr() < 1 ? 0 : at.getLineNr() + lineShift;
    return new Location(source, line, Math.max(0, at.getColumnNr()), path);
  }

  private JsonValue value(String path) throws IOException {
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
          parser.nextToken();
          members.put(key, value(childPath));
        }
        return new JsonValue(JsonValue.Kind.OBJECT, where, members);
      }
      case START_ARRAY: {
        List<JsonValue> items = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
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
