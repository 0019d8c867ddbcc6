package dev.caliber.remote.http;

import java.io.IOException;

/**
 * A request that got no usable HTTP answer: no connection, no answer in time, or the connection
 * lost after the retries. The message is one line, for the caller to prefix with the engine, the
 * address and the query.
 */
public final class HttpFailure extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * A failure.
   *
   * @param message one line: what happened
   * @param cause the client's exception
   */
  public HttpFailure(String message, Throwable cause) {
    super(message, cause);
  }
}
