package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Eval.retrieve with several queries in flight: one run in the topics' order, the one a query at a time gives, whatever order answers come in. */
class RetrievalTest {
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
    var run = Eval.retrieve("r", slow, topics(200), 10, 3);
    assertThat(lines(run)).isEqualTo(lines(Eval.retrieve("r", new Slow(null), topics(200), 10)));
    assertThat(List.copyOf(run.asMap().keySet())).isEqualTo(topics(200).ids());
    assertThat(slow.most.get()).isBetween(1, 3);
  }

  @Test
  void should_report_the_first_failure_in_the_topics_order_prefixed_with_its_query() {
    assertThatThrownBy(() -> Eval.retrieve("r", new Slow("150"), topics(200), 10, 4))
        .isInstanceOf(IOException.class).hasMessage("query \"150\": no answer for 150");
    assertThatThrownBy(() -> Eval.retrieve("r", new Slow("150"), topics(200), 10))
        .isInstanceOf(IOException.class).hasMessage("query \"150\": no answer for 150");
  }

  @Test
  void should_pass_a_failure_that_names_its_query_on_as_it_is() {
    Retriever server = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) throws IOException {
        if (queryId.equals("7")) {
          throw new QueryFailure("engine http://host/index, query \"7\": HTTP 400 bad query", queryId, null);
        }
        return List.of();
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    for (int threads : new int[] {1, 4}) {
      assertThatThrownBy(() -> Eval.retrieve("r", server, topics(20), 10, threads)).isInstanceOf(QueryFailure.class)
          .hasMessage("engine http://host/index, query \"7\": HTTP 400 bad query")
          .satisfies(e -> assertThat(((QueryFailure) e).queryId()).isEqualTo("7"));
    }
  }

  @Test
  void should_report_the_earliest_failure_in_the_topics_order_even_when_a_later_one_failed_first() {
    // query "3", the first, fails only after "2" has failed: the failure reported is still "3"'s
    java.util.concurrent.CountDownLatch secondFailed = new java.util.concurrent.CountDownLatch(1);
    Retriever r = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) throws IOException {
        if (queryId.equals("2")) {
          secondFailed.countDown();
          throw new IOException("second");
        }
        if (queryId.equals("3")) {
          try {
            secondFailed.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          throw new IOException("first");
        }
        return List.of();
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    assertThatThrownBy(() -> Eval.retrieve("r", r, topics(3), 10, 2)).hasMessage("query \"3\": first");
  }

  @Test
  void should_search_one_at_a_time_on_the_callers_thread_and_several_at_once_on_daemon_threads() throws Exception {
    java.util.Set<Thread> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
    Retriever r = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) {
        seen.add(Thread.currentThread());
        return List.of(new Hit("d" + queryId, 1.0));
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    Eval.retrieve("r", r, topics(20), 10, 1);
    assertThat(seen).containsExactly(Thread.currentThread());
    seen.clear();
    Eval.retrieve("r", r, topics(20), 10, 4);
    assertThat(seen).isNotEmpty().doesNotContain(Thread.currentThread())
        .allSatisfy(t -> assertThat(t.isDaemon()).as("a search thread never keeps the JVM up").isTrue())
        .allSatisfy(t -> assertThat(t.getName()).startsWith("caliber-search-"));
  }

  @Test
  void should_start_no_query_after_the_first_that_failed() {
    AtomicInteger asked = new AtomicInteger();
    Retriever r = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) throws IOException {
        asked.incrementAndGet();
        if (queryId.equals("500")) { // the first topic answers late: the pool runs on meanwhile
          try {
            Thread.sleep(300);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        if (queryId.equals("499")) {
          throw new IOException("down");
        }
        return List.of();
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    assertThatThrownBy(() -> Eval.retrieve("r", r, topics(500), 10, 2)).hasMessage("query \"499\": down");
    // the second of 500 topics failed while the first was still being answered: the other thread
    // takes the rest of the queue but starts none of them, so far fewer than all were asked
    assertThat(asked.get()).isLessThan(100);
  }

  @Test
  void should_pass_what_a_retriever_throws_unchecked_on_as_it_is_from_any_thread() {
    Retriever r = new Retriever() {
      @Override
      public List<Hit> search(String queryId, String text, int depth) {
        throw new IllegalStateException("no model for " + queryId);
      }

      @Override
      public Map<String, Object> describe() {
        return Map.of();
      }
    };
    for (int threads : new int[] {1, 3}) {
      assertThatThrownBy(() -> Eval.retrieve("r", r, topics(5), 10, threads)).isInstanceOf(IllegalStateException.class)
          .hasMessage("no model for 5");
    }
  }

  /** A run as TREC-like lines: query, document, score, in the run's order. */
  private static List<String> lines(ScoredRun run) {
    List<String> out = new java.util.ArrayList<>();
    run.asMap().forEach((q, list) -> {
      for (int i = 0; i < list.size(); i++) {
        out.add(q + " " + list.doc(i) + " " + list.score(i));
      }
    });
    return out;
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
    assertThatThrownBy(() -> Eval.retrieve("r", greedy, topics(3), 1, 2))
        .hasMessage("illegal hits for query \"3\": 2 hits, more than the depth 1; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> Eval.retrieve("r", greedy, topics(3), 1))
        .hasMessage("illegal hits for query \"3\": 2 hits, more than the depth 1; a retriever returns at most depth hits, best first");
    assertThatThrownBy(() -> Eval.retrieve("r", greedy, topics(3), 1, 0)).hasMessage("illegal threads: 0, must be at least 1");
  }
}
