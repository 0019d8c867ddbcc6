package dev.caliber.api;

import java.io.IOException;

/**
 * A retriever's failure whose message already says which query failed and where (a search
 * server's one line: the engine, the address, the query, what came back). {@link Eval#retrieve}
 * passes it on as it is; any other {@link IOException} a retriever throws is passed on with the
 * query put before its message ({@code query "7": ...}), so that a message names the query once.
 */
public class QueryFailure extends IOException {
  private static final long serialVersionUID = 1L;

  /** The query that failed, or null. */
  private final String queryId;

  /**
   * A failure.
   *
   * @param message the whole message, one line, the query named in it when there is one
   * @param queryId the query that failed, or null when the failure is no one query's (opening a
   *     retriever)
   * @param cause what caused it, or null
   */
  public QueryFailure(String message, String queryId, Throwable cause) {
    super(message, cause);
    this.queryId = queryId;
  }

  /**
   * The query that failed.
   *
   * @return its ID, or null when the failure is no one query's
   */
  public String queryId() {
    return queryId;
  }
}
