package dev.caliber.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The help's option list in sections, the same sections in the same order for every command:
 * inputs, fusion, policy, measures, comparison, output, help. Each option's section is in one table
 * ({@link #SECTIONS}), by its long name, in one order, so that an option shared by several
 * commands (a mixin's) is in the same section and the same place everywhere.
 */
final class HelpSections {
  private HelpSections() {}

  /** The sections, in the order every command's help lists them. */
  enum Section {
    INPUTS("Inputs"), ENGINE("Engine"), FUSION("Fusion"), POLICY("Policy"), MEASURES("Measures"), COMPARISON("Comparison"), RULES("Gate rules"),
    OUTPUT("Output"),
    /** Options missing from {@link #SECTIONS}: a test keeps this section empty in every command. */
    OTHER("Other"),
    HELP("Help");

    final String heading;

    Section(String heading) {
      this.heading = heading;
    }
  }

  /**
   * What "seed" means, said in the help of every command that uses the word (its protocol
   * options do): a footer line.
   */
  static final String SEED = "The seed protocol is caliber's original design, kept as its strict default: JSON files with a "
      + "corpus, queries with splits, exhaustive binary judgments (qrels) and a cutoff k; its report gives Recall@k and "
      + "RR@k per query and their exact means (docs/FORMATS.md).";

  /**
   * Every option's section, by its longest name, in the one order every command's help lists
   * them in (whatever the order of the fields that declare them).
   */
  static final Map<String, Section> SECTIONS = table(
      "--protocol", Section.INPUTS,
      "--beir", Section.INPUTS,
      "--corpus", Section.INPUTS,
      "--queries", Section.INPUTS,
      "--qrels", Section.INPUTS,
      "--qrels-format", Section.INPUTS,
      "--label-sources", Section.INPUTS,
      "--label-sources-a", Section.INPUTS,
      "--label-sources-b", Section.INPUTS,
      "--split", Section.INPUTS,
      "--k", Section.INPUTS,
      "--query-set", Section.INPUTS,
      "--lock", Section.INPUTS,
      "--groups", Section.INPUTS,
      "--mapping", Section.INPUTS,
      "--labels", Section.INPUTS,
      "--qrels-source", Section.INPUTS,
      "--labels-source", Section.INPUTS,
      "--run", Section.INPUTS,
      "--run-format", Section.INPUTS,
      "--ignore-extra-columns", Section.INPUTS,
      "--threads", Section.INPUTS,
      "--no-streaming", Section.INPUTS,
      "--max-line-bytes", Section.INPUTS,
      "--max-query-bytes", Section.INPUTS,
      "--max-input-bytes", Section.INPUTS,
      "--Rel_info_format", Section.INPUTS, // trec_eval's own long names (caliber trec_eval)
      "--Results_format", Section.INPUTS,
      "--params", Section.INPUTS,
      "--other-runs", Section.INPUTS,
      "--history", Section.INPUTS,
      "--no-history", Section.INPUTS,
      "--meta", Section.INPUTS,
      "--test-split", Section.INPUTS,
      "--max-test-looks", Section.INPUTS,
      "--fingerprint", Section.INPUTS,
      "--run-name", Section.INPUTS,
      "--since", Section.INPUTS,
      "--until", Section.INPUTS,
      "--topics", Section.INPUTS,
      "--topic-field", Section.INPUTS,
      "--engine", Section.ENGINE,
      "--index", Section.ENGINE,
      "--retriever-class", Section.ENGINE,
      "--class-path", Section.ENGINE,
      "--url", Section.ENGINE,
      "--auth", Section.ENGINE,
      "--max-concurrent", Section.ENGINE,
      "--timeout", Section.ENGINE,
      "--retries", Section.ENGINE,
      "--analyzer", Section.ENGINE,
      "--k1", Section.ENGINE,
      "--b", Section.ENGINE,
      "--config", Section.ENGINE,
      "--method", Section.FUSION,
      "--rrf-k", Section.FUSION,
      "--weights", Section.FUSION,
      "--norm", Section.FUSION,
      "--tune", Section.FUSION,
      "--grid", Section.FUSION,
      "--preset", Section.POLICY,
      "--compat", Section.POLICY,
      "--judgments", Section.POLICY,
      "--relevance-threshold", Section.POLICY,
      "--gain", Section.POLICY,
      "--ordering", Section.POLICY,
      "--strategy", Section.POLICY,
      "--persistence", Section.POLICY,
      "--no-relevant", Section.POLICY,
      "--unknown-queries", Section.POLICY,
      "--depth", Section.POLICY,
      "--error", Section.POLICY,
      "--complete_rel_info_wanted", Section.POLICY,
      "--level_for_rel", Section.POLICY,
      "--Max_retrieved_per_topic", Section.POLICY,
      "--Judged_docs_only", Section.POLICY,
      "--Number_docs_in_coll", Section.POLICY,
      "--measure", Section.MEASURES,
      "--rbo-p", Section.MEASURES,
      "--ann", Section.MEASURES,
      "--Zscore", Section.MEASURES,
      "--baseline", Section.COMPARISON,
      "--baseline-entry", Section.COMPARISON,
      "--baseline-file", Section.COMPARISON,
      "--all-pairs", Section.COMPARISON,
      "--tukey", Section.COMPARISON,
      "--seed", Section.COMPARISON,
      "--resamples", Section.COMPARISON,
      "--permutations", Section.COMPARISON,
      "--confidence", Section.COMPARISON,
      "--no-significant-loss", Section.RULES,
      "--alpha", Section.RULES,
      "--tolerance", Section.RULES,
      "--max-query-loss", Section.RULES,
      "--min-judged", Section.RULES,
      "--format", Section.OUTPUT,
      "--per-query", Section.OUTPUT,
      "--limit", Section.OUTPUT,
      "--exact", Section.OUTPUT,
      "--facets", Section.OUTPUT,
      "--bounds", Section.OUTPUT,
      "--raw-csv", Section.OUTPUT,
      "--emit", Section.OUTPUT,
      "--canonical", Section.OUTPUT,
      "--quiet", Section.OUTPUT,
      "--name", Section.OUTPUT,
      "--save-params", Section.OUTPUT,
      "--force", Section.OUTPUT,
      "--output", Section.OUTPUT,
      "--shard", Section.OUTPUT,
      "--shard-queries", Section.OUTPUT,
      "--junit", Section.OUTPUT,
      "--markdown", Section.OUTPUT,
      "--json", Section.OUTPUT,
      "--query_eval_wanted", Section.OUTPUT,
      "--nosummary", Section.OUTPUT,
      "--Output_old_results_format", Section.OUTPUT,
      "--Debug_level", Section.OUTPUT,
      "--help", Section.HELP,
      "--version", Section.HELP);

  private static Map<String, Section> table(Object... nameThenSection) {
    Map<String, Section> m = new LinkedHashMap<>();
    for (int i = 0; i < nameThenSection.length; i += 2) {
      m.put((String) nameThenSection[i], (Section) nameThenSection[i + 1]);
    }
    return java.util.Collections.unmodifiableMap(m);
  }

  /** The options' places in {@link #SECTIONS}. */
  private static final List<String> ORDER = List.copyOf(SECTIONS.keySet());

  /** Lists the options of {@code cl} and of each of its subcommands in sections. */
  static void install(CommandLine cl) {
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, new NoHeading());
    cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, new InSections());
    for (CommandLine sub : cl.getSubcommands().values()) {
      install(sub);
    }
  }

  // Named classes, not lambdas, for the reason in Caliber: a lambda would keep picocli's renderer
  // interface, and picocli's own renderers, out of the class-data archive.

  /** No heading over the option list: each section has its own. */
  private static final class NoHeading implements CommandLine.IHelpSectionRenderer {
    @Override
    public String render(CommandLine.Help help) {
      return "";
    }
  }

  /** The option list in {@link Section}s. */
  private static final class InSections implements CommandLine.IHelpSectionRenderer {
    @Override
    public String render(CommandLine.Help help) {
      return HelpSections.render(help);
    }
  }

  /**
   * An option's section; one missing from the table is listed under "Other" rather than failing
   * the user's --help (HelpTextTest fails on it instead).
   */
  static Section of(OptionSpec o) {
    return SECTIONS.getOrDefault(o.longestName(), Section.OTHER);
  }

  private static String render(CommandLine.Help help) {
    StringBuilder out = new StringBuilder();
    for (Section s : Section.values()) {
      List<OptionSpec> in = new ArrayList<>();
      for (OptionSpec o : help.commandSpec().options()) {
        if (!o.hidden() && of(o) == s) {
          in.add(o);
        }
      }
      in.sort(Comparator.comparingInt(o -> ORDER.indexOf(o.longestName())));
      if (!in.isEmpty()) {
        out.append('\n').append(s.heading).append(":\n").append(help.optionListExcludingGroups(in));
      }
    }
    return out.toString();
  }
}
