package dev.caliber.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An input error's message starts with where, then the rule, then the value in parentheses. */
class CaliberInputExceptionTest {

  @Test
  void should_render_location_reason_and_detail() {
    // WHEN
    CaliberInputException e = new ProtocolViolationException(
        new Location("run.json", 1, 21, "$.q2[2]"), "duplicate document ID", "document \"d3\" at rank 3");
    // THEN
    assertThat(e).hasMessage("run.json:1:21: $.q2[2]: duplicate document ID (document \"d3\" at rank 3)");
    assertThat(e.location()).isEqualTo(new Location("run.json", 1, 21, "$.q2[2]"));
    assertThat(e.reason()).isEqualTo("duplicate document ID");
    assertThat(e.detail()).isEqualTo("document \"d3\" at rank 3");
  }

  @Test
  void should_leave_out_an_unknown_location() {
    assertThat(new InputSyntaxException(Location.NONE, "empty input", "expected one JSON value"))
        .hasMessage("empty input (expected one JSON value)");
  }

  @Test
  void should_treat_a_null_location_as_unknown() {
    InputSyntaxException e = new InputSyntaxException(null, "bad", "");
    assertThat(e).hasMessage("bad");
    assertThat(e.location()).isEqualTo(Location.NONE);
  }

  @Test
  void should_leave_out_empty_or_null_detail() {
    assertThat(new InputSyntaxException(Location.ofFile("a.json"), "bad", null)).hasMessage("a.json: bad");
    assertThat(new InputSyntaxException(Location.ofFile("a.json"), "bad", null).detail()).isEmpty();
    assertThat(new ProtocolViolationException("split has no queries")).hasMessage("split has no queries");
    assertThat(new ProtocolViolationException("split has no queries").location()).isEqualTo(Location.NONE);
  }

  @Test
  void should_tell_syntax_errors_from_protocol_violations() {
    CaliberInputException syntax = new InputSyntaxException(Location.NONE, "malformed JSON", "");
    CaliberInputException violation = new ProtocolViolationException("unknown document ID");
    assertThat(syntax).isInstanceOf(InputSyntaxException.class).isNotInstanceOf(ProtocolViolationException.class);
    assertThat(violation).isInstanceOf(ProtocolViolationException.class).isNotInstanceOf(InputSyntaxException.class);
    assertThat(syntax).isInstanceOf(RuntimeException.class);
  }
}
