package dev.caliber.architecture;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The main classes of every caliber module, read from each module's build output
 * ({@code MODULE/target/classes} under the repository root), tests left out. caliber-cli's POM has
 * every other module compiled before its tests run; caliber-spark is compiled, and read, only with
 * {@code -Pspark}, which also sets {@code caliber.spark.built}. Read once for all the package
 * tests.
 */
final class ModuleClasses {
  private ModuleClasses() {}

  /** caliber-spark, which only {@code -Pspark} builds. */
  static final String SPARK = "caliber-spark";

  /** Each module and one package it holds, in the order of docs/ARCHITECTURE.md's picture. */
  static final Map<String, String> MODULES = modules();

  private static JavaClasses classes;

  private static Map<String, String> modules() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("caliber-core", "dev.caliber.eval");
    m.put("caliber-compare", "dev.caliber.compare.stats");
    m.put("caliber-history", "dev.caliber.history");
    m.put("caliber-lucene", "dev.caliber.lucene");
    m.put("caliber-remote", "dev.caliber.remote");
    m.put(SPARK, "dev.caliber.spark");
    m.put("caliber-cli", "dev.caliber.cli");
    m.put("caliber-assertj", "dev.caliber.assertj");
    m.put("caliber-examples", "dev.caliber.examples");
    return m;
  }

  /** The repository root: the build's {@code caliber.root}, else this module's parent. */
  static Path root() {
    return Path.of(System.getProperty("caliber.root", "..")).toAbsolutePath().normalize();
  }

  /** Whether this build compiled caliber-spark (-Pspark), so that its classes are current. */
  static boolean sparkBuilt() {
    return Boolean.getBoolean("caliber.spark.built");
  }

  /** The modules whose classes are read: all but caliber-spark when this build did not compile it. */
  static List<String> read() {
    return MODULES.keySet().stream().filter(m -> !m.equals(SPARK) || sparkBuilt()).toList();
  }

  /** Where a module's main classes are. */
  static Path classesOf(String module) {
    return root().resolve(module).resolve("target/classes");
  }

  /**
   * The main classes of every module {@link #read}, module descriptors left out.
   *
   * @throws AssertionError if a module that should be read has no compiled classes
   */
  static synchronized JavaClasses all() {
    if (classes == null) {
      List<Path> paths = new ArrayList<>();
      for (String module : read()) {
        Path dir = classesOf(module);
        if (!Files.isDirectory(dir.resolve("dev/caliber"))) {
          throw new AssertionError(module + " has no compiled classes at " + dir
              + ": build it before caliber-cli's tests (mvn test does; caliber-cli's POM orders it)");
        }
        paths.add(dir);
      }
      // every caliber class is read from its module's directory: the JDK's and libraries' classes
      // it names need not be read too (seconds, and nothing the package tests look at)
      ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
      classes = new ClassFileImporter()
          .withImportOption(location -> !location.contains("module-info"))
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPaths(paths);
    }
    return classes;
  }
}
