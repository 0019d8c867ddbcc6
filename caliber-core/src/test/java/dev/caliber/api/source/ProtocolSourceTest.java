package dev.caliber.api.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.api.Eval;
import dev.caliber.api.source.ProtocolSourceException.Problem;
import dev.caliber.testkit.SeedFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Which combinations of files make a protocol, what each load reads, and the problem each bad combination names. */
class ProtocolSourceTest {
  private static final InputStream NO_STDIN = new ByteArrayInputStream(new byte[0]);

  private static String example(String name) {
    return SeedFiles.example(name).toString();
  }

  private static final String PROTOCOL = example("protocol.json");
  private static final String CORPUS = example("corpus.json");
  private static final String QUERIES = example("queries.json");
  private static final String QRELS = example("qrels.json");
  private static final String BEIR = SeedFiles.data("cacm/beir-format").toString();
  private static final String TREC_QRELS = SeedFiles.data("cacm/qrels.cacm.txt").toString();

  private static final ProtocolSource NONE = ProtocolSource.none();
  private static final ProtocolSource SEED_FILES = NONE.withCorpus(CORPUS).withQueries(QUERIES).withQrels(QRELS);

  @Nested
  class Loading {
    @Test
    void should_take_every_judged_query_in_code_point_order_from_bare_qrels() throws IOException {
      // WHEN
      GeneralInputs g = ProtocolSource.qrels(Path.of(TREC_QRELS)).general(NO_STDIN);
      // THEN 52 judged queries, sorted as strings by code point ("10" before "2")
      assertThat(g.querySet()).hasSize(52).startsWith("1", "10", "11").isSortedAccordingTo(dev.caliber.json.PyJson.CODE_POINT_ORDER);
      assertThat(g.querySetSource()).isEqualTo("every query judged in qrels.cacm.txt (52)");
      assertThat(g.corpus()).isNull();
    }

    @Test
    void should_take_the_queries_listed_in_a_query_set_file_in_its_order(@TempDir Path dir) throws IOException {
      // GIVEN
      Path list = Files.writeString(dir.resolve("set.txt"), "7\n3\n", StandardCharsets.UTF_8);
      // WHEN
      GeneralInputs g = ProtocolSource.qrels(Path.of(TREC_QRELS)).withQuerySet(list.toString()).general(NO_STDIN);
      // THEN
      assertThat(g.querySet()).containsExactly("7", "3");
      assertThat(g.querySetSource()).isEqualTo("the 2 queries listed in set.txt");
    }

    @Test
    void should_take_the_split_a_protocol_file_fixes_and_name_it_by_the_file_name() throws IOException {
      // WHEN
      GeneralInputs g = ProtocolSource.protocolFile(Path.of(PROTOCOL)).general(NO_STDIN);
      // THEN
      assertThat(g.querySetSource()).isEqualTo("split test of protocol.json");
      assertThat(g.corpus()).isNotNull();
    }

    @Test
    void should_read_a_beir_folders_split() throws IOException {
      // WHEN
      GeneralInputs g = ProtocolSource.beir(Path.of(BEIR), "test").general(NO_STDIN);
      // THEN
      assertThat(g.querySetSource()).isEqualTo("split test of beir-format");
      assertThat(g.querySet()).isNotEmpty();
    }

    @Test
    void should_read_the_seed_inputs_and_give_the_seeds_fingerprint() throws IOException {
      // WHEN
      SeedProtocol seed = SEED_FILES.withSplit("test").withK(2).seed(NO_STDIN);
      // THEN the help-centre fixture's protocol_sha256 (README)
      assertThat(seed.sha256()).isEqualTo("9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb");
      assertThat(seed.evalProtocol().measures()).extracting(m -> m.name()).containsExactly("R@2", "RR@2");
    }

    @Test
    void should_read_standard_input_for_a_dash() throws IOException {
      // GIVEN
      InputStream stdin = new ByteArrayInputStream(Files.readAllBytes(Path.of(PROTOCOL)));
      // WHEN
      SeedProtocol seed = NONE.withProtocol("-").seed(stdin);
      // THEN
      assertThat(seed.querySetSource()).isEqualTo("split test of standard input");
      assertThat(seed.k()).isEqualTo(2);
    }

    @Test
    void should_tell_trec_and_beir_judgments_from_the_seeds_json() {
      assertThat(NONE.withQrels(TREC_QRELS).judgmentKind().pooled()).isTrue();
      assertThat(NONE.withQrels(TREC_QRELS).withQuerySet(QRELS).judgmentKind().pooled()).isTrue();
      assertThat(NONE.withQrels(TREC_QRELS).withCorpus(CORPUS).judgmentKind().pooled()).isTrue();
      assertThat(NONE.withQrels(TREC_QRELS).withQueries(QUERIES).judgmentKind().pooled()).isTrue();
      assertThat(NONE.withBeir(BEIR).judgmentKind().pooled()).isTrue();
      assertThat(NONE.withQrels(QRELS).judgmentKind().pooled()).as("JSON qrels").isFalse();
      assertThat(SEED_FILES.judgmentKind().pooled()).isFalse();
      assertThat(NONE.withProtocol(PROTOCOL).judgmentKind().pooled()).isFalse();
      assertThat(NONE.withQrels(TREC_QRELS).withProtocol(PROTOCOL).judgmentKind().pooled()).isFalse();
      assertThat(NONE.judgmentKind().pooled()).isFalse();
      assertThat(NONE.withBeir(BEIR).judgmentKind().words()).isEqualTo("BEIR qrels");
      assertThat(NONE.withQrels(TREC_QRELS).judgmentKind().words()).isEqualTo("TREC qrels");
      assertThat(SEED_FILES.judgmentKind().words()).isEqualTo("JSON judgments");
    }

    @Test
    void should_take_a_stated_kind_of_judgments_over_the_one_the_names_imply() {
      // GIVEN the seed's JSON files, and TREC qrels, each with the other kind stated
      ProtocolSource json = SEED_FILES.withJudgmentKind(JudgmentKind.TREC);
      ProtocolSource trec = NONE.withQrels(TREC_QRELS).withJudgmentKind(JudgmentKind.JSON);
      // THEN the stated kind decides, and the inference is unchanged without one
      assertThat(List.of(json.judgmentKind(), trec.judgmentKind())).containsExactly(JudgmentKind.TREC, JudgmentKind.JSON);
      assertThat(json.seedShaped()).isFalse();
      assertThat(trec.judgmentKind().pooled()).isFalse();
      assertThat(JudgmentKind.inferred(json)).isEqualTo(JudgmentKind.JSON);
      assertThat(JudgmentKind.inferred(NONE.withQrels("j.CSV.gz")).words()).isEqualTo("CSV judgments");
    }

    @Test
    void should_list_the_files_named_for_a_one_stdin_check() {
      assertThat(SEED_FILES.withQuerySet("-").files()).containsExactly(CORPUS, QUERIES, QRELS, "-");
      assertThat(NONE.withBeir(BEIR).files()).isEmpty();
    }
  }

  static Stream<Arguments> problems() {
    return Stream.of(
        general(NONE, Problem.NO_SOURCE),
        general(NONE.withProtocol(PROTOCOL).withBeir(BEIR), Problem.SEVERAL_SOURCES),
        general(NONE.withProtocol(PROTOCOL).withQrels(QRELS), Problem.SEVERAL_SOURCES),
        general(NONE.withCorpus(CORPUS).withQueries(QUERIES), Problem.QRELS_REQUIRED),
        general(NONE.withProtocol(PROTOCOL).withK(2), Problem.K_WITHOUT_SEED_REPORT),
        general(NONE.withProtocol(PROTOCOL).withQuerySet(QRELS), Problem.QUERY_SET_WITH_SPLITS),
        general(NONE.withBeir(BEIR).withSplit("test").withQuerySet(QRELS), Problem.QUERY_SET_WITH_SPLITS),
        general(NONE.withQrels(TREC_QRELS).withSplit("test"), Problem.SPLIT_WITHOUT_SPLITS),
        general(NONE.withProtocol(PROTOCOL).withSplit("dev"), Problem.SPLIT_CONTRADICTS),
        general(SEED_FILES.withSplit(""), Problem.EMPTY_SPLIT),
        seed(NONE.withBeir(BEIR).withSplit("test"), Problem.NOT_SEED_SHAPED),
        seed(NONE.withQrels(TREC_QRELS), Problem.NOT_SEED_SHAPED),
        seed(NONE.withCorpus(CORPUS), Problem.QRELS_REQUIRED),
        seed(SEED_FILES.withSplit("test"), Problem.NO_K),
        seed(SEED_FILES.withK(2), Problem.NO_SPLIT),
        parseK("0", Problem.ILLEGAL_K),
        parseK("ten", Problem.ILLEGAL_K),
        seed(NONE.withProtocol(PROTOCOL).withK(3), Problem.K_CONTRADICTS),
        adapter(NONE.withProtocol(PROTOCOL).withK(2), Problem.K_NOT_FOR_ADAPTER),
        adapter(NONE.withProtocol(PROTOCOL).withQrels(QRELS), Problem.QRELS_NOT_FOR_ADAPTER),
        adapter(NONE.withProtocol(PROTOCOL).withQuerySet(QRELS), Problem.QUERY_SET_NOT_FOR_ADAPTER),
        adapter(NONE.withCorpus(CORPUS), Problem.ADAPTER_NEEDS_CORPUS_AND_QUERIES),
        adapter(NONE.withProtocol(PROTOCOL).withCorpus(CORPUS), Problem.ADAPTER_NEEDS_CORPUS_AND_QUERIES));
  }

  interface Load {
    Object from(ProtocolSource source) throws IOException;
  }

  private static Arguments general(ProtocolSource source, Problem problem) {
    return Arguments.of("general", source, (Load) s -> s.general(NO_STDIN), problem);
  }

  private static Arguments seed(ProtocolSource source, Problem problem) {
    return Arguments.of("seed", source, (Load) s -> s.seed(NO_STDIN), problem);
  }

  private static Arguments parseK(String text, Problem problem) {
    return Arguments.of("parseK", NONE, (Load) s -> ProtocolSource.parseK(text), problem);
  }

  private static Arguments adapter(ProtocolSource source, Problem problem) {
    return Arguments.of("corpusAndQueries", source, (Load) s -> s.corpusAndQueries(NO_STDIN), problem);
  }

  @ParameterizedTest(name = "{0}: {3}")
  @MethodSource("problems")
  void should_name_the_rule_a_bad_combination_breaks(String load, ProtocolSource source, Load how, Problem problem) {
    assertThatExceptionOfType(ProtocolSourceException.class)
        .isThrownBy(() -> how.from(source))
        .satisfies(e -> assertThat(e.problem()).isEqualTo(problem))
        .withMessageNotContaining("--");
  }

  @Test
  void should_quote_both_values_of_a_contradiction_in_library_terms() {
    assertThatExceptionOfType(ProtocolSourceException.class)
        .isThrownBy(() -> NONE.withProtocol(PROTOCOL).withSplit("dev").general(NO_STDIN))
        .withMessage("split dev contradicts the protocol file, which fixes split test")
        .satisfies(e -> assertThat(List.of(e.given(), e.fixed())).containsExactly("dev", "test"));
  }

  @Test
  void should_refuse_a_k_below_one_when_given_as_a_number() {
    assertThatExceptionOfType(ProtocolSourceException.class)
        .isThrownBy(() -> NONE.withK(0))
        .withMessage("illegal k value: \"0\", must be an integer >= 1 such as 10");
  }

  @Test
  void should_read_a_malformed_protocol_file_before_judging_what_it_would_fix(@TempDir Path dir) throws IOException {
    // GIVEN a protocol file that is not JSON, and a split it might have contradicted
    Path bad = Files.writeString(dir.resolve("p.json"), "{", StandardCharsets.UTF_8);
    // THEN the file's error comes first
    assertThatExceptionOfType(dev.caliber.error.InputSyntaxException.class)
        .isThrownBy(() -> NONE.withProtocol(bad.toString()).withSplit("dev").general(NO_STDIN));
  }

  /** A file in {@code dir} with {@code text} as UTF-8. */
  private static String write(Path dir, String name, String text) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text, StandardCharsets.UTF_8).toString();
  }

  private static InputStream stdin(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  private static InputStream stdinOf(String file) throws IOException {
    return new ByteArrayInputStream(Files.readAllBytes(Path.of(file)));
  }

  private static ProtocolSource seedFiles() {
    return ProtocolSource.none().withCorpus(CORPUS).withQueries(QUERIES).withQrels(QRELS);
  }

  /** A BEIR folder of two documents and three queries, q1 and q2 judged in the test split. */
  private static String tinyBeir(Path dir) throws IOException {
    Path beir = dir.resolve("tiny-beir");
    write(beir, "corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"two\"}\n");
    write(beir, "queries.jsonl", "{\"_id\": \"q1\", \"text\": \"first\"}\n{\"_id\": \"q2\", \"text\": \"second\"}\n"
        + "{\"_id\": \"q3\", \"text\": \"third\"}\n");
    write(beir, "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq2\td2\t1\nq1\td1\t1\n");
    return beir.toString();
  }

  private static void assertProblem(ThrowingLoad load, Problem problem) {
    assertThatExceptionOfType(ProtocolSourceException.class)
        .isThrownBy(load::run)
        .satisfies(e -> assertThat(e.problem()).isEqualTo(problem));
  }

  interface ThrowingLoad {
    void run() throws IOException;
  }

  @Nested
  class Building {
    @Test
    void should_set_exactly_one_part_with_each_with_method() {
      // WHEN every part is set through its own method
      ProtocolSource s = ProtocolSource.none().withProtocol("p").withBeir("b").withCorpus("c").withQueries("q")
          .withQrels("r").withSplit("s").withK(7).withQuerySet("l");
      // THEN each landed in its own component, in the record's order
      assertThat(s).isEqualTo(new ProtocolSource("p", "b", "c", "q", "r", "s", 7, "l"));
      assertThat(s.withQueries(null)).isEqualTo(new ProtocolSource("p", "b", "c", null, "r", "s", 7, "l"));
    }

    @Test
    void should_make_the_three_common_sources_from_paths() {
      assertThat(ProtocolSource.protocolFile(Path.of("dir", "p.json")))
          .isEqualTo(new ProtocolSource(Path.of("dir", "p.json").toString(), null, null, null, null, null, null, null));
      assertThat(ProtocolSource.beir(Path.of("folder"), "test"))
          .isEqualTo(new ProtocolSource(null, "folder", null, null, null, "test", null, null));
      assertThat(ProtocolSource.qrels(Path.of("q.txt")))
          .isEqualTo(new ProtocolSource(null, null, null, null, "q.txt", null, null, null));
    }

    @Test
    void should_take_k_one_as_the_least_cutoff() {
      assertThat(ProtocolSource.none().withK(1).k()).isEqualTo(1);
      assertThat(ProtocolSource.none().withK(10).k()).isEqualTo(10);
    }

    @Test
    void should_refuse_a_negative_k_given_as_a_number_quoting_it() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.none().withK(-3))
          .withMessage("illegal k value: \"-3\", must be an integer >= 1 such as 10")
          .satisfies(e -> assertThat(List.of(e.problem().name(), e.given())).containsExactly("ILLEGAL_K", "-3"));
    }
  }

  static Stream<Arguments> shapes() {
    ProtocolSource none = ProtocolSource.none();
    ProtocolSource json = none.withCorpus("c.json").withQueries("q.json").withQrels("r.json");
    return Stream.of(
        Arguments.of("a protocol file alone", none.withProtocol("p.json"), true),
        Arguments.of("a protocol file with a split and k", none.withProtocol("p.json").withSplit("test").withK(2), true),
        Arguments.of("JSON corpus, queries and qrels", json, true),
        Arguments.of("gzipped JSON qrels, by name", json.withQrels("r.JSON.gz"), true),
        Arguments.of("TREC qrels with corpus and queries", json.withQrels("qrels.txt"), false),
        Arguments.of("JSON qrels and queries without a corpus", json.withCorpus(null), false),
        Arguments.of("JSON qrels and a corpus without queries", json.withQueries(null), false),
        Arguments.of("a corpus and queries without qrels", json.withQrels(null), false),
        Arguments.of("a protocol file with a BEIR folder", none.withProtocol("p.json").withBeir("folder"), false),
        Arguments.of("JSON files with a BEIR folder", json.withBeir("folder"), false),
        Arguments.of("a protocol file with a query set", none.withProtocol("p.json").withQuerySet("set.txt"), false),
        Arguments.of("JSON files with a query set", json.withQuerySet("set.txt"), false),
        Arguments.of("nothing", none, false));
  }

  @ParameterizedTest(name = "{0}: {2}")
  @MethodSource("shapes")
  void should_tell_the_seeds_json_shapes_by_the_parts_alone(String what, ProtocolSource source, boolean seedShaped) {
    // THEN nothing is read: none of these files exists
    assertThat(source.seedShaped()).isEqualTo(seedShaped);
  }

  @Nested
  class Naming_a_split {
    @Test
    void should_name_the_protocol_file_then_the_beir_folder_then_the_queries_file() {
      ProtocolSource all = ProtocolSource.none().withProtocol("a/p.json").withBeir("b/folder").withQueries("c/q.json");
      assertThat(all.splitSource("test")).isEqualTo("split test of p.json");
      assertThat(all.withProtocol(null).splitSource("test")).isEqualTo("split test of folder");
      assertThat(all.withProtocol(null).withBeir(null).splitSource("dev")).isEqualTo("split dev of q.json");
    }

    @Test
    void should_name_standard_input_for_a_dash_or_no_file() {
      assertThat(ProtocolSource.none().withProtocol("-").splitSource("test")).isEqualTo("split test of standard input");
      assertThat(ProtocolSource.none().withQueries("-").splitSource("test")).isEqualTo("split test of standard input");
      assertThat(ProtocolSource.none().withQrels("a/r.json").splitSource("test")).isEqualTo("split test of standard input");
    }
  }

  @Nested
  class Seed {
    @Test
    void should_take_the_split_and_k_the_protocol_file_fixes_when_the_same_are_given() throws IOException {
      // WHEN split and k are given equal to the file's
      SeedProtocol seed = ProtocolSource.none().withProtocol(PROTOCOL).withSplit("test").withK(2).seed(NO_STDIN);
      // THEN no contradiction
      assertThat(List.of(seed.split(), seed.k(), seed.querySetSource())).containsExactly("test", 2, "split test of protocol.json");
      assertThat(seed.protocol().queries().inSplit("test")).containsExactly("q2", "q3", "q4", "q5");
    }

    @Test
    void should_accept_k_one_given_as_text() throws IOException {
      assertThat(seedFiles().withSplit("test").withK(1).seed(NO_STDIN).k()).isEqualTo(1);
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0", "-1", "ten", "1.5", "1234567890", " 2", ""})
    void should_refuse_a_k_that_is_not_a_positive_integer_of_at_most_nine_digits(String k) {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.parseK(k))
          .withMessage("illegal k value: \"" + k + "\", must be an integer >= 1 such as 10")
          .satisfies(e -> assertThat(e.given()).isEqualTo(k));
    }

    @Test
    void should_quote_both_ks_of_a_contradiction() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.none().withProtocol(PROTOCOL).withK(3).seed(NO_STDIN))
          .withMessage("k 3 contradicts the protocol file, which fixes k 2")
          .satisfies(e -> assertThat(List.of(e.problem().name(), e.given(), e.fixed())).containsExactly("K_CONTRADICTS", "3", "2"));
    }

    @Test
    void should_report_a_contradicting_split_before_a_contradicting_k() {
      assertProblem(() -> ProtocolSource.none().withProtocol(PROTOCOL).withSplit("dev").withK(3).seed(NO_STDIN),
          Problem.SPLIT_CONTRADICTS);
    }

    @Test
    void should_refuse_several_sources_even_when_one_is_seed_shaped() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> seedFiles().withProtocol(PROTOCOL).seed(NO_STDIN))
          .withMessage("several protocol sources: give only one of a protocol file, a BEIR folder, or qrels with optional corpus and queries");
    }

    @Test
    void should_refuse_no_source_before_asking_for_the_seeds_shapes() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.none().withSplit("test").withK(2).seed(NO_STDIN))
          .withMessage("no protocol source: give a protocol file, a BEIR folder, or qrels (with optional corpus and queries)");
    }

    @Test
    void should_ask_for_qrels_when_only_queries_or_only_a_corpus_is_given() {
      for (ProtocolSource s : List.of(ProtocolSource.none().withQueries(QUERIES), ProtocolSource.none().withCorpus(CORPUS),
          ProtocolSource.none().withCorpus(CORPUS).withQueries(QUERIES))) {
        assertThatExceptionOfType(ProtocolSourceException.class)
            .as("%s", s)
            .isThrownBy(() -> s.withSplit("test").withK(2).seed(NO_STDIN))
            .withMessage("qrels are required with a corpus and queries");
      }
    }

    @Test
    void should_refuse_trec_qrels_as_not_the_seeds_shapes() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.none().withCorpus(CORPUS).withQueries(QUERIES).withQrels(TREC_QRELS)
              .withSplit("test").withK(2).seed(NO_STDIN))
          .withMessage("the seed report needs the seed's JSON protocol (a protocol file, or JSON corpus, queries and qrels);"
              + " for other inputs evaluate with explicit measures or a policy");
    }

    @Test
    void should_check_split_then_k_before_reading_separate_files(@TempDir Path dir) {
      // GIVEN files that do not exist
      ProtocolSource missing = ProtocolSource.none().withCorpus(dir.resolve("c.json").toString())
          .withQueries(dir.resolve("q.json").toString()).withQrels(dir.resolve("r.json").toString());
      // THEN what is missing from the parts is reported before the files are opened
      assertProblem(() -> missing.withK(2).seed(NO_STDIN), Problem.NO_SPLIT);
      assertProblem(() -> missing.seed(NO_STDIN), Problem.NO_SPLIT);
      assertProblem(() -> missing.withSplit("test").seed(NO_STDIN), Problem.NO_K);
      assertProblem(() -> missing.withSplit("test").withK(ProtocolSource.parseK("x")).seed(NO_STDIN), Problem.ILLEGAL_K);
      assertThatExceptionOfType(java.nio.file.NoSuchFileException.class)
          .isThrownBy(() -> missing.withSplit("test").withK(2).seed(NO_STDIN));
    }

    @Test
    void should_read_one_separate_file_from_standard_input() throws IOException {
      // WHEN the queries come from standard input
      SeedProtocol seed = ProtocolSource.none().withCorpus(CORPUS).withQueries("-").withQrels(QRELS)
          .withSplit("test").withK(2).seed(stdinOf(QUERIES));
      // THEN the split is named after standard input, and the protocol is the fixture's
      assertThat(seed.querySetSource()).isEqualTo("split test of standard input");
      assertThat(seed.sha256()).isEqualTo("9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb");
    }

    @Test
    void should_read_the_corpus_from_standard_input_and_name_the_split_by_the_queries_file() throws IOException {
      SeedProtocol seed = ProtocolSource.none().withCorpus("-").withQueries(QUERIES).withQrels(QRELS)
          .withSplit("test").withK(2).seed(stdinOf(CORPUS));
      assertThat(seed.querySetSource()).isEqualTo("split test of queries.json");
      assertThat(seed.protocol().corpus().ids()).containsExactly("d1", "d2", "d3", "d4", "d5", "d6");
    }

    @Test
    void should_read_files_and_not_standard_input_when_asked_without_a_stream() throws IOException {
      assertThat(ProtocolSource.none().withProtocol(PROTOCOL).seed().k()).isEqualTo(2);
    }
  }

  @Nested
  class General_inputs {
    @Test
    void should_take_the_splits_queries_from_a_queries_file_with_json_qrels_and_a_corpus() throws IOException {
      // WHEN
      GeneralInputs g = seedFiles().withSplit("test").general(NO_STDIN);
      // THEN
      assertThat(g.querySet()).containsExactly("q2", "q3", "q4", "q5");
      assertThat(g.querySetSource()).isEqualTo("split test of queries.json");
      assertThat(g.corpus().ids()).containsExactly("d1", "d2", "d3", "d4", "d5", "d6");
      assertThat(g.qrels().row("q2")).containsExactlyInAnyOrderEntriesOf(java.util.Map.of("d1", 0, "d2", 0, "d3", 1, "d4", 1, "d5", 0, "d6", 0));
    }

    @Test
    void should_take_every_judged_query_of_bare_json_qrels_and_read_a_corpus_beside_them() throws IOException {
      // WHEN JSON qrels (by name) with a corpus and no queries
      GeneralInputs g = ProtocolSource.none().withQrels(QRELS).withCorpus(CORPUS).general(NO_STDIN);
      // THEN
      assertThat(g.querySet()).containsExactly("q1", "q2", "q3", "q4", "q5");
      assertThat(g.querySetSource()).isEqualTo("every query judged in qrels.json (5)");
      assertThat(g.corpus().size()).isEqualTo(6);
    }

    @Test
    void should_read_trec_qrels_from_standard_input_and_name_it_a_dash() throws IOException {
      // WHEN
      GeneralInputs g = ProtocolSource.none().withQrels("-").general(stdin("q2 0 d1 1\nq10 0 d1 0\n"));
      // THEN TREC by default; q10 is judged though it has no relevant document
      assertThat(g.querySet()).containsExactly("q10", "q2");
      assertThat(g.querySetSource()).isEqualTo("every query judged in - (2)");
      assertThat(g.corpus()).isNull();
    }

    @Test
    void should_read_a_query_set_from_standard_input(@TempDir Path dir) throws IOException {
      // GIVEN
      String qrels = write(dir, "qrels.txt", "q1 0 d1 1\nq2 0 d1 1\nq3 0 d1 1\n");
      // WHEN
      GeneralInputs g = ProtocolSource.none().withQrels(qrels).withQuerySet("-").general(stdin("q3\nq1\n"));
      // THEN
      assertThat(g.querySet()).containsExactly("q3", "q1");
      assertThat(g.querySetSource()).isEqualTo("the 2 queries listed in -");
    }

    @Test
    void should_read_a_beir_folders_split_and_corpus(@TempDir Path dir) throws IOException {
      // WHEN
      GeneralInputs g = ProtocolSource.beir(Path.of(tinyBeir(dir)), "test").general(NO_STDIN);
      // THEN the queries judged in the split, in the queries file's order
      assertThat(g.querySet()).containsExactly("q1", "q2");
      assertThat(g.querySetSource()).isEqualTo("split test of tiny-beir");
      assertThat(g.corpus().ids()).containsExactly("d1", "d2");
    }

    @Test
    void should_make_the_protocol_of_its_query_set_under_a_policy() throws IOException {
      // GIVEN
      GeneralInputs g = ProtocolSource.none().withProtocol(PROTOCOL).general();
      // WHEN
      dev.caliber.protocol.EvalProtocol p = g.protocol(dev.caliber.policy.Policy.strict(), Eval.measures("RR", "R@2", "RR"));
      // THEN repeats dropped, the rest as given
      assertThat(p.querySet()).containsExactly("q2", "q3", "q4", "q5");
      assertThat(p.querySetSource()).isEqualTo("split test of protocol.json");
      assertThat(p.measures()).extracting(m -> m.name()).containsExactly("RR", "R@2");
      assertThat(p.corpus()).isSameAs(g.corpus());
      assertThat(p.qrels()).isSameAs(g.qrels());
    }

    @Test
    void should_refuse_a_query_set_with_a_queries_file() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> seedFiles().withSplit("test").withQuerySet(QRELS).general(NO_STDIN))
          .withMessage("a query set applies to bare qrels; with queries that have splits, give a split");
    }

    @Test
    void should_refuse_a_split_with_bare_qrels_quoting_it() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.qrels(Path.of(TREC_QRELS)).withSplit("dev").general(NO_STDIN))
          .withMessage("a split needs queries with splits (queries, a protocol file or a BEIR folder); give a query set for a list")
          .satisfies(e -> assertThat(e.given()).isEqualTo("dev"));
    }

    @Test
    void should_refuse_a_k_once_there_is_one_source() {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.qrels(Path.of(TREC_QRELS)).withK(10).general(NO_STDIN))
          .withMessage("k is the seed report's cutoff; with explicit measures, put the cutoff in the measure name (R@10, nDCG@10)");
      assertProblem(() -> ProtocolSource.none().withK(10).general(NO_STDIN), Problem.NO_SOURCE);
      assertProblem(() -> ProtocolSource.none().withBeir(BEIR).withQrels(QRELS).withK(10).general(NO_STDIN), Problem.SEVERAL_SOURCES);
    }

    @Test
    void should_count_a_corpus_queries_and_qrels_as_one_source_and_any_two_kinds_as_several() {
      assertProblem(() -> ProtocolSource.none().withBeir(BEIR).withCorpus(CORPUS).general(NO_STDIN), Problem.SEVERAL_SOURCES);
      assertProblem(() -> ProtocolSource.none().withBeir(BEIR).withQueries(QUERIES).general(NO_STDIN), Problem.SEVERAL_SOURCES);
      assertProblem(() -> ProtocolSource.none().withBeir(BEIR).withQrels(QRELS).general(NO_STDIN), Problem.SEVERAL_SOURCES);
      assertProblem(() -> ProtocolSource.none().withProtocol(PROTOCOL).withCorpus(CORPUS).general(NO_STDIN), Problem.SEVERAL_SOURCES);
      assertProblem(() -> ProtocolSource.none().withProtocol(PROTOCOL).withQueries(QUERIES).general(NO_STDIN), Problem.SEVERAL_SOURCES);
      assertProblem(() -> ProtocolSource.none().withQueries(QUERIES).withSplit("test").general(NO_STDIN), Problem.QRELS_REQUIRED);
      assertProblem(() -> ProtocolSource.none().withQuerySet(QRELS).general(NO_STDIN), Problem.NO_SOURCE);
    }

    @Test
    void should_check_the_query_set_before_the_split_of_a_beir_folder() {
      assertProblem(() -> ProtocolSource.none().withBeir(BEIR).withQuerySet(QRELS).general(NO_STDIN), Problem.QUERY_SET_WITH_SPLITS);
    }

    @Test
    void should_read_bare_qrels_before_judging_the_split_given_with_them(@TempDir Path dir) {
      // GIVEN qrels that do not exist, and a split they cannot have
      String missing = dir.resolve("none.txt").toString();
      // THEN the file's error comes first
      assertThatExceptionOfType(java.nio.file.NoSuchFileException.class)
          .isThrownBy(() -> ProtocolSource.none().withQrels(missing).withSplit("test").general(NO_STDIN));
    }
  }

  @Nested
  class Chunk_adapter {
    @Test
    void should_take_corpus_queries_and_the_fixed_split_from_a_protocol_file() throws IOException {
      // WHEN
      CorpusAndQueries cq = ProtocolSource.none().withProtocol(PROTOCOL).corpusAndQueries(NO_STDIN);
      // THEN
      assertThat(cq.corpus().ids()).containsExactly("d1", "d2", "d3", "d4", "d5", "d6");
      assertThat(cq.queries().ids()).containsExactly("q1", "q2", "q3", "q4", "q5");
      assertThat(cq.split()).isEqualTo("test");
    }

    @Test
    void should_read_a_protocol_file_from_standard_input_and_check_the_split_against_it() throws IOException {
      assertThat(ProtocolSource.none().withProtocol("-").withSplit("test").corpusAndQueries(stdinOf(PROTOCOL)).split()).isEqualTo("test");
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.none().withProtocol("-").withSplit("dev").corpusAndQueries(stdinOf(PROTOCOL)))
          .withMessage("split dev contradicts the protocol file, which fixes split test");
    }

    @Test
    void should_take_a_beir_folders_corpus_and_queries_with_the_split_given(@TempDir Path dir) throws IOException {
      // WHEN
      CorpusAndQueries cq = ProtocolSource.beir(Path.of(tinyBeir(dir)), "test").corpusAndQueries(NO_STDIN);
      // THEN
      assertThat(cq.corpus().ids()).containsExactly("d1", "d2");
      assertThat(cq.queries().inSplit("test")).containsExactly("q1", "q2");
      assertThat(cq.split()).isEqualTo("test");
    }

    @Test
    void should_name_an_absent_beir_folder_given_without_a_split(@TempDir Path dir) {
      assertThatExceptionOfType(java.nio.file.NoSuchFileException.class)
          .isThrownBy(() -> ProtocolSource.none().withBeir(dir.resolve("absent").toString()).corpusAndQueries(NO_STDIN))
          .withMessage(dir.resolve("absent").toString());
    }

    @Test
    void should_use_a_beir_folder_s_one_split_when_none_is_given(@TempDir Path dir) throws IOException {
      // GIVEN a folder whose only qrels file is qrels/test.tsv
      ProtocolSource source = ProtocolSource.none().withBeir(tinyBeir(dir));
      // WHEN
      GeneralInputs g = source.general(NO_STDIN);
      CorpusAndQueries cq = source.corpusAndQueries(NO_STDIN);
      // THEN both loads take that split
      assertThat(g.querySet()).containsExactly("q1", "q2");
      assertThat(g.querySetSource()).isEqualTo("split test of tiny-beir");
      assertThat(cq.split()).isEqualTo("test");
    }

    @Test
    void should_ask_for_a_split_naming_them_when_a_beir_folder_has_several(@TempDir Path dir) throws IOException {
      // GIVEN a second split
      String beir = tinyBeir(dir);
      write(Path.of(beir), "qrels/dev.tsv", "query-id\tcorpus-id\tscore\nq3\td1\t1\n");
      // WHEN / THEN
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> ProtocolSource.none().withBeir(beir).general(NO_STDIN))
          .satisfies(e -> assertThat(e.problem()).isEqualTo(Problem.NO_SPLIT))
          .satisfies(e -> assertThat(e.fixed()).isEqualTo("dev, test"))
          .withMessage("no split: give one; the BEIR folder has splits dev, test");
    }

    @Test
    void should_take_a_corpus_and_queries_one_of_them_from_standard_input() throws IOException {
      // WHEN
      CorpusAndQueries cq = ProtocolSource.none().withCorpus(CORPUS).withQueries("-").withSplit("dev")
          .corpusAndQueries(stdinOf(QUERIES));
      // THEN
      assertThat(cq.corpus().size()).isEqualTo(6);
      assertThat(cq.queries().inSplit("dev")).containsExactly("q1");
      assertThat(cq.split()).isEqualTo("dev");
    }

    @Test
    void should_read_files_and_not_standard_input_when_asked_without_a_stream() throws IOException {
      assertThat(ProtocolSource.none().withCorpus(CORPUS).withQueries(QUERIES).withSplit("test").corpusAndQueries().split())
          .isEqualTo("test");
    }

    @Test
    void should_read_separate_files_before_asking_for_their_split(@TempDir Path dir) throws IOException {
      assertProblem(() -> ProtocolSource.none().withCorpus(CORPUS).withQueries(QUERIES).corpusAndQueries(NO_STDIN), Problem.NO_SPLIT);
      assertThatExceptionOfType(java.nio.file.NoSuchFileException.class)
          .isThrownBy(() -> ProtocolSource.none().withCorpus(dir.resolve("c.json").toString()).withQueries(QUERIES)
              .corpusAndQueries(NO_STDIN));
    }

    static Stream<Arguments> notOneSource() {
      ProtocolSource none = ProtocolSource.none();
      return Stream.of(
          Arguments.of("nothing", none),
          Arguments.of("queries alone", none.withQueries(QUERIES)),
          Arguments.of("a protocol file and a BEIR folder", none.withProtocol(PROTOCOL).withBeir(BEIR)),
          Arguments.of("a protocol file and queries", none.withProtocol(PROTOCOL).withQueries(QUERIES)),
          Arguments.of("a protocol file, a corpus and queries", none.withProtocol(PROTOCOL).withCorpus(CORPUS).withQueries(QUERIES)),
          Arguments.of("a BEIR folder and a corpus", none.withBeir(BEIR).withCorpus(CORPUS)),
          Arguments.of("a BEIR folder and queries", none.withBeir(BEIR).withQueries(QUERIES)),
          Arguments.of("a BEIR folder, a corpus and queries", none.withBeir(BEIR).withCorpus(CORPUS).withQueries(QUERIES)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notOneSource")
    void should_need_exactly_one_of_a_protocol_file_a_beir_folder_or_a_corpus_and_queries(String what, ProtocolSource source) {
      assertThatExceptionOfType(ProtocolSourceException.class)
          .isThrownBy(() -> source.withSplit("test").corpusAndQueries(NO_STDIN))
          .withMessage("the chunk adapter needs a protocol file, a BEIR folder, or both a corpus and queries");
    }

    @Test
    void should_refuse_k_then_qrels_then_a_query_set_before_looking_at_the_sources() {
      ProtocolSource all = ProtocolSource.none().withProtocol(PROTOCOL).withBeir(BEIR).withK(2).withQrels(QRELS).withQuerySet(QRELS);
      assertThatExceptionOfType(ProtocolSourceException.class).isThrownBy(() -> all.corpusAndQueries(NO_STDIN))
          .withMessage("k does not apply to the chunk adapter: it has no cutoff");
      assertThatExceptionOfType(ProtocolSourceException.class).isThrownBy(() -> all.withK(null).corpusAndQueries(NO_STDIN))
          .withMessage("qrels do not apply to the chunk adapter: it needs no judgments");
      assertThatExceptionOfType(ProtocolSourceException.class).isThrownBy(() -> all.withK(null).withQrels(null).corpusAndQueries(NO_STDIN))
          .withMessage("a query set does not apply to the chunk adapter: its queries come from a split");
    }
  }
}
