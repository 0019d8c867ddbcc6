package dev.caliber.cli;

import dev.caliber.api.Retriever;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.protocol.Fingerprint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code caliber search} does the same way for every engine it reaches over HTTP: the shared
 * options ({@link RemoteOptions}), a configuration that names a template file ({@link
 * #templateKey()}) and optionally the field holding the document ID, the template read and checked
 * before any request, a retriever opened per configuration, and the sidecar written from what the
 * retriever read from the server when it was opened. A subclass says only how its engine's
 * template is read and its retriever opened, and which of its description's entries the sidecar
 * shows.
 */
abstract class RemoteEngine implements SearchEngine {
  /** The field holding the document ID, a configuration's second key. */
  static final String ID_FIELD = "id-field";

  /** The largest template file read: a template is one request, and a file named by mistake must not fill memory. */
  static final long MAX_TEMPLATE_BYTES = 1 << 20;

  /** The options shared with the other remote engine. */
  final RemoteOptions remote;

  RemoteEngine(RemoteOptions remote) {
    this.remote = remote;
  }

  /**
   * The configuration key naming the template file.
   *
   * @return such as {@code template}
   */
  abstract String templateKey();

  /**
   * What the template is, for messages.
   *
   * @return such as {@code _search request template}
   */
  abstract String templateWhat();

  /** The ID field when a configuration names none. */
  abstract String defaultIdField();

  /**
   * A template the engine's configuration takes, never sent: checking the URL and the index with it
   * tells their faults from the template file's.
   *
   * @return such as {@code {"query": {"match": {"f": "{{query_text}}"}}}}
   */
  abstract String probe();

  /**
   * Checks a template's text (and the URL and index), as the engine's configuration does.
   *
   * @throws IllegalArgumentException saying what is wrong with it
   */
  final void checkTemplate(String index, String text) {
    try {
      open(index, text, defaultIdField(), false);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // not reached: nothing is read without connecting
    }
  }

  /**
   * Makes the engine's configuration and, if {@code connect}, opens a retriever on the server.
   *
   * @return the retriever, or null when not connecting
   * @throws IllegalArgumentException if the configuration is not one, saying why
   * @throws IOException if the server cannot be reached or the index is not there (one line)
   */
  abstract Retriever open(String index, String text, String idField, boolean connect) throws IOException;

  /**
   * The description's entry naming what was searched.
   *
   * @return such as {@code index} or {@code core}
   */
  abstract String indexEntry();

  /**
   * What the sidecar says of the index beyond its name and document count, from the retriever's
   * description: {@code index.id} first.
   *
   * @param d the retriever's {@code describe()}
   * @param m where the keys go, in order
   */
  abstract void indexKeys(Map<String, Object> d, Map<String, String> m);

  /** What the sidecar says of the engine and the index, from the retriever's description, {@code engine} first. */
  private Map<String, String> sidecarOf(Map<String, Object> d) {
    Map<String, String> m = new LinkedHashMap<>();
    put(m, "engine", d.get("engine"));
    put(m, "engine.version", d.get("version"));
    put(m, "engine.lucene", d.get("lucene_version"));
    put(m, "engine.url", d.get("url"));
    put(m, "index", d.get(indexEntry()));
    put(m, "index.documents", d.get("docs_count"));
    indexKeys(d, m);
    return m;
  }

  @Override
  public String defaultConfig() {
    return null; // a template is always named: there is no query an engine over HTTP can assume
  }

  @Override
  public List<String> optionsGiven() {
    return remote.given();
  }

  @Override
  public List<String> options() {
    return List.of("--url", "--auth", "--max-concurrent", "--timeout", "--retries");
  }

  @Override
  public void checkOptions(String index) {
    remote.check(name());
    checkTemplate(index, probe()); // --url and --index, with a template that passes: their faults, not a template file's
  }

  @Override
  public void check(String index, Map<String, String> settings) {
    for (String key : settings.keySet()) {
      if (!key.equals(templateKey()) && !key.equals(ID_FIELD)) {
        throw new IllegalArgumentException("unknown key " + key + " for --engine " + name() + "; expected " + templateKey()
            + "=FILE (the " + templateWhat() + ") and " + ID_FIELD + "=FIELD");
      }
    }
    if (!settings.containsKey(templateKey())) {
      throw new IllegalArgumentException("no " + templateKey() + "=FILE; --engine " + name() + " needs the " + templateWhat()
          + " of each configuration, e.g. NAME:" + templateKey() + "=FILE");
    }
    if (settings.containsKey(ID_FIELD) && settings.get(ID_FIELD).isEmpty()) {
      throw new IllegalArgumentException(ID_FIELD + "= names no field; expected the field holding the document ID (default "
          + defaultIdField() + ")");
    }
    template(index, settings.get(templateKey()));
  }

  /** The template file's text, checked; a file that is not one is bad input, named with what is wrong. */
  private String template(String index, String file) {
    if (file.isEmpty()) {
      throw new IllegalArgumentException(templateKey() + "= names no file; expected the file holding the " + templateWhat());
    }
    String text;
    try {
      if (Files.isRegularFile(Path.of(file)) && Files.size(Path.of(file)) > MAX_TEMPLATE_BYTES) {
        throw new InputSyntaxException(Location.ofFile(file), "not a " + templateWhat(), "it is larger than 1 MiB;"
            + " expected one request's template");
      }
      // strictly: a byte that is not UTF-8 is refused, never replaced by U+FFFD and sent
      text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(Files.readAllBytes(Path.of(file)))).toString();
    } catch (CharacterCodingException e) {
      throw new InputSyntaxException(Location.ofFile(file), "not a " + templateWhat(), "it is not UTF-8 text");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      checkTemplate(index, text);
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      throw new InputSyntaxException(Location.ofFile(file), "not a " + templateWhat(), m.startsWith("illegal ")
          ? m.substring(m.indexOf(": ") + 2) : m);
    }
    return text;
  }

  @Override
  public Session open(String index) {
    return new Session() {
      @Override
      public Configured configure(Map<String, String> given) throws IOException {
        String file = given.get(templateKey());
        String text = template(index, file);
        String idField = given.getOrDefault(ID_FIELD, defaultIdField());
        Retriever r = RemoteEngine.this.open(index, text, idField, true);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put(templateKey() + ".sha256", Fingerprint.sha256Hex(text));
        settings.put(ID_FIELD, idField);
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put(templateKey(), file);
        return new Configured(r, settings, notes);
      }

      @Override
      public Map<String, String> sidecar() {
        return Map.of(); // the engine's keys come from each configuration's retriever (describe), read as it was opened
      }

      @Override
      public Map<String, String> describe(Retriever retriever) {
        return sidecarOf(retriever.describe());
      }

      @Override
      public int concurrency() {
        return remote.http().maxConcurrent();
      }

      @Override
      public void close() {
        // a retriever over HTTP holds no file and no connection beyond its requests
      }
    };
  }

  /** A description's value as the sidecar writes it: text, or absent ("" is never written for null). */
  static void put(Map<String, String> m, String key, Object value) {
    if (value != null) {
      m.put(key, String.valueOf(value));
    }
  }
}
