package dev.caliber.measure;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * trec_eval's measure catalogue as its command line sees it: {@code -m} names, their parameters
 * and nicknames ({@code official}, {@code all_trec}, {@code set}), resolved into caliber's
 * measures with the names trec_eval prints, in trec_eval's order (its table in measures.c, not
 * the order of the {@code -m} options). The measures themselves are the registry's ({@link
 * Measures}); this class only maps trec_eval's words onto them.
 *
 * <p>Parameters are read as trec_eval reads them: cutoffs with C's {@code atol} ({@code 23.4} is
 * 23), sorted, positive and without duplicates; recall levels and multiples with {@code atof},
 * sorted; {@code utility}, {@code 11pt_avg} and {@code set_F} take their numbers in the order
 * given and print them as written ({@code utility_2,-1,0,0}); {@code ndcg} and {@code rbp} take
 * {@code name=value} pairs. When a measure is given more than once, its first parameters count.
 */
public final class TrecEvalMeasures {
  private TrecEvalMeasures() {}

  /** What a printed line shows. */
  public enum Kind {
    /** The run's tag ({@code runid}), in the summary only. */
    RUNID,
    /** The number of queries averaged over ({@code num_q}), in the summary only. */
    NUM_Q,
    /** A measure's value, per query and in the summary. */
    VALUE,
    /** A measure's value in the summary only ({@code gm_map}, {@code gm_bpref}). */
    SUMMARY_VALUE,
    /**
     * The labels of the first documents ranked, one character each, per query only
     * ({@code relstring}): not a measure in caliber (it is not a number), a view of the ranking.
     */
    RELSTRING
  }

  /**
   * One line of trec_eval's output per query (and one in the summary).
   *
   * @param name the name trec_eval prints, such as {@code P_10} or {@code ndcg_1=3,2=9}
   * @param kind what the line shows
   * @param measure the measure whose per-query value is printed; null for RUNID and NUM_Q
   * @param length for RELSTRING, how many ranked documents it shows (0 or more); else 0
   */
  public record Line(String name, Kind kind, Measure measure, int length) {}

  private static final long[] CUTS = {5, 10, 15, 20, 30, 100, 200, 500, 1000};
  private static final String ELEVEN = "0,.1,.2,.3,.4,.5,.6,.7,.8,.9,1";

  /** How a trec_eval measure reads its parameters and becomes lines. */
  private enum Form { PLAIN, SUMMARY, LONG_CUTS, DOUBLE_CUTS, DOUBLE_PARAMS, PAIRS, SPECIAL }

  private record Entry(String name, Form form, String defaults, BiFunction<String, Long, List<Measure>> measures) {}

  private static Entry plain(String name) {
    return new Entry(name, Form.PLAIN, "", (p, n) -> List.of(Measures.parse(name)));
  }

  private static Entry longCuts(String name, long[] defaults, String family) {
    return new Entry(name, Form.LONG_CUTS, join(defaults), (p, n) -> {
      List<Measure> out = new ArrayList<>();
      for (long k : cutoffs(p)) {
        out.add(Measures.parse(family + "@" + k));
      }
      return out;
    });
  }

  private static Entry doubleCuts(String name, String defaults, java.util.function.Function<BigDecimal, Measure> measure) {
    return new Entry(name, Form.DOUBLE_CUTS, defaults, (p, n) -> {
      List<Measure> out = new ArrayList<>();
      for (double level : levels(p)) {
        out.add(measure.apply(BigDecimal.valueOf(level)));
      }
      return out;
    });
  }

  /** trec_eval's table (measures.c), in its order: the order of the output. */
  private static final List<Entry> TABLE = List.of(
      new Entry("runid", Form.SPECIAL, "", (p, n) -> List.of()),
      new Entry("num_q", Form.SPECIAL, "", (p, n) -> List.of()),
      plain("num_ret"), plain("num_rel"), plain("num_rel_ret"), plain("map"),
      new Entry("gm_map", Form.SUMMARY, "", (p, n) -> List.of(Measures.parse("GMAP"))),
      plain("Rprec"), plain("bpref"), plain("recip_rank"),
      doubleCuts("iprec_at_recall", ELEVEN, l -> new InterpolatedPrecision(null, l)),
      longCuts("P", CUTS, "P"),
      new Entry("relstring", Form.SPECIAL, "10", (p, n) -> List.of()),
      longCuts("recall", CUTS, "R"),
      plain("infAP"),
      new Entry("gm_bpref", Form.SUMMARY, "", (p, n) -> List.of(Measures.parse("GMBpref"))),
      doubleCuts("Rprec_mult", "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0", m -> new RPrecisionMultiple(null, m)),
      new Entry("utility", Form.DOUBLE_PARAMS, "1,-1,0,0", (p, n) -> List.of(new Utility(decimals(p), n))),
      new Entry("11pt_avg", Form.DOUBLE_PARAMS, ELEVEN, (p, n) -> List.of(new InterpolatedPrecisionAverage(null, ascending(p)))),
      plain("binG"),
      new Entry("G", Form.PAIRS, "", (p, n) -> List.of(new CumulativeGain(gains(p)))),
      // m_ndcg.c's te_calc_ndcg computes all three and keeps the sum the measure's name asks for
      new Entry("dcg", Form.PAIRS, "", (p, n) -> List.of(new Ndcg(Ndcg.Part.DISCOUNTED, 0, gains(p), null, false))),
      new Entry("ideal_dcg", Form.PAIRS, "", (p, n) -> List.of(new Ndcg(Ndcg.Part.IDEAL, 0, gains(p), null, false))),
      new Entry("ndcg", Form.PAIRS, "", (p, n) -> List.of(new Ndcg(0, gains(p)))),
      new Entry("ndcg_rel", Form.PAIRS, "", (p, n) -> List.of(new NdcgRelevant(gains(p)))),
      new Entry("Rndcg", Form.PAIRS, "", (p, n) -> List.of(new RNdcg(null, gains(p)))),
      longCuts("ndcg_cut", CUTS, "nDCG"),
      longCuts("map_cut", CUTS, "AP"),
      longCuts("relative_P", CUTS, "RelP"),
      longCuts("success", new long[] {1, 5, 10}, "Success"),
      plain("set_P"), plain("set_relative_P"), plain("set_recall"), plain("set_map"),
      new Entry("set_F", Form.DOUBLE_PARAMS, "1.0", (p, n) -> List.of(new SetF(null, decimals(p).get(0)))),
      plain("num_nonrel_judged_ret"),
      plain("prefs_num_prefs_poss"), plain("prefs_num_prefs_ful"), plain("prefs_num_prefs_ful_ret"),
      plain("prefs_simp"), plain("prefs_pair"), plain("prefs_avgjg"), plain("prefs_avgjg_Rnonrel"),
      plain("prefs_simp_ret"), plain("prefs_pair_ret"), plain("prefs_avgjg_ret"), plain("prefs_avgjg_Rnonrel_ret"),
      plain("prefs_simp_imp"), plain("prefs_pair_imp"), plain("prefs_avgjg_imp"),
      plain("map_avgjg"),
      longCuts("P_avgjg", CUTS, "JgP"),
      doubleCuts("Rprec_mult_avgjg", "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0", m -> JudgmentGroupMean.rPrecisionMultiple(null, m)),
      plain("yaap"),
      new Entry("rbp", Form.PAIRS, "", (p, n) -> List.of(new RankBiasedPrecision(persistence(p)))),
      new Entry("rbp_resid", Form.PAIRS, "", (p, n) -> List.of(new RankBiasedPrecisionResidual(persistence(p)))),
      longCuts("unj", new long[] {5, 10, 20}, "Unjudged"));

  /** trec_eval's nicknames. */
  private static final Map<String, List<String>> NICKNAMES = Map.of( // measures.c's te_trec_measure_nicknames
      "official", List.of("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
          "recip_rank", "iprec_at_recall", "P"),
      "set", List.of("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P", "set_recall",
          "set_relative_P", "set_map", "set_F"),
      "all_trec", List.of("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
          "recip_rank", "iprec_at_recall", "P", "relstring", "recall", "unj", "rbp", "rbp_resid", "infAP", "gm_bpref", "utility",
          "11pt_avg", "ndcg", "relative_P", "Rprec_mult", "success", "map_cut", "ndcg_cut", "ndcg_rel", "Rndcg", "binG",
          "G", "set_P", "set_recall", "set_relative_P", "set_map", "set_F", "num_nonrel_judged_ret"),
      "qrels_jg", List.of("runid", "num_q", "map_avgjg", "P_avgjg", "Rprec_mult_avgjg"),
      "all_prefs", List.of("runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret",
          "prefs_simp", "prefs_pair", "prefs_avgjg", "prefs_avgjg_Rnonrel", "prefs_simp_ret", "prefs_pair_ret",
          "prefs_avgjg_ret", "prefs_avgjg_Rnonrel_ret", "prefs_simp_imp", "prefs_pair_imp", "prefs_avgjg_imp"),
      "prefs", List.of("runid", "num_q", "prefs_num_prefs_poss", "prefs_num_prefs_ful", "prefs_num_prefs_ful_ret",
          "prefs_simp", "prefs_pair", "prefs_avgjg"));


  /**
   * The lines trec_eval prints for its {@code -m} options, in its order.
   *
   * @param specs the {@code -m} arguments as given ({@code all_trec}, {@code P.5,10},
   *     {@code ndcg.1=3,2=9}); empty for trec_eval's default, {@code official}
   * @param documents trec_eval's {@code -N}, the collection's size for {@code utility}; 0 when not given
   * @return the lines, never empty
   * @throws IllegalArgumentException naming the option when a name is not trec_eval's, is one
   *     caliber does not compute, or has parameters trec_eval would refuse
   */
  public static List<Line> resolve(List<String> specs, long documents) {
    Map<String, String> marked = new LinkedHashMap<>();
    for (String spec : specs.isEmpty() ? List.of("official") : specs) {
      int dot = spec.indexOf('.');
      String name = dot < 0 ? spec : spec.substring(0, dot);
      String params = dot < 0 ? null : spec.substring(dot + 1);
      if (params != null && params.isEmpty()) {
        throw new IllegalArgumentException("-m " + spec + ": no parameters after '.'");
      }
      List<String> names = NICKNAMES.get(name);
      if (names != null) {
        names.forEach(n -> marked.putIfAbsent(n, null));
        continue;
      }
      if (TABLE.stream().noneMatch(e -> e.name().equals(name))) {
        throw new IllegalArgumentException("-m " + spec + ": " + name + " is not a trec_eval measure");
      }
      if (!marked.containsKey(name) || marked.get(name) == null) {
        marked.put(name, params == null ? marked.get(name) : params);
      }
    }
    List<Line> lines = new ArrayList<>();
    for (Entry e : TABLE) {
      if (!marked.containsKey(e.name())) {
        continue;
      }
      String given = marked.get(e.name());
      lines.addAll(lines(e, given, documents));
    }
    return List.copyOf(lines);
  }

  private static List<Line> lines(Entry e, String given, long documents) {
    if (e.name().equals("relstring")) {
      long length = (long) atof(given == null ? e.defaults() : given);
      return List.of(new Line(given == null ? e.name() : e.name() + "_" + given, Kind.RELSTRING, null,
          (int) Math.max(0, Math.min(length, Integer.MAX_VALUE))));
    }
    if (e.form() == Form.SPECIAL) {
      if (given != null) {
        throw new IllegalArgumentException("-m " + e.name() + "." + given + ": " + e.name() + " takes no parameters");
      }
      return List.of(new Line(e.name(), e.name().equals("runid") ? Kind.RUNID : Kind.NUM_Q, null, 0));
    }
    String params = given == null ? e.defaults() : given;
    List<Measure> measures;
    try {
      measures = measures(e, given, documents);
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException("-m " + e.name() + "." + params + ": " + bad.getMessage(), bad);
    }
    List<Line> out = new ArrayList<>();
    for (Measure m : measures) {
      String name = switch (e.form()) {
        case DOUBLE_PARAMS, PAIRS -> given == null ? e.name() : e.name() + "_" + given;
        case DOUBLE_CUTS -> e.name() + "_" + twoDecimals(m);
        default -> Measures.trecEvalName(m);
      };
      out.add(new Line(name, e.form() == Form.SUMMARY ? Kind.SUMMARY_VALUE : Kind.VALUE, m, 0));
    }
    return out;
  }

  /** An entry's measures for the parameters given (null: its defaults). */
  private static List<Measure> measures(Entry e, String given, long documents) {
    if (given != null && (e.form() == Form.PLAIN || e.form() == Form.SUMMARY)) {
      throw new IllegalArgumentException(e.name() + " takes no parameters in caliber");
    }
    return e.measures().apply(given == null ? e.defaults() : given, documents);
  }

  /**
   * The measures of trec_eval's {@code -m NAME.PARAMETERS}, as {@link Measures#parse} reads that
   * form outside {@code caliber trec_eval} ({@code rbp.p=0.5}, {@code ndcg.1=3,2=9}, {@code
   * P.5,10}); trec_eval's {@code -N} is not known there, so {@code utility} counts no documents.
   *
   * @param name a trec_eval measure name with parameters ({@code ndcg}, {@code 11pt_avg})
   * @param params the text after the dot
   * @return the measures, in trec_eval's order of its parameters; null when trec_eval has no
   *     measure of that name ({@code runid}, {@code num_q} and {@code relstring} are none)
   * @throws IllegalArgumentException if the parameters are not the measure's, or it takes none
   */
  static List<Measure> withParameters(String name, String params) {
    for (Entry e : TABLE) {
      if (e.name().equals(name) && e.form() != Form.SPECIAL) {
        return measures(e, params, 0);
      }
    }
    return null;
  }

  /**
   * The measures trec_eval computes without {@code -m} (its {@code official} set: num_ret, num_rel,
   * num_rel_ret, map, gm_map, Rprec, bpref, recip_rank, iprec_at_recall at 11 levels, P at 5 ... 1000),
   * in trec_eval's order.
   *
   * @return the measures, without runid and num_q, which are not measures
   */
  public static List<Measure> official() {
    return resolve(List.of(), 0).stream().map(Line::measure).filter(java.util.Objects::nonNull).toList();
  }

  /**
   * The measures one trec_eval family name stands for with trec_eval's default parameters, as
   * {@code -m ndcg_cut} or {@code -m iprec_at_recall} give them: {@code iprec_at_recall} is the 11
   * recall levels 0, 0.1, ..., 1.
   *
   * @param name a trec_eval family name without parameters
   * @return its measures, or an empty list when {@code name} is not a trec_eval family that takes
   *     parameters (cutoffs or levels)
   */
  static List<Measure> familyDefaults(String name) {
    for (Entry e : TABLE) {
      if (e.name().equals(name) && (e.form() == Form.LONG_CUTS || e.form() == Form.DOUBLE_CUTS)) {
        return e.measures().apply(e.defaults(), 0L);
      }
    }
    return List.of();
  }

  /** {@code %3.2f} of the level as trec_eval prints it: the double, rounded half to even. */
  private static String twoDecimals(Measure m) {
    String at = m.name().substring(m.name().indexOf('@') + 1);
    return new BigDecimal(Double.parseDouble(at)).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
  }

  private static long[] cutoffs(String params) {
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

  private static double[] levels(String params) {
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
  private static List<BigDecimal> ascending(String params) {
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

  private static List<BigDecimal> decimals(String params) {
    List<BigDecimal> out = new ArrayList<>();
    for (String part : params.split(",", -1)) {
      out.add(BigDecimal.valueOf(atof(part)));
    }
    return out;
  }

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

  private static Map<Integer, Double> gains(String params) {
    Map<Integer, Double> gains = new LinkedHashMap<>();
    for (Map.Entry<String, Double> p : pairs(params).entrySet()) {
      if (!p.getKey().matches("[0-9]+")) {
        throw new IllegalArgumentException("gains are label=gain pairs, such as 1=3; got " + p.getKey());
      }
      gains.put(Integer.parseInt(p.getKey()), p.getValue());
    }
    return gains;
  }

  private static BigDecimal persistence(String params) {
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

  private static String join(long[] values) {
    StringBuilder sb = new StringBuilder();
    for (long v : values) {
      sb.append(sb.length() == 0 ? "" : ",").append(v);
    }
    return sb.toString();
  }
}
