package dev.caliber.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard error is a terminal, to decide whether to show progress there.
 *
 * <p>On Linux, the link {@code /proc/self/fd/2} names the terminal device ({@code /dev/pts/N},
 * {@code /dev/ttyN}) exactly when standard error is one, whatever standard input and output are.
 * Elsewhere, {@link System#console()}: on JDK 17 to 21 it is non-null only when the JVM runs in
 * an interactive terminal (standard input and output both terminals); from JDK 22 it may be
 * non-null without a terminal, and {@code Console.isTerminal()} (JDK 22+, so called reflectively
 * here) tells. Both fallbacks look at standard input and output, not standard error: a guess, on
 * the safe side when either is redirected.
 */
final class Terminal {
  private Terminal() {}

  static boolean stderr() {
    Path fd = Path.of("/proc/self/fd/2");
    try {
      if (Files.isSymbolicLink(fd)) {
        String target = Files.readSymbolicLink(fd).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      }
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      // no /proc: fall back to the console
    }
    java.io.Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true; // JDK 17-21: a console means a terminal
    }
  }
}
