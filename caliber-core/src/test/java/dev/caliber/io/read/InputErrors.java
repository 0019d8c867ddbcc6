package dev.caliber.io.read;

import dev.caliber.error.CaliberInputException;
import java.io.IOException;

/** The message of the input error a read throws, for tests that compare messages line by line. */
final class InputErrors {
  private InputErrors() {}

  /** A read that may fail. */
  interface Read {
    Object read() throws IOException;
  }

  /** The message of the {@link CaliberInputException} {@code read} throws; fails when it throws none. */
  static String message(Read read) {
    try {
      read.read();
    } catch (CaliberInputException e) {
      return e.getMessage();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no input error");
  }
}
