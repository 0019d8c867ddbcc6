package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.measure.Measures;
import org.junit.jupiter.api.Test;

/** {@code caliber measures}: the registry's catalogue, and the canonical form of any name. */
class MeasuresCommandTest {

  @Test
  void should_list_every_family_with_its_definition_and_trec_eval_name() {
    // WHEN
    CliResult result = Cli.run("measures");
    // THEN
    assertThatRun(result).succeeded();
    StringBuilder expected = new StringBuilder();
    for (Measures.Family f : Measures.families()) {
      expected.append(f.syntax()).append("\n    ").append(f.definition()).append("\n    trec_eval: ")
          .append(f.trecEval().isEmpty() ? "(none)" : f.trecEval()).append('\n');
    }
    expected.append("\nParameters: (rel=N) sets the lowest relevant label where a measure takes it; @k sets the cutoff (a level in IPrec@r, RprecMult@m); others are named, as in RBP(p=0.8) and nDCG(gains={1:3,2:9}).\n");
    expected.append("\nOther tools' spellings (also in another case where only one measure has the name):\n");
    for (Measures.Spelling sp : Measures.spellings()) {
      expected.append("  ").append(sp.spelling()).append(" (").append(sp.tools()).append("): ")
          .append(sp.family().isEmpty() ? "refused" : sp.family() + (sp.params().isEmpty() ? "" : "(" + sp.params() + ")"))
          .append(sp.difference().isEmpty() ? "" : "; " + sp.difference()).append('\n');
    }
    assertThatRun(result).printed(expected.toString());
    assertThat(result.stdout()).contains("  map (ranx, trec_eval): AP\n", "  ndcg_burges (ranx): nDCG(dcg='exp-log2')\n",
        "  hits (ranx): refused; ranx's hits@k counts", "  Judged (ir_measures): Judged; ir_measures divides by min(k, documents ranked)");
    assertThat(result.stdout()).startsWith("P@k, P(rel=N)@k\n    Precision at k:").doesNotContain("trec_eval: \n")
        .contains("    trec_eval: (none)\n");
  }

  @Test
  void should_print_the_canonical_name_of_each_given_name() {
    CliResult result = Cli.run("measures", "ndcg_cut_10", "map", "P(rel=2)@10", "MRR@10", "P.5,10", "HitRate@5");
    assertThatRun(result).succeeded().printed(""
        + "ndcg_cut_10\tnDCG@10\n"
        + "map\tAP\n"
        + "P(rel=2)@10\tP(rel=2)@10\n"
        + "MRR@10\tRR@10\n"
        + "P.5,10\tP@5\n"
        + "P.5,10\tP@10\n"
        + "HitRate@5\tSuccess@5\n");
  }

  @Test
  void should_reject_a_bad_name_as_a_usage_error_and_print_nothing() {
    CliResult result = Cli.run("measures", "map", "bogus");
    assertThatRun(result).failedWithUsage("caliber measures", "unknown measure \"bogus\" (caliber measures lists every name)");
  }

  @Test
  void should_read_other_tools_spellings_and_suggest_the_closest_name_for_a_typo() {
    assertThatRun(Cli.run("measures", "map@10", "Ndcg@10", "mrr@10", "hit_rate@5", "recall@100", "precision@10"))
        .succeeded().printed("map@10\tAP@10\nNdcg@10\tnDCG@10\nmrr@10\tRR@10\nhit_rate@5\tSuccess@5\nrecall@100\tR@100\n"
            + "precision@10\tP@10\n");
    assertThatRun(Cli.run("measures", "ndgc@10")).failedWithUsage("caliber measures",
        "unknown measure \"ndgc@10\"; did you mean nDCG@10? (caliber measures lists every name)");
  }

  @Test
  void should_reject_a_parameter_error_with_the_parser_s_message() {
    assertThatRun(Cli.run("measures", "P@0")).failedWithUsage("caliber measures",
        "measure P@0: illegal cutoff value: 0, must be a positive integer");
    assertThatRun(Cli.run("measures", "nDCG(rel=2)@10")).failedWithUsage("caliber measures",
        "measure nDCG(rel=2)@10: nDCG takes no rel parameter");
  }
}
