package dev.caliber.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.caliber.remote.http.Http;
import dev.caliber.remote.http.HttpFailure;
import dev.caliber.remote.http.Json;
import java.io.IOException;
import java.util.function.UnaryOperator;

/**
 * What a retriever makes of a request to its server, the one rule for every engine: a request that
 * could not be sent, a reply that is not a success (its status, the engine's own reason, how many
 * attempts), and a body that is not JSON are each a {@link SearchFailure} naming the engine, the
 * address and the query; each engine reads its error bodies its own way ({@code reason}).
 */
final class Replies {
  private Replies() {}

  /** A request, sent. */
  @FunctionalInterface
  interface Request {
    Http.Reply send() throws IOException;
  }

  /**
   * A successful reply and its JSON body.
   *
   * @param reply the reply, its status 2xx
   * @param body its body, read as JSON
   */
  record Replied(Http.Reply reply, Object body) {}

  /**
   * Sends a request and reads its reply.
   *
   * @param request the request
   * @param engine the engine, for messages
   * @param where the server's address, for messages
   * @param queryId the query searched, or null for a request about the index
   * @param what the request in words after the status ({@code ""}, or {@code " from GET /path"})
   * @param reason the engine's reading of an error body, in one line
   * @return the reply and its body
   * @throws SearchFailure if it could not be sent, was refused or is not JSON
   * @throws IOException if interrupted
   */
  static Replied send(Request request, String engine, String where, String queryId, String what, UnaryOperator<String> reason)
      throws IOException {
    Http.Reply reply;
    try {
      reply = request.send();
    } catch (HttpFailure e) {
      throw new SearchFailure(engine, where, queryId, -1, e.getMessage(), e);
    }
    if (!reply.ok()) {
      throw new SearchFailure(engine, where, queryId, reply.status(), "HTTP " + reply.status() + what + " " + reason.apply(reply.body())
          + (reply.attempts() > 1 ? " (after " + reply.attempts() + " attempts)" : ""), null);
    }
    try {
      return new Replied(reply, Json.read(reply.body()));
    } catch (JsonProcessingException e) {
      throw new SearchFailure(engine, where, queryId, reply.status(), "HTTP " + reply.status() + " but not JSON: "
          + Json.oneLine(reply.body(), 120), e);
    }
  }
}
