package dev.caliber.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.caliber.testkit.SeedFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The seed's six deliberate adapter mutants (run_mutation_checks.py), each killed by its own named
 * test in {@link ChunkAdapterSeedTest} with an assertion failure.
 *
 * <p>Like the seed's script, this test really applies each mutation: it replaces a unique anchor
 * in ChunkAdapter.java's source with the broken code, compiles the result into a temporary
 * folder, loads it (with the test classes) in a class loader of its own, runs the named test
 * method and requires an {@link AssertionError}. A compilation error, a missing class or any other
 * exception does not count as a kill, and neither does a mutant whose anchor is gone: if the
 * adapter's source changes, the anchors must be updated with it.
 *
 * <table>
 *   <caption>mutant, what it breaks, and the test that kills it</caption>
 *   <tr><td>sort_document_ids</td><td>documents sorted by ID instead of first occurrence</td>
 *       <td>documents_keep_first_occurrence_order_not_sorted_id_order</td></tr>
 *   <tr><td>truncate_input_before_validation</td><td>chunk rankings cut to two before validation</td>
 *       <td>an_unknown_chunk_after_any_cutoff_is_rejected</td></tr>
 *   <tr><td>allow_duplicate_chunk_id</td><td>the duplicate-chunk check never fires</td>
 *       <td>a_duplicate_chunk_after_any_cutoff_is_rejected</td></tr>
 *   <tr><td>ignore_unused_bad_mapping</td><td>mapping entries outside the corpus pass</td>
 *       <td>a_mapping_entry_outside_the_corpus_is_rejected_even_if_no_run_uses_it</td></tr>
 *   <tr><td>fabricate_missing_query</td><td>missing split queries filled in as empty lists</td>
 *       <td>a_missing_query_stays_missing_and_an_empty_one_stays_empty</td></tr>
 *   <tr><td>overwrite_first_occurrence</td><td>each chunk replaces its document's evidence</td>
 *       <td>non_adjacent_chunks_of_one_document_collapse_into_its_first_position</td></tr>
 * </table>
 */
class SeedMutantsTest {

  /** A seed mutant: the anchor in ChunkAdapter.java, what replaces it, and the killing test. */
  enum Mutant {
    SORT_DOCUMENT_IDS(
        "documentRankings.put(query, List.copyOf(byDocument.keySet()));",
        "documentRankings.put(query, byDocument.keySet().stream().sorted().toList());",
        "documents_keep_first_occurrence_order_not_sorted_id_order"),
    TRUNCATE_INPUT_BEFORE_VALIDATION(
        "    validate(corpus, queries, mapping, chunkRun, split);\n",
        "    Map<String, List<String>> cut = new LinkedHashMap<>();\n"
            + "    chunkRun.asMap().forEach((q, ranks) -> cut.put(q, ranks.subList(0, Math.min(2, ranks.size()))));\n"
            + "    chunkRun = Run.of(chunkRun.name(), cut, chunkRun.origin());\n"
            + "    validate(corpus, queries, mapping, chunkRun, split);\n",
        "an_unknown_chunk_after_any_cutoff_is_rejected"),
    ALLOW_DUPLICATE_CHUNK_ID(
        "        if (earlier != null) {",
        "        if (false) {",
        "a_duplicate_chunk_after_any_cutoff_is_rejected"),
    IGNORE_UNUSED_BAD_MAPPING(
        "      if (corpus != null && !corpus.contains(e.getValue())) {",
        "      if (false) {",
        "a_mapping_entry_outside_the_corpus_is_rejected_even_if_no_run_uses_it"),
    FABRICATE_MISSING_QUERY(
        "    validate(corpus, queries, mapping, chunkRun, split);\n    return collapse(mapping, chunkRun);",
        "    validate(corpus, queries, mapping, chunkRun, split);\n"
            + "    Map<String, List<String>> all = new LinkedHashMap<>(chunkRun.asMap());\n"
            + "    queries.inSplit(split).forEach(q -> all.putIfAbsent(q, List.of()));\n"
            + "    return collapse(mapping, Run.of(chunkRun.name(), all, chunkRun.origin()));",
        "a_missing_query_stays_missing_and_an_empty_one_stays_empty"),
    OVERWRITE_FIRST_OCCURRENCE(
        "byDocument.computeIfAbsent(mapping.documentOf(chunk), d -> new Collapsing(d, chunk, rank)).ranks.add(rank);",
        "Collapsing fresh = new Collapsing(mapping.documentOf(chunk), chunk, rank);\n"
            + "        byDocument.put(fresh.document, fresh);\n"
            + "        fresh.ranks.add(rank);",
        "non_adjacent_chunks_of_one_document_collapse_into_its_first_position");

    final String anchor;
    final String replacement;
    final String killingTest;

    Mutant(String anchor, String replacement, String killingTest) {
      this.anchor = anchor;
      this.replacement = replacement;
      this.killingTest = killingTest;
    }
  }

  @ParameterizedTest
  @EnumSource(Mutant.class)
  void each_seed_mutant_is_killed_by_its_named_test_with_an_assertion_failure(Mutant mutant, @TempDir Path tmp)
      throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assumeThat(javac).as("a JDK compiler (the build runs on a JDK)").isNotNull();
    // GIVEN the named test passes against the real adapter
    assertThat(run(mutant.killingTest, getClass().getClassLoader())).as("the unmutated test").isNull();
    // AND the adapter's source with the mutation applied at its unique anchor
    String source = Files.readString(adapterSource(), StandardCharsets.UTF_8);
    assertThat(occurrences(source, mutant.anchor)).as("occurrences of the anchor of " + mutant).isEqualTo(1);
    Path classes = compile(javac, source.replace(mutant.anchor, mutant.replacement), tmp);
    // WHEN the named test runs against the mutant
    try (URLClassLoader loader = new MutantLoader(new URL[] {
        classes.toUri().toURL(), location(ChunkAdapter.class), location(ChunkAdapterSeedTest.class)},
        getClass().getClassLoader())) {
      assertThat(loader.loadClass(ChunkAdapter.class.getName()).getProtectionDomain().getCodeSource().getLocation())
          .as("the adapter class under test comes from the mutant").isEqualTo(classes.toUri().toURL());
      Throwable failure = run(mutant.killingTest, loader);
      // THEN it fails by assertion, not by error
      assertThat(failure).as(mutant + " must fail " + mutant.killingTest).isInstanceOf(AssertionError.class);
    }
  }

  private static Path adapterSource() {
    return SeedFiles.root().resolve("caliber-core/src/main/java/dev/caliber/chunk/ChunkAdapter.java");
  }

  private static int occurrences(String text, String anchor) {
    int count = 0;
    for (int i = text.indexOf(anchor); i >= 0; i = text.indexOf(anchor, i + 1)) {
      count++;
    }
    return count;
  }

  private static Path compile(JavaCompiler javac, String mutatedSource, Path tmp) throws IOException, URISyntaxException {
    Path file = tmp.resolve("src/dev/caliber/chunk/ChunkAdapter.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, mutatedSource, StandardCharsets.UTF_8);
    Path classes = Files.createDirectories(tmp.resolve("classes"));
    StringWriter diagnostics = new StringWriter();
    String mainClasses = Path.of(location(ChunkAdapter.class).toURI()).toString();
    boolean compiled = javac.getTask(diagnostics, null, null,
        List.of("--release", "17", "-proc:none", "-nowarn", "-classpath", mainClasses, "-d", classes.toString()),
        null, javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(file.toFile()))
        .call();
    assertThat(compiled).as("the mutant compiles: " + diagnostics).isTrue();
    return classes;
  }

  private static URL location(Class<?> type) {
    return type.getProtectionDomain().getCodeSource().getLocation();
  }

  /** Runs one test method of ChunkAdapterSeedTest as loaded by {@code loader}; returns what it threw. */
  private static Throwable run(String testMethod, ClassLoader loader) throws ReflectiveOperationException {
    Class<?> testClass = Class.forName(ChunkAdapterSeedTest.class.getName(), true, loader);
    Constructor<?> constructor = testClass.getDeclaredConstructor();
    constructor.setAccessible(true);
    Method method = testClass.getDeclaredMethod(testMethod);
    method.setAccessible(true);
    try {
      method.invoke(constructor.newInstance());
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause();
    }
  }

  /**
   * Loads caliber's own classes (main and test) itself, the mutant's first, so that the test
   * class links against the mutant; everything else (JDK, JUnit, AssertJ) comes from the parent.
   */
  private static final class MutantLoader extends URLClassLoader {
    MutantLoader(URL[] urls, ClassLoader parent) {
      super(urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith("dev.caliber.")) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          c = findClass(name);
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }
  }
}
