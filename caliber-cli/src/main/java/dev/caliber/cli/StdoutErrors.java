package dev.caliber.cli;

import java.io.IOException;
import java.io.OutputStream;

/** Standard output, remembering its first write error (which it still throws to the writer). */
final class StdoutErrors extends java.io.FilterOutputStream {
  private IOException failure;

  StdoutErrors(OutputStream out) {
    super(out);
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException x) {
      throw remember(x);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException x) {
      throw remember(x);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException x) {
      throw remember(x);
    }
  }

  private IOException remember(IOException x) {
    if (failure == null) {
      failure = x;
    }
    return x;
  }

  /** The first write error, or null. */
  IOException failure() {
    return failure;
  }

  /** Whether a write failed because the reader closed the pipe (EPIPE). */
  static boolean isClosedPipe(IOException e) {
    String m = e.getMessage();
    return m != null && (m.contains("Broken pipe") || m.contains("Stream closed"));
  }
}
