package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Preset;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The table from the library's terms to options: every problem and every remedy is worded with the options. */
class OptionWordsTest {
  @ParameterizedTest
  @EnumSource(Remedy.class)
  void should_spell_every_remedy_as_the_option_that_declares_it(Remedy remedy) {
    // GIVEN a violation that names its remedy in library terms
    ProtocolViolationException e = new ProtocolViolationException(Location.ofLine("run.txt", 3), "a rule", "a detail", remedy);
    assertThat(e.getMessage()).doesNotContain("--").endsWith("(a detail; " + remedy.text() + ")");
    // WHEN
    String message = OptionWords.message(e);
    // THEN the same message, with the option in place of the library's words
    assertThat(message).startsWith("run.txt:3: a rule (a detail; ").contains("--").isNotEqualTo(e.getMessage());
  }

  @Test
  void should_spell_several_remedies_as_every_option_and_a_preset_that_declares_them_all() {
    // GIVEN a run that breaks both policies with a remedy
    ProtocolViolationException both = ProtocolViolationException.of(List.of(
        new ProtocolViolationException(Location.ofLine("run.txt", 9), "a rule", "one", Remedy.LIST_UNKNOWN_QUERIES),
        new ProtocolViolationException(Location.ofLine("run.txt", 2), "another rule", "two", Remedy.POOLED_JUDGMENTS)));
    // WHEN
    String message = OptionWords.message(both);
    // THEN
    assertThat(message).isEqualTo("several policies of the protocol are broken (1. run.txt:9: a rule (one); "
        + "2. run.txt:2: another rule (two); to accept all of them, use --unknown-queries list --judgments pooled "
        + "(or --preset trec_eval = " + Preset.TREC_EVAL.description() + "))");
  }

  @ParameterizedTest
  @EnumSource(ProtocolSourceException.Problem.class)
  void should_word_every_problem_with_the_options_to_give_or_leave_out(ProtocolSourceException.Problem problem) {
    // GIVEN the library's exception, in library terms
    ProtocolSourceException e = new ProtocolSourceException(problem, "dev", "test");
    assertThat(e.getMessage()).doesNotContain("--");
    // WHEN
    String message = OptionWords.message(e);
    // THEN
    assertThat(message).contains("--").isNotEqualTo(e.getMessage());
  }
}
