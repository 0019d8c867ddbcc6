package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.caliber.measure.Measures;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.policy.Policy;
import dev.caliber.report.SmallResults;
import dev.caliber.result.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** trec_eval's own lines ({@link TrecEvalMeasures}) printed from a result. */
class TrecEvalLinesTest {
  private static final RunResult RESULT = SmallResults.twoQueries(Policy.trecEval());

  private static String render(List<TrecEvalMeasures.Line> lines, boolean perQuery, boolean summary) {
    StringBuilder out = new StringBuilder();
    TrecEvalText.render(RESULT, lines, perQuery, summary, q -> new int[] {2, 0}, out::append);
    return out.toString();
  }

  @Test
  void should_print_values_counts_and_relstrings_per_query_then_the_summary() {
    List<TrecEvalMeasures.Line> lines = List.of(
        new TrecEvalMeasures.Line("runid", TrecEvalMeasures.Kind.RUNID, null, 0),
        new TrecEvalMeasures.Line("num_q", TrecEvalMeasures.Kind.NUM_Q, null, 0),
        new TrecEvalMeasures.Line("num_ret", TrecEvalMeasures.Kind.VALUE, Measures.parse("NumRet"), 0),
        new TrecEvalMeasures.Line("P_2", TrecEvalMeasures.Kind.SUMMARY_VALUE, Measures.parse("P@2"), 0),
        new TrecEvalMeasures.Line("relstring", TrecEvalMeasures.Kind.RELSTRING, null, 1));
    assertThat(render(lines, true, true)).isEqualTo(""
        + "num_ret               \tq1\t3\n"
        + "relstring             \tq1\t'2'\n"
        + "num_ret               \tq2\t1\n"
        + "relstring             \tq2\t'2'\n"
        + "runid                 \tall\tmyrun\n"
        + "num_q                 \tall\t2\n"
        + "num_ret               \tall\t4\n"
        + "P_2                   \tall\t0.2500\n");
    assertThat(render(lines, false, false)).isEmpty();
  }

  @Test
  void should_refuse_a_line_whose_measure_the_result_lacks() {
    List<TrecEvalMeasures.Line> lines = TrecEvalMeasures.resolve(List.of("map"), 0);
    assertThatIllegalArgumentException().isThrownBy(() -> render(lines, false, true))
        .withMessage("line map: its measure is not one of the result's");
  }
}
