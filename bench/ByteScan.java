import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The floor a JVM sets for reading a TREC run: one thread reads the file in 1 MiB blocks, finds
 * each line's six columns with one tight loop per column (the shape of caliber's one-pass line
 * reader), hashes the document ID, reads the rank and the score's digits, and sums them so that
 * nothing is optimised away. It checks nothing, keeps nothing, scores nothing and writes no report;
 * scores must be plain decimals ([-]digits[.digits], as in the bench workloads). Whatever caliber
 * costs above this is validation, the judgments, scoring, exact means, the fingerprint, the report
 * and start-up (bench/README.md).
 *
 * <p>Compiled once by the bench scripts into bench/data/ and run with the launcher's JVM options,
 * so that it runs under the same JIT (C1) and collector as caliber:
 *
 * <pre>
 *   javac -d bench/data/bytescan bench/ByteScan.java
 *   java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -cp bench/data/bytescan ByteScan RUN
 * </pre>
 *
 * Prints the line count and the sums.
 */
public final class ByteScan {
  private static final double[] POWERS = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22
  };

  private ByteScan() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: java ByteScan RUN");
      System.exit(2);
    }
    byte[] buf = new byte[1 << 20];
    long lines = 0;
    long rankSum = 0;
    long hashSum = 0;
    double scoreSum = 0;
    try (InputStream in = new FileInputStream(args[0])) {
      int have = 0;
      for (int n; (n = in.read(buf, have, buf.length - have)) > 0; ) {
        int end = have + n;
        int last = end - 1;
        while (last >= 0 && buf[last] != '\n') {
          last--;
        }
        int i = 0;
        while (i <= last) {
          i = skipBlanks(buf, i);
          i = tokenEnd(buf, i); // query
          i = skipBlanks(buf, i);
          i = tokenEnd(buf, i); // Q0
          i = skipBlanks(buf, i);
          int h = 0;
          byte x;
          while ((x = buf[i]) > ' ') { // document
            h = 31 * h + x;
            i++;
          }
          i = skipBlanks(buf, i);
          long rank = 0;
          while ((x = buf[i]) > ' ') {
            rank = rank * 10 + (x - '0');
            i++;
          }
          i = skipBlanks(buf, i);
          boolean negative = buf[i] == '-';
          if (negative) {
            i++;
          }
          long m = 0;
          int point = -1;
          while ((x = buf[i]) > ' ') {
            if (x == '.') {
              point = i;
            } else {
              m = m * 10 + (x - '0');
            }
            i++;
          }
          double score = point < 0 ? m : m / POWERS[i - point - 1];
          i = skipBlanks(buf, i);
          i = tokenEnd(buf, i); // tag
          while (buf[i] != '\n') {
            i++;
          }
          i++;
          scoreSum += negative ? -score : score;
          rankSum += rank;
          hashSum += h;
          lines++;
        }
        have = end - (last + 1);
        System.arraycopy(buf, last + 1, buf, 0, have);
      }
    }
    System.out.println(lines + " lines, rank sum " + rankSum + ", hash sum " + hashSum + ", score sum " + scoreSum);
  }

  private static int skipBlanks(byte[] b, int i) {
    byte x;
    while ((x = b[i]) == ' ' || x == '\t') {
      i++;
    }
    return i;
  }

  private static int tokenEnd(byte[] b, int i) {
    while (b[i] > ' ') {
      i++;
    }
    return i;
  }
}
