package dev.caliber.history;

import java.nio.file.Path;

/**
 * A file given as a history that caliber cannot use: not an SQLite database, a damaged one, another
 * application's database, or one written by a newer caliber. The file is left as it was.
 */
public final class HistoryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient Path file;

  /**
   * An unusable history file.
   *
   * @param file the file, not null
   * @param reason what is wrong with it and what was expected
   */
  public HistoryException(Path file, String reason) {
    super("history " + file + ": " + reason);
    this.file = file;
  }

  /**
   * An unusable history file, with the driver's error as the cause.
   *
   * @param file the file, not null
   * @param reason what is wrong with it and what was expected
   * @param cause the error that showed it
   */
  public HistoryException(Path file, String reason, Throwable cause) {
    super("history " + file + ": " + reason, cause);
    this.file = file;
  }

  /**
   * The file.
   *
   * @return the history file named in the message
   */
  public Path file() {
    return file;
  }
}
