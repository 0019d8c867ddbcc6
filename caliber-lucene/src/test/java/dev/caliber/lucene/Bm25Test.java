package dev.caliber.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** BM25's parameters are checked as Lucene checks them, in Lucene's words, and read back as written. */
class Bm25Test {
  @Test
  void should_refuse_what_lucene_refuses_with_lucenes_message() {
    assertThatThrownBy(() -> new Bm25(-1, 0.4)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal k1 value: -1.0, must be a non-negative finite value");
    assertThatThrownBy(() -> new Bm25(Double.POSITIVE_INFINITY, 0.4)).hasMessage("illegal k1 value: Infinity, must be a non-negative finite value");
    assertThatThrownBy(() -> new Bm25(1e300, 0.4)).hasMessage("illegal k1 value: 1.0E300, must be a non-negative finite value");
    assertThatThrownBy(() -> new Bm25(0.9, 2)).hasMessage("illegal b value: 2.0, must be between 0 and 1");
    assertThatThrownBy(() -> new Bm25(0.9, Double.NaN)).hasMessage("illegal b value: NaN, must be between 0 and 1");
  }

  @Test
  void should_keep_the_values_given_and_hand_lucene_their_floats() {
    Bm25 p = new Bm25(0.9, 0.4);
    assertThat(p.k1()).isEqualTo(0.9);
    assertThat(p.similarity().getK1()).isEqualTo(0.9f);
    assertThat(p.similarity().getB()).isEqualTo(0.4f);
    assertThat(new Bm25(0, 0)).isNotNull();
    assertThat(new Bm25(0, 1)).isNotNull();
  }

  @Test
  void should_name_the_analyzers_and_builders_there_are() {
    assertThat(LuceneAnalyzer.of("English")).isEqualTo(LuceneAnalyzer.ENGLISH);
    assertThatThrownBy(() -> LuceneAnalyzer.of("french")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal analyzer: \"french\", must be one of standard, english, whitespace");
    assertThat(QueryBuilder.of("bag-of-words")).isEqualTo(QueryBuilder.BAG_OF_WORDS);
    assertThatThrownBy(() -> QueryBuilder.of("phrase")).hasMessage("illegal query builder: \"phrase\", must be one of bag-of-words");
  }
}
