package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;

/**
 * One line of input as bytes in a buffer, with where it came from: what {@link Fields} splits.
 * {@link LineReader} is one, reading a stream line by line; {@link BlockCursor} is another,
 * walking the lines of a block that a worker thread parses.
 */
public interface Line {
  /** The input's name, as errors give it. */
  String source();

  /** The 1-based number of the current line. */
  long lineNumber();

  /** The buffer holding the current line. */
  byte[] bytes();

  /** Where the current line starts in {@link #bytes()}. */
  int start();

  /** Where the current line ends (exclusive, without its line terminator) in {@link #bytes()}. */
  int end();

  /** The current line's location. */
  default Location location() {
    return Location.ofLine(source(), lineNumber());
  }

  /** A syntax error at the current line. */
  default InputSyntaxException error(String reason, String detail) {
    return new InputSyntaxException(location(), reason, detail);
  }
}
