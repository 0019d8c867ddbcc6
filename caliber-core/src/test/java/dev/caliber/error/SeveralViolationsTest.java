package dev.caliber.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ProtocolViolationException#of}: one violation standing for several, worded by a front end. */
class SeveralViolationsTest {
  private final ProtocolViolationException unknown = new ProtocolViolationException(Location.ofLine("run.txt", 9),
      Violations.WRONG_SPLIT_QUERY, "query \"q9\"", Remedy.LIST_UNKNOWN_QUERIES);
  private final ProtocolViolationException unjudged = new ProtocolViolationException(Location.ofLine("run.txt", 2),
      Violations.UNJUDGED, "query \"q1\": document \"d8\"", Remedy.POOLED_JUDGMENTS);

  @Test
  void should_be_the_only_part_when_there_is_one() {
    assertThat(ProtocolViolationException.of(List.of(unknown))).isSameAs(unknown);
  }

  @Test
  void should_render_each_part_with_its_location_and_the_remedies_in_a_front_end_s_words() {
    // GIVEN
    ProtocolViolationException both = ProtocolViolationException.of(List.of(unknown, unjudged));
    // WHEN
    String words = both.messageWith(remedies -> "use " + remedies.size() + " options");
    // THEN
    assertThat(words).isEqualTo("several policies of the protocol are broken (1. run.txt:9: unknown or wrong-split query"
        + " (query \"q9\"); 2. run.txt:2: unjudged or unknown documents: exhaustive qrels required (query \"q1\": document"
        + " \"d8\"); use 2 options)");
    assertThat(both.getMessage()).endsWith("; to accept all of them, declare the unknown-queries rule 'list' and pooled judgments)");
    assertThat(both.location()).isEqualTo(Location.NONE);
    assertThat(unknown.messageWith(remedies -> "use " + remedies)).endsWith("(query \"q9\"; use [LIST_UNKNOWN_QUERIES])");
  }

  @Test
  void should_refuse_no_part_or_a_part_without_a_remedy() {
    assertThatIllegalArgumentException().isThrownBy(() -> ProtocolViolationException.of(List.of()))
        .withMessage("illegal parts: none given, at least one is required");
    ProtocolViolationException duplicate = new ProtocolViolationException(Location.NONE, Violations.DUPLICATE_DOCUMENT, "d1");
    assertThatIllegalArgumentException().isThrownBy(() -> ProtocolViolationException.of(List.of(unknown, duplicate)))
        .withMessageContaining("has no remedy of its own");
  }
}
