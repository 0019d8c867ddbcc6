package dev.caliber.cli;

/** Entry point of the runnable jar. */
public final class Main {
  private Main() {}

  /** Runs caliber and exits with its exit code. */
  public static void main(String[] args) {
    System.exit(Caliber.execute(args, System.in, System.out, System.err, Terminal.stderr()));
  }
}
