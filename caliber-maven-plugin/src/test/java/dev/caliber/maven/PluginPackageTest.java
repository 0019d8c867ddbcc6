package dev.caliber.maven;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The goals are a translation of the POM into caliber's command line: of caliber they reach only
 * the command line's entry point and exit codes, and the library's one rule for a run's name (the
 * readable reports' file names). Every check, the gate and the reports stay the command's.
 */
class PluginPackageTest {
  @Test
  void the_goals_reach_caliber_only_through_its_command_line() {
    JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.caliber.maven");
    noClasses().that().resideInAPackage("dev.caliber.maven").should().dependOnClassesThat(
        com.tngtech.archunit.base.DescribedPredicate.describe("caliber classes other than Caliber, ExitCodes and RunFile",
            c -> c.getPackageName().startsWith("dev.caliber") && !c.getPackageName().equals("dev.caliber.maven")
                && !c.getName().equals("dev.caliber.cli.Caliber") && !c.getName().equals("dev.caliber.cli.ExitCodes")
                && !c.getName().equals("dev.caliber.api.RunFile")))
        .check(classes);
  }

  @Test
  void the_plugin_is_one_package_all_of_it_api() throws java.io.IOException {
    // No module-info (Maven runs plugins on the class path): the jar exports what it holds, so it
    // holds only dev.caliber.maven, whose classes are the goals and their parameter types.
    java.nio.file.Path classes = java.nio.file.Path.of("target", "classes");
    java.util.List<String> packages;
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(classes)) {
      packages = files.filter(f -> f.toString().endsWith(".class"))
          .map(f -> classes.relativize(f.getParent()).toString().replace(java.io.File.separatorChar, '.')).distinct().toList();
    }
    org.assertj.core.api.Assertions.assertThat(packages).containsExactly("dev.caliber.maven");
  }
}
