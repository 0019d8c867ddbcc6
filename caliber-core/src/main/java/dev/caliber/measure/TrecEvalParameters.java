package dev.caliber.measure;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How trec_eval reads the parameters after a measure's dot ({@code P.5,10}, {@code ndcg.1=3,2=9}):
 * with C's {@code atol} and {@code atof}, cutoffs sorted, positive and without duplicates, levels
 * sorted, pairs as {@code name=value}. {@link TrecEvalMeasures} names which measure reads which.
 */
final class TrecEvalParameters {
  private TrecEvalParameters() {}

  /** Cutoffs as trec_eval reads them: atol each, sorted; refused when not positive or given twice. */
  static long[] cutoffs(String params) {
    String[] parts = params.split(",", -1);
    long[] cuts = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      cuts[i] = atol(parts[i]);
    }
    Arrays.sort(cuts);
    if (cuts[0] <= 0) {
      throw new IllegalArgumentException("cutoffs must be positive integers (trec_eval reads " + cuts[0] + ")");
    }
    for (int i = 1; i < cuts.length; i++) {
      if (cuts[i] == cuts[i - 1]) {
        throw new IllegalArgumentException("cutoff " + cuts[i] + " is given twice");
      }
    }
    return cuts;
  }

  /** Levels (recall levels, multiples of R) as trec_eval reads them: atof each, sorted; refused when given twice. */
  static double[] levels(String params) {
    String[] parts = params.split(",", -1);
    double[] levels = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      levels[i] = atof(parts[i]);
    }
    Arrays.sort(levels);
    for (int i = 1; i < levels.length; i++) {
      if (levels[i] == levels[i - 1]) {
        throw new IllegalArgumentException("level " + levels[i] + " is given twice");
      }
    }
    return levels;
  }

  /**
   * 11pt_avg's levels, which must not decrease: m_11pt_avg.c scans the ranking once from its end
   * and meets the levels from the last given down, so a level given out of order is passed over
   * and scored as the precision the scan ends with ({@code 11pt_avg.1,0.5} is 1.0 where the two
   * levels' interpolated precisions average 0.83). caliber scores each level on its own, which is
   * trec_eval's value for levels in order, and refuses the others rather than print either number.
   */
  static List<BigDecimal> ascending(String params) {
    List<BigDecimal> levels = decimals(params);
    for (int i = 1; i < levels.size(); i++) {
      if (levels.get(i).compareTo(levels.get(i - 1)) < 0) {
        throw new IllegalArgumentException("the levels must not decrease (" + levels.get(i - 1)
            + " before " + levels.get(i) + "); trec_eval's 11pt_avg scans them in order and scores one given out of order"
            + " as the last one's precision, so give them ascending");
      }
    }
    return levels;
  }

  /** Numbers in the order given, each read with atof ({@code utility}, {@code set_F}). */
  static List<BigDecimal> decimals(String params) {
    List<BigDecimal> out = new ArrayList<>();
    for (String part : params.split(",", -1)) {
      out.add(BigDecimal.valueOf(atof(part)));
    }
    return out;
  }

  /** {@code name=value} pairs in the order given, the first of a name counting, values read with atof. */
  private static Map<String, Double> pairs(String params) {
    Map<String, Double> out = new LinkedHashMap<>();
    if (params.isEmpty()) {
      return out;
    }
    for (String pair : params.split(",", -1)) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("malformed pair " + pair + ", expected name=value");
      }
      out.putIfAbsent(pair.substring(0, eq), atof(pair.substring(eq + 1)));
    }
    return out;
  }

  /** {@code label=gain} pairs ({@code ndcg.1=3,2=9}); none: the protocol's gains. */
  static Map<Integer, Double> gains(String params) {
    Map<Integer, Double> gains = new LinkedHashMap<>();
    for (Map.Entry<String, Double> p : pairs(params).entrySet()) {
      if (!p.getKey().matches("[0-9]+")) {
        throw new IllegalArgumentException("gains are label=gain pairs, such as 1=3; got " + p.getKey());
      }
      gains.put(Integer.parseInt(p.getKey()), p.getValue());
    }
    return gains;
  }

  /** rbp's {@code p=persistence}, 0.9 when not given. */
  static BigDecimal persistence(String params) {
    Map<String, Double> p = pairs(params);
    for (String key : p.keySet()) {
      if (!key.equals("p")) {
        throw new IllegalArgumentException("caliber takes only p=persistence here; got " + key);
      }
    }
    return BigDecimal.valueOf(p.getOrDefault("p", 0.9));
  }

  /** C's atol: optional blanks and sign, then digits; anything else ends the number (none: 0). */
  static long atol(String s) {
    String t = s.stripLeading();
    int i = t.startsWith("-") || t.startsWith("+") ? 1 : 0;
    int start = i;
    while (i < t.length() && Character.isDigit(t.charAt(i)) && i - start < 18) {
      i++;
    }
    return i == start ? 0 : Long.parseLong(t.substring(0, i));
  }

  /**
   * C's atof (strtod): the longest leading decimal number with its exponent (none: 0).
   * Hexadecimal numbers are not read (C's {@code 0x10} is 16, here 0).
   *
   * @throws IllegalArgumentException where C would give an infinity or NaN ({@code inf}, {@code
   *     nan}, {@code 1e999}), which no parameter can take
   */
  static double atof(String s) {
    java.util.regex.Matcher m = ATOF.matcher(s.stripLeading());
    if (!m.lookingAt()) {
      return 0.0;
    }
    double d = Character.isLetter(m.group().charAt(m.group().length() - 1)) ? Double.NaN : Double.parseDouble(m.group());
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException("illegal value " + s + ": not a finite number");
    }
    return d;
  }

  /**
   * A number as C's strtod reads it, the infinities and NaN included (which {@link #atof} then
   * refuses): one grammar for {@link #atof} and for {@link Measures}' dotted names.
   */
  static final String C_NUMBER = "[+-]?(?:(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?|(?i:infinity|inf|nan))";

  private static final java.util.regex.Pattern ATOF = java.util.regex.Pattern.compile(C_NUMBER);

  /** Default cutoffs as the text trec_eval would read them. */
  static String join(long[] values) {
    StringBuilder sb = new StringBuilder();
    for (long v : values) {
      sb.append(sb.length() == 0 ? "" : ",").append(v);
    }
    return sb.toString();
  }
}
