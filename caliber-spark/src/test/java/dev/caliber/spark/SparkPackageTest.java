package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.caliber.api.Eval;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * caliber-spark runs on the class path, where caliber-core's module exports do not apply: it keeps
 * to what core's module descriptor exports to everyone, or to Spark by its module name, anyway, so
 * that the engine's one copy stays behind {@code QueryScoring}. The exports are read from the
 * compiled descriptor Spark is built against, not listed here.
 */
class SparkPackageTest {
  /** The name caliber-spark's manifest gives it, which a qualified export of core would name. */
  private static final String SPARK_MODULE = "dev.caliber.spark";

  /**
   * Classes Spark uses that core does not export to it, each with why. Each must still be used and
   * still be outside the exports: once core exports it to Spark, or Spark stops using it, it goes.
   */
  private static final Map<String, String> NOT_EXPORTED_TO_SPARK = Map.of(); // none today: core exports io.write to Spark

  private static final JavaClasses CLASSES = importSpark();

  private static JavaClasses importSpark() {
    // the test reads only the package of each class Spark's classes name, which needs none of
    // them read from the class path (Spark's jars: seconds)
    ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.caliber.spark");
  }

  /**
   * caliber-spark cannot have a module-info: Spark's jars carry no module name and the names the JDK
   * derives from their files are not legal ({@code spark.core.2.13}). Its API is therefore its one
   * package, named {@value #SPARK_MODULE} in the manifest; a second package would be API by accident.
   */
  @Test
  void sparkKeepsItsApiInOnePackage() {
    assertThat(CLASSES.stream().map(JavaClass::getPackageName).distinct().toList()).containsExactly(SPARK_MODULE);
  }

  @Test
  void sparkUsesOnlyWhatCoreExportsToIt() {
    // GIVEN what core's descriptor exports to everyone or to Spark
    Set<String> exported = exportedToSpark(coreDescriptor());
    // WHEN every dependency of Spark's main classes on another caliber package is looked at
    List<String> outside = new ArrayList<>();
    Set<String> excepted = new TreeSet<>();
    Set<String> checked = new TreeSet<>();
    for (JavaClass c : CLASSES) {
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        JavaClass target = d.getTargetClass().getBaseComponentType();
        String pkg = target.getPackageName();
        if (!pkg.startsWith("dev.caliber.") || pkg.equals("dev.caliber.spark")) {
          continue;
        }
        checked.add(pkg);
        if (NOT_EXPORTED_TO_SPARK.containsKey(target.getName())) {
          excepted.add(target.getName());
        } else if (!exported.contains(pkg)) {
          outside.add(d.getDescription());
        }
      }
    }
    // THEN it reaches nothing core keeps to itself or to other modules
    assertThat(checked).as("core packages Spark's main classes use").contains("dev.caliber.eval");
    assertThat(outside).as("Spark's uses of core packages not exported to it (exported: %s)", exported).isEmpty();
    // AND each exception is still one
    assertThat(excepted).as("exceptions Spark still uses").isEqualTo(NOT_EXPORTED_TO_SPARK.keySet());
    assertThat(NOT_EXPORTED_TO_SPARK.keySet().stream().map(c -> c.substring(0, c.lastIndexOf('.'))))
        .as("exceptions core now exports to Spark").noneMatch(exported::contains);
  }

  /** Packages exported unqualified, or qualified to Spark's module name. */
  private static Set<String> exportedToSpark(ModuleDescriptor core) {
    return core.exports().stream()
        .filter(e -> !e.isQualified() || e.targets().contains(SPARK_MODULE))
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** caliber-core's module descriptor, from the classes directory or jar Spark is built against. */
  private static ModuleDescriptor coreDescriptor() {
    try {
      Path core = Path.of(Eval.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      return ModuleFinder.of(core).find("dev.caliber.core")
          .orElseThrow(() -> new AssertionError("no module dev.caliber.core in " + core))
          .descriptor();
    } catch (URISyntaxException e) {
      throw new AssertionError(e);
    }
  }
}
