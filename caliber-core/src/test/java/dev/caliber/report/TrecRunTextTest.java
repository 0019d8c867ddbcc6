package dev.caliber.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.caliber.protocol.RankedList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A run written as TREC lines: one line per entry, the rank column, scores that read back, and what a line cannot hold. */
class TrecRunTextTest {

  private static String render(String query, RankedList list, String tag) {
    StringBuilder out = new StringBuilder();
    TrecRunText.render(query, list, tag, out::append);
    return out.toString();
  }

  @Test
  void should_write_one_line_per_entry_in_order_with_rank_and_score() {
    RankedList list = RankedList.byScore(new String[] {"d1", "d2", "d3"}, new double[] {0.5, 1.0 / 3, 2});
    assertThat(render("q1", list, "fused")).isEqualTo(""
        + "q1 Q0 d3 1 2 fused\n"
        + "q1 Q0 d1 2 0.5 fused\n"
        + "q1 Q0 d2 3 0.3333333333333333 fused\n");
  }

  @Test
  void should_write_many_entries_in_pieces_that_join_to_the_same_text() {
    int n = 5000;
    List<String> docs = new java.util.ArrayList<>();
    double[] scores = new double[n];
    for (int i = 0; i < n; i++) {
      docs.add("document-" + i);
      scores[i] = n - i;
    }
    RankedList list = RankedList.byScore(docs.toArray(String[]::new), scores);
    List<String> pieces = new java.util.ArrayList<>();
    TrecRunText.render("q", list, "t", p -> pieces.add(p.toString()));
    assertThat(pieces).hasSizeGreaterThan(1);
    String text = String.join("", pieces);
    assertThat(text.lines()).hasSize(n);
    assertThat(text).startsWith("q Q0 document-0 1 5000 t\n").endsWith("q Q0 document-4999 5000 1 t\n");
  }

  @ParameterizedTest(name = "{0} is written {1}")
  @CsvSource({"0.0, 0", "-0.0, 0", "1.0, 1", "-2.5, -2.5", "1e-05, 0.00001", "1.5e20, 150000000000000000000", "0.1, 0.1",
      "123.456, 123.456"})
  void should_write_a_score_as_its_shortest_decimal_without_an_exponent(double score, String text) {
    assertThat(TrecRunText.score(score)).isEqualTo(text);
    assertThat(Double.parseDouble(TrecRunText.score(score))).isEqualTo(score == 0 ? 0.0 : score);
  }

  @Test
  void should_refuse_what_a_trec_line_cannot_hold() {
    RankedList blank = RankedList.byScore(new String[] {"a b"}, new double[] {1});
    assertThatIllegalArgumentException().isThrownBy(() -> render("q", blank, "t"))
        .withMessage("document ID \"a b\" has a blank: a TREC run line cannot hold it; write JSON instead");
    RankedList one = RankedList.byScore(new String[] {"d"}, new double[] {1});
    assertThatIllegalArgumentException().isThrownBy(() -> render("", one, "t"))
        .withMessage("empty query ID: a TREC run line cannot hold it; write JSON instead");
    assertThatIllegalArgumentException().isThrownBy(() -> render("q", one, "a\tb"))
        .withMessage("tag \"a\\tb\" has a blank: a TREC run line cannot hold it; write JSON instead");
    assertThatIllegalArgumentException().isThrownBy(() -> TrecRunText.score(Double.NaN))
        .withMessage("illegal score NaN, must be finite");
    assertThatIllegalArgumentException().isThrownBy(() -> TrecRunText.score(Double.POSITIVE_INFINITY));
    for (String c : List.of("\n", "\r", "\u000B", "\f", " ")) {
      RankedList bad = RankedList.byScore(new String[] {"x" + c + "y"}, new double[] {1});
      assertThatIllegalArgumentException().isThrownBy(() -> render("q", bad, "t")).withMessageContaining("has a blank");
    }
    // other control characters, which the TREC readers reject: a line caliber could not read back
    for (String c : List.of("\u0000", "\u0001", "\u001f")) {
      RankedList bad = RankedList.byScore(new String[] {"x" + c + "y"}, new double[] {1});
      assertThatIllegalArgumentException().isThrownBy(() -> render("q", bad, "t")).withMessageContaining("has a control character");
    }
    RankedList printable = RankedList.byScore(new String[] {"x\u007fy", "caf\u00e9", "!"}, new double[] {3, 2, 1});
    assertThat(render("q", printable, "t")).hasLineCount(3);
  }
}
