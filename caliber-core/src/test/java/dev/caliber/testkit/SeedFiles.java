package dev.caliber.testkit;

import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the seed's files are: the repository root (system property {@code caliber.root}, set by
 * the build) with the seed's fixture in {@code examples/helpcentre} and its reference outputs, the
 * conformance vectors, in {@code examples/helpcentre/expected}.
 */
public final class SeedFiles {
  private SeedFiles() {}

  /** The repository root. */
  public static Path root() {
    // Maven sets caliber.root to the directory it was started in; when that is a module, or when
    // the tests run outside Maven (an IDE), walk up to the directory that has examples/.
    String configured = System.getProperty("caliber.root");
    Path dir = (configured != null && !configured.isBlank() ? Path.of(configured) : Path.of("")).toAbsolutePath().normalize();
    for (Path d = dir; d != null; d = d.getParent()) {
      if (Files.isDirectory(d.resolve("examples/helpcentre"))) {
        return d;
      }
    }
    throw new IllegalStateException("cannot find the repository root (with examples/helpcentre) from " + dir
        + ": set -Dcaliber.root");
  }

  /** {@code data/<relative>}: the public evaluation data the repository carries. */
  public static Path data(String relative) {
    return root().resolve("data").resolve(relative);
  }

  /** {@code examples/helpcentre/<name>}. */
  public static Path example(String name) {
    return root().resolve("examples/helpcentre").resolve(name);
  }

  /** {@code examples/helpcentre/expected/<name>}: the seed's reference output. */
  public static Path conformance(String name) {
    return example("expected").resolve(name);
  }

  /** The bytes of a file. */
  public static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file's text as UTF-8. */
  public static String text(Path file) {
    return new String(bytes(file), StandardCharsets.UTF_8);
  }

  /** Parses a JSON file with caliber's reader, its name as the source. */
  public static JsonValue json(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return JsonReader.parse(file.toString(), in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses JSON text given in a test, with {@code source} as the file name in messages. */
  public static JsonValue json(String source, String text) {
    try {
      return JsonReader.parse(source, new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A parsed value as plain Java data, as Python's {@code json.loads} would give it: maps (equal
   * regardless of key order, like Python dicts), lists, strings, booleans, null, every integer as a
   * {@link BigInteger} and every other number as a {@link java.math.BigDecimal}.
   */
  public static Object plain(JsonValue v) {
    return switch (v.kind()) {
      case OBJECT -> {
        Map<String, Object> m = new LinkedHashMap<>();
        v.members().forEach((k, x) -> m.put(k, plain(x)));
        yield m;
      }
      case ARRAY -> {
        List<Object> l = new ArrayList<>();
        v.items().forEach(x -> l.add(plain(x)));
        yield l;
      }
      case STRING -> v.text();
      case INTEGER -> v.integer();
      case BOOLEAN -> Boolean.valueOf(v.describe().endsWith("true"));
      case NULL -> null;
      case FLOAT -> new java.math.BigDecimal(v.describe().substring("the number ".length()));
    };
  }
}
