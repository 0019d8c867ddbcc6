package dev.caliber.remote;

import java.time.Duration;

/**
 * How a remote retriever talks to its server: timeouts, how many requests at once, and retries.
 *
 * <p>A request is retried on HTTP 429 (too many requests) and 503 (unavailable), and when the
 * connection is lost mid-request; never on a refused connection, a timeout, or any other status.
 * Retry {@code n} (from 1) waits {@code initialBackoff * 2^(n-1)}, or the server's {@code
 * Retry-After} if longer, and at most {@code maxBackoff}. With the defaults a request is sent at
 * most 4 times and the waits are 0.25 s, 0.5 s and 1 s.
 *
 * @param connectTimeout how long to wait for a connection, positive
 * @param requestTimeout how long to wait for each answer, positive
 * @param maxConcurrent the most requests in flight at once, from 1 to 256
 * @param maxRetries the most retries after the first attempt, from 0 to 20
 * @param initialBackoff the wait before the first retry, positive
 * @param maxBackoff the longest wait, at least {@code initialBackoff}
 */
public record HttpOptions(Duration connectTimeout, Duration requestTimeout, int maxConcurrent, int maxRetries,
    Duration initialBackoff, Duration maxBackoff) {

  /**
   * Checks the options.
   *
   * @param connectTimeout how long to wait for a connection
   * @param requestTimeout how long to wait for each answer
   * @param maxConcurrent the most requests in flight
   * @param maxRetries the most retries after the first attempt
   * @param initialBackoff the wait before the first retry
   * @param maxBackoff the longest wait
   * @throws IllegalArgumentException naming the first option out of range
   */
  public HttpOptions {
    positive("connect timeout", connectTimeout);
    positive("request timeout", requestTimeout);
    positive("initial backoff", initialBackoff);
    positive("max backoff", maxBackoff);
    if (maxConcurrent < 1 || maxConcurrent > 256) {
      throw new IllegalArgumentException("illegal max concurrent requests: " + maxConcurrent + ", must be from 1 to 256");
    }
    if (maxRetries < 0 || maxRetries > 20) {
      throw new IllegalArgumentException("illegal max retries: " + maxRetries + ", must be from 0 to 20");
    }
    if (maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException("illegal max backoff: " + maxBackoff + ", must be at least the initial backoff "
          + initialBackoff);
    }
  }

  /**
   * The defaults: connect within 5 s, an answer within 30 s, 4 requests at once, 3 retries, backoff
   * from 250 ms to 5 s.
   *
   * @return the defaults
   */
  public static HttpOptions defaults() {
    return new HttpOptions(Duration.ofSeconds(5), Duration.ofSeconds(30), 4, 3, Duration.ofMillis(250), Duration.ofSeconds(5));
  }

  /**
   * These options with other timeouts.
   *
   * @param connect how long to wait for a connection
   * @param request how long to wait for each answer
   * @return new options
   */
  public HttpOptions withTimeouts(Duration connect, Duration request) {
    return new HttpOptions(connect, request, maxConcurrent, maxRetries, initialBackoff, maxBackoff);
  }

  /**
   * These options with another bound on requests in flight.
   *
   * @param n the most requests at once
   * @return new options
   */
  public HttpOptions withMaxConcurrent(int n) {
    return new HttpOptions(connectTimeout, requestTimeout, n, maxRetries, initialBackoff, maxBackoff);
  }

  /**
   * These options with other retries.
   *
   * @param retries the most retries after the first attempt
   * @param initial the wait before the first retry
   * @param max the longest wait
   * @return new options
   */
  public HttpOptions withRetries(int retries, Duration initial, Duration max) {
    return new HttpOptions(connectTimeout, requestTimeout, maxConcurrent, retries, initial, max);
  }

  private static void positive(String what, Duration d) {
    if (d == null || d.isZero() || d.isNegative()) {
      throw new IllegalArgumentException("illegal " + what + ": " + d + ", must be a positive duration");
    }
  }
}
