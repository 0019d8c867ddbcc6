package dev.caliber.error;

/**
 * Where a value came from: a source (file name, or {@code "-"} for standard input), an optional
 * line and column (1-based; 0 when unknown) and an optional JSON path such as {@code $.q2[1]}.
 *
 * <p>{@link #toString()} renders {@code file:line:column: $.path}, leaving out what is unknown, so
 * that an error message can start with it and editors can jump to the spot.
 *
 * @param source file name or {@code "-"}; empty when the value was built in code
 * @param line 1-based line, or 0 when unknown
 * @param column 1-based column, or 0 when unknown
 * @param path JSON path of the value, or empty
 * @serial exclude
 */
public record Location(String source, long line, long column, String path) implements java.io.Serializable {
  @java.io.Serial
  private static final long serialVersionUID = 1L;

  /** The location of a value built in code, which has none. */
  public static final Location NONE = new Location("", 0, 0, "");

  /**
   * Validates and normalises null parts to empty, so that callers never test for null.
   *
   * @param source file name or {@code "-"}; null becomes empty
   * @param line 1-based line, or 0 when unknown; negative is rejected
   * @param column 1-based column, or 0 when unknown; negative is rejected
   * @param path JSON path of the value; null becomes empty
   * @throws IllegalArgumentException if {@code line} or {@code column} is negative
   */
  public Location {
    source = source == null ? "" : source;
    path = path == null ? "" : path;
    if (line < 0 || column < 0) {
      throw new IllegalArgumentException("illegal line/column " + line + ":" + column + ", must be >= 0");
    }
  }

  /**
   * A location in a line-oriented file (no column, no JSON path).
   *
   * @param source file name or {@code "-"} for standard input
   * @param line 1-based line number, or 0 when unknown
   * @return the location {@code source:line}
   * @throws IllegalArgumentException if {@code line} is negative
   */
  public static Location ofLine(String source, long line) {
    return new Location(source, line, 0, "");
  }

  /**
   * A location that names only the file, for errors about the file as a whole.
   *
   * @param source file name or {@code "-"} for standard input
   * @return the location with no line, column or path
   */
  public static Location ofFile(String source) {
    return new Location(source, 0, 0, "");
  }

  /**
   * Whether nothing is known about where the value came from; an error message then starts with
   * its reason.
   *
   * @return true when source and path are empty and the line is 0
   */
  public boolean isUnknown() {
    return source.isEmpty() && line == 0 && path.isEmpty();
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(source);
    if (line > 0) {
      sb.append(':').append(line);
      if (column > 0) {
        sb.append(':').append(column);
      }
    }
    if (!path.isEmpty()) {
      if (sb.length() > 0) {
        sb.append(": ");
      }
      sb.append(path);
    }
    return sb.toString();
  }
}
