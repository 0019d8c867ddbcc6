package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.HelpCentre;
import dev.caliber.compare.Synthetic;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The writers: golden files on the seed fixture, determinism, and what every writer declares. */
class CompareReportsTest {
  private static Comparison seed() {
    return Comparisons.compare(HelpCentre.aThenB(), CompareSettings.defaults());
  }

  private static Comparison synthetic() {
    return Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults());
  }

  /** The JSON report as the CLI writes it: in pieces, joined. */
  private static String jsonInPieces(Comparison c) {
    StringBuilder joined = new StringBuilder();
    CompareJson.render(c, joined::append);
    return joined.toString();
  }

  static Stream<Arguments> writers() {
    return Stream.of(
        Arguments.of("json", (Function<Comparison, String>) CompareJson::render),
        Arguments.of("json", (Function<Comparison, String>) CompareReportsTest::jsonInPieces),
        Arguments.of("md", (Function<Comparison, String>) CompareMarkdown::render),
        Arguments.of("html", (Function<Comparison, String>) CompareHtml::render),
        Arguments.of("csv", (Function<Comparison, String>) CompareTable::csv),
        Arguments.of("tsv", (Function<Comparison, String>) CompareTable::tsv),
        Arguments.of("tex", (Function<Comparison, String>) CompareLatex::render));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void should_write_byte_identical_reports_for_the_same_inputs_and_seed(String name, Function<Comparison, String> writer) {
    // GIVEN two comparisons computed separately from the same inputs and settings
    Comparison a = synthetic();
    Comparison b = synthetic();
    // THEN every writer gives the same bytes
    assertThat(writer.apply(a).getBytes(StandardCharsets.UTF_8)).isEqualTo(writer.apply(b).getBytes(StandardCharsets.UTF_8));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("writers")
  void should_match_the_golden_file_for_fixture_B_against_fixture_A(String name, Function<Comparison, String> writer)
      throws IOException {
    Path golden = Path.of("src/test/resources/golden/fixture_B_vs_A." + name);
    String actual = writer.apply(seed());
    if (Boolean.getBoolean("caliber.updateGolden")) {
      Files.createDirectories(golden.getParent());
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
  }

  @Test
  void should_match_the_golden_file_where_the_tests_sample_and_the_values_are_doubles() throws IOException {
    // 30 queries: 2^n exceeds the budget, so the randomization test samples; nDCG is a double.
    // This pins the generator's streams (bootstrap and sign flips) and the double arithmetic.
    Path golden = Path.of("src/test/resources/golden/synthetic_sampled.json");
    String actual = CompareJson.render(Comparisons.compare(Synthetic.runs(Synthetic.protocol("P@10", "nDCG@10")),
        CompareSettings.defaults().withResamples(2000).withPermutations(2000)));
    if (Boolean.getBoolean("caliber.updateGolden")) {
      Files.writeString(golden, actual, StandardCharsets.UTF_8);
    }
    assertThat(actual).contains("\"exact\": false").isEqualTo(Files.readString(golden, StandardCharsets.UTF_8));
    assertThat(jsonInPieces(Comparisons.compare(Synthetic.runs(Synthetic.protocol("P@10", "nDCG@10")),
        CompareSettings.defaults().withResamples(2000).withPermutations(2000)))).isEqualTo(actual);
  }

  @Test
  void should_change_the_numbers_only_through_a_declared_setting() {
    String other = CompareJson.render(Comparisons.compare(Synthetic.runs(Synthetic.protocol()), CompareSettings.defaults().withSeed(7)));
    assertThat(other).contains("\"seed\": 7").isNotEqualTo(CompareJson.render(synthetic()));
  }

  @Nested
  class Json {
    @Test
    void should_declare_every_setting_that_affects_a_number() {
      String json = CompareJson.render(Comparisons.compare(HelpCentre.aThenB(),
          new CompareSettings(9, 1234, 567, 0.9, CompareSettings.Mode.BASELINE, "fixture_B")));
      assertThat(json).contains("\"seed\": 9", "\"resamples\": 1234", "\"permutations\": 567", "\"confidence\": 0.9",
          "\"baseline\": \"fixture_B\"", "\"mode\": \"baseline\"", "XO_RO_SHI_RO_128_PP", "\"applies_to\": \"randomization_test p\"",
          "\"method\": \"Holm-Bonferroni\"", "\"m\": 2", "\"alternative\": \"two-sided\"", "Cohen's d_z");
    }

    @Test
    void should_never_print_nan_or_infinity_even_when_statistics_are_undefined() {
      var p = HelpCentre.protocol("R@2");
      var a = HelpCentre.run(p, "fixture_A");
      var copy = new dev.caliber.result.RunResult("copy", a.protocol(), a.protocolSha256(), a.rows(), a.summaries(),
          a.missingQueries(), a.ignoredQueries(), a.noRelevantQueries());
      String json = CompareJson.render(Comparisons.compare(java.util.List.of(a, copy), CompareSettings.defaults()));
      assertThat(json).doesNotContain("NaN", "Infinity")
          .contains("\"undefined\": \"all 3 deltas are equal, so their standard deviation is 0\"", "\"d_z\": null", "\"t\": null");
    }
  }

  @Nested
  class Markdown {
    @Test
    void should_escape_markdown_and_table_syntax_in_ids() {
      assertThat(CompareMarkdown.esc("a|b*c_[x](y)<z>`q` \\ #1\nnext")).isEqualTo("a\\|b\\*c\\_\\[x\\](y)\\<z\\>\\`q\\` \\\\ #1\\[U+000A\\]next");
    }

    @Test
    void should_keep_ids_that_differ_in_a_control_character_apart() {
      // a newline, a tab and a space read alike when a newline becomes a space
      assertThat(java.util.stream.Stream.of("a b", "a\nb", "a\tb", "a\rb", "a\u0001b", "a\u0002b").map(CompareMarkdown::esc).distinct())
          .hasSize(6);
      assertThat(java.util.stream.Stream.of("a b", "a\nb", "a\tb", "a\u0001b", "a\u0002b").map(Html::esc).distinct()).hasSize(5);
      assertThat(java.util.stream.Stream.of("a b", "a\nb", "a\tb", "a\u0001b", "a\u0002b").map(CompareLatex::esc).distinct()).hasSize(5);
      assertThat(Html.esc("a\tb")).isEqualTo("a[U+0009]b");
      assertThat(CompareLatex.esc("a\nb")).isEqualTo("a[U+000A]b");
      // autolinks, math and entities cannot form; other punctuation reads as itself
      assertThat(CompareMarkdown.esc("www.evil.example me@x.org http://x $a$ &lt; ~~s~~ !"))
          .isEqualTo("www\\.evil.example me\\@x.org http\\://x \\$a\\$ \\&lt; \\~\\~s\\~\\~ \\!");
      assertThat(CompareMarkdown.esc("input.MU03rob01 nDCG@10 P(rel=2)@5 q-1.2#3")).isEqualTo("input.MU03rob01 nDCG@10 P(rel=2)@5 q-1.2#3");
      assertThat(CompareMarkdown.esc("查询 q1")).isEqualTo("查询 q1");
    }

    @Test
    void should_list_the_worse_queries_of_the_synthetic_runs_with_escaped_ids() {
      String md = CompareMarkdown.render(synthetic());
      assertThat(md).doesNotContain(Synthetic.SCRIPT_ID).contains("\\<script\\>alert(1)\\</script\\>");
    }
  }

  @Nested
  class Table {
    @Test
    void should_quote_csv_fields_with_commas_quotes_and_line_breaks_per_rfc_4180() {
      assertThat(CompareTable.csvField("plain")).isEqualTo("plain");
      assertThat(CompareTable.csvField("a,b")).isEqualTo("\"a,b\"");
      assertThat(CompareTable.csvField("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
      assertThat(CompareTable.csvField("two\nlines")).isEqualTo("\"two\nlines\"");
    }

    @Test
    void should_keep_one_tsv_record_per_line() {
      assertThat(CompareTable.tsvField("a\tb\nc\\d\r")).isEqualTo("a\\tb\\nc\\\\d\\r");
    }

    @Test
    void should_write_the_synthetic_quoted_id_as_one_csv_field() {
      String csv = CompareTable.csv(synthetic());
      assertThat(csv).contains(",\"q\"\"uote's & <b>bold</b>\",");
      assertThat(csv.split("\r\n")[0]).isEqualTo("measure,baseline,system,query,baseline_value,system_value,delta,"
          + "baseline_first_relevant_rank,system_first_relevant_rank");
    }
  }

  @Nested
  class Latex {
    @Test
    void should_escape_every_latex_special_character() {
      assertThat(CompareLatex.esc("a_b & c% $d# {e} ~f ^g \\h <i>|"))
          .isEqualTo("a\\_b \\& c\\% \\$d\\# \\{e\\} \\textasciitilde{}f \\textasciicircum{}g \\textbackslash{}h \\textless{}i\\textgreater{}\\textbar{}");
    }

    @Test
    void should_break_the_ligatures_tex_would_make_of_a_name() {
      // -- and --- would typeset as dashes, `` and '' as curly quotes, ,, as a low quote, !` as an inverted mark
      assertThat(CompareLatex.esc("a--b---c``d''e,,f!`g-h,i"))
          .isEqualTo("a-{}-b-{}-{}-c\\textasciigrave{}\\textasciigrave{}d\\textquotesingle{}\\textquotesingle{}e,{},f!"
              + "\\textasciigrave{}g-h,i");
    }

    @Test
    void should_use_booktabs_rules_and_escape_run_names() {
      String tex = CompareLatex.render(synthetic());
      assertThat(tex).contains("\\toprule", "\\midrule", "\\bottomrule", "hybrid \\& rerank", "dense \\textless{}v2\\textgreater{}")
          .doesNotContain("hybrid & rerank");
    }
  }
}
