package dev.caliber.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * A one-line progress display on standard error while a long run is read: bytes read, rate and,
 * when the size is known, the share done and the time left. Shown only on a terminal (never on a
 * pipe or a file, never with {@code --quiet}), only once a run has taken half a second, redrawn at
 * most five times a second, and erased when the run is done, so that nothing stays behind.
 */
final class Progress implements LongConsumer {
  private static final long DELAY = 500_000_000L;
  private static final long PERIOD = 200_000_000L;

  private final PrintWriter err;
  private final String name;
  private final long total;
  private final LongSupplier clock;
  private final long start;
  private long last;
  private boolean shown;

  /**
   * @param total the input's size in bytes, or -1 when unknown (standard input)
   * @param clock nanoseconds, {@link System#nanoTime} but in tests
   */
  Progress(PrintWriter err, String name, long total, LongSupplier clock) {
    this.err = err;
    this.name = name;
    this.total = total;
    this.clock = clock;
    this.start = clock.getAsLong();
    this.last = start;
  }

  @Override
  public void accept(long bytes) {
    long now = clock.getAsLong();
    if (now - start < DELAY || now - last < PERIOD) {
      return;
    }
    last = now;
    err.print("\r" + line(name, bytes, total, now - start) + "\u001b[K");
    err.flush();
    shown = true;
  }

  /** Makes a display per input, or none. */
  @FunctionalInterface
  interface Factory {
    /** A display for the input {@code pathOrDash}, or null for none. */
    Progress open(String pathOrDash);

    /** On a terminal and not quiet: a display per input, sized when the input is a file. */
    static Factory of(PrintWriter err, boolean terminal, boolean quiet) {
      if (!terminal || quiet) {
        return file -> null;
      }
      return file -> {
        long size = -1;
        if (!"-".equals(file)) {
          try {
            size = java.nio.file.Files.size(java.nio.file.Path.of(file));
          } catch (java.io.IOException | RuntimeException e) {
            size = -1; // the read will report it
          }
        }
        return new Progress(err, file, size, System::nanoTime);
      };
    }
  }

  /** Erases the line, if one was drawn. */
  void done() {
    if (shown) {
      err.print("\r\u001b[K");
      err.flush();
    }
  }

  /** The text of the line: {@code name: 120.0 MB of 300.0 MB (40%), 250.0 MB/s, 1 s left}. */
  static String line(String name, long bytes, long total, long elapsedNanos) {
    double seconds = Math.max(elapsedNanos, 1) / 1e9;
    double rate = bytes / seconds;
    StringBuilder sb = new StringBuilder("caliber: ").append(name).append(": ").append(mb(bytes));
    if (total > 0) {
      sb.append(" of ").append(mb(total))
          .append(String.format(Locale.ROOT, " (%d%%)", Math.min(100, bytes * 100 / total)));
    }
    sb.append(", ").append(mb((long) rate)).append("/s");
    if (total > 0 && rate > 0) {
      sb.append(", ").append(Math.max(0, Math.round((total - bytes) / rate))).append(" s left");
    }
    return sb.toString();
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
