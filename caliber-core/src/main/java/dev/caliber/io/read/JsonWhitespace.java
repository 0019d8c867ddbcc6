package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.Remedy;
import dev.caliber.io.InputLimits;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bounds the whitespace of a JSON input that is read whole (a lock, a protocol file, a JSON run or
 * judgments, a sidecar): more than {@link InputLimits#maxQueryBytes()} bytes of spaces, tabs and
 * line ends in a row end the input with a one-line error at the line where the limit is passed. A
 * parser skips whitespace without keeping it, so memory stays bounded anyway, but time would not:
 * a 10 MB gzip of spaces unpacks to 10 GiB that the parser would walk through for minutes before
 * saying what is wrong. The limit is the one that bounds blank lines in a row in line formats
 * (trec_eval's results), and its remedy is the same. A string of that many blanks is counted too:
 * no JSON input caliber reads holds one.
 */
final class JsonWhitespace extends FilterInputStream {
  private final String source;
  private final int max;
  private long run;
  private long line = 1;

  private JsonWhitespace(String source, InputStream in, InputLimits limits) {
    super(in);
    this.source = source;
    this.max = limits.maxQueryBytes();
  }

  /**
   * {@code in}, failing once more than the query limit of whitespace bytes comes in a row.
   *
   * @param source the input's name, for the error
   * @param in the decoded input
   * @param limits the limits read under
   * @return the bounded input
   */
  static InputStream bounded(String source, InputStream in, InputLimits limits) {
    return new JsonWhitespace(source, in, limits);
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      see((byte) b);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, len);
    for (int i = off; i < off + n; i++) {
      see(b[i]);
    }
    return n;
  }

  private void see(byte b) {
    if (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
      if (++run > max) {
        throw new InputSyntaxException(Location.ofLine(source, line), "too much whitespace in a row",
            "more than " + max + " bytes of spaces, tabs and line ends in a row; expected at most " + max
                + " (the query limit)", Remedy.RAISE_QUERY_LIMIT);
      }
      if (b == '\n') {
        line++;
      }
    } else {
      run = 0;
    }
  }
}
