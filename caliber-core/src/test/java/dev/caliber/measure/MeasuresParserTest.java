package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The measure grammar as a table, after ir_measures' parser tests: every spelling a user brings,
 * the canonical measures it stands for, and every way a name can be wrong, with its message.
 */
class MeasuresParserTest {
  @Test
  void should_read_a_trec_eval_family_name_alone_as_its_default_parameters_unless_it_is_also_calibers() {
    assertThat(Measures.parseAll("iprec_at_recall")).extracting(Measure::name).containsExactly("IPrec@0", "IPrec@0.1", "IPrec@0.2",
        "IPrec@0.3", "IPrec@0.4", "IPrec@0.5", "IPrec@0.6", "IPrec@0.7", "IPrec@0.8", "IPrec@0.9", "IPrec@1");
    assertThat(Measures.parseAll("ndcg_cut")).extracting(Measure::name).containsExactly("nDCG@5", "nDCG@10", "nDCG@15", "nDCG@20",
        "nDCG@30", "nDCG@100", "nDCG@200", "nDCG@500", "nDCG@1000");
    // P is caliber's name too: it needs its cutoff; map is one measure, not a family
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Measures.parseAll("P"))
        .withMessageContaining("P needs a cutoff");
    assertThat(Measures.parseAll("map")).extracting(Measure::name).containsExactly("AP");
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Measures.parseAll("no_such_family"))
        .withMessageContaining("unknown measure \"no_such_family\"");
  }

  @Test
  void measures_are_equal_exactly_when_their_canonical_names_are() {
    Measure p10 = Measures.parse("P@10");
    assertThat(p10).isEqualTo(p10).isEqualTo(Measures.parse("P_10")).hasSameHashCodeAs(Measures.parse("P@10"));
    assertThat(p10).isNotEqualTo(Measures.parse("P@5")).isNotEqualTo(Measures.parse("R@10"))
        .isNotEqualTo(Measures.parse("P(rel=2)@10")).isNotEqualTo("P@10").isNotEqualTo(null);
    assertThat(p10.equals(Measures.parse("P@5"))).isFalse();
    assertThat(Measures.parse("nDCG@10").equals(Measures.parse("RR@10"))).isFalse();
  }

  private static final String FAMILIES =
      "P, R, Success, RR, AP, Rprec, nDCG, DCG, IDCG, Bpref, Judged, NumRet, NumRel, NumRelRet, IPrec, IPrecAvg, RprecMult, GMAP, "
      + "GMBpref, infAP, RelP, SetP, SetR, SetRelP, SetAP, SetF, Utility, Unjudged, NumNonRelJudgedRet, RBPScaled, "
      + "RBPResid, BinG, G, nDCGRel, RnDCG, YAAP, JgAP, JgP, JgRprecMult, PrefsPoss, PrefsFul, PrefsFulRet, PrefsSimp, PrefsPair, PrefsAvgJg, PrefsAvgJgRnonrel, PrefsSimpRet, PrefsPairRet, PrefsAvgJgRet, PrefsAvgJgRnonrelRet, PrefsSimpImp, PrefsPairImp, PrefsAvgJgImp, ERR, RBP, SDCG, INST, Compat, alpha_nDCG, alpha_DCG, ERR_IA, nERR_IA, NRBP, nNRBP, P_IA, AP_IA, StRecall";

  /** A name of the family: with a cutoff or level where it needs one. */
  static String example(Measures.Family f) {
    // the C/W/L measures need their largest label
    return f.family() + (f.params().contains("max_rel") ? "(max_rel=2)" : "") + switch (f.cutoff()) {
      case "required" -> "@5";
      case "level" -> "@0.5";
      default -> "";
    };
  }

  private static List<String> names(String text) {
    return Measures.parseAll(text).stream().map(Measure::name).toList();
  }

  @Nested
  class Canonical_names {
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "P@1", "P@10", "P(rel=2)@10", "P(rel=0)@5",
        "R", "R@10", "R@1000", "R(rel=2)", "R(rel=3)@100",
        "Success@1", "Success@5", "Success(rel=2)@10",
        "RR", "RR@10", "RR(rel=2)", "RR(rel=2)@10",
        "AP", "AP@100", "AP(rel=2)", "AP(rel=2)@10",
        "Rprec", "Rprec(rel=2)",
        "nDCG", "nDCG@10", "nDCG@1",
        "Bpref", "Bpref(rel=2)",
        "Judged@10",
        "NumRet", "NumRel", "NumRel(rel=2)", "NumRelRet", "NumRelRet(rel=2)"})
    void should_round_trip_through_the_parser(String name) {
      // WHEN
      Measure parsed = Measures.parse(name);
      // THEN
      assertThat(parsed.name()).isEqualTo(name);
      assertThat(parsed.toString()).isEqualTo(name);
      assertThat(Measures.parse(parsed.name())).isEqualTo(parsed);
      assertThat(Measures.parseAll(name)).containsExactly(parsed);
    }

    @ParameterizedTest(name = "{0} has cutoff {1}")
    @CsvSource(delimiter = '|', value = {
        "P@10 | 10", "P(rel=2)@5 | 5", "R | 0", "RR@3 | 3", "AP | 0", "Rprec | 0", "nDCG@20 | 20", "Judged@7 | 7",
        "NumRet | 0"})
    void should_expose_the_cutoff_of_its_name(String name, int cutoff) {
      assertThat(Measures.parse(name).cutoff()).isEqualTo(cutoff);
    }

    @ParameterizedTest(name = "{0} at protocol threshold {1} uses level {2}")
    @CsvSource(delimiter = '|', value = {
        "P@10 | 1 | 1", "P@10 | 3 | 3", "P(rel=2)@10 | 1 | 2", "P(rel=2)@10 | 3 | 2", "Bpref(rel=0) | 2 | 0"})
    void should_use_its_rel_parameter_else_the_protocol_threshold(String name, int threshold, int level) {
      assertThat(Measures.parse(name).relevanceLevel(threshold)).isEqualTo(level);
    }

    @Test
    void should_say_that_only_the_graded_measures_and_infAP_are_not_rational() {
      List<String> doubles = List.of("nDCG", "DCG", "IDCG", "infAP", "RBPScaled", "RBPResid", "BinG", "G", "nDCGRel", "RnDCG", "YAAP", "RBP",
          "SDCG", "INST", "Compat", "alpha_nDCG", "alpha_DCG");
      assertThat(Measures.families()).allSatisfy(f -> {
        Measure m = Measures.parse(example(f));
        assertThat(m.rational()).as(m.name()).isEqualTo(!doubles.contains(f.family()));
      });
    }

    @Test
    void should_say_that_only_counts_judged_utility_the_residual_and_preferences_are_defined_without_relevant_documents() {
      for (String defined : List.of("NumRet", "NumRel", "NumRelRet", "Judged@5", "Unjudged@5", "NumNonRelJudgedRet",
          "Utility", "RBPResid", "PrefsPoss", "PrefsSimp", "PrefsPair", "PrefsAvgJgRnonrelRet")) {
        assertThat(Measures.parse(defined).needsRelevant()).as(defined).isFalse();
      }
      for (String undefined : List.of("P@5", "R", "Success@5", "RR", "AP", "Rprec", "nDCG", "Bpref", "IPrec@0.5",
          "IPrecAvg", "RprecMult@0.2", "GMAP", "GMBpref", "infAP", "RelP@5", "SetP", "SetR", "SetRelP", "SetAP", "SetF",
          "RBPScaled", "BinG", "G", "nDCGRel", "RnDCG", "ERR@10", "YAAP", "JgAP", "JgP@5", "JgRprecMult@0.2", "RBP", "RBP(rel=2)", "SDCG(max_rel=2)@5",
          "INST(max_rel=2)", "Compat")) {
        assertThat(Measures.parse(undefined).needsRelevant()).as(undefined).isTrue();
      }
    }
  }

  @Nested
  class Aliases_and_trec_eval_names {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        // aliases users bring from other tools
        "Recall@10        | R@10",
        "Recall           | R",
        "Recall(rel=2)@5  | R(rel=2)@5",
        "MAP              | AP",
        "MAP@100          | AP@100",
        "MRR              | RR",
        "MRR@10           | RR@10",
        "NDCG@10          | nDCG@10",
        "NDCG             | nDCG",
        "ndcg@10          | nDCG@10",
        "R-Prec           | Rprec",
        "RPrec            | Rprec",
        "bpref            | Bpref",
        "HitRate@5        | Success@5",
        "Hit@5            | Success@5",
        "Precision@10     | P@10",
        // trec_eval's names
        "map              | AP",
        "map_cut_100      | AP@100",
        "P_10             | P@10",
        "recall_1000      | R@1000",
        "recip_rank       | RR",
        "ndcg             | nDCG",
        "ndcg_cut_10      | nDCG@10",
        "success_5        | Success@5",
        "Rprec            | Rprec",
        "num_ret          | NumRet",
        "num_rel          | NumRel",
        "num_rel_ret      | NumRelRet",
        // leading zeros are still the number
        "P@010            | P@10"})
    void should_parse_to_the_canonical_measure(String input, String canonical) {
      assertThat(Measures.parse(input).name()).isEqualTo(canonical);
      assertThat(names(input)).containsExactly(canonical);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "P.5,10              | P@5 P@10",
        "P.5                 | P@5",
        "P.5,10,15,20,30,100 | P@5 P@10 P@15 P@20 P@30 P@100",
        "ndcg_cut.10,20      | nDCG@10 nDCG@20",
        "recall.5,1000       | R@5 R@1000",
        "success.1,5,10      | Success@1 Success@5 Success@10",
        "map_cut.5,100       | AP@5 AP@100"})
    void should_expand_a_trec_eval_dotted_list_in_its_order(String input, String expected) {
      assertThat(names(input)).containsExactlyElementsOf(Arrays.asList(expected.split(" ")));
    }

    @Test
    void should_parse_a_rel_parameter_with_a_cutoff() {
      // WHEN
      Measure m = Measures.parse("P(rel=2)@10");
      // THEN
      assertThat(m).isInstanceOf(Precision.class);
      assertThat(m.cutoff()).isEqualTo(10);
      assertThat(m.relevanceLevel(1)).isEqualTo(2);
      assertThat(m.name()).isEqualTo("P(rel=2)@10");
    }
  }

  @Nested
  class Other_tools_spellings {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        // ranx's metric names
        "map@10         | AP@10",
        "map            | AP",
        "mrr@10         | RR@10",
        "mrr            | RR",
        "ndcg@10        | nDCG@10",
        "precision@10   | P@10",
        "recall@100     | R@100",
        "hit_rate@10    | Success@10",
        "r-precision    | Rprec",
        // ir_measures' names and aliases, in any case where one measure has the name
        "AP@10          | AP@10",
        "ap@10          | AP@10",
        "RR@10          | RR@10",
        "rr@10          | RR@10",
        "Ndcg@10        | nDCG@10",
        "NDCG@10        | nDCG@10",
        "p@10           | P@10",
        "r@100          | R@100",
        "SUCCESS@10     | Success@10",
        "success@10     | Success@10",
        "judged@10      | Judged@10",
        "BPref          | Bpref",
        "STREC@5        | StRecall@5",
        "Map(rel=2)@10  | AP(rel=2)@10",
        "Hit_Rate@5     | Success@5",
        "RBP            | RBP",
        "rbp            | RBPScaled",
        "RPREC          | Rprec"})
    void should_parse_another_tools_spelling_to_calibers_measure(String input, String canonical) {
      assertThat(Measures.parse(input).name()).isEqualTo(canonical);
      assertThat(names(input)).containsExactly(canonical);
    }

    @Test
    void should_read_ranx_s_ndcg_burges_as_exponential_gain_ndcg() {
      assertThat(Measures.parse("ndcg_burges@10").name()).isEqualTo("nDCG(dcg='exp-log2')@10");
      assertThat(Measures.parse("ndcg_burges").name()).isEqualTo("nDCG(dcg='exp-log2')");
      assertThat(Measures.parse("ndcg_burges(judged_only=True)@5").name()).isEqualTo("nDCG(dcg='exp-log2',judged_only=True)@5");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("ndcg_burges(dcg='log2')@10"))
          .withMessage("measure ndcg_burges(dcg='log2')@10: parameter dcg is given twice");
    }

    @Test
    void should_refuse_ranx_s_hits_which_is_a_count_with_what_to_write_instead() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll("hits@10"))
          .withMessage("measure hits@10: ranx's hits@k counts the relevant documents among the first k, a number rather than a"
              + " share; caliber has no such measure: P@k times k is that count, and ranx's hit_rate@k is Success@k");
    }

    @Test
    void should_keep_trec_eval_s_meaning_of_a_family_name_alone() {
      // GIVEN recall: ranx's whole-ranking recall, but trec_eval's recall_5 ... recall_1000
      assertThat(names("recall")).containsExactly("R@5", "R@10", "R@15", "R@20", "R@30", "R@100", "R@200", "R@500", "R@1000");
      assertThat(names("success")).containsExactly("Success@1", "Success@5", "Success@10");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("recall"))
          .withMessageStartingWith("measure recall is trec_eval's name of 9 measures (R@5, R@10,")
          .withMessageEndingWith("); name each on its own");
      assertThat(names("Recall")).containsExactly("R");
    }

    @Test
    void should_ignore_case_only_where_every_name_of_that_spelling_is_one_measure() {
      // GIVEN every name the registry knows: families, other tools' spellings, trec_eval's names
      List<String> names = new java.util.ArrayList<>();
      Measures.families().forEach(f -> names.add(f.family()));
      Measures.spellings().forEach(s -> names.add(s.spelling()));
      names.addAll(Measures.trecEvalPlainNames().keySet());
      for (String name : names) {
        for (String v : List.of(name.toUpperCase(java.util.Locale.ROOT), name.toLowerCase(java.util.Locale.ROOT),
            name.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + name.substring(1).toLowerCase(java.util.Locale.ROOT))) {
          // WHEN a name is written in another case
          java.util.Set<String> meant = names.stream().filter(n -> n.equalsIgnoreCase(v)).map(n -> measure(Spellings.resolve(n)))
              .collect(java.util.stream.Collectors.toSet());
          Measures.Spelling read = Spellings.resolve(v);
          // THEN it is read as written, else as the one measure all its spellings mean, else not at all
          if (names.contains(v)) {
            assertThat(read.spelling()).as(v).isEqualTo(v);
          } else if (meant.size() == 1) {
            assertThat(measure(read)).as(v).isEqualTo(meant.iterator().next());
          } else {
            assertThat(read).as(v).isNull();
          }
        }
      }
      assertThat(Spellings.resolve("Rbp")).isNull();
      assertThat(Spellings.resolve("rbp").family()).isEqualTo("RBPScaled");
      assertThat(Spellings.resolve("RBP").family()).isEqualTo("RBP");
      assertThat(Spellings.resolve("NDcg").family()).isEqualTo("nDCG");
    }

    private String measure(Measures.Spelling s) {
      return s.family() + "(" + s.params() + ")";
    }

    @Test
    void should_say_when_a_spelling_is_another_tool_s_name_of_a_measure_defined_otherwise() {
      assertThat(Measures.difference("Judged@10")).isEqualTo("Judged@10: ir_measures divides by min(k, documents ranked) and"
          + " counts negative labels as judged; caliber divides by k and does not: they agree when k or more documents are ranked"
          + " and no label is negative");
      assertThat(Measures.difference("judged@5")).startsWith("judged@5: ir_measures divides");
      assertThat(Measures.difference("map@10")).isNull();
      assertThat(Measures.difference("nDCG@10")).isNull();
      assertThat(Measures.difference("hits@10")).isNull();
      assertThat(Measures.difference("bogus")).isNull();
      assertThat(Measures.difference("P.5,10")).isNull();
    }
  }

  @Nested
  class Errors {
    private static final String LIST = " (caliber measures lists every name)";

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', value = {
        // the closest names that parse, with the rest of the text: one edit for short names, two for long
        "ndgc@10        | unknown measure \"ndgc@10\"; did you mean nDCG@10?",
        "nDGC@10        | unknown measure \"nDGC@10\"; did you mean nDCG@10?",
        "Precison@10    | unknown measure \"Precison@10\"; did you mean P@10?",
        "hitrate_@5     | unknown measure \"hitrate_@5\"; did you mean Success@5?",
        "Rbp@10         | unknown measure \"Rbp@10\"; did you mean RBP@10?",
        "Rbp            | unknown measure \"Rbp\"; did you mean RBP, RBPScaled or NRBP?",
        "' P@10'        | unknown measure \" P@10\"; did you mean P@10?",
        // a known name with a wrong rest: its syntax
        "P@ten          | unknown measure \"P@ten\"; expected P@k, P(rel=N)@k",
        "P@             | unknown measure \"P@\"; expected P@k, P(rel=N)@k",
        "Success@x      | unknown measure \"Success@x\"; expected Success@k",
        // nothing close
        "bogus          | unknown measure \"bogus\"",
        "XYZ@3          | unknown measure \"XYZ@3\"",
        "ndcg_cut_      | unknown measure \"ndcg_cut_\"",
        "P_10.5         | unknown measure \"P_10.5\"",
        "''             | unknown measure \"\"",
        "X@10           | unknown measure \"X@10\""})
    void should_reject_an_unknown_name_in_one_line_with_the_closest_names(String text, String message) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll(text))
          .withMessage(message + LIST);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"bogus", "XYZ@3", "ndgc@10", "P@ten", "nDCG@10@10", "P.5,10 ", "recall_", "alpha_nDCG@x"})
    void should_never_list_every_family(String text) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll(text))
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("SetRelP").hasSizeLessThan(160)
              .endsWith(LIST));
    }

    @Test
    void should_quote_the_unknown_name_as_json() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("bo\"gus"))
          .withMessage("unknown measure \"bo\\\"gus\"" + LIST);
    }

    @Test
    void should_not_accept_a_dotted_list_where_one_measure_is_expected() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("P.5,10"))
          .withMessage("measure P.5,10 is trec_eval's name of 2 measures (P@5, P@10); name each on its own");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Rprec@10       | Rprec",
        "R-Prec@5       | Rprec",
        "Bpref@10       | Bpref",
        "bpref@10       | Bpref",
        "NumRet@10      | NumRet",
        "NumRel@10      | NumRel",
        "NumRelRet@10   | NumRelRet"})
    void should_reject_a_cutoff_on_a_measure_that_takes_none(String text, String family) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll(text))
          .withMessage("measure " + text + ": " + family + " takes no cutoff");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "P           | P",
        "Precision   | P",
        "P(rel=2)    | P",
        "Success     | Success",
        "HitRate     | Success",
        "Judged      | Judged"})
    void should_reject_a_missing_cutoff_where_one_is_required(String text, String family) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll(text))
          .withMessage("measure " + text + ": " + family + " needs a cutoff, such as " + family + "@10");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "nDCG(rel=2)@10  | nDCG",
        "nDCG(rel=1)     | nDCG",
        "NDCG(rel=2)@10  | nDCG",
        "Judged(rel=1)@10 | Judged",
        "Unjudged(rel=1)@10 | Unjudged"})
    void should_reject_a_rel_parameter_on_a_measure_that_takes_none(String text, String family) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll(text))
          .withMessage("measure " + text + ": " + family + " takes no rel parameter");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"P@0", "R@0", "RR@0", "nDCG@0", "Judged@0", "P(rel=2)@0", "P_0", "ndcg_cut_0", "P.5,0", "P.0"})
    void should_reject_a_cutoff_of_zero(String text) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll(text))
          .withMessage("measure " + text + ": illegal cutoff value: 0, must be a positive integer");
    }

    @Test
    void should_reject_a_cutoff_too_large_for_an_integer() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("P@2147483648"))
          .withMessage("measure P@2147483648: illegal cutoff value: 2147483648, must be a positive integer of at most 2147483647")
          .withCauseInstanceOf(NumberFormatException.class);
    }

    @Test
    void should_reject_a_trec_eval_cutoff_too_large_for_an_integer() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parseAll("P.5,99999999999"))
          .withMessage("measure P.5,99999999999: illegal cutoff value: 99999999999, must be a positive integer of at most 2147483647");
    }

    @Test
    void should_reject_a_rel_too_large_for_an_integer() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("P(rel=99999999999)@10"))
          .withMessage("measure P(rel=99999999999)@10: rel 99999999999 is out of range (at most 2147483647)");
    }

    @Test
    void should_reject_a_negative_rel() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Measures.parse("P(rel=-1)@10"))
          .withMessage("measure P(rel=-1)@10: illegal rel value: -1, must be a non-negative integer");
    }

    @Test
    void should_reject_illegal_parameters_in_the_constructors_too() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> new Recall(null, -1))
          .withMessage("illegal cutoff value: -1, must be a positive integer");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> new Precision(null, 0))
          .withMessage("P needs a cutoff, such as P@10");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> new Success(1, 0))
          .withMessage("Success needs a cutoff, such as Success@10");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> new Judged(0))
          .withMessage("Judged needs a cutoff, such as Judged@10");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> new Bpref(-2))
          .withMessage("illegal rel value: -2, must be a non-negative integer");
    }
  }

  @Nested
  class Equality {
    @ParameterizedTest(name = "{0} equals {1}")
    @CsvSource(delimiter = '|', value = {
        "map | AP", "MAP | AP", "P_10 | P@10", "ndcg_cut_10 | nDCG@10", "NDCG@10 | nDCG@10", "MRR@10 | RR@10",
        "recip_rank | RR", "HitRate@5 | Success@5", "R-Prec | Rprec", "num_rel_ret | NumRelRet", "Recall@10 | R@10"})
    void should_make_equal_names_equal_measures_with_equal_hash_codes(String a, String b) {
      Measure x = Measures.parse(a);
      Measure y = Measures.parse(b);
      assertThat(x).isEqualTo(y).hasSameHashCodeAs(y);
      assertThat(x.name()).isEqualTo(y.name());
    }

    @ParameterizedTest(name = "{0} differs from {1}")
    @CsvSource(delimiter = '|', value = {
        "P@10 | P@5", "P@10 | P(rel=2)@10", "P@10 | P(rel=1)@10", "R | R@10", "RR | RR@10", "AP | AP@10",
        "nDCG | nDCG@10", "NumRel | NumRelRet", "NumRel | NumRel(rel=2)", "Success@1 | P@1"})
    void should_make_different_names_different_measures(String a, String b) {
      assertThat(Measures.parse(a)).isNotEqualTo(Measures.parse(b));
    }

    @Test
    void should_never_equal_another_type() {
      assertThat(Measures.parse("AP")).isNotEqualTo("AP").isNotEqualTo(null);
    }

    @Test
    void should_keep_rel_for_num_ret_as_ir_measures_does() {
      // NumRet(rel=N) counts the ranked documents with a label of N or more: another measure
      assertThat(new Count(Count.Kind.NumRet, 2)).isEqualTo(Measures.parse("NumRet(rel=2)"));
      assertThat(new Count(Count.Kind.NumRet, 2)).isNotEqualTo(Measures.parse("NumRet"));
      assertThat(new Count(Count.Kind.NumRet, null).name()).isEqualTo("NumRet");
    }
  }

  @Nested
  class Trec_eval_names {
    @ParameterizedTest(name = "{0} prints as {1}")
    @CsvSource(delimiter = '|', value = {
        "P@10        | P_10",
        "R@1000      | recall_1000",
        "Success@5   | success_5",
        "RR          | recip_rank",
        "AP          | map",
        "AP@100      | map_cut_100",
        "Rprec       | Rprec",
        "nDCG        | ndcg",
        "nDCG@10     | ndcg_cut_10",
        "Bpref       | bpref",
        "NumRet      | num_ret",
        "NumRel      | num_rel",
        "NumRelRet   | num_rel_ret"})
    void should_give_trec_eval_s_name_where_trec_eval_has_the_measure(String name, String trecEval) {
      Measure m = Measures.parse(name);
      assertThat(Measures.trecEvalName(m)).isEqualTo(trecEval);
      // and trec_eval's name parses back to the same measure
      assertThat(Measures.parse(trecEval)).isEqualTo(m);
    }

    @ParameterizedTest(name = "{0} has none")
    @ValueSource(strings = {"RR@10", "R", "Judged@10", "P(rel=2)@10", "R(rel=2)@10", "RR(rel=2)", "AP(rel=2)",
        "Rprec(rel=2)", "Bpref(rel=2)", "NumRel(rel=2)", "NumRelRet(rel=2)", "Success(rel=2)@5"})
    void should_give_null_where_trec_eval_has_no_such_measure(String name) {
      assertThat(Measures.trecEvalName(Measures.parse(name))).isNull();
    }
  }

  @Nested
  class Registry {
    @Test
    void should_list_every_family_once_in_the_documented_order() {
      assertThat(Measures.families()).extracting(Measures.Family::family)
          .containsExactly(FAMILIES.split(", "));
    }

    @Test
    void should_build_from_each_family_a_measure_of_that_family() {
      for (Measures.Family f : Measures.families()) {
        String name = example(f).replace("@5", "@3");
        assertThat(Measures.parse(name).name()).as(f.family()).isEqualTo(name);
        if (f.cutoff().equals("optional")) {
          assertThat(Measures.parse(f.family() + "@3").name()).isEqualTo(f.family() + "@3");
        }
      }
    }

    @Test
    void should_agree_with_the_definitions_in_docs_measures_md() throws IOException {
      // GIVEN the table of docs/MEASURES.md, which says that a test keeps it in step with the registry
      Path doc = Path.of(System.getProperty("caliber.root", "..")).resolve("docs/MEASURES.md");
      List<String> rows = Files.readAllLines(doc, StandardCharsets.UTF_8).stream()
          .filter(l -> l.startsWith("| `")).toList();
      // THEN each family has one row, in the registry's order, with the registry's definition
      assertThat(rows).hasSameSizeAs(Measures.families());
      for (int i = 0; i < rows.size(); i++) {
        Measures.Family f = Measures.families().get(i);
        String[] cells = rows.get(i).split(" \\| ");
        assertThat(cells[0]).as("row %d", i).startsWith("| `" + f.family());
        assertThat(cells[1]).as("definition of %s", f.family()).isEqualTo(f.definition());
      }
    }

    @Test
    void should_agree_with_the_spellings_in_docs_measures_md() throws IOException {
      // GIVEN the table of "Spellings other tools use", which says a test keeps it in step with the registry
      Path doc = Path.of(System.getProperty("caliber.root", "..")).resolve("docs/MEASURES.md");
      List<String> lines = Files.readAllLines(doc, StandardCharsets.UTF_8);
      int from = lines.indexOf("## Spellings other tools use");
      List<String> rows = lines.subList(from, lines.size()).stream().dropWhile(l -> !l.startsWith("| tools |")).skip(2)
          .takeWhile(l -> l.startsWith("| ")).toList();
      // THEN one row per spelling, in the registry's order, with its tools, measure and difference
      assertThat(rows).containsExactlyElementsOf(Measures.spellings().stream().map(sp -> "| " + sp.tools() + " | `" + sp.spelling()
          + "` | " + (sp.family().isEmpty() ? "refused" : "`" + sp.family() + (sp.params().isEmpty() ? "" : "(" + sp.params() + ")") + "`")
          + " | " + (sp.difference().isEmpty() ? "the same" : sp.difference()) + " |").toList());
    }
  }

  @Nested
  class Judged_coverage {
    private List<String> names(String... measures) {
      return Measures.withJudgedCoverage(Arrays.stream(measures).map(Measures::parse).toList())
          .stream().map(Measure::name).toList();
    }

    @Test
    void should_be_added_under_pooled_judgments_but_not_under_trec_evals_rules_or_exhaustive_ones() {
      List<Measure> asked = List.of(Measures.parse("nDCG@10"), Measures.parse("AP"));
      dev.caliber.policy.Policy pooled = dev.caliber.policy.Policy.strict().withJudgments(dev.caliber.policy.Judgments.POOLED);
      assertThat(Measures.withJudgedCoverage(pooled, asked).stream().map(Measure::name)).containsExactly("nDCG@10", "AP", "Judged@10");
      assertThat(Measures.withJudgedCoverage(dev.caliber.policy.Policy.strict(), asked)).isEqualTo(asked);
      assertThat(Measures.withJudgedCoverage(dev.caliber.policy.Policy.trecEval(), asked)).isEqualTo(asked);
      assertThat(Measures.withJudgedCoverage(dev.caliber.policy.Policy.trecEval().withDepth(100).withRelevanceThreshold(2), asked))
          .isEqualTo(asked);
      assertThat(Measures.withJudgedCoverage(dev.caliber.policy.Policy.trecEval().withUnknownQueries(
          dev.caliber.policy.UnknownQueries.ERROR), asked)).hasSize(3); // no longer trec_eval's rules: coverage added
    }

    @Test
    void should_follow_the_measures_with_judged_at_each_of_their_cutoffs_in_order_of_first_appearance() {
      assertThat(names("nDCG@10", "R@1000", "AP", "P@10", "RR@5"))
          .containsExactly("nDCG@10", "R@1000", "AP", "P@10", "RR@5", "Judged@10", "Judged@1000", "Judged@5");
    }

    @Test
    void should_not_add_a_cutoff_that_a_judged_measure_already_covers_wherever_it_stands() {
      assertThat(names("P@10", "Judged@10", "R@20")).containsExactly("P@10", "Judged@10", "R@20", "Judged@20");
    }

    @Test
    void should_add_nothing_for_measures_without_a_cutoff() {
      assertThat(names("AP", "nDCG", "Rprec", "Bpref")).containsExactly("AP", "nDCG", "Rprec", "Bpref");
    }
  }
}
