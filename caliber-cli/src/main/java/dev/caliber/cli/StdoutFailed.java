package dev.caliber.cli;

/** Thrown by a command whose result could not be written to standard output, so that it records nothing after it. */
final class StdoutFailed extends RuntimeException {
  StdoutFailed() {
    super("standard output could not be written", null, false, false);
  }
}
