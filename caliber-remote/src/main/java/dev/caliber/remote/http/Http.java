package dev.caliber.remote.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.Semaphore;

/**
 * One server's HTTP client: at most {@code maxConcurrent} requests in flight across all threads,
 * a connect timeout and a timeout for each answer, and bounded retries with exponential backoff.
 *
 * <p>What is retried ({@link #shouldRetry}): an answer with status 429 (too many requests) or 503
 * (unavailable: overloaded, or shards not yet allocated), and a connection lost mid-request (reset,
 * closed, an HTTP/2 GOAWAY). What is not: a refused connection (no server there: waiting will not
 * start one), a timeout (the server is busy with this very request: sending it again adds load),
 * and every other status, which the caller reads. Attempt {@code n} (from 1) that fails waits
 * {@code initialBackoff * 2^(n-1)}, at most {@code maxBackoff}, or the server's {@code
 * Retry-After} seconds if longer (again at most {@code maxBackoff}), then tries again, up to
 * {@code maxRetries} times after the first. No jitter: with a handful of requests in flight from
 * one process there is no herd to spread, and a run's timing stays reproducible. Thread-safe.
 */
public final class Http {
  private final HttpClient client;
  private final Duration requestTimeout;
  private final Semaphore inFlight;
  private final int maxRetries;
  private final Duration initialBackoff;
  private final Duration maxBackoff;
  private final Map<String, String> headers;

  /**
   * A client.
   *
   * @param connectTimeout how long to wait for a connection
   * @param requestTimeout how long to wait for each answer
   * @param maxConcurrent the most requests in flight at once, at least 1
   * @param maxRetries the most retries after the first attempt, at least 0
   * @param initialBackoff the wait before the first retry
   * @param maxBackoff the longest wait
   * @param headers sent with every request (authorization among them), copied
   */
  public Http(Duration connectTimeout, Duration requestTimeout, int maxConcurrent, int maxRetries, Duration initialBackoff,
      Duration maxBackoff, Map<String, String> headers) {
    this.client = HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .version(HttpClient.Version.HTTP_1_1) // the engines speak HTTP/1.1 in clear; no upgrade round trip
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
    this.requestTimeout = requestTimeout;
    this.inFlight = new Semaphore(maxConcurrent, true);
    this.maxRetries = maxRetries;
    this.initialBackoff = initialBackoff;
    this.maxBackoff = maxBackoff;
    this.headers = Map.copyOf(headers);
  }

  /**
   * An answer.
   *
   * @param status the HTTP status
   * @param body the body as UTF-8 text
   * @param attempts how many requests it took, at least 1
   */
  public record Reply(int status, String body, int attempts) {
    /**
     * Whether the status is 2xx.
     *
     * @return true for 200 to 299
     */
    public boolean ok() {
      return status >= 200 && status < 300;
    }
  }

  /**
   * GET.
   *
   * @param uri the address
   * @return the answer, whatever its status (after the retries for 429 and 503)
   * @throws HttpFailure if there was no answer
   * @throws InterruptedIOException if the thread was interrupted
   */
  public Reply get(URI uri) throws IOException {
    return send(HttpRequest.newBuilder(uri).GET());
  }

  /**
   * POST.
   *
   * @param uri the address
   * @param contentType the body's media type
   * @param body the body, sent as UTF-8
   * @return the answer, whatever its status (after the retries for 429 and 503)
   * @throws HttpFailure if there was no answer
   * @throws InterruptedIOException if the thread was interrupted
   */
  public Reply post(URI uri, String contentType, String body) throws IOException {
    return send(HttpRequest.newBuilder(uri).header("Content-Type", contentType)
        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
  }

  private Reply send(HttpRequest.Builder builder) throws IOException {
    builder.timeout(requestTimeout).header("Accept", "application/json");
    headers.forEach(builder::header);
    HttpRequest request = builder.build();
    for (int attempt = 1; ; attempt++) {
      HttpResponse<String> response;
      try {
        inFlight.acquire();
        try {
          response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } finally {
          inFlight.release();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for " + request.uri());
      } catch (HttpConnectTimeoutException e) {
        throw new HttpFailure("no connection within " + seconds(client.connectTimeout().orElseThrow()), e);
      } catch (HttpTimeoutException e) {
        throw new HttpFailure("no answer within " + seconds(requestTimeout), e);
      } catch (ConnectException e) {
        throw new HttpFailure("connection refused (is the server running?)", e);
      } catch (IOException e) {
        if (attempt > maxRetries) {
          throw new HttpFailure("connection lost: " + cause(e) + (attempt > 1 ? " (after " + attempt + " attempts)" : ""), e);
        }
        pause(backoff(attempt, OptionalLong.empty()));
        continue;
      }
      if (!shouldRetry(response.statusCode()) || attempt > maxRetries) {
        return new Reply(response.statusCode(), response.body(), attempt);
      }
      pause(backoff(attempt, response.headers().firstValueAsLong("Retry-After")));
    }
  }

  /**
   * Whether a status is worth another try.
   *
   * @param status the HTTP status
   * @return true for 429 and 503
   */
  static boolean shouldRetry(int status) {
    return status == 429 || status == 503;
  }

  /**
   * The wait after a failed attempt.
   *
   * @param attempt the attempt that failed, from 1
   * @param retryAfter the server's Retry-After in seconds, if it sent one
   * @return the wait
   */
  Duration backoff(int attempt, OptionalLong retryAfter) {
    Duration wait = initialBackoff.multipliedBy(1L << Math.min(attempt - 1, 30));
    if (retryAfter.isPresent() && retryAfter.getAsLong() > 0) {
      Duration asked = Duration.ofSeconds(Math.min(retryAfter.getAsLong(), 86_400));
      wait = asked.compareTo(wait) > 0 ? asked : wait;
    }
    return wait.compareTo(maxBackoff) > 0 || wait.isNegative() ? maxBackoff : wait;
  }

  private static void pause(Duration d) throws InterruptedIOException {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting to retry");
    }
  }

  private static String cause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = Objects.requireNonNullElse(t.getMessage(), t.getClass().getSimpleName());
    return Json.oneLine(m, 160);
  }

  private static String seconds(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }
}
