package dev.caliber.remote.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON read into plain Java data (maps in document order, lists, strings, Integer, Long,
 * BigInteger, Double, Boolean, null), which {@code Fingerprint.canonicalSha256Hex} can hash as it
 * is, and the small writing a template needs. A document must be one value with nothing after it.
 */
public final class Json {
  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(200).build())
      .build();

  private Json() {}

  /**
   * Reads a whole document.
   *
   * @param text the JSON text
   * @return the value
   * @throws JsonProcessingException if it is not one JSON value; the message names line and column
   */
  public static Object read(String text) throws JsonProcessingException {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken first = p.nextToken();
      if (first == null) {
        throw new com.fasterxml.jackson.core.JsonParseException(p, "no JSON value (empty text)");
      }
      Object value = value(p, first);
      if (p.nextToken() != null) {
        throw new com.fasterxml.jackson.core.JsonParseException(p, "more text after the JSON value");
      }
      return value;
    } catch (JsonProcessingException e) {
      throw e;
    } catch (IOException e) {
      throw new IllegalStateException("reading a string cannot fail: " + e, e);
    }
  }

  private static Object value(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT: {
        Map<String, Object> map = new LinkedHashMap<>();
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
          String name = p.currentName();
          map.put(name, value(p, p.nextToken()));
        }
        return map;
      }
      case START_ARRAY: {
        List<Object> list = new ArrayList<>();
        for (JsonToken v = p.nextToken(); v != JsonToken.END_ARRAY; v = p.nextToken()) {
          list.add(value(p, v));
        }
        return list;
      }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getNumberValue();
      case VALUE_NUMBER_FLOAT:
        return p.getDoubleValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected " + t);
    }
  }

  /**
   * A string as it goes between the quotes of a JSON string: quote, backslash and control
   * characters escaped, everything else as it is.
   *
   * @param s the text
   * @return the escaped text, without quotes
   */
  public static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }

  /**
   * A member of an object, or null.
   *
   * @param value a value from {@link #read}
   * @param path member names, outermost first
   * @return the value at the path, or null where a step is missing or not an object
   */
  public static Object at(Object value, String... path) {
    Object v = value;
    for (String name : path) {
      if (!(v instanceof Map<?, ?> m)) {
        return null;
      }
      v = m.get(name);
    }
    return v;
  }

  /**
   * Text cut to one line for an error message: whitespace runs (line breaks included) become one
   * space, and more than {@code max} characters end in "...".
   *
   * @param text the text, or null
   * @param max the most characters kept
   * @return the line
   */
  public static String oneLine(String text, int max) {
    if (text == null) {
      return "";
    }
    String line = text.strip().replaceAll("\\s+", " ");
    return line.length() <= max ? line : line.substring(0, max) + "...";
  }

  /**
   * The first line of a JSON parser's message, without jackson's source excerpt.
   *
   * @param e the exception
   * @return e.g. {@code Unexpected character ('}' (code 125)) at line 1, column 20}
   */
  public static String problem(JsonProcessingException e) {
    String what = e.getOriginalMessage() == null ? "malformed JSON" : oneLine(e.getOriginalMessage(), 160);
    for (String tail : new String[] {": was expecting", " (start marker at"}) {
      int cut = what.indexOf(tail);
      if (cut > 0) {
        what = what.substring(0, cut);
      }
    }
    return e.getLocation() == null ? what
        : what + " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
  }
}
