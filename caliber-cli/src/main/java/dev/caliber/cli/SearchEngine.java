package dev.caliber.cli;

import dev.caliber.api.Retriever;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One search engine as {@code caliber search} reaches it ({@code --engine NAME}): what a named
 * configuration may set, how the engine is opened, and what a run's sidecar says of it. {@link
 * SearchCommand} does the rest the same way for every engine (topics, configurations, progress,
 * runs and sidecars written all or none), so adding an engine is adding one class, a picocli
 * mixin that holds the engine's own options (a URL, credentials), and one {@code @Mixin} field in
 * {@link SearchCommand} listed by its {@code engines()}.
 */
interface SearchEngine {
  /**
   * The engine's name, as {@code --engine} takes it and the sidecar's {@code engine} says it.
   *
   * @return such as {@code lucene}
   */
  String name();

  /**
   * The name of the configuration searched when no {@code --config} is given.
   *
   * @return such as {@code bm25}; null when a configuration must be given (an engine over HTTP needs
   *     a template)
   */
  String defaultConfig();

  /**
   * Whether {@code --index} names what is searched (a directory, an index's name) and must be
   * given.
   *
   * @return true unless the engine finds its documents otherwise
   */
  default boolean needsIndex() {
    return true;
  }

  /**
   * The engine's own options that were given (by their names), which another {@code --engine}
   * refuses.
   *
   * @return the names, empty when none was given (or the engine has none)
   */
  default List<String> optionsGiven() {
    return List.of();
  }

  /**
   * The names of every option of the engine's own, given or not; an option another engine also
   * has ({@code --url}) is not refused when that engine is chosen.
   *
   * @return the names, empty when the engine has none
   */
  default List<String> options() {
    return List.of();
  }

  /**
   * Checks the engine's own options (a class to load, a URL) and the index's name before any
   * configuration.
   *
   * @param index the {@code --index} given, or null
   * @throws IllegalArgumentException naming the option, the bad value and what is expected
   */
  default void checkOptions(String index) {}

  /**
   * Checks a configuration's settings before anything is read ({@code --config NAME:KEY=VALUE,...}).
   *
   * @param index the {@code --index} given, or null
   * @param settings the keys and values given, in order
   * @throws IllegalArgumentException naming the unknown key or the bad value, and what is expected
   */
  void check(String index, Map<String, String> settings);

  /**
   * Opens the engine on {@code index} (a directory, an index's name).
   *
   * @param index the {@code --index} given
   * @return the open engine; the caller closes it
   * @throws IOException if it cannot be reached or read
   */
  Session open(String index) throws IOException;

  /** The engine, open. */
  interface Session extends AutoCloseable {
    /**
     * A configuration's retriever and its settings in full (defaults filled in), which the sidecar
     * records and {@code config.sha256} fingerprints.
     *
     * @param settings the keys and values given, already {@link #check checked}
     * @return the retriever and its settings
     * @throws IOException if the retriever cannot be made
     */
    Configured configure(Map<String, String> settings) throws IOException;

    /**
     * What a run's sidecar says of the engine and its index: {@code engine}, {@code
     * engine.version}, {@code index}, {@code index.documents}, {@code index.id} and whatever else
     * identifies them (docs/FORMATS.md, "Search runs").
     *
     * @return keys to text values, in order
     */
    Map<String, String> sidecar();

    /**
     * What a run's sidecar says of one configuration's retriever beyond its fingerprint ({@code
     * retriever.sha256}): nothing, unless the engine's other keys do not say what it is.
     *
     * @param retriever the configuration's retriever
     * @return keys to text values, in order
     */
    default Map<String, String> describe(Retriever retriever) {
      return Map.of();
    }

    /**
     * How many queries may be in flight at once: 1 unless the engine's retrievers may be searched
     * from several threads and it is told how many (a server's {@code --max-concurrent}).
     *
     * @return at least 1
     */
    default int concurrency() {
      return 1;
    }

    @Override
    void close() throws IOException;
  }

  /**
   * A configuration ready to search.
   *
   * @param retriever the retriever
   * @param settings every setting that decides it, in a fixed order (JSON data), which {@code
   *     config.sha256} fingerprints
   * @param notes what the sidecar also records of the configuration but does not fingerprint, since
   *     it decides nothing (the template file's name, whose content {@code settings} hashes)
   */
  record Configured(Retriever retriever, Map<String, Object> settings, Map<String, String> notes) {
    /**
     * A configuration without notes.
     *
     * @param retriever the retriever
     * @param settings every setting that decides it
     */
    Configured(Retriever retriever, Map<String, Object> settings) {
      this(retriever, settings, Map.of());
    }
  }
}
