package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.Qrels;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TrecQrelsReader} on queries with many judgments (more than fit the linear search, so that
 * the hash index finds repeats), and on queries whose lines are not consecutive.
 */
class TrecQrelsRowsTest {
  private static Qrels read(String text) throws IOException {
    return TrecQrelsReader.read("-", new ByteArrayInputStream(utf8(text)), InputLimits.DEFAULT);
  }

  /** Judgments "q 0 d<i> <i % 3>" for i from 1 to n, one per line. */
  private static String judgments(String qid, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 1; i <= n; i++) {
      sb.append(qid).append(" 0 d").append(i).append(' ').append(i % 3).append('\n');
    }
    return sb.toString();
  }

  @Test
  void should_keep_every_judgment_of_a_query_with_many_in_file_order_with_its_line() throws IOException {
    // WHEN
    Qrels qrels = read(judgments("q", 40));
    // THEN
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      expected.add("d" + i);
      assertThat(qrels.row("q")).containsEntry("d" + i, i % 3);
      assertThat(qrels.origin().locate("q", "d" + i)).isEqualTo(Location.ofLine("-", i));
    }
    assertThat(List.copyOf(qrels.row("q").keySet())).containsExactlyElementsOf(expected);
    assertThat(qrels.row("q")).hasSize(40).doesNotContainKey("d41");
  }

  @Test
  void should_find_a_repeat_among_many_judgments_naming_the_earlier_line_and_label() {
    for (int earlier : new int[] {1, 8, 9, 10, 15, 16, 17, 30}) {
      // GIVEN 30 judgments, then document d<earlier> again with another label
      String text = judgments("q", 30) + "q 0 d" + earlier + " 7\n";
      // THEN
      assertThatThrownBy(() -> read(text))
          .isInstanceOf(ProtocolViolationException.class)
          .hasMessage("-:31: conflicting qrels entry (query \"q\", document \"d" + earlier + "\": label 7 on line 31, label "
              + earlier % 3 + " on line " + earlier + "; expected one judgment per pair)");
    }
  }

  @Test
  void should_find_a_repeat_among_a_few_judgments_naming_the_earlier_line_and_label() {
    for (int earlier = 1; earlier <= 8; earlier++) {
      // GIVEN 8 judgments (searched one by one), then document d<earlier> again with another label
      String text = judgments("q", 8) + "q 0 d" + earlier + " 7\n";
      int line = earlier;
      // THEN
      assertThatThrownBy(() -> read(text))
          .isInstanceOf(ProtocolViolationException.class)
          .hasMessage("-:9: conflicting qrels entry (query \"q\", document \"d" + line + "\": label 7 on line 9, label "
              + line % 3 + " on line " + line + "; expected one judgment per pair)");
    }
  }

  @Test
  void should_find_a_repeat_among_many_judgments_of_a_query_whose_lines_are_interleaved() {
    // GIVEN q with 12 judgments, then r, then q's 5th again with the same label
    String text = judgments("q", 12) + "r 0 d1 1\n" + "q 0 d5 2\n";
    assertThatThrownBy(() -> read(text))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("-:14: duplicate qrels entry (query \"q\", document \"d5\": line 14 repeats line 5 (label 2);"
            + " expected one judgment per pair)");
  }

  @Test
  void should_gather_a_query_whose_lines_are_not_consecutive() throws IOException {
    Qrels qrels = read("q 0 a 1\nr 0 a 0\nq 0 b 2\n");
    assertThat(List.copyOf(qrels.asMap().keySet())).containsExactly("q", "r");
    assertThat(List.copyOf(qrels.row("q").keySet())).containsExactly("a", "b");
    assertThat(qrels.origin().locate("q", "b")).isEqualTo(Location.ofLine("-", 3));
    assertThat(qrels.origin().locate("q")).isEqualTo(Location.ofLine("-", 1));
  }
}
