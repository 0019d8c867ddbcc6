/**
 * Not API (module-info does not export it): the HTTP and JSON under the remote retrievers. {@code
 * Http} sends a request with at most so many in flight, a timeout for the connection and one for
 * the answer, and retries with exponential backoff on HTTP 429 and 503 and on a connection closed
 * mid-request, a bounded number of times; every failure it throws is an {@code HttpFailure} whose
 * message is one line. {@code Json} reads a response into maps, lists, strings, numbers, booleans
 * and nulls with jackson-core's streaming parser and escapes a string for a JSON template.
 *
 * <p>Rules held here once: what is retried and how long to wait ({@code Http.shouldRetry}, {@code
 * Http.backoff}); how a response body is cut to one readable line ({@code Json.oneLine}).
 */
package dev.caliber.remote.http;
