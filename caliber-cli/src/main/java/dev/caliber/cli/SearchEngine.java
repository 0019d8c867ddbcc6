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
   * @return such as {@code bm25}
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
   * Checks a configuration's settings before anything is read ({@code --config NAME:KEY=VALUE,...}).
   *
   * @param settings the keys and values given, in order
   * @throws IllegalArgumentException naming the unknown key or the bad value, and what is expected
   */
  void check(Map<String, String> settings);

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

    @Override
    void close() throws IOException;
  }

  /**
   * A configuration ready to search.
   *
   * @param retriever the retriever
   * @param settings every setting that decides it, in a fixed order (JSON data)
   */
  record Configured(Retriever retriever, Map<String, Object> settings) {}
}
