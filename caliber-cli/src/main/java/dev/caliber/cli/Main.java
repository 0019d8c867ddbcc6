package dev.caliber.cli;

/** Entry point of the runnable jar. */
public final class Main {
  private Main() {}

  /**
   * Runs caliber and exits with its exit code.
   *
   * @param args the command line, as {@code caliber} receives it
   */
  public static void main(String[] args) {
    System.exit(Caliber.execute(args, System.in, System.out, System.err, Terminal.stderr()));
  }
}
