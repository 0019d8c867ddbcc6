package dev.caliber.remote;

import dev.caliber.api.Retriever;
import dev.caliber.api.RunBuilder;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code Eval.retrieve} with several queries in flight: for a retriever whose {@code search} may be
 * called from many threads (the remote ones are), every topic is searched on a pool of at most
 * {@code threads} threads, and the hits are collected in the topics' order, so that the run is the
 * one {@code Eval.retrieve} makes, whatever order the answers came in.
 *
 * <p>On a failure no query after it in the topics' order is started (one before it still is); the
 * queries in flight finish, and the failure thrown is that of the first topic, in the topics'
 * order, that failed: the failure {@code Eval.retrieve} would meet first. A broken answer (a null
 * list or hit, more hits than the depth) is its query's failure. A {@link SearchFailure}
 * already names its query and is thrown as it is; any other {@link IOException} is prefixed with
 * the query ({@code query "12": ...}), as {@code Eval.retrieve} does.
 */
public final class ConcurrentRetrieval {
  private ConcurrentRetrieval() {}

  /**
   * Searches every topic, {@code threads} at a time, and collects the run.
   *
   * @param name the run's name, non-empty
   * @param retriever a retriever safe to call from several threads, not null
   * @param topics what to send, not null
   * @param depth the most hits per query, at least 1
   * @param threads the most searches at once, at least 1
   * @return the run, topics in their order, each query's hits in the order ranked
   * @throws IllegalArgumentException if an argument is out of range, or the retriever breaks its
   *     contract (a null list or hit, more hits than the depth), naming the query
   * @throws IOException if a query failed (the first in the topics' order), or if interrupted
   */
  public static ScoredRun retrieve(String name, Retriever retriever, Topics topics, int depth, int threads) throws IOException {
    RunBuilder run = new RunBuilder(name);
    Objects.requireNonNull(retriever, "retriever");
    Objects.requireNonNull(topics, "topics");
    if (depth < 1) {
      throw new IllegalArgumentException("illegal depth: " + depth + ", must be at least 1");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("illegal threads: " + threads + ", must be at least 1");
    }
    List<Map.Entry<String, String>> queries = new ArrayList<>(topics.texts().entrySet());
    // the earliest query, in the topics' order, that failed: a later one is not started, an earlier one always is
    AtomicInteger firstFailed = new AtomicInteger(Integer.MAX_VALUE);
    AtomicInteger thread = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, queries.size()), r -> {
      Thread t = new Thread(r, "caliber-search-" + thread.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<List<Retriever.Hit>>> answers = new ArrayList<>(queries.size());
      for (int i = 0; i < queries.size(); i++) {
        int index = i;
        Map.Entry<String, String> q = queries.get(i);
        answers.add(pool.submit(() -> {
          if (index > firstFailed.get()) {
            return null; // not started: an earlier query failed
          }
          try {
            return checked(q.getKey(), retriever.search(q.getKey(), q.getValue(), depth), depth);
          } catch (IOException | RuntimeException e) {
            firstFailed.accumulateAndGet(index, Math::min);
            throw e;
          }
        }));
      }
      List<List<Retriever.Hit>> hits = new ArrayList<>(queries.size());
      Throwable first = null;
      String firstQuery = null;
      for (int i = 0; i < queries.size(); i++) {
        try {
          hits.add(answers.get(i).get());
        } catch (ExecutionException e) {
          hits.add(null);
          if (first == null) {
            first = e.getCause();
            firstQuery = queries.get(i).getKey();
          }
        }
      }
      if (first != null) {
        throw rethrow(first, firstQuery);
      }
      for (int i = 0; i < queries.size(); i++) {
        String q = queries.get(i).getKey();
        List<Retriever.Hit> h = hits.get(i);
        run.query(q);
        for (Retriever.Hit hit : h) {
          run.add(q, hit.doc(), hit.score());
        }
      }
      return run.build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while searching");
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * A query's hits, refused if they break the retriever's contract: checked as each answer comes,
   * so that a broken answer is its query's failure, in the topics' order like any other.
   */
  private static List<Retriever.Hit> checked(String query, List<Retriever.Hit> h, int depth) {
    if (h == null || h.size() > depth || h.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("illegal hits for query " + SearchFailure.quote(query) + ": "
          + (h == null ? "null" : h.size() > depth ? h.size() + " hits, more than the depth " + depth : "a null hit")
          + "; a retriever returns at most depth hits, best first");
    }
    return h;
  }

  private static IOException rethrow(Throwable t, String query) {
    if (t instanceof SearchFailure f) {
      return f;
    }
    if (t instanceof IOException e) {
      return new IOException("query " + SearchFailure.quote(query) + ": " + e.getMessage(), e);
    }
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IOException("query " + SearchFailure.quote(query) + ": " + t, t);
  }
}
