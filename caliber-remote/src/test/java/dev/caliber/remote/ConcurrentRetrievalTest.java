package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Retriever;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Several queries in flight, one run in the topics' order: Eval.retrieve's run, whatever order answers come in. */
class ConcurrentRetrievalTest {
  /** Answers after a random pause, so that answers come back out of order; counts how many are in flight. */
  static final class Slow implements Retriever {
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger most = new AtomicInteger();
    final String failOn;

    Slow(String failOn) {
      this.failOn = failOn;
    }

    @Override
    public List<Hit> search(String queryId, String text, int depth) throws IOException {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      try {
        Thread.sleep(ThreadLocalRandom.current().nextInt(5));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        inFlight.decrementAndGet();
      }
      if (queryId.equals(failOn) || (failOn != null && failOn.equals("any-after-" + queryId))) {
        throw new IOException("no answer for " + queryId);
      }
      return List.of(new Hit("d" + queryId, 2.0), new Hit("e" + queryId, 1.0));
    }

    @Override
    public Map<String, Object> describe() {
      return Map.of("engine", "slow");
    }
  }

  static Topics topics(int n) {
    Map<String, String> t = new LinkedHashMap<>();
    for (int i = n; i > 0; i--) {
      t.put(Integer.toString(i), "text " + i); // IDs in descending order: the topics' order is not the IDs'
    }
    return Topics.of(t);
  }

  @Test
  void should_give_the_run_eval_retrieve_gives_with_at_most_the_threads_asked_in_flight() throws Exception {
    Slow slow = new Slow(null);
    var run = ConcurrentRetrieval.retrieve("r", slow, topics(200), 10, 3);
    assertThat(Runs.lines(run)).isEqualTo(Runs.lines(Eval.retrieve("r", new Slow(null), topics(200), 10)));
    assertThat(List.copyOf(run.asMap().keySet())).isEqualTo(topics(200).ids());
    assertThat(slow.most.get()).isBetween(1, 3);
  }

  @Test
  void should_report_the_first_failure_in_the_topics_order_prefixed_with_its_query() {
    assertThatThrownBy(() -> ConcurrentRetrieval.retrieve("r", new Slow("150"), topics(200), 10, 4))
        .isInstanceOf(IOException.class).hasMessage("query \"150\": no answer for 150");
  }

  @Test
  void should_refuse_more_hits_than_the_depth_naming_the_query() {
    Retriever greedy = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) {
        return List.of(new Hit("a", 1), new Hit("b", 0.5));
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    assertThatThrownBy(() -> ConcurrentRetrieval.retrieve("r", greedy, topics(3), 1, 2))
        .hasMessage("illegal hits for query \"3\": 2 hits, more than the depth 1; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> ConcurrentRetrieval.retrieve("r", greedy, topics(3), 1, 0)).hasMessage("illegal threads: 0, must be at least 1");
  }
}
