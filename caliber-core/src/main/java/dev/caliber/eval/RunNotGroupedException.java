package dev.caliber.eval;

/**
 * A run read once (standard input, a pipe) turned out not to be grouped by query: a query's lines
 * came back after another query's. Evaluating while reading cannot go back to the query's earlier
 * lines, and the input cannot be read again; nothing was scored. Not an input error (the run is
 * valid): the caller reads such a run whole instead ({@link Evaluation}), or gives it as a file,
 * which {@link StreamingEvaluation} reads again whole by itself.
 */
public final class RunNotGroupedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The input's name, as errors name it ({@code "-"} for standard input). */
  private final String source;
  /** The query whose lines came back. */
  private final String query;
  /** The 1-based line where it came back. */
  private final long line;

  RunNotGroupedException(String source, String query, long line) {
    super(source + ":" + line + ": query " + dev.caliber.json.PyJson.canonical(query)
        + " comes back after other queries: the run is not grouped by query, and " + source + " cannot be read twice");
    this.source = source;
    this.query = query;
    this.line = line;
  }

  /**
   * The input's name.
   *
   * @return the name errors give the input, {@code "-"} for standard input
   */
  public String source() {
    return source;
  }

  /**
   * The query that came back.
   *
   * @return its ID, as in the run
   */
  public String query() {
    return query;
  }

  /**
   * The line where it came back.
   *
   * @return the 1-based line of the query's first line after another query's
   */
  public long line() {
    return line;
  }
}
