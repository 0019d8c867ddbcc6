package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.api.ProtocolSourceException.Problem;
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
  private static final String BEIR = SeedFiles.shared().resolve("data/cacm/beir-format").toString();
  private static final String TREC_QRELS = SeedFiles.shared().resolve("data/cacm/qrels.cacm.txt").toString();

  private static final ProtocolSource NONE = ProtocolSource.none();
  private static final ProtocolSource SEED_FILES = NONE.withCorpus(CORPUS).withQueries(QUERIES).withQrels(QRELS);

  @Nested
  class Loading {
    @Test
    void should_take_every_judged_query_in_code_point_order_from_bare_qrels() throws IOException {
      // WHEN
      ProtocolSource.General g = ProtocolSource.qrels(Path.of(TREC_QRELS)).general(NO_STDIN);
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
      ProtocolSource.General g = ProtocolSource.qrels(Path.of(TREC_QRELS)).withQuerySet(list.toString()).general(NO_STDIN);
      // THEN
      assertThat(g.querySet()).containsExactly("7", "3");
      assertThat(g.querySetSource()).isEqualTo("the 2 queries listed in set.txt");
    }

    @Test
    void should_take_the_split_a_protocol_file_fixes_and_name_it_by_the_file_name() throws IOException {
      // WHEN
      ProtocolSource.General g = ProtocolSource.protocolFile(Path.of(PROTOCOL)).general(NO_STDIN);
      // THEN
      assertThat(g.querySetSource()).isEqualTo("split test of protocol.json");
      assertThat(g.corpus()).isNotNull();
    }

    @Test
    void should_read_a_beir_folders_split() throws IOException {
      // WHEN
      ProtocolSource.General g = ProtocolSource.beir(Path.of(BEIR), "test").general(NO_STDIN);
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
        general(NONE.withProtocol(PROTOCOL).withK("2"), Problem.K_WITHOUT_SEED_REPORT),
        general(NONE.withProtocol(PROTOCOL).withQuerySet(QRELS), Problem.QUERY_SET_WITH_SPLITS),
        general(NONE.withBeir(BEIR).withSplit("test").withQuerySet(QRELS), Problem.QUERY_SET_WITH_SPLITS),
        general(NONE.withBeir(BEIR), Problem.NO_SPLIT),
        general(NONE.withQrels(TREC_QRELS).withSplit("test"), Problem.SPLIT_WITHOUT_SPLITS),
        general(NONE.withProtocol(PROTOCOL).withSplit("dev"), Problem.SPLIT_CONTRADICTS),
        general(SEED_FILES.withSplit(""), Problem.EMPTY_SPLIT),
        seed(NONE.withBeir(BEIR).withSplit("test"), Problem.NOT_SEED_SHAPED),
        seed(NONE.withQrels(TREC_QRELS), Problem.NOT_SEED_SHAPED),
        seed(NONE.withCorpus(CORPUS), Problem.QRELS_REQUIRED),
        seed(SEED_FILES.withSplit("test"), Problem.NO_K),
        seed(SEED_FILES.withK(2), Problem.NO_SPLIT),
        seed(SEED_FILES.withSplit("test").withK("0"), Problem.ILLEGAL_K),
        seed(SEED_FILES.withSplit("test").withK("ten"), Problem.ILLEGAL_K),
        seed(NONE.withProtocol(PROTOCOL).withK("3"), Problem.K_CONTRADICTS),
        adapter(NONE.withProtocol(PROTOCOL).withK("2"), Problem.K_NOT_FOR_ADAPTER),
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
}
