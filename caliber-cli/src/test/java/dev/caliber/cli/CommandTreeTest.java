package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The root command builds only the subcommand asked for, and all of them otherwise. */
class CommandTreeTest {
  @Test
  void should_build_only_the_subcommand_the_arguments_start_with() {
    assertThat(Caliber.commandLine(new String[] {"evaluate", "--run", "x"}).getSubcommands()).containsOnlyKeys("evaluate");
    assertThat(Caliber.commandLine(new String[] {"measures"}).getSubcommands()).containsOnlyKeys("measures");
  }

  @Test
  void should_build_every_subcommand_in_help_order_for_anything_else() {
    for (String[] args : new String[][] {{}, {"--help"}, {"help", "evaluate"}, {"bogus"}, {"Evaluate"}}) {
      assertThat(Caliber.commandLine(args).getSubcommands().keySet()).as(String.join(" ", args))
          .containsExactly("evaluate", "merge", "compare", "diff", "pool", "gate", "fuse", "adapt", "index", "search", "fingerprint", "measures", "trec_eval", "protocol", "history", "qrels", "help");
    }
  }
}
