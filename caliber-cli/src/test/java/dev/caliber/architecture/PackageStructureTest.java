package dev.caliber.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The packages of every module form a DAG: no package depends, directly or through others, on a
 * package that depends on it. Read from the compiled main classes of every module ({@link
 * ModuleClasses}): core, compare, history, remote, cli, assertj, examples, and spark when the build made it.
 */
class PackageStructureTest {

  @Test
  void packages_are_free_of_cycles() {
    // each package is its own slice: dev.caliber.io and dev.caliber.io.text are two
    slices().matching("dev.caliber.(**)").should().beFreeOfCycles().check(ModuleClasses.all());
  }

  @Test
  void the_test_reads_every_module() {
    for (String module : ModuleClasses.read()) {
      assertThat(ModuleClasses.all().containPackage(ModuleClasses.MODULES.get(module)))
          .as("%s's classes (%s) are read", module, ModuleClasses.classesOf(module)).isTrue();
    }
    assertThat(ModuleClasses.read()).as("the modules read")
        .containsAll(ModuleClasses.MODULES.keySet().stream().filter(m -> !m.equals(ModuleClasses.SPARK)).toList());
  }

  @Test
  void caliber_spark_is_read_when_the_build_made_it() {
    // a skipped test, not a silent pass, says that the checks above did not cover caliber-spark
    Assumptions.assumeTrue(ModuleClasses.sparkBuilt(),
        "caliber-spark was not built (-Pspark), so its classes are neither read nor checked");
    assertThat(ModuleClasses.read()).contains(ModuleClasses.SPARK);
    assertThat(ModuleClasses.all().containPackage("dev.caliber.spark")).isTrue();
  }
}
