package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.ProtocolSourceException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
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
