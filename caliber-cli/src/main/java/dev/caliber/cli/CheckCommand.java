package dev.caliber.cli;

import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.api.split.SplitCheck;
import dev.caliber.policy.Judgments;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code caliber protocol check}: the library's {@link SplitCheck#check} of every split of a
 * protocol, rendered by {@link CheckReport}; exit 3 when a rule named an error found something.
 */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Check split hygiene: read every split's queries and judgments and report, rule by rule (docs/PROTOCOL.md, "
            + "\"Split hygiene\"): group-across-splits (queries of one --groups group in different splits), "
            + "query-in-several-splits (a query judged in two splits' qrels), duplicate-text (queries of different splits "
            + "with one text after Unicode NFKC, case folding and collapsed white space), no-relevant (a judged query "
            + "without a relevant document), judged-not-in-corpus, never-judged (a corpus document no query judges; "
            + "information only under --judgments pooled), and each split's label counts.",
        "Exit 3 (invalid input) when a rule named by --error has a finding; the report is written first."},
    footer = {"", HelpSections.SEED})
final class CheckCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand ProtocolCommand parent;

  @Mixin ProtocolOptions protocolOptions;

  @Option(names = "--groups", paramLabel = "FILE",
      description = "Query groups: one line per query, query-id<TAB>group, for paraphrases of one need (docs/FORMATS.md, "
          + "\"Query groups\"). Without it group-across-splits does not apply.")
  String groups;

  @Option(names = "--judgments", paramLabel = "RULE", defaultValue = "exhaustive",
      description = "The protocol's judgments: exhaustive (default; never-judged documents are findings) or pooled "
          + "(they are information only).")
  Judgments judgments;

  @Option(names = "--relevance-threshold", paramLabel = "N", defaultValue = "1",
      description = "Lowest label counted relevant, for no-relevant and the counts (default ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int threshold;

  @Option(names = "--error", paramLabel = "RULES", split = ",",
      description = "The rules whose findings fail the check (exit 3), comma-separated, or none. Default: "
          + "group-across-splits,query-in-several-splits,duplicate-text. The others are warnings.")
  List<String> errors;

  /** Output formats. */
  enum Format { text, json }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text (default: one line per finding, file:line first, then each split's counts) or json.")
  Format format;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> inputs = new ArrayList<>(protocolOptions.filesRead());
    if (groups != null) {
      inputs.add(groups);
    }
    output.requireSafeTarget(cl, inputs);
    Inputs.requireAtMostOneStdin(cl, inputs, List.of());
    Set<SplitCheck.Rule> errorRules = errorRules(cl);
    SplitCheck check;
    try {
      check = SplitCheck.check(protocolOptions.source(), groups, judgments, threshold, parent.root.stdin());
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
    output.write(cl.getOut(), format == Format.json ? CheckReport.json(check, errorRules) : CheckReport.text(check, errorRules));
    if (check.failed(errorRules)) {
      cl.getErr().print("caliber: invalid input: protocol check: " + CheckReport.failures(check, errorRules) + "\n");
      cl.getErr().flush();
      return ExitCodes.INVALID_INPUT;
    }
    return ExitCodes.OK;
  }

  private Set<SplitCheck.Rule> errorRules(CommandLine cl) {
    if (errors == null) {
      return SplitCheck.Rule.defaultErrors();
    }
    Set<SplitCheck.Rule> out = EnumSet.noneOf(SplitCheck.Rule.class);
    for (String name : errors) {
      if (name.equals("none") && errors.size() == 1) {
        continue;
      }
      SplitCheck.Rule r = SplitCheck.Rule.of(name);
      if (r == null) {
        List<String> names = new ArrayList<>();
        for (SplitCheck.Rule x : SplitCheck.Rule.values()) {
          names.add(x.id());
        }
        throw new CommandLine.ParameterException(cl, "--error " + name + ": no such rule; expected none or some of "
            + String.join(", ", names));
      }
      out.add(r);
    }
    return out;
  }
}
