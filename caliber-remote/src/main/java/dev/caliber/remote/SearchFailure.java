package dev.caliber.remote;

import dev.caliber.api.QueryFailure;

/**
 * A search server that did not answer as it should, for one query or while the retriever was
 * opened. The message is one line: the engine, the address and index (or core), the query ID when
 * there is one, and what came back: the HTTP status and the engine's own reason, or what went wrong
 * on the way ({@code opensearch http://127.0.0.1:9200/cacm, query "12": HTTP 404
 * index_not_found_exception: no such index [cacm]}).
 */
public final class SearchFailure extends QueryFailure {
  private static final long serialVersionUID = 1L;

  /** The engine as the retriever names it. */
  private final String engine;
  /** The HTTP status, or -1. */
  private final int status;
  /** What came back, the message's last part. */
  private final String what;

  SearchFailure(String engine, String where, String queryId, int status, String what, Throwable cause) {
    super(engine + " " + where + (queryId == null ? "" : ", query " + quote(queryId)) + ": " + what, queryId, cause);
    this.engine = engine;
    this.status = status;
    this.what = what;
  }

  /** What came back: the message after the engine, the address and the query. */
  String what() {
    return what;
  }

  /**
   * The engine as the retriever names it.
   *
   * @return {@code opensearch}, {@code elasticsearch} or {@code solr}
   */
  public String engine() {
    return engine;
  }

  /**
   * The HTTP status that came back.
   *
   * @return the status, or -1 when there was no HTTP answer (refused, timed out, connection lost)
   */
  public int status() {
    return status;
  }

  static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
