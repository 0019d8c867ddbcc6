package dev.caliber.api.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.api.split.SplitCheck.Rule;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.policy.Judgments;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The split check reads every split at once and finds each planted problem at its line. */
class SplitCheckTest {
  private static final Path ROOT = Path.of(System.getProperty("caliber.root"));
  private static final Path PARAPHRASE = ROOT.resolve("examples/paraphrase");
  private static final Path HELPCENTRE = ROOT.resolve("examples/helpcentre");

  @TempDir Path dir;

  private static SplitCheck check(ProtocolSource source, Path groups, Judgments judgments) throws IOException {
    return SplitCheck.check(source, groups == null ? null : groups.toString(), judgments, 1, InputStream.nullInputStream());
  }

  private static SplitCheck.RuleResult rule(SplitCheck c, Rule r) {
    return c.rules().stream().filter(x -> x.rule() == r).findFirst().orElseThrow();
  }

  @Test
  void should_find_every_planted_problem_of_the_paraphrase_fixture_at_its_line() throws Exception {
    // WHEN
    SplitCheck c = check(ProtocolSource.none().withBeir(PARAPHRASE.toString()), PARAPHRASE.resolve("groups.tsv"), Judgments.EXHAUSTIVE);
    // THEN
    assertThat(c.rules()).extracting(SplitCheck.RuleResult::rule).containsExactly(Rule.values());
    SplitCheck.Finding group = rule(c, Rule.GROUP_ACROSS_SPLITS).findings().get(0);
    assertThat(rule(c, Rule.GROUP_ACROSS_SPLITS).count()).isEqualTo(1);
    assertThat(group.location().toString()).isEqualTo(PARAPHRASE.resolve("groups.tsv") + ":2");
    assertThat(group.message()).isEqualTo("group \"password\" spans splits dev, test: \"q1\" (dev), \"q5\" (test)");
    SplitCheck.Finding text = rule(c, Rule.DUPLICATE_TEXT).findings().get(0);
    assertThat(rule(c, Rule.DUPLICATE_TEXT).count()).isEqualTo(1);
    assertThat(text.location().line()).isEqualTo(6);
    assertThat(text.message()).contains("\"q2\" (dev), \"q6\" (test)");
    assertThat(rule(c, Rule.NO_RELEVANT).findings()).singleElement()
        .satisfies(f -> assertThat(f.location().toString()).endsWith("qrels/test.tsv:6"))
        .satisfies(f -> assertThat(f.message()).startsWith("query \"q8\" (test) has no relevant document"));
    assertThat(rule(c, Rule.JUDGED_NOT_IN_CORPUS).findings()).singleElement()
        .satisfies(f -> assertThat(f.location().toString()).endsWith("qrels/dev.tsv:9"))
        .satisfies(f -> assertThat(f.message()).contains("\"d9\""));
    assertThat(rule(c, Rule.NEVER_JUDGED).findings()).singleElement()
        .satisfies(f -> assertThat(f.location().toString()).endsWith("corpus.jsonl:6"));
    assertThat(rule(c, Rule.QUERY_IN_SEVERAL_SPLITS).count()).isZero();
    assertThat(c.failed(Rule.defaultErrors())).isTrue();
    assertThat(c.failed(Set.of(Rule.NO_RELEVANT, Rule.QUERY_IN_SEVERAL_SPLITS))).isTrue();
    assertThat(c.failed(Set.of(Rule.QUERY_IN_SEVERAL_SPLITS))).isFalse();
  }

  @Test
  void should_count_each_splits_queries_judgments_and_labels() throws Exception {
    SplitCheck c = check(ProtocolSource.none().withBeir(PARAPHRASE.toString()), null, Judgments.EXHAUSTIVE);
    assertThat(c.splits()).extracting(SplitCheck.SplitCounts::split).containsExactly("dev", "test");
    SplitCheck.SplitCounts test = c.splits().get(1);
    assertThat(List.of(test.queries(), test.judgedQueries(), test.judgments(), test.relevant(), test.noRelevant()))
        .containsExactly(4, 4, 6, 4, 1);
    assertThat(test.labels()).containsExactly(java.util.Map.entry(0, 2), java.util.Map.entry(1, 4));
    assertThat(rule(c, Rule.GROUP_ACROSS_SPLITS).applies()).isFalse();
  }

  @Test
  void should_make_never_judged_documents_information_under_pooled_judgments() throws Exception {
    SplitCheck c = check(ProtocolSource.none().withBeir(PARAPHRASE.toString()), null, Judgments.POOLED);
    assertThat(rule(c, Rule.NEVER_JUDGED).information()).isTrue();
    assertThat(c.failed(Set.of(Rule.NEVER_JUDGED))).isFalse();
    assertThat(check(ProtocolSource.none().withBeir(PARAPHRASE.toString()), null, Judgments.EXHAUSTIVE)
        .failed(Set.of(Rule.NEVER_JUDGED))).isTrue();
  }

  @Test
  void should_find_a_query_judged_in_two_splits_of_a_beir_folder() throws Exception {
    // GIVEN the fixture with q1 judged in test too
    Path copy = dir.resolve("p");
    Files.createDirectories(copy.resolve("qrels"));
    for (String f : List.of("corpus.jsonl", "queries.jsonl", "qrels/dev.tsv")) {
      Files.copy(PARAPHRASE.resolve(f), copy.resolve(f));
    }
    Files.writeString(copy.resolve("qrels/test.tsv"), Files.readString(PARAPHRASE.resolve("qrels/test.tsv")) + "q1\td1\t1\n");
    // WHEN
    SplitCheck c = check(ProtocolSource.none().withBeir(copy.toString()), null, Judgments.EXHAUSTIVE);
    // THEN
    assertThat(rule(c, Rule.QUERY_IN_SEVERAL_SPLITS).findings()).singleElement()
        .satisfies(f -> assertThat(f.location().toString()).endsWith("qrels/test.tsv:8"))
        .satisfies(f -> assertThat(f.message()).isEqualTo("query \"q1\" is judged in splits dev, test"));
  }

  @Test
  void should_read_the_seeds_protocol_with_its_dev_and_test_splits() throws Exception {
    SplitCheck c = check(ProtocolSource.protocolFile(HELPCENTRE.resolve("protocol.json")), null, Judgments.EXHAUSTIVE);
    assertThat(c.splits()).extracting(SplitCheck.SplitCounts::split, SplitCheck.SplitCounts::queries)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("dev", 1), org.assertj.core.groups.Tuple.tuple("test", 4));
    assertThat(rule(c, Rule.NO_RELEVANT).findings()).singleElement()
        .satisfies(f -> assertThat(f.message()).startsWith("query \"q5\" (test)"))
        .satisfies(f -> assertThat(f.location().toString()).startsWith(HELPCENTRE.resolve("protocol.json") + ":"));
    assertThat(c.failed(Rule.defaultErrors())).isFalse();
  }

  @Test
  void should_find_a_duplicate_text_across_splits_in_separate_queries_and_trec_qrels() throws Exception {
    // GIVEN the seed's queries with q1's text, full width and upper case, given to test query q9
    Path queries = dir.resolve("queries.json");
    Files.writeString(queries, "{\"q1\": {\"text\": \"Reset  Password\", \"split\": \"dev\"},"
        + " \"q9\": {\"text\": \"ＲＥＳＥＴ password \", \"split\": \"test\"}}", StandardCharsets.UTF_8);
    Path qrels = dir.resolve("qrels.txt");
    Files.writeString(qrels, "q1 0 d1 1\nq9 0 d1 2\n");
    // WHEN
    SplitCheck c = check(ProtocolSource.none().withQueries(queries.toString()).withQrels(qrels.toString()), null,
        Judgments.EXHAUSTIVE);
    // THEN
    assertThat(rule(c, Rule.DUPLICATE_TEXT).findings()).singleElement()
        .satisfies(f -> assertThat(f.message()).contains("\"reset password\""));
    assertThat(rule(c, Rule.JUDGED_NOT_IN_CORPUS).applies()).isFalse();
    assertThat(c.splits().get(1).labels()).containsExactly(java.util.Map.entry(2, 1));
  }

  @Test
  void should_read_subtopic_qrels_as_the_protocol_reads_them() throws Exception {
    // GIVEN subtopic judgments (qid subtopic docid label): d1 judged under two subtopics of q1,
    // which trec_eval's format would refuse as a repeated judgment
    Path queries = dir.resolve("queries.json");
    Files.writeString(queries, "{\"q1\": {\"text\": \"a\", \"split\": \"dev\"}, \"q2\": {\"text\": \"b\", \"split\": \"test\"}}",
        StandardCharsets.UTF_8);
    Path qrels = dir.resolve("qrels.subtopics.txt");
    Files.writeString(qrels, "q1 1 d1 1\nq1 2 d1 1\nq2 1 d2 0\n");
    ProtocolSource source = ProtocolSource.none().withQueries(queries.toString()).withQrels(qrels.toString());
    // WHEN / THEN read as subtopics, the check runs and finds q2 without a relevant document
    SplitCheck c = check(source.withSubtopicQrels(true), null, Judgments.POOLED);
    assertThat(rule(c, Rule.NO_RELEVANT).findings()).singleElement().satisfies(f -> assertThat(f.message()).contains("\"q2\""));
    // AND read as trec_eval's qrels, the same file is the repeated judgment it is there
    org.assertj.core.api.Assertions.assertThatExceptionOfType(dev.caliber.error.CaliberInputException.class)
        .isThrownBy(() -> check(source, null, Judgments.POOLED));
  }

  @Test
  void should_normalise_width_compatibility_forms_case_and_white_space() {
    assertThat(SplitCheck.normalise(" Ｈｅｌｌｏ\u3000 WORLD\t\n")).isEqualTo("hello world");
    assertThat(SplitCheck.normalise("ﬁle Straße")).isEqualTo(SplitCheck.normalise("FILE STRASSE"));
    assertThat(SplitCheck.normalise("a b")).isNotEqualTo(SplitCheck.normalise("ab"));
  }

  @Test
  void should_refuse_a_split_bare_qrels_and_bad_group_files_by_line() throws Exception {
    ProtocolSource beir = ProtocolSource.none().withBeir(PARAPHRASE.toString());
    assertThatThrownBy(() -> check(beir.withSplit("test"), null, Judgments.EXHAUSTIVE))
        .isInstanceOf(ProtocolSourceException.class)
        .extracting(e -> ((ProtocolSourceException) e).problem()).isEqualTo(ProtocolSourceException.Problem.CHECK_READS_EVERY_SPLIT);
    assertThatThrownBy(() -> check(ProtocolSource.none(), null, Judgments.EXHAUSTIVE))
        .extracting(e -> ((ProtocolSourceException) e).problem()).isEqualTo(ProtocolSourceException.Problem.NO_SOURCE);
    assertThatThrownBy(() -> check(beir.withQueries(PARAPHRASE.resolve("queries.jsonl").toString()), null, Judgments.EXHAUSTIVE))
        .extracting(e -> ((ProtocolSourceException) e).problem()).isEqualTo(ProtocolSourceException.Problem.SEVERAL_SOURCES);
    Path qrels = dir.resolve("q.txt");
    Files.writeString(qrels, "q1 0 d1 1\n");
    assertThatThrownBy(() -> check(ProtocolSource.qrels(qrels), null, Judgments.EXHAUSTIVE))
        .extracting(e -> ((ProtocolSourceException) e).problem()).isEqualTo(ProtocolSourceException.Problem.CHECK_NEEDS_SPLITS);
    Path groups = dir.resolve("groups.tsv");
    Files.writeString(groups, "q1\tg\nq2 g\n");
    assertThatThrownBy(() -> check(beir, groups, Judgments.EXHAUSTIVE)).isInstanceOf(InputSyntaxException.class)
        .hasMessage(groups + ":2: wrong number of columns (found 1 tab-separated columns; expected 2 (query-id, group))");
    Files.writeString(groups, "q1\tg\nq1\th\n");
    assertThatThrownBy(() -> check(beir, groups, Judgments.EXHAUSTIVE)).isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining(groups + ":2: query grouped twice");
    Files.writeString(groups, "q99\tg\n");
    assertThatThrownBy(() -> check(beir, groups, Judgments.EXHAUSTIVE)).isInstanceOf(ProtocolViolationException.class)
        .hasMessageStartingWith(groups + ":1: grouped query not in the queries");
  }
}
