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
 */
public record Location(String source, long line, long column, String path) {
  /** The location of a value built in code, which has none. */
  public static final Location NONE = new Location("", 0, 0, "");

  /** Validates and normalises null parts to empty. */
  public Location {
    source = source == null ? "" : source;
    path = path == null ? "" : path;
    if (line < 0 || column < 0) {
      throw new IllegalArgumentException("illegal line/column " + line + ":" + column + ", must be >= 0");
    }
  }

  /** A location in a line-oriented file (no JSON path). */
  public static Location ofLine(String source, long line) {
    return new Location(source, line, 0, "");
  }

  /** A location that names only the file. */
  public static Location ofFile(String source) {
    return new Location(source, 0, 0, "");
  }

  /** True when nothing is known about where the value came from. */
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
