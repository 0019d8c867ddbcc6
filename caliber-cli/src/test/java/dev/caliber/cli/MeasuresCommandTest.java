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
    assertThatRun(result).printed(expected.toString());
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
    assertThatRun(result).failedWithUsage("caliber measures", "unknown measure \"bogus\"; expected one of P, R,"
        + " Success, RR, AP, Rprec, nDCG, DCG, IDCG, Bpref, Judged, NumRet, NumRel, NumRelRet, IPrec, IPrecAvg, RprecMult, GMAP, GMBpref, infAP, RelP, SetP, SetR, SetRelP, SetAP, SetF, Utility, Unjudged, NumNonRelJudgedRet, RBPScaled, RBPResid, BinG, G, nDCGRel, RnDCG, YAAP, JgAP, JgP, JgRprecMult, PrefsPoss, PrefsFul, PrefsFulRet, PrefsSimp, PrefsPair, PrefsAvgJg, PrefsAvgJgRnonrel, PrefsSimpRet, PrefsPairRet, PrefsAvgJgRet, PrefsAvgJgRnonrelRet, PrefsSimpImp, PrefsPairImp, PrefsAvgJgImp, ERR, RBP, SDCG, INST, Compat, alpha_nDCG, alpha_DCG, ERR_IA, nERR_IA, NRBP, nNRBP, P_IA, AP_IA, StRecall (with (rel=N) and @k where they"
        + " apply) or a trec_eval name such as map, P_10, ndcg_cut_10");
  }

  @Test
  void should_reject_a_parameter_error_with_the_parser_s_message() {
    assertThatRun(Cli.run("measures", "P@0")).failedWithUsage("caliber measures",
        "measure P@0: illegal cutoff value: 0, must be a positive integer");
    assertThatRun(Cli.run("measures", "nDCG(rel=2)@10")).failedWithUsage("caliber measures",
        "measure nDCG(rel=2)@10: nDCG takes no rel parameter");
  }
}
