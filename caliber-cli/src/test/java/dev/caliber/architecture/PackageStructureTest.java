package dev.caliber.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The packages of every module form a DAG: no package depends, directly or through others, on a
 * package that depends on it. Read from the compiled classes of caliber-core, caliber-compare and
 * caliber-cli (this module sees all three), tests left out.
 */
class PackageStructureTest {
  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.caliber");

  @Test
  void packages_are_free_of_cycles() {
    // each package is its own slice: dev.caliber.io and dev.caliber.io.text are two
    slices().matching("dev.caliber.(**)").should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  void the_test_reads_every_module() {
    org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("dev.caliber.eval")).isTrue();
    org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("dev.caliber.compare.stats")).isTrue();
    org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("dev.caliber.cli")).isTrue();
    org.assertj.core.api.Assertions.assertThat(CLASSES.containPackage("dev.caliber.history")).isTrue();
  }
}
