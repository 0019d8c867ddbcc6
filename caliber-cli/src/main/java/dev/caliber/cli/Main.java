package dev.caliber.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.OutputStream;

/** Entry point of the runnable jar. */
public final class Main {
  private Main() {}

  /**
   * Runs caliber and exits with its exit code.
   *
   * @param args the command line, as {@code caliber} receives it
   */
  public static void main(String[] args) {
    // Standard output as a plain stream, not System.out: a PrintStream swallows write errors, and a
    // full disk behind standard output must fail the command (Caliber.execute reports it).
    OutputStream out = new FileOutputStream(FileDescriptor.out);
    System.exit(Caliber.execute(args, System.in, out, System.err, Terminal.stderr()));
  }
}
