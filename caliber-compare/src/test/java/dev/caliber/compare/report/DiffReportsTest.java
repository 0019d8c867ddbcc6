package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.compare.diff.Diff;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.report.Numbers;
import dev.caliber.report.ReportJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A diff's writers with IDs from untrusted files: control and bidi characters shown, never obeyed,
 * in Markdown and HTML; TSV escaped as every TSV caliber writes; JSON keeps the IDs as they are.
 */
class DiffReportsTest {
  private static final String RLO = "q\u202Egnp.exe";
  private static final String NEWLINE = "d\n| x |";
  private static final String ESC = "\u001b[31mred";

  private static RunDiff diff() {
    return Diff.runs(Eval.rankings("a\u2067run", Map.of(RLO, List.of("d1", ESC))),
        Eval.rankings("b", Map.of(RLO, List.of(NEWLINE, "d1"))));
  }

  @Test
  void should_show_control_and_bidi_characters_in_markdown_and_html() {
    RunDiff d = diff();
    for (String report : List.of(DiffMarkdown.render(d, Numbers.DECIMAL), DiffHtml.render(d, Numbers.DECIMAL))) {
      assertThat(report).doesNotContain("\u202E", "\u2067", "\u001b", NEWLINE);
    }
    assertThat(DiffMarkdown.render(d, Numbers.DECIMAL)).contains("q\\[U+202E\\]gnp.exe", "a\\[U+2067\\]run",
        "d\\[U+000A\\]\\| x \\|", "\\[U+001B\\]\\[31mred");
    assertThat(DiffHtml.render(d, Numbers.DECIMAL)).contains("q[U+202E]gnp.exe", "a[U+2067]run", "d[U+000A]| x |",
        "[U+001B][31mred");
  }

  @Test
  void should_keep_one_tsv_record_per_line_and_the_ids_as_they_are_in_json() {
    RunDiff d = diff();
    String tsv = DiffTable.tsv(d, Numbers.DECIMAL);
    assertThat(tsv.lines()).hasSize(3);
    assertThat(tsv).contains("query\tq\\u202Egnp.exe\t"); // as every TSV caliber writes: reversibly, \\uXXXX
    assertThat(ReportJson.render(DiffJson.toData(d))).contains("\"doc\": \"d\\n| x |\"", "\"doc\": \"\\u001b[31mred\"");
  }
}
