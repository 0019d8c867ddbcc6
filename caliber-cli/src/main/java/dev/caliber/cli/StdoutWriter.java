package dev.caliber.cli;

import dev.caliber.io.write.AtomicFile;
import dev.caliber.io.write.Utf8Pieces;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Standard output as commands see it: a PrintWriter that can tell whether a write failed. */
final class StdoutWriter extends PrintWriter {
  private final StdoutErrors checked;

  StdoutWriter(StdoutErrors checked) {
    super(new OutputStreamWriter(checked, StandardCharsets.UTF_8), true);
    this.checked = checked;
  }

  /**
   * Writes text handed out in pieces as UTF-8 bytes (core's {@code Utf8Pieces}, not this
   * writer's encoder), after what was printed before it, and flushes. A write error stops the
   * text and is remembered, as the writer remembers its own ({@link #failed}).
   */
  void writeText(AtomicFile.Text text) {
    flush();
    BufferedOutputStream bytes = new BufferedOutputStream(checked, 1 << 16);
    Utf8Pieces pieces = new Utf8Pieces(bytes);
    try {
      text.writeTo(pieces);
      pieces.finish();
      bytes.flush();
    } catch (UncheckedIOException | IOException e) {
      // StdoutErrors has remembered it; failed() reports it
    }
  }

  /** Whether a write failed other than by a reader closing the pipe early (| head), after flushing. */
  boolean failed() {
    flush();
    IOException f = checked.failure();
    return f != null && !StdoutErrors.isClosedPipe(f);
  }
}
