package dev.caliber.cli;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code caliber measures}: the catalogue, or the canonical form of given names. */
@Command(
    name = "measures",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    description = {
        "List every measure with its definition, or print the canonical form of given names.",
        "Names may be canonical (nDCG@10), other tools' (MRR@10, map@10, Ndcg@10) or trec_eval's (ndcg_cut_10, P.5,10)."})
final class MeasuresCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "NAME", arity = "0..*", description = "Measure names to parse, e.g. ndcg_cut_10 'P(rel=2)@10' map.")
  List<String> names = List.of();

  @Override
  public Integer call() {
    StringBuilder out = new StringBuilder();
    if (names.isEmpty()) {
      for (Measures.Family f : Measures.families()) {
        out.append(f.syntax()).append('\n');
        out.append("    ").append(f.definition()).append('\n');
        out.append("    trec_eval: ").append(f.trecEval().isEmpty() ? "(none)" : f.trecEval()).append('\n');
      }
      out.append("\nParameters: (rel=N) sets the lowest relevant label where a measure takes it; @k sets the cutoff (a level in IPrec@r, RprecMult@m); others are named, as in RBP(p=0.8) and nDCG(gains={1:3,2:9}).\n");
      out.append("\nOther tools' spellings (also in another case where only one measure has the name):\n");
      for (Measures.Spelling sp : Measures.spellings()) {
        out.append("  ").append(sp.spelling()).append(" (").append(sp.tools()).append("): ")
            .append(sp.family().isEmpty() ? "refused" : sp.family() + (sp.params().isEmpty() ? "" : "(" + sp.params() + ")"))
            .append(sp.difference().isEmpty() ? "" : "; " + sp.difference()).append('\n');
      }
    } else {
      for (String n : names) {
        List<Measure> parsed;
        try {
          parsed = Measures.parseAll(n);
        } catch (IllegalArgumentException e) {
          throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        for (Measure m : parsed) {
          out.append(n).append('\t').append(m.name()).append('\n');
        }
      }
    }
    spec.commandLine().getOut().print(out);
    spec.commandLine().getOut().flush();
    return ExitCodes.OK;
  }
}
