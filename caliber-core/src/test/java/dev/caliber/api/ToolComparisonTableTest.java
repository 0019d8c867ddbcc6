package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.testkit.SeedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/PROTOCOL.md's table of other tools, which users choose caliber by: every cell about another
 * tool cites its source, every citation is a link pinned to a commit, and the cells once wrong say
 * what the tools' sources say.
 */
class ToolComparisonTableTest {
  private static final List<String> TOOLS = List.of("trec_eval", "ir_measures", "pytrec_eval", "ranx");
  private static final Pattern TAG = Pattern.compile("\\[((?:te|irm|pte|ranx)-[a-z0-9]+)\\]");
  private static final Pattern DEFINITION = Pattern.compile("^\\[([a-z0-9-]+)\\]: (\\S+)$", Pattern.MULTILINE);
  private static final Pattern PINNED = Pattern.compile("https://github\\.com/[\\w.-]+/[\\w.-]+/(?:blob|tree)/[0-9a-f]{40}(?:/\\S*)?");

  private static String doc;
  private static List<String> header;
  private static List<List<String>> rows;

  @BeforeAll
  static void read() throws IOException {
    doc = Files.readString(SeedFiles.root().resolve("docs/PROTOCOL.md"), StandardCharsets.UTF_8);
    String section = doc.substring(doc.indexOf("## Where caliber differs from other tools"));
    List<String> lines = section.lines().filter(l -> l.startsWith("| ")).toList();
    header = cells(lines.get(0));
    rows = lines.subList(2, lines.size()).stream().map(ToolComparisonTableTest::cells).toList();
  }

  private static List<String> cells(String line) {
    String inner = line.substring(2, line.length() - 2);
    return Arrays.stream(inner.split(" \\| ", -1)).map(String::strip).toList();
  }

  private static int column(String tool) {
    for (int i = 0; i < header.size(); i++) {
      if (header.get(i).startsWith(tool + " ")) {
        return i;
      }
    }
    throw new AssertionError("no column for " + tool + " in " + header);
  }

  private static String cell(String topic, String tool) {
    return rows.stream().filter(r -> r.get(0).equals(topic)).findFirst()
        .orElseThrow(() -> new AssertionError("no row " + topic)).get(column(tool));
  }

  @Test
  void should_have_a_column_per_tool_named_with_its_version() {
    assertThat(header.get(0)).isEqualTo("topic");
    assertThat(header.get(1)).startsWith("caliber");
    for (String tool : TOOLS) {
      assertThat(header.get(column(tool))).matches(Pattern.quote(tool) + " [0-9][0-9.]*");
    }
    assertThat(rows).allSatisfy(r -> assertThat(r).hasSameSizeAs(header));
  }

  @Test
  void should_cite_a_source_in_every_cell_about_another_tool() {
    for (List<String> row : rows) {
      for (String tool : TOOLS) {
        assertThat(TAG.matcher(row.get(column(tool))).find()).as("%s / %s: %s", row.get(0), tool, row.get(column(tool))).isTrue();
      }
    }
  }

  @Test
  void should_link_every_citation_to_a_file_at_a_commit() {
    Map<String, String> links = new HashMap<>();
    Matcher d = DEFINITION.matcher(doc);
    while (d.find()) {
      links.put(d.group(1), d.group(2));
    }
    Matcher t = TAG.matcher(doc);
    while (t.find()) {
      assertThat(links).as("definition of [%s]", t.group(1)).containsKey(t.group(1));
      assertThat(links.get(t.group(1))).as("[%s]", t.group(1)).matches(PINNED);
    }
  }

  @Test
  void should_say_what_the_tools_do_with_queries_missing_from_the_run() {
    // ir_measures scores them 0 and counts them (its empty-set behaviour, pull request #17)
    assertThat(cell("queries missing from the run", "ir_measures")).contains("scored 0", "counted", "#17").doesNotContain("skipped");
    // ranx refuses unless asked to make the run comparable
    assertThat(cell("queries missing from the run", "ranx")).contains("AssertionError", "make_comparable=True");
    assertThat(cell("run queries not in the set", "ranx")).contains("AssertionError", "make_comparable=True");
  }

  @Test
  void should_say_what_the_tools_default_gain_and_coverage_are() {
    assertThat(cell("nDCG gain", "ranx")).contains("`ndcg` linear", "`ndcg_burges` exponential");
    assertThat(cell("Judged@k", "ir_measures")).contains("min(k, documents retrieved)");
  }
}
