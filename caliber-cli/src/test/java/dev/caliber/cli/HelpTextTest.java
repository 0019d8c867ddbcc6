package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Every command's help as a user reads it: the options in sections (inputs, policy, measures,
 * comparison, output, help) in the same order, each option in the same place in every command,
 * paragraphs that wrap where the terminal does (no line break in the middle of a sentence), and
 * no "seed" without a line saying what it is.
 */
class HelpTextTest {
  private static final List<String> SECTION_ORDER = Arrays.stream(HelpSections.Section.values()).map(s -> s.heading + ":").toList();
  private static final Pattern OPTION = Pattern.compile("^  (?:-\\w, |    )(--[A-Za-z0-9_-]+)", Pattern.MULTILINE);

  /** Every command but help: whatever the root command lists, so that a new one is checked too. */
  static Stream<String> commands() {
    return Caliber.commandLine(new String[0]).getSubcommands().keySet().stream().filter(c -> !c.equals("help"));
  }

  private static String help(String command) {
    CliResult result = Cli.run(command, "--help");
    assertThatRun(result).succeeded();
    return result.stdout();
  }

  /** The section headings in the order the help prints them. */
  private static List<String> headings(String help) {
    return help.lines().filter(SECTION_ORDER::contains).toList();
  }

  /** The options' long names in the order the help lists them. */
  private static List<String> options(String help) {
    List<String> out = new ArrayList<>();
    Matcher m = OPTION.matcher(help);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  @ParameterizedTest(name = "caliber {0} --help")
  @MethodSource("commands")
  void should_list_the_sections_in_the_one_order(String command) {
    List<String> headings = headings(help(command));
    assertThat(headings).isNotEmpty().isSubsetOf(SECTION_ORDER);
    assertThat(headings).isSortedAccordingTo((a, b) -> SECTION_ORDER.indexOf(a) - SECTION_ORDER.indexOf(b)).doesNotHaveDuplicates();
  }

  @Test
  void should_check_every_command_the_root_lists() {
    assertThat(commands()).contains("evaluate", "compare", "adapt", "fingerprint", "measures");
  }

  @Test
  void should_give_evaluate_and_compare_inputs_policy_measures_and_output_sections() {
    assertThat(headings(help("evaluate"))).containsExactly("Inputs:", "Policy:", "Measures:", "Output:", "Help:");
    assertThat(headings(help("compare"))).containsExactly("Inputs:", "Policy:", "Measures:", "Comparison:", "Output:", "Help:");
    assertThat(headings(help("fingerprint"))).containsExactly("Inputs:", "Policy:", "Measures:", "Output:", "Help:");
  }

  /** Each section's options, by heading: the option lines between a heading and the next blank line. */
  private static java.util.Map<String, List<String>> sections(String help) {
    java.util.Map<String, List<String>> out = new java.util.LinkedHashMap<>();
    List<String> current = null;
    for (String line : help.split("\n", -1)) {
      if (SECTION_ORDER.contains(line)) {
        current = new ArrayList<>();
        out.put(line.substring(0, line.length() - 1), current);
      } else if (line.isEmpty()) {
        current = null;
      } else if (current != null) {
        Matcher m = OPTION.matcher(line);
        if (m.find()) {
          current.add(m.group(1));
        }
      }
    }
    return out;
  }

  @ParameterizedTest(name = "caliber {0} --help")
  @MethodSource("commands")
  void should_list_every_option_once_under_its_section(String command) {
    // GIVEN the command's options as picocli knows them
    CommandLine cl = Caliber.commandLine(new String[] {command}).getSubcommands().get(command);
    // WHEN
    java.util.Map<String, List<String>> sections = sections(help(command));
    // THEN each is printed once, in the section the table gives it
    List<String> printed = sections.values().stream().flatMap(List::stream).toList();
    for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
      assertThat(HelpSections.SECTIONS).as("%s %s: its section in HelpSections' table", command, o.longestName())
          .containsKey(o.longestName());
      assertThat(sections.get(HelpSections.of(o).heading)).as("%s: section %s", command, HelpSections.of(o).heading)
          .contains(o.longestName());
    }
    assertThat(printed).doesNotHaveDuplicates().hasSize(cl.getCommandSpec().options().size());
  }

  @Test
  void should_list_shared_options_in_the_same_order_in_every_command() {
    List<List<String>> all = commands().map(c -> options(help(c))).toList();
    for (List<String> a : all) {
      for (List<String> b : all) {
        List<String> common = a.stream().filter(b::contains).toList();
        assertThat(b.stream().filter(a::contains).toList()).isEqualTo(common);
      }
    }
    // the table's order, not the order of the fields that declare the options
    assertThat(options(help("evaluate"))).containsSubsequence("--protocol", "--run", "--preset", "--depth", "--measure",
        "--format", "--quiet", "--output", "--help");
  }

  @ParameterizedTest(name = "caliber {0} --help")
  @MethodSource("commands")
  void should_break_lines_only_between_paragraphs(String command) {
    // GIVEN the texts picocli wraps: each element is a paragraph, printed on lines of its own
    CommandLine.Model.CommandSpec spec = Caliber.commandLine(new String[] {command}).getSubcommands().get(command).getCommandSpec();
    List<String> paragraphs = new ArrayList<>(Arrays.asList(spec.usageMessage().description()));
    spec.options().forEach(o -> paragraphs.addAll(Arrays.asList(o.description())));
    // THEN every paragraph ends a sentence
    assertThat(paragraphs).allSatisfy(p -> assertThat(p.strip()).as("%s: %s", command, p).matches("(?s).*[.)]$"));
  }

  @ParameterizedTest(name = "caliber {0} --help")
  @MethodSource("commands")
  void should_say_what_the_seed_is_wherever_help_names_it(String command) {
    String help = help(command);
    // the random seed of compare's statistics is another word
    String jargon = help.replaceAll("--seed=N[^\\n]*\\n(\\s{20,}[^\\n]*\\n)*", "");
    String flat = help.replaceAll("\\s+", " ");
    if (jargon.toLowerCase(java.util.Locale.ROOT).contains("seed")) {
      assertThat(flat).contains(HelpSections.SEED);
    }
  }

  @Test
  void should_say_what_the_seed_is_in_evaluate_s_help() {
    assertThat(help("evaluate").replaceAll("\\s+", " ")).contains(HelpSections.SEED);
  }

  @Test
  void should_describe_the_presets_and_the_default_measures_in_evaluate_s_help() {
    String flat = help("evaluate").replaceAll("\\s+", " ");
    assertThat(flat).contains("--preset=NAME", "strict (the seed's protocol", "trec_eval (= trec_eval -c",
        "num_ret, num_rel, num_rel_ret, map, gm_map, Rprec, bpref, recip_rank, iprec_at_recall (11 levels), P@5,");
  }
}
