package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** A retriever in code, sent topics and evaluated in one call. */
class RetrieverTest {
  /** Counts a query's words in each document: a real, if small, retriever. */
  static final class WordOverlap implements Retriever {
    final Map<String, String> docs;
    final List<String> asked = new ArrayList<>();

    WordOverlap(Map<String, String> docs) {
      this.docs = docs;
    }

    @Override
    public List<Hit> search(String queryId, String text, int depth) throws IOException {
      asked.add(queryId);
      Set<String> words = new TreeSet<>(Arrays.asList(text.toLowerCase().split(" ")));
      List<Hit> hits = new ArrayList<>();
      docs.forEach((id, body) -> {
        long n = Arrays.stream(body.toLowerCase().split(" ")).filter(words::contains).count();
        if (n > 0) {
          hits.add(new Hit(id, n));
        }
      });
      hits.sort(Comparator.comparingDouble(Hit::score).reversed().thenComparing(Hit::doc));
      return hits.subList(0, Math.min(depth, hits.size()));
    }

    @Override
    public Map<String, Object> describe() {
      return Map.of("engine", "word overlap", "documents", docs.size());
    }
  }

  private static final Map<String, String> DOCS = new LinkedHashMap<>();

  static {
    DOCS.put("d1", "solar panels on roofs");
    DOCS.put("d2", "wind farms at sea");
    DOCS.put("d3", "solar and wind energy prices");
    DOCS.put("d4", "roofs of old houses");
  }

  private static final Topics TOPICS = Topics.of(new LinkedHashMap<>(Map.of("q1", "solar roofs")), "");
  private static final EvalProtocol PROTOCOL = Eval.protocol(Eval.qrels(Map.of(
      "q1", Map.of("d1", 1, "d3", 0, "d4", 0), "q2", Map.of("d2", 1), "q3", Map.of("d2", 1))), Preset.TREC_EVAL, "RR@10", "P@2");

  private static Topics topics() {
    Map<String, String> t = new LinkedHashMap<>();
    t.put("q1", "solar roofs");
    t.put("q2", "wind at sea");
    t.put("q3", "nuclear");
    return Topics.of(t);
  }

  @Test
  void should_send_every_topic_in_order_and_keep_the_hits_in_the_order_ranked() throws IOException {
    // GIVEN a retriever and three topics, one of which matches nothing
    WordOverlap r = new WordOverlap(DOCS);
    // WHEN they are retrieved
    ScoredRun run = Eval.retrieve("overlap", r, topics(), 2);
    // THEN every topic was sent once, in order, and each ranking is the retriever's, cut at its depth
    assertThat(r.asked).containsExactly("q1", "q2", "q3");
    assertThat(run.name()).isEqualTo("overlap");
    assertThat(run.list("q1").docs()).containsExactly("d1", "d3");
    assertThat(run.list("q2").docs()).containsExactly("d2", "d3");
    assertThat(run.list("q3").docs()).isEmpty(); // answered with nothing, not missing
  }

  @Test
  void should_evaluate_a_retriever_in_one_call_as_its_run_evaluates() throws IOException {
    RunResult once = Eval.evaluate(PROTOCOL, "overlap", new WordOverlap(DOCS), topics(), 10);
    RunResult twoSteps = Eval.evaluate(PROTOCOL, Eval.retrieve("overlap", new WordOverlap(DOCS), topics(), 10));
    assertThat(once.summaries()).isEqualTo(twoSteps.summaries());
    assertThat(once.summary(Measures.parse("RR@10")).mean()).isEqualTo(Fraction.of(2, 3));
    assertThat(once.row("q3").missing()).isFalse();
    assertThat(once.missingQueries()).isEmpty();
  }

  @Test
  void should_read_topics_and_send_them(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
    java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("t.tsv"), "q1\tsolar roofs\nq2\twind  at\tsea\n");
    assertThatThrownBy(() -> EvalFiles.readTopics(file, null)).hasMessageContaining("t.tsv:2: more than one tab");
    java.nio.file.Files.writeString(file, "q1\tsolar roofs\nq2\twind  at sea\n");
    Topics read = EvalFiles.readTopics(file, null);
    assertThat(read.texts()).containsEntry("q2", "wind at sea");
    assertThat(Eval.evaluate(PROTOCOL, "overlap", new WordOverlap(DOCS), read, 10).summary(Measures.parse("RR@10")).mean())
        .isEqualTo(Fraction.of(2, 3));
    assertThatThrownBy(() -> EvalFiles.readTopics(null, null)).hasMessage("illegal topics file: null");
  }

  @Test
  void should_fingerprint_the_retriever_s_description() {
    WordOverlap four = new WordOverlap(DOCS);
    assertThat(four.sha256()).isEqualTo(new WordOverlap(new LinkedHashMap<>(DOCS)).sha256()).matches("[0-9a-f]{64}");
    assertThat(four.sha256()).isNotEqualTo(new WordOverlap(Map.of("d1", "x")).sha256());
  }

  @Test
  void should_name_the_query_when_a_retriever_fails_or_breaks_its_contract() {
    Retriever down = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) throws IOException {
        throw new IOException("connection refused");
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    assertThatThrownBy(() -> Eval.retrieve("r", down, TOPICS, 10)).isInstanceOf(IOException.class)
        .hasMessage("query \"q1\": connection refused");
    assertThatThrownBy(() -> Eval.retrieve("r", answering(null), TOPICS, 10)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal hits for query \"q1\": null; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> Eval.retrieve("r", answering(List.of(new Retriever.Hit("a", 2), new Retriever.Hit("b", 1))), TOPICS, 1))
        .hasMessage("illegal hits for query \"q1\": 2 hits, more than the depth 1; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> Eval.retrieve("r", answering(Arrays.asList(new Retriever.Hit("a", 2), null)), TOPICS, 5))
        .hasMessage("illegal hits for query \"q1\": a null hit; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> Eval.retrieve("r", answering(Arrays.asList(new Retriever.Hit("a", 2), null)), TOPICS, 2))
        .hasMessage("illegal hits for query \"q1\": a null hit; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> Eval.retrieve("r", new WordOverlap(DOCS), TOPICS, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal depth: 0, must be at least 1");
    assertThatThrownBy(() -> Eval.retrieve("r", null, TOPICS, 1)).hasMessage("illegal retriever: null");
    assertThatThrownBy(() -> Eval.retrieve("r", new WordOverlap(DOCS), null, 1)).hasMessage("illegal topics: null");
    assertThatThrownBy(() -> Eval.retrieve("", new WordOverlap(DOCS), TOPICS, 1)).isInstanceOf(IllegalArgumentException.class);
    // a document returned twice is the protocol violation it would be in a file
    assertThatThrownBy(() -> Eval.evaluate(PROTOCOL, "r", answering(List.of(new Retriever.Hit("d1", 2), new Retriever.Hit("d1", 1))),
        TOPICS, 5)).isInstanceOf(dev.caliber.error.ProtocolViolationException.class).hasMessageContaining("d1");
  }

  @Test
  void should_refuse_a_hit_without_an_id_or_a_finite_score() {
    assertThatThrownBy(() -> new Retriever.Hit(null, 1)).hasMessage("illegal hit: document ID null, must be non-empty");
    assertThatThrownBy(() -> new Retriever.Hit("", 1)).hasMessage("illegal hit: document ID empty, must be non-empty");
    assertThatThrownBy(() -> new Retriever.Hit("d", Double.NaN)).hasMessage("illegal hit: document \"d\" has score NaN, must be a finite number");
    assertThat(new Retriever.Hit("d", -1.5).score()).isEqualTo(-1.5);
  }

  private static Retriever answering(List<Retriever.Hit> hits) {
    return new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) {
        return hits;
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of("fixed", true);
      }
    };
  }
}
