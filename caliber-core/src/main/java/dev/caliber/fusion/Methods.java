package dev.caliber.fusion;

import java.math.BigDecimal;
import java.util.List;

/**
 * The fusion methods by name: the one table the command line, the params file and the docs read.
 */
public final class Methods {
  private Methods() {}

  /** Every method's name, in the order help and docs list them. */
  public static final List<String> NAMES = List.of(
      "rrf", "combsum", "combmnz", "combmax", "combmin", "combmed", "combanz", "wsum", "borda", "isr", "log_isr");

  /**
   * A method by name with its parameters.
   *
   * @param name one of {@link #NAMES}, compared ignoring case
   * @param k RRF's k, or null for its default ({@link Rrf#DEFAULT_K}); only RRF takes it
   * @param weights the weighted sum's weights, one per input; only wsum takes them, and it needs them
   * @return the method
   * @throws IllegalArgumentException naming an unknown method, a parameter the method does not
   *     take, a missing one, or a bad value
   */
  public static FusionMethod of(String name, Integer k, List<Double> weights) {
    String n = name.toLowerCase(java.util.Locale.ROOT);
    if (!NAMES.contains(n)) {
      throw new IllegalArgumentException("unknown fusion method " + name + "; expected one of " + String.join(", ", NAMES));
    }
    if (k != null && !n.equals("rrf")) {
      throw new IllegalArgumentException(n + " takes no k; k is RRF's parameter");
    }
    if (weights != null && !n.equals("wsum")) {
      throw new IllegalArgumentException(n + " takes no weights; weights are wsum's parameter");
    }
    return switch (n) {
      case "rrf" -> new Rrf(k == null ? Rrf.DEFAULT_K : k);
      case "combsum" -> new CombSum();
      case "combmnz" -> new CombMnz();
      case "combmax" -> new CombMax();
      case "combmin" -> new CombMin();
      case "combmed" -> new CombMed();
      case "combanz" -> new CombAnz();
      case "wsum" -> {
        if (weights == null) {
          throw new IllegalArgumentException("wsum needs weights, one per input, summing to 1");
        }
        yield new WeightedSum(weights);
      }
      case "borda" -> new Borda();
      case "isr" -> new Isr();
      case "log_isr" -> new LogIsr();
      default -> throw new IllegalStateException(n);
    };
  }

  /**
   * A weight or parameter as the shortest decimal that reads back as the same double ({@code 0.3},
   * not {@code 0.30000000000000004} when it is the double nearest 0.3).
   *
   * @param d a finite value
   * @return its text, without exponent
   */
  public static String number(double d) {
    return new BigDecimal(Double.toString(d)).stripTrailingZeros().toPlainString();
  }
}
