package dev.caliber.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Retriever;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index searched as a caliber retriever: Anserini's bag of words, BM25, Lucene's order, and a description. */
class LuceneRetrieverTest {
  @TempDir Path dir;

  private LuceneIndex index;

  @BeforeEach
  void index() throws IOException {
    index = LuceneIndex.build(Corpora.write(dir, "docs.jsonl", Corpora.CONTENTS), dir.resolve("idx"), IndexSettings.DEFAULT);
  }

  @AfterEach
  void close() throws IOException {
    index.close();
  }

  private static List<String> docs(List<Retriever.Hit> hits) {
    return hits.stream().map(Retriever.Hit::doc).toList();
  }

  @Test
  void should_find_documents_by_their_analysed_terms_best_first() throws IOException {
    LuceneRetriever r = index.retriever();
    // "Apples" and "pears" stem to the documents' "appl" and "pear"
    assertThat(docs(r.search("q1", "Apples and pears", 10))).containsExactly("d1", "d2");
    assertThat(docs(r.search("q1", "garden", 10))).containsExactly("d3", "d2");
    assertThat(docs(r.search("q1", "garden", 1))).containsExactly("d3");
  }

  @Test
  void should_boost_a_term_by_its_count_in_the_query() throws IOException {
    LuceneRetriever r = index.retriever();
    double once = r.search("q", "garden", 10).get(1).score();
    double twice = r.search("q", "garden garden", 10).get(1).score();
    assertThat(twice).isEqualTo(2 * once, org.assertj.core.data.Offset.offset(1e-5));
  }

  @Test
  void should_break_ties_by_corpus_order_and_find_nothing_for_stop_words_alone() throws IOException {
    List<Retriever.Hit> juice = index.retriever().search("q", "orange juice", 10);
    assertThat(docs(juice)).containsExactly("d4", "d5");
    assertThat(juice.get(0).score()).isEqualTo(juice.get(1).score());
    assertThat(index.retriever().search("q", "the and with", 10)).isEmpty();
  }

  @Test
  void should_score_with_the_bm25_parameters_declared() throws IOException {
    double anserini = index.retriever().search("q", "garden", 10).get(0).score();
    double lucene = index.retriever(QueryBuilder.BAG_OF_WORDS, new Bm25(1.2, 0.75)).search("q", "garden", 10).get(0).score();
    assertThat(lucene).isNotEqualTo(anserini);
  }

  @Test
  void should_say_lucene_refused_a_query_with_more_terms_than_its_clause_limit() {
    String words = IntStream.range(0, 1100).mapToObj(i -> "w" + i + "x").collect(Collectors.joining(" "));
    assertThatThrownBy(() -> index.retriever().search("q", words, 10)).isInstanceOf(IOException.class)
        .hasMessage("Lucene refused the query: 1100 distinct terms, more than Lucene's limit of 1024 clauses"
            + " (IndexSearcher.getMaxClauseCount())");
  }

  @Test
  void should_describe_engine_index_analyzer_similarity_and_query_builder() {
    Map<String, Object> d = index.retriever().describe();
    assertThat(d).containsEntry("engine", "lucene").containsEntry("version", "9.12.3").containsEntry("analyzer", "english")
        .containsEntry("similarity", Map.of("name", "BM25", "k1", 0.9, "b", 0.4)).containsEntry("query", "bag-of-words")
        .containsEntry("field", "contents");
    assertThat(d.get("index")).isEqualTo(Map.of("name", "idx", "documents", 5L, "sha256", index.sha256(), "commit", "segments_1",
        "lucene_version", "9.12.3"));
    assertThat(index.retriever().sha256()).isEqualTo(index.retriever().sha256())
        .isNotEqualTo(index.retriever(QueryBuilder.BAG_OF_WORDS, new Bm25(1.2, 0.75)).sha256());
  }

  @Test
  void should_give_eval_retrieve_every_topic_with_an_empty_ranking_where_nothing_matched() throws IOException {
    ScoredRun run = Eval.retrieve("bm25", index.retriever(), Topics.of(Map.of("q1", "pear")), 10);
    assertThat(run.list("q1").size()).isEqualTo(2);
    ScoredRun none = Eval.retrieve("bm25", index.retriever(), Topics.of(Map.of("q2", "the")), 10);
    assertThat(none.list("q2").size()).isZero();
  }
}
