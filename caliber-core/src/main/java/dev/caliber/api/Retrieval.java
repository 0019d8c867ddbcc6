package dev.caliber.api;

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
 * {@link Eval#retrieve}'s work: every topic sent to a retriever, one at a time on the caller's
 * thread or several at once on a pool, the hits collected as a run in the topics' order whatever
 * order the answers came in, so that the run does not depend on the number of threads.
 *
 * <p>A failure is its query's: an {@link IOException} or a broken answer (a null list or hit, more
 * hits than the depth). No query after the first that failed, in the topics' order, is started
 * (one before it still is), the queries in flight finish, and the failure thrown is that of the
 * first topic in order that failed: the one a search one query at a time meets.
 */
final class Retrieval {
  private Retrieval() {}

  static ScoredRun retrieve(String name, Retriever retriever, Topics topics, int depth, int threads) throws IOException {
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
    List<List<Retriever.Hit>> hits = threads == 1 || queries.size() < 2
        ? inTurn(retriever, queries, depth) : atOnce(retriever, queries, depth, threads);
    for (int i = 0; i < queries.size(); i++) {
      String q = queries.get(i).getKey();
      run.query(q);
      for (Retriever.Hit h : hits.get(i)) {
        run.add(q, h.doc(), h.score());
      }
    }
    return run.build();
  }

  /** One query at a time, on this thread (a retriever not safe from several threads never sees two). */
  private static List<List<Retriever.Hit>> inTurn(Retriever retriever, List<Map.Entry<String, String>> queries, int depth)
      throws IOException {
    List<List<Retriever.Hit>> out = new ArrayList<>(queries.size());
    for (Map.Entry<String, String> q : queries) {
      try {
        out.add(checked(q.getKey(), retriever.search(q.getKey(), q.getValue(), depth), depth));
      } catch (IOException e) {
        throw named(e, q.getKey());
      }
    }
    return out;
  }

  private static List<List<Retriever.Hit>> atOnce(Retriever retriever, List<Map.Entry<String, String>> queries, int depth,
      int threads) throws IOException {
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
      List<List<Retriever.Hit>> out = new ArrayList<>(queries.size());
      for (int i = 0; i < queries.size(); i++) {
        try {
          out.add(answers.get(i).get());
        } catch (ExecutionException e) {
          throw rethrow(e.getCause(), queries.get(i).getKey()); // the first in order: the ones before it answered
        }
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while searching");
    } finally {
      pool.shutdownNow();
    }
  }

  /** A query's hits, refused if they break the retriever's contract: the failure of that query. */
  private static List<Retriever.Hit> checked(String query, List<Retriever.Hit> h, int depth) {
    if (h == null || h.size() > depth || h.stream().anyMatch(Objects::isNull)) { // List.of's contains(null) throws
      throw new IllegalArgumentException("illegal hits for query " + MapInputs.quote(query) + ": "
          + (h == null ? "null" : h.size() > depth ? h.size() + " hits, more than the depth " + depth : "a null hit")
          + "; a retriever returns at most depth hits, best first");
    }
    return h;
  }

  /** A retriever's IOException with its query named once: a {@link QueryFailure} names it already. */
  private static IOException named(IOException e, String query) {
    return e instanceof QueryFailure ? e : new IOException("query " + MapInputs.quote(query) + ": " + e.getMessage(), e);
  }

  private static IOException rethrow(Throwable t, String query) {
    if (t instanceof IOException e) {
      return named(e, query);
    }
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    return new IOException("query " + MapInputs.quote(query) + ": " + t, t);
  }
}
