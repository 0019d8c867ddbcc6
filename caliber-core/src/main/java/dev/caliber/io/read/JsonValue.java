package dev.caliber.io.read;

import dev.caliber.error.Location;
import java.math.BigInteger;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed JSON value that remembers where it stood: file, line, column and JSON path. Objects
 * keep member order. Integers and floats stay apart, so that {@code 1} and {@code 1.0} and
 * {@code true} are three different things, as the protocol requires of labels and k.
 */
public final class JsonValue {
  /** The JSON type, with integers and non-integers told apart. */
  public enum Kind {
    /** {@code {...}} */
    OBJECT,
    /** {@code [...]} */
    ARRAY,
    /** {@code "..."} */
    STRING,
    /** a number without fraction or exponent */
    INTEGER,
    /** a number with a fraction or exponent */
    FLOAT,
    /** {@code true} or {@code false} */
    BOOLEAN,
    /** {@code null} */
    NULL
  }

  private final Kind kind;
  private final Location location;
  private final Object value;

  JsonValue(Kind kind, Location location, Object value) {
    this.kind = kind;
    this.location = location;
    this.value = value;
  }

  /** The JSON type. */
  public Kind kind() {
    return kind;
  }

  /** Where the value starts, with its JSON path. */
  public Location location() {
    return location;
  }

  /** True for a JSON object. */
  public boolean isObject() {
    return kind == Kind.OBJECT;
  }

  /** True for a JSON array. */
  public boolean isArray() {
    return kind == Kind.ARRAY;
  }

  /** True for a JSON string. */
  public boolean isString() {
    return kind == Kind.STRING;
  }

  /** Members of an object in order. */
  @SuppressWarnings("unchecked")
  public Map<String, JsonValue> members() {
    requireKind(Kind.OBJECT);
    return Collections.unmodifiableMap((LinkedHashMap<String, JsonValue>) value);
  }

  /** Items of an array in order. */
  @SuppressWarnings("unchecked")
  public List<JsonValue> items() {
    requireKind(Kind.ARRAY);
    return Collections.unmodifiableList((List<JsonValue>) value);
  }

  /** The text of a string. */
  public String text() {
    requireKind(Kind.STRING);
    return (String) value;
  }

  /** The value of a boolean. */
  public boolean bool() {
    requireKind(Kind.BOOLEAN);
    return (Boolean) value;
  }

  /** The value of an integer. */
  public BigInteger integer() {
    requireKind(Kind.INTEGER);
    return (BigInteger) value;
  }

  /** The text of a number as written (integer or float). */
  public String numberText() {
    if (kind != Kind.INTEGER && kind != Kind.FLOAT) {
      throw new IllegalStateException("a " + describe() + " is not a number");
    }
    return value.toString();
  }

  private void requireKind(Kind expected) {
    if (kind != expected) {
      throw new IllegalStateException("expected " + expected + ", got " + describe());
    }
  }

  /** A short description for error messages: {@code a string "d3"}, {@code the integer 2}. */
  public String describe() {
    return switch (kind) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case STRING -> "the string " + dev.caliber.json.PyJson.canonical(value);
      case INTEGER -> "the integer " + value;
      case FLOAT -> "the number " + value;
      case BOOLEAN -> "the boolean " + value;
      case NULL -> "null";
    };
  }

  /** Follows keys (strings) and indexes (integers); null when the path does not exist. */
  public JsonValue at(Object... path) {
    JsonValue v = this;
    for (Object step : path) {
      if (v == null) {
        return null;
      }
      if (step instanceof String key && v.kind == Kind.OBJECT) {
        v = v.members().get(key);
      } else if (step instanceof Integer index && v.kind == Kind.ARRAY) {
        v = index >= 0 && index < v.items().size() ? v.items().get(index) : null;
      } else {
        return null;
      }
    }
    return v;
  }
}
