package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.ProtocolSourceException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The table from the library's protocol-source problems to usage errors: every problem is worded with the options. */
class ProtocolUsageTest {
  @ParameterizedTest
  @EnumSource(ProtocolSourceException.Problem.class)
  void should_word_every_problem_with_the_options_to_give_or_leave_out(ProtocolSourceException.Problem problem) {
    // GIVEN the library's exception, in library terms
    ProtocolSourceException e = new ProtocolSourceException(problem, "dev", "test");
    assertThat(e.getMessage()).doesNotContain("--");
    // WHEN
    String message = ProtocolUsage.message(e);
    // THEN
    assertThat(message).contains("--").isNotEqualTo(e.getMessage());
  }
}
