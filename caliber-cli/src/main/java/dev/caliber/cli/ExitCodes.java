package dev.caliber.cli;

/** caliber's exit codes; documented in the README. */
public final class ExitCodes {
  private ExitCodes() {}

  /** Success: the result was written. */
  public static final int OK = 0;
  /** A bug in caliber: please report it. */
  public static final int INTERNAL = 1;
  /** The command line is wrong (unknown option, missing or contradictory value). */
  public static final int USAGE = 2;
  /** An input file is malformed or breaks the protocol; nothing was written. */
  public static final int INVALID_INPUT = 3;
  /** A file could not be read or written; nothing was written. */
  public static final int IO = 4;
  /** {@code caliber gate}: every input was read and every report written, and a declared rule failed. */
  public static final int GATE_FAILED = 5;
}
