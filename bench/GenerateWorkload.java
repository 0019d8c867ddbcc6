import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Writes a deterministic synthetic evaluation the size of MS MARCO passage dev (W1: 6,980 queries
 * x 1,000 documents) or any other size: a TREC six-column run with score ties, and its qrels.
 * Run with the JDK's source launcher, no build needed:
 *
 * <pre>
 *   java bench/GenerateWorkload.java --queries 6980 --docs 1000 --seed 1 --run w1.run --qrels w1.qrels
 *   java bench/GenerateWorkload.java --queries 100000 --docs 1000 --seed 2 --run - | caliber evaluate --run - ...
 * </pre>
 *
 * <p>Options: {@code --graded} writes labels 0-3 (about 2 relevant and 10 judged non-relevant
 * documents per query) instead of binary qrels with about 1.07 relevant documents per query, as
 * MS MARCO dev has; {@code --interleave} writes the run not grouped by query (each query's lines in
 * two halves, the second halves after all the first halves); {@code --duplicate} repeats one
 * document in the last query. The same options and seed always give the same bytes; without
 * {@code --run}, only the qrels are written (the same qrels, quickly).
 */
public final class GenerateWorkload {
  private static final int CORPUS = 8_841_823;

  public static void main(String[] args) throws IOException {
    int queries = 6980;
    int docs = 1000;
    long seed = 1;
    String run = null;
    String qrels = null;
    boolean graded = false;
    boolean interleave = false;
    boolean duplicate = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--queries" -> queries = Integer.parseInt(args[++i]);
        case "--docs" -> docs = Integer.parseInt(args[++i]);
        case "--seed" -> seed = Long.parseLong(args[++i]);
        case "--run" -> run = args[++i];
        case "--qrels" -> qrels = args[++i];
        case "--graded" -> graded = true;
        case "--interleave" -> interleave = true;
        case "--duplicate" -> duplicate = true;
        default -> throw new IllegalArgumentException("unknown option " + args[i]
            + "; expected --queries N --docs N --seed N --run FILE|- --qrels FILE [--graded] [--interleave] [--duplicate]");
      }
    }
    try (OutputStream r = open(run); OutputStream q = open(qrels)) {
      generate(queries, docs, seed, graded, interleave, duplicate, r, q);
    }
  }

  private static final OutputStream NO_OUTPUT = OutputStream.nullOutputStream();

  private static OutputStream open(String file) throws IOException {
    if (file == null) {
      return NO_OUTPUT;
    }
    return new BufferedOutputStream("-".equals(file) ? new FileOutputStream(java.io.FileDescriptor.out) : new FileOutputStream(file), 1 << 16);
  }

  static void generate(int queries, int docs, long seed, boolean graded, boolean interleave, boolean duplicate,
      OutputStream run, OutputStream qrels) throws IOException {
    SplittableRandom rng = new SplittableRandom(seed);
    byte[] tag = " caliber-bench\n".getBytes(StandardCharsets.US_ASCII);
    Line line = new Line();
    int[] ids = new int[docs];
    long[] scores = new long[docs];
    byte[][] secondHalves = interleave ? new byte[queries][] : null;
    boolean nullRun = run == NO_OUTPUT; // qrels only: the same random draws, no run lines formatted
    int qid = 1_000_000;
    for (int qi = 0; qi < queries; qi++) {
      qid += 1 + rng.nextInt(13);
      // Distinct IDs without a set: increasing by random gaps, then shuffled.
      int gap = Math.max(1, (CORPUS - 1) / (docs + 1)); // (docs + 1) gaps stay below CORPUS
      int d = rng.nextInt(gap);
      for (int i = 0; i < docs; i++) {
        ids[i] = d;
        d += 1 + rng.nextInt(gap);
      }
      for (int i = docs - 1; i > 0; i--) {
        int j = rng.nextInt(i + 1);
        int t = ids[i];
        ids[i] = ids[j];
        ids[j] = t;
      }
      if (duplicate && qi == queries - 1 && docs > 2) {
        ids[docs - 1] = ids[docs / 2];
      }
      // Scores in units of 1e-4, non-increasing; a step of 0 (about 1 in 12) makes a tie.
      long s = 200_000 + rng.nextInt(100_000);
      for (int i = 0; i < docs; i++) {
        scores[i] = s;
        s -= rng.nextInt(12);
      }
      java.io.ByteArrayOutputStream second = interleave ? new java.io.ByteArrayOutputStream() : null;
      for (int i = 0; i < docs && !nullRun; i++) {
        line.reset();
        line.integer(qid).text(" Q0 ").integer(ids[i]).text(" ").integer(i + 1).text(" ");
        line.decimal4(scores[i]);
        line.bytes(tag);
        (interleave && i >= docs / 2 ? second : run).write(line.buf, 0, line.len);
      }
      if (interleave && !nullRun) {
        secondHalves[qi] = second.toByteArray();
      }
      writeJudgments(qrels, line, rng, qid, ids, docs, graded);
    }
    if (interleave && !nullRun) {
      for (byte[] half : secondHalves) {
        run.write(half);
      }
    }
  }

  /** Binary: 1 relevant (1 in 15 queries: 2), found in the run 2 times in 3. Graded: labels 0-3. */
  private static void writeJudgments(OutputStream qrels, Line line, SplittableRandom rng, int qid, int[] ids, int docs,
      boolean graded) throws IOException {
    int relevant = graded ? 1 + rng.nextInt(3) : rng.nextInt(15) == 0 ? 2 : 1;
    int judged = graded ? relevant + 10 : relevant;
    Set<Integer> used = new HashSet<>();
    for (int j = 0; j < judged; j++) {
      int doc;
      do {
        if (rng.nextInt(3) < 2 && docs > 0) {
          // Mostly near the top: the cube of a uniform number skews ranks towards 1.
          double u = rng.nextDouble();
          doc = ids[(int) (u * u * u * docs)];
        } else {
          doc = rng.nextInt(CORPUS);
        }
      } while (!used.add(doc));
      int label = j < relevant ? (graded ? 1 + rng.nextInt(3) : 1) : 0;
      line.reset();
      line.integer(qid).text(" 0 ").integer(doc).text(" ").integer(label).text("\n");
      qrels.write(line.buf, 0, line.len);
    }
  }

  /** A reusable line buffer with hand-written number formatting (String.format is too slow here). */
  private static final class Line {
    final byte[] buf = new byte[256];
    int len;

    void reset() {
      len = 0;
    }

    Line text(String s) {
      for (int i = 0; i < s.length(); i++) {
        buf[len++] = (byte) s.charAt(i);
      }
      return this;
    }

    Line bytes(byte[] b) {
      System.arraycopy(b, 0, buf, len, b.length);
      len += b.length;
      return this;
    }

    Line integer(long v) {
      if (v < 0) {
        buf[len++] = '-';
        v = -v;
      }
      int start = len;
      do {
        buf[len++] = (byte) ('0' + v % 10);
        v /= 10;
      } while (v > 0);
      reverse(start, len - 1);
      return this;
    }

    /** v / 10^4 with exactly 4 decimals. */
    Line decimal4(long v) {
      integer(v / 10_000);
      buf[len++] = '.';
      long f = v % 10_000;
      for (long p = 1000; p > 0; p /= 10) {
        buf[len++] = (byte) ('0' + f / p % 10);
      }
      return this;
    }

    private void reverse(int i, int j) {
      for (; i < j; i++, j--) {
        byte t = buf[i];
        buf[i] = buf[j];
        buf[j] = t;
      }
    }
  }
}
