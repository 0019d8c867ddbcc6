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
}
