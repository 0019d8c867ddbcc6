package dev.caliber.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An input error's message: where, then the rule, then the bad value in parentheses. */
class CaliberInputExceptionContractTest {

  @Test
  void the_message_starts_with_the_location_when_there_is_one() {
    ProtocolViolationException e = new ProtocolViolationException(
        new Location("run.json", 2, 9, "$.q2[1]"), "unknown document ID", "got \"d9\"");
    assertThat(e).hasMessage("run.json:2:9: $.q2[1]: unknown document ID (got \"d9\")");
    assertThat(e.reason()).isEqualTo("unknown document ID");
    assertThat(e.detail()).isEqualTo("got \"d9\"");
    assertThat(e.location().path()).isEqualTo("$.q2[1]");
  }

  @Test
  void an_unknown_location_and_an_empty_detail_are_left_out() {
    assertThat(new ProtocolViolationException(Location.NONE, "split has no queries", ""))
        .hasMessage("split has no queries");
    assertThat(new ProtocolViolationException("split has no queries")).hasMessage("split has no queries");
    InputSyntaxException e = new InputSyntaxException(null, "malformed JSON", null);
    assertThat(e).hasMessage("malformed JSON");
    assertThat(e.location()).isEqualTo(Location.NONE);
    assertThat(e.detail()).isEmpty();
  }

  @Test
  void a_detail_without_location_follows_the_reason() {
    assertThat(new InputSyntaxException(Location.NONE, "empty input", "expected one JSON value"))
        .hasMessage("empty input (expected one JSON value)")
        .isInstanceOf(CaliberInputException.class);
  }
}
