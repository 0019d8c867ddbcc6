package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Help and version go to standard output with exit 0; they read no file. */
class HelpAndVersionTest {

  @ParameterizedTest(name = "caliber {0}")
  @ValueSource(strings = {"--help", "-h", "help"})
  void should_print_the_top_usage_with_every_command_and_exit_code(String flag) {
    CliResult result = Cli.run(flag);
    assertThatRun(result).succeeded();
    assertThat(result.stdout())
        .startsWith("Usage: caliber [-hV] [COMMAND]\n")
        .contains("Offline retrieval evaluation under a fixed, fingerprinted protocol.")
        .contains("\n  evaluate ", "\n  adapt ", "\n  index ", "\n  search ", "\n  fingerprint ")
        .contains("Exit codes:\n  0   success\n  1   internal error (a bug in caliber)\n  2   usage error\n"
            + "  3   invalid input (malformed file or protocol violation); nothing written\n"
            + "  4   I/O error (a file or a search engine failed); nothing written\n");
  }

  @ParameterizedTest(name = "caliber {0} --help")
  @ValueSource(strings = {"evaluate", "adapt", "fingerprint"})
  void should_print_each_subcommand_s_usage(String command) {
    CliResult result = Cli.run(command, "--help");
    assertThatRun(result).succeeded();
    assertThat(result.stdout()).startsWith("Usage: caliber " + command + " [-h").contains("--protocol=FILE", "-o, --output=FILE");
  }

  @Test
  void should_describe_evaluate_s_options() {
    CliResult result = Cli.run("evaluate", "--help");
    assertThat(result.stdout()).contains("--run=[NAME=]FILE", "--split=NAME", "--k=N", "--corpus=FILE", "--queries=FILE", "--qrels=FILE");
  }

  @Test
  void should_describe_adapt_s_options() {
    CliResult result = Cli.run("adapt", "--help");
    assertThat(result.stdout()).contains("--mapping=FILE", "--run=FILE", "--emit=WHAT");
  }

  @Test
  void should_describe_fingerprint_s_options() {
    CliResult result = Cli.run("fingerprint", "--help");
    assertThat(result.stdout()).contains("--canonical");
  }

  @Test
  void should_print_the_same_help_for_help_command_and_help_option() {
    assertThat(Cli.run("help", "evaluate").stdout()).isEqualTo(Cli.run("evaluate", "--help").stdout());
  }

  @Test
  void should_answer_help_even_when_other_options_are_missing() {
    // --run and --protocol are required, but --help wins
    assertThatRun(Cli.run("evaluate", "--help")).succeeded();
  }

  @ParameterizedTest(name = "caliber {0}")
  @ValueSource(strings = {"--version", "-V"})
  void should_print_one_version_line(String flag) {
    CliResult result = Cli.run(flag);
    assertThatRun(result).succeeded();
    // the build's version, as the build wrote it (surefire passes the same project.version)
    assertThat(result.stdout()).isEqualTo("caliber " + System.getProperty("caliber.version") + "\n")
        .doesNotContain("development").matches("caliber [0-9]+\\.[0-9]+\\.[0-9]+(-SNAPSHOT)?\n");
  }

  @Test
  void should_print_the_version_from_a_subcommand_too() {
    assertThatRun(Cli.run("evaluate", "--version")).succeeded().printed("caliber " + System.getProperty("caliber.version") + "\n");
  }
}
