package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** trec_eval's flags as the drop-in reads them: taken into options, or refused by name. */
class TrecEvalArgumentsTest {
  private static TrecEvalArguments typed(Integer depth, String relFormat, String resultsFormat, boolean judgedOnly, String debug) {
    return new TrecEvalArguments(true, true, true, 2, depth, 7, List.of("map"), relFormat, resultsFormat, judgedOnly, null, debug);
  }

  @Test
  void should_read_the_flags_caliber_takes_into_options() {
    // GIVEN -q -c -n -l 2 -M 5 -N 7 -m P.5, without -R and -T
    TrecEval.Options options = new TrecEvalArguments(true, true, true, 2, 5, 7, List.of("P.5"), null, null, false, null, null)
        .options();
    // THEN -n is no summary, a -M of 5 the depth, the formats trec_eval's defaults
    assertThat(options).isEqualTo(new TrecEval.Options(true, true, false, 2, 5, 7, List.of("P.5"), TrecEval.RelFormat.QRELS, null));
  }

  @Test
  void should_read_every_document_when_no_depth_is_given() {
    assertThat(typed(null, "qrels", "trec_results", false, null).options().depth()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "-T | -T trec_top: caliber reads only trec_eval's trec_results format",
      "-J | -J: caliber does not take trec_eval's judged-documents-only mode",
      "-D | -D 3: caliber has no trec_eval debug output",
      "-M | -M 0: caliber reads at least one document per query (trec_eval's -M 0 reads none, so every measure is 0);"
          + " give -M 1 or more, or leave -M out for all",
      "-R | -R trec: caliber reads trec_eval's qrels, qrels_jg, prefs and qrels_prefs formats",
      "-m | -m prefs_simp: a preference measure needs -R prefs or -R qrels_prefs"})
  void should_refuse_by_name_what_caliber_does_not_take(String flag, String message) {
    // GIVEN one flag caliber does not take as typed
    TrecEvalArguments arguments = switch (flag) {
      case "-T" -> typed(null, null, "trec_top", false, null);
      case "-J" -> typed(null, null, null, true, null);
      case "-D" -> typed(null, null, null, false, "3");
      case "-M" -> typed(0, null, null, false, null);
      case "-R" -> typed(null, "trec", null, false, null);
      default -> new TrecEvalArguments(false, false, false, 1, null, 0, List.of("prefs_simp"), null, null, false, null, null);
    };
    // THEN it is refused, naming the flag
    assertThatIllegalArgumentException().isThrownBy(arguments::options)
        .withMessage(message);
  }

  @Test
  void should_refuse_the_unsupported_flags_before_the_values() {
    // GIVEN -T and -J both, and a relevance level of 0
    TrecEvalArguments both = new TrecEvalArguments(false, false, false, 0, null, 0, List.of(), null, "x", true, null, null);
    // THEN -T is named first, as trec_eval's command line is checked in that order
    assertThatIllegalArgumentException().isThrownBy(both::options).withMessageStartingWith("-T x:");
  }
}
