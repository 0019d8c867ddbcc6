package dev.caliber.spark;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * caliber-spark runs on the class path, where caliber-core's module exports do not apply: it keeps
 * to core's exported API anyway (no engine, reader internals, byte-level input, hash indexes or JSON
 * writer), so that the engine's one copy stays behind {@code QueryScoring}.
 */
class SparkPackageTest {
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.caliber.spark");

  @Test
  void sparkUsesOnlyCoresExportedPackages() {
    noClasses().that().resideInAPackage("dev.caliber.spark..")
        .should().dependOnClassesThat().resideInAnyPackage("dev.caliber.engine..", "dev.caliber.io.read..", "dev.caliber.io.text..",
            "dev.caliber.internal..", "dev.caliber.json..", "dev.caliber.cli..")
        .check(CLASSES);
  }
}
