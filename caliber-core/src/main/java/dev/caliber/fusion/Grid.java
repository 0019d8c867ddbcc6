package dev.caliber.fusion;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A declared parameter grid for {@link Tuning}: the fusions to try, in grid order (the order in
 * which a tie between equally good points is broken: the first wins).
 *
 * <ul>
 *   <li>{@code k=FROM..TO:STEP} (RRF): k = FROM, FROM + STEP, ... up to TO, ascending; {@code
 *       k=A,B,C}: those values in that order.
 *   <li>{@code weights=simplex:STEP} (wsum): every weight vector with one weight per input, each a
 *       multiple of STEP, summing to 1; STEP must divide 1 (0.1, 0.05, 0.25). Ordered
 *       lexicographically by the first weight ascending, then the second, and so on: for two
 *       inputs (0, 1), (0.1, 0.9), ..., (1, 0). Weights are computed as exact decimals.
 * </ul>
 *
 * @param parameter {@code k} or {@code weights}
 * @param spec the text after {@code =}
 * @param points the fusions, in grid order
 */
public record Grid(String parameter, String spec, List<Fusion> points) {
  /** The most points a grid may have, so that a typo (a step of 0.0001) cannot run for days. */
  public static final int MAX_POINTS = 10_000;

  /**
   * Validates and copies.
   *
   * @param parameter {@code k} or {@code weights}
   * @param spec the text after {@code =}
   * @param points the fusions, in grid order
   * @throws IllegalArgumentException if there are no points
   */
  public Grid {
    points = List.copyOf(points);
    if (points.isEmpty()) {
      throw new IllegalArgumentException("illegal grid " + parameter + "=" + spec + ": no points");
    }
  }

  /**
   * Parses a grid for a method.
   *
   * @param text {@code PARAMETER=SPEC}, as above
   * @param method {@code rrf} for a k grid, {@code wsum} for a weight grid
   * @param inputs the number of input runs (the weight vectors' length)
   * @param normalization the normalisation every point uses
   * @return the grid
   * @throws IllegalArgumentException naming the bad text and what was expected
   */
  public static Grid parse(String text, String method, int inputs, Normalization normalization) {
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException("grid " + text + ": expected PARAMETER=VALUES, such as k=10..100:10 or weights=simplex:0.1");
    }
    String p = text.substring(0, eq);
    String spec = text.substring(eq + 1);
    List<Fusion> points = new ArrayList<>();
    if (p.equals("k") && method.equals("rrf")) {
      for (int k : ks(text, spec)) {
        points.add(new Fusion(new Rrf(k), normalization));
      }
    } else if (p.equals("weights") && method.equals("wsum")) {
      for (List<Double> w : simplex(text, spec, inputs)) {
        points.add(new Fusion(new WeightedSum(w), normalization));
      }
    } else {
      throw new IllegalArgumentException("grid " + text + ": " + method + " has no grid over " + p
          + "; expected k=... with rrf or weights=simplex:STEP with wsum");
    }
    return new Grid(p, spec, points);
  }

  private static List<Integer> ks(String text, String spec) {
    List<Integer> out = new ArrayList<>();
    try {
      int dots = spec.indexOf("..");
      if (dots < 0) {
        for (String s : spec.split(",", -1)) {
          out.add(Integer.parseInt(s.trim()));
        }
      } else {
        int colon = spec.indexOf(':', dots);
        if (colon < 0) {
          throw new NumberFormatException();
        }
        int from = Integer.parseInt(spec.substring(0, dots));
        int to = Integer.parseInt(spec.substring(dots + 2, colon));
        int step = Integer.parseInt(spec.substring(colon + 1));
        if (step < 1 || to < from) {
          throw new IllegalArgumentException("grid " + text + ": expected FROM <= TO and a STEP of 1 or more");
        }
        for (long k = from; k <= to; k += step) {
          out.add((int) k);
          requireSize(text, out.size());
        }
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("grid " + text + ": expected k=FROM..TO:STEP or k=A,B,C with integers");
    }
    for (int k : out) {
      if (k < 0) {
        throw new IllegalArgumentException("grid " + text + ": k " + k + " is negative; expected integers >= 0");
      }
    }
    return out;
  }

  private static List<List<Double>> simplex(String text, String spec, int inputs) {
    BigDecimal step;
    try {
      if (!spec.startsWith("simplex:")) {
        throw new NumberFormatException();
      }
      step = new BigDecimal(spec.substring("simplex:".length()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("grid " + text + ": expected weights=simplex:STEP, such as weights=simplex:0.1");
    }
    if (step.signum() <= 0 || step.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("grid " + text + ": step " + step.toPlainString() + " must be in (0, 1]");
    }
    BigDecimal[] qr = BigDecimal.ONE.divideAndRemainder(step);
    if (qr[1].signum() != 0) {
      throw new IllegalArgumentException("grid " + text + ": step " + step.toPlainString() + " does not divide 1; expected such as 0.1, 0.05 or 0.25");
    }
    int units = qr[0].intValueExact();
    // the number of points is C(units + inputs - 1, inputs - 1)
    BigInteger count = BigInteger.ONE;
    for (int i = 1; i < inputs; i++) {
      count = count.multiply(BigInteger.valueOf(units + i)).divide(BigInteger.valueOf(i));
    }
    if (count.compareTo(BigInteger.valueOf(MAX_POINTS)) > 0) {
      throw new IllegalArgumentException("grid " + text + ": " + count + " points, more than " + MAX_POINTS + "; take a larger step");
    }
    List<List<Double>> out = new ArrayList<>();
    compositions(new int[inputs], 0, units, step, out);
    return out;
  }

  /** Every way of sharing {@code left} units among the weights from {@code at} on, the first weight ascending. */
  private static void compositions(int[] w, int at, int left, BigDecimal step, List<List<Double>> out) {
    if (at == w.length - 1) {
      w[at] = left;
      List<Double> v = new ArrayList<>(w.length);
      for (int u : w) {
        v.add(step.multiply(BigDecimal.valueOf(u)).doubleValue());
      }
      out.add(v);
      return;
    }
    for (int u = 0; u <= left; u++) {
      w[at] = u;
      compositions(w, at + 1, left - u, step, out);
    }
  }

  private static void requireSize(String text, int n) {
    if (n > MAX_POINTS) {
      throw new IllegalArgumentException("grid " + text + ": more than " + MAX_POINTS + " points; take a larger step");
    }
  }
}
