package dev.caliber.bench;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** In-memory MS MARCO-like inputs for the benchmarks, deterministic (the shape of bench/GenerateWorkload.java). */
final class Workloads {
  private Workloads() {}

  /** A TREC run: {@code queries} x {@code docs} lines with score ties. */
  static byte[] run(int queries, int docs, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    StringBuilder sb = new StringBuilder(queries * docs * 45);
    for (int q = 0; q < queries; q++) {
      int d = rng.nextInt(8000);
      long score = 200_000 + rng.nextInt(100_000);
      for (int i = 0; i < docs; i++) {
        d += 1 + rng.nextInt(8000);
        sb.append(1_000_000 + q).append(" Q0 ").append(d).append(' ').append(i + 1).append(' ')
            .append(score / 10_000).append('.').append(String.format("%04d", score % 10_000)).append(" caliber-bench\n");
        score -= rng.nextInt(12);
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** Binary qrels: one relevant document per query, taken from the run's first lines or not retrieved. */
  static byte[] qrels(byte[] run, int queries, int docs, long seed) {
    SplittableRandom rng = new SplittableRandom(seed + 1);
    String[] lines = new String(run, StandardCharsets.UTF_8).split("\n");
    StringBuilder sb = new StringBuilder();
    for (int q = 0; q < queries; q++) {
      double u = rng.nextDouble();
      String doc = rng.nextInt(3) < 2 ? lines[q * docs + (int) (u * u * u * docs)].split(" ")[2] : "absent" + q;
      sb.append(1_000_000 + q).append(" 0 ").append(doc).append(" 1\n");
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }
}
