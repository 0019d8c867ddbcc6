package dev.caliber.measure;

import static dev.caliber.measure.TrecEvalParameters.ascending;
import static dev.caliber.measure.TrecEvalParameters.atof;
import static dev.caliber.measure.TrecEvalParameters.cutoffs;
import static dev.caliber.measure.TrecEvalParameters.decimals;
import static dev.caliber.measure.TrecEvalParameters.gains;
import static dev.caliber.measure.TrecEvalParameters.join;
import static dev.caliber.measure.TrecEvalParameters.levels;
import static dev.caliber.measure.TrecEvalParameters.persistence;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * trec_eval's measure catalogue as its command line sees it: {@code -m} names, their parameters
 * and nicknames ({@code official}, {@code all_trec}, {@code set}), resolved into caliber's
 * measures with the names trec_eval prints, in trec_eval's order (its table in measures.c, not
 * the order of the {@code -m} options). The measures themselves are the registry's ({@link
 * Measures}); this class only maps trec_eval's words onto them, both ways: it is the one table of
 * trec_eval's names, which the registry reads to accept them ({@link Measures#parse}), to name its
 * measures as trec_eval prints them ({@link Measures#trecEvalName}) and to list them beside each
 * family ({@link Measures.Family#trecEval()}), and which {@code dev.caliber.treceval} reads to run
 * trec_eval's command line. It lives here, beside the registry, rather than in that package,
 * because the two read each other (its measures are the registry's, its names are the parser's)
 * and this package may not depend on that one.
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
  public record Line(String name, Kind kind, Measure measure, int length) {
    /**
     * Whether the line carries a name of trec_eval's table as it stands ({@code utility}, {@code
     * relstring}), not one with a cutoff, a level or parameters appended ({@code P_5}, {@code
     * utility_2,-1,0,0}, {@code relstring_5}): trec_eval resets some values by such names.
     *
     * @return true for a name of the table
     */
    public boolean tableName() {
      return TABLE.stream().anyMatch(e -> e.name().equals(name));
    }
  }

  /**
   * The lines that open every summary trec_eval prints, whatever its measures: {@code runid} (the
   * run's tag) and {@code num_q} (the number of queries).
   *
   * @return the two lines, in trec_eval's order
   */
  public static List<Line> header() {
    return TABLE.stream().filter(e -> e.kind() == Kind.RUNID || e.kind() == Kind.NUM_Q)
        .map(e -> new Line(e.name(), e.kind(), null, 0)).toList();
  }

  private static final long[] CUTS = {5, 10, 15, 20, 30, 100, 200, 500, 1000};
  private static final String ELEVEN = "0,.1,.2,.3,.4,.5,.6,.7,.8,.9,1";

  /** How a trec_eval measure reads its parameters and becomes lines. */
  private enum Form { PLAIN, LONG_CUTS, DOUBLE_CUTS, DOUBLE_PARAMS, PAIRS, SPECIAL }

  /** trec_eval's nicknames (measures.c's te_trec_measure_nicknames): names of several measures at once. */
  private enum Nickname {
    OFFICIAL("official"), SET("set"), ALL_TREC("all_trec"), QRELS_JG("qrels_jg"), ALL_PREFS("all_prefs"), PREFS("prefs");

    private final String word;

    Nickname(String word) {
      this.word = word;
    }

    static Nickname of(String word) {
      for (Nickname n : values()) {
        if (n.word.equals(word)) {
          return n;
        }
      }
      return null;
    }
  }

  // The nicknames a measure belongs to: runid and num_q to all; the counts to official, set and all_trec; ...
  private static final Set<Nickname> EVERY = EnumSet.allOf(Nickname.class);
  private static final Set<Nickname> COUNTS = EnumSet.of(Nickname.OFFICIAL, Nickname.SET, Nickname.ALL_TREC);
  private static final Set<Nickname> OFFICIAL = EnumSet.of(Nickname.OFFICIAL, Nickname.ALL_TREC);
  private static final Set<Nickname> SET = EnumSet.of(Nickname.SET, Nickname.ALL_TREC);
  private static final Set<Nickname> TREC = EnumSet.of(Nickname.ALL_TREC);
  private static final Set<Nickname> JG = EnumSet.of(Nickname.QRELS_JG);
  private static final Set<Nickname> PREFS = EnumSet.of(Nickname.PREFS, Nickname.ALL_PREFS);
  private static final Set<Nickname> ALL_PREFS = EnumSet.of(Nickname.ALL_PREFS);
  private static final Set<Nickname> NONE = EnumSet.noneOf(Nickname.class);

  /**
   * One measure of trec_eval's table.
   *
   * @param name trec_eval's name, as {@code -m} takes it and the output prints it
   * @param form how it reads its parameters and becomes lines
   * @param kind what its lines show
   * @param family the registry's family its name stands for (alone, or at each cutoff or level);
   *     null for runid, num_q and relstring, which are not measures
   * @param defaults its parameters when none are given
   * @param example how the registry's trec_eval column shows its parameters: the placeholder of a
   *     cutoff or level ({@code k} of {@code P_k}) or an example ({@code p=x} of {@code rbp.p=x});
   *     null to show none
   * @param nicknames the nicknames that name it
   * @param measures its measures for the parameters and trec_eval's {@code -N}
   */
  private record Entry(String name, Form form, Kind kind, String family, String defaults, String example,
      Set<Nickname> nicknames, BiFunction<String, Long, List<Measure>> measures) {
    boolean cuts() {
      return form == Form.LONG_CUTS || form == Form.DOUBLE_CUTS;
    }
  }

  private static Entry plain(String name, String family, Set<Nickname> nicknames) {
    return new Entry(name, Form.PLAIN, Kind.VALUE, family, "", null, nicknames, (p, n) -> List.of(Measures.parse(name)));
  }

  /** A measure whose per-query values trec_eval keeps to itself: its lines are in the summary only. */
  private static Entry summary(String name, String family, Set<Nickname> nicknames) {
    return new Entry(name, Form.PLAIN, Kind.SUMMARY_VALUE, family, "", null, nicknames, (p, n) -> List.of(Measures.parse(name)));
  }

  private static Entry special(String name, Kind kind, String defaults, Set<Nickname> nicknames) {
    return new Entry(name, Form.SPECIAL, kind, null, defaults, null, nicknames, (p, n) -> List.of());
  }

  /** A measure whose parameters are numbers, printed as typed ({@code utility_2,-1,0,0}). */
  private static Entry numbers(String name, String family, String defaults, String example, Set<Nickname> nicknames,
      BiFunction<String, Long, Measure> measure) {
    return new Entry(name, Form.DOUBLE_PARAMS, Kind.VALUE, family, defaults, example, nicknames,
        (p, n) -> List.of(measure.apply(p, n)));
  }

  /** A measure whose parameters are {@code name=value} pairs ({@code ndcg.1=3,2=9}, {@code rbp.p=0.5}). */
  private static Entry pairs(String name, String family, String example, Set<Nickname> nicknames,
      java.util.function.Function<String, Measure> measure) {
    return new Entry(name, Form.PAIRS, Kind.VALUE, family, "", example, nicknames, (p, n) -> List.of(measure.apply(p)));
  }

  private static Entry longCuts(String name, long[] defaults, String family, Set<Nickname> nicknames) {
    return new Entry(name, Form.LONG_CUTS, Kind.VALUE, family, join(defaults), "k", nicknames, (p, n) -> {
      List<Measure> out = new ArrayList<>();
      for (long k : cutoffs(p)) {
        out.add(Measures.parse(family + "@" + k));
      }
      return out;
    });
  }

  private static Entry doubleCuts(String name, String family, String placeholder, String defaults, Set<Nickname> nicknames,
      java.util.function.Function<BigDecimal, Measure> measure) {
    return new Entry(name, Form.DOUBLE_CUTS, Kind.VALUE, family, defaults, placeholder, nicknames, (p, n) -> {
      List<Measure> out = new ArrayList<>();
      for (double level : levels(p)) {
        out.add(measure.apply(BigDecimal.valueOf(level)));
      }
      return out;
    });
  }

  /** How the registry's trec_eval column shows label=gain parameters. */
  private static final String GAINS = "1=3,2=9";
  private static final String MULTIPLES = "0.2,0.4,0.6,0.8,1.0,1.2,1.4,1.6,1.8,2.0";

  /** trec_eval's table (measures.c), in its order: the order of the output. */
  private static final List<Entry> TABLE = List.of(
      special("runid", Kind.RUNID, "", EVERY),
      special("num_q", Kind.NUM_Q, "", EVERY),
      plain("num_ret", "NumRet", COUNTS), plain("num_rel", "NumRel", COUNTS), plain("num_rel_ret", "NumRelRet", COUNTS),
      plain("map", "AP", OFFICIAL),
      summary("gm_map", "GMAP", OFFICIAL),
      plain("Rprec", "Rprec", OFFICIAL), plain("bpref", "Bpref", OFFICIAL), plain("recip_rank", "RR", OFFICIAL),
      doubleCuts("iprec_at_recall", "IPrec", "r", ELEVEN, OFFICIAL, l -> new InterpolatedPrecision(null, l)),
      longCuts("P", CUTS, "P", OFFICIAL),
      special("relstring", Kind.RELSTRING, "10", TREC),
      longCuts("recall", CUTS, "R", TREC),
      plain("infAP", "infAP", TREC),
      summary("gm_bpref", "GMBpref", TREC),
      doubleCuts("Rprec_mult", "RprecMult", "m", MULTIPLES, TREC, m -> new RPrecisionMultiple(null, m)),
      numbers("utility", "Utility", "1,-1,0,0", "a,b,c,d", SET, (p, n) -> new Utility(decimals(p), n)),
      numbers("11pt_avg", "IPrecAvg", ELEVEN, null, TREC, (p, n) -> new InterpolatedPrecisionAverage(null, ascending(p))),
      plain("binG", "BinG", TREC),
      pairs("G", "G", GAINS, TREC, p -> new CumulativeGain(gains(p))),
      // m_ndcg.c's te_calc_ndcg computes all three and keeps the sum the measure's name asks for
      pairs("dcg", "DCG", GAINS, NONE, p -> new Ndcg(Ndcg.Part.DISCOUNTED, 0, gains(p), null, false)),
      pairs("ideal_dcg", "IDCG", GAINS, NONE, p -> new Ndcg(Ndcg.Part.IDEAL, 0, gains(p), null, false)),
      pairs("ndcg", "nDCG", GAINS, TREC, p -> new Ndcg(0, gains(p))),
      pairs("ndcg_rel", "nDCGRel", GAINS, TREC, p -> new NdcgRelevant(gains(p))),
      pairs("Rndcg", "RnDCG", GAINS, TREC, p -> new RNdcg(null, gains(p))),
      longCuts("ndcg_cut", CUTS, "nDCG", TREC),
      longCuts("map_cut", CUTS, "AP", TREC),
      longCuts("relative_P", CUTS, "RelP", TREC),
      longCuts("success", new long[] {1, 5, 10}, "Success", TREC),
      plain("set_P", "SetP", SET), plain("set_relative_P", "SetRelP", SET), plain("set_recall", "SetR", SET),
      plain("set_map", "SetAP", SET),
      numbers("set_F", "SetF", "1.0", "x", SET, (p, n) -> new SetF(null, decimals(p).get(0))),
      plain("num_nonrel_judged_ret", "NumNonRelJudgedRet", TREC),
      plain("prefs_num_prefs_poss", "PrefsPoss", PREFS), plain("prefs_num_prefs_ful", "PrefsFul", PREFS),
      plain("prefs_num_prefs_ful_ret", "PrefsFulRet", PREFS), plain("prefs_simp", "PrefsSimp", PREFS),
      plain("prefs_pair", "PrefsPair", PREFS), plain("prefs_avgjg", "PrefsAvgJg", PREFS),
      plain("prefs_avgjg_Rnonrel", "PrefsAvgJgRnonrel", ALL_PREFS), plain("prefs_simp_ret", "PrefsSimpRet", ALL_PREFS),
      plain("prefs_pair_ret", "PrefsPairRet", ALL_PREFS), plain("prefs_avgjg_ret", "PrefsAvgJgRet", ALL_PREFS),
      plain("prefs_avgjg_Rnonrel_ret", "PrefsAvgJgRnonrelRet", ALL_PREFS), plain("prefs_simp_imp", "PrefsSimpImp", ALL_PREFS),
      plain("prefs_pair_imp", "PrefsPairImp", ALL_PREFS), plain("prefs_avgjg_imp", "PrefsAvgJgImp", ALL_PREFS),
      plain("map_avgjg", "JgAP", JG),
      longCuts("P_avgjg", CUTS, "JgP", JG),
      doubleCuts("Rprec_mult_avgjg", "JgRprecMult", "m", MULTIPLES, JG, m -> JudgmentGroupMean.rPrecisionMultiple(null, m)),
      plain("yaap", "YAAP", NONE),
      pairs("rbp", "RBPScaled", "p=x", TREC, p -> new RankBiasedPrecision(persistence(p))),
      pairs("rbp_resid", "RBPResid", null, TREC, p -> new RankBiasedPrecisionResidual(persistence(p))),
      longCuts("unj", new long[] {5, 10, 20}, "Unjudged", TREC));

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
      Nickname nickname = Nickname.of(name);
      if (nickname != null) {
        TABLE.stream().filter(e -> e.nicknames().contains(nickname)).forEach(e -> marked.putIfAbsent(e.name(), null));
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
    if (e.kind() == Kind.RELSTRING) {
      long length = (long) atof(given == null ? e.defaults() : given);
      return List.of(new Line(given == null ? e.name() : e.name() + "_" + given, Kind.RELSTRING, null,
          (int) Math.max(0, Math.min(length, Integer.MAX_VALUE))));
    }
    if (e.form() == Form.SPECIAL) {
      if (given != null) {
        throw new IllegalArgumentException("-m " + e.name() + "." + given + ": " + e.name() + " takes no parameters");
      }
      return List.of(new Line(e.name(), e.kind(), null, 0));
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
      String name = given != null && (e.form() == Form.DOUBLE_PARAMS || e.form() == Form.PAIRS) ? e.name() + "_" + given
          : e.form() == Form.DOUBLE_CUTS ? e.name() + "_" + twoDecimals(m) : printed(e, m);
      out.add(new Line(name, e.kind(), m, 0));
    }
    return out;
  }

  /**
   * {@code %3.2f} of the level as trec_eval prints it: the double it read, rounded half to even.
   * {@link #printed} rounds the measure's decimal instead, which differs where the double lies
   * below a decimal ending in 5 (0.155 prints 0.15 here, 0.16 there).
   */
  private static String twoDecimals(Measure m) {
    String at = m.name().substring(m.name().indexOf('@') + 1);
    return new BigDecimal(Double.parseDouble(at)).setScale(2, java.math.RoundingMode.HALF_EVEN).toPlainString();
  }

  /**
   * The name trec_eval prints for one of an entry's measures without typed parameters: its own, or
   * at a cutoff or level, {@code P_10}, {@code iprec_at_recall_0.10} ({@link Levels#twoDecimals}
   * of the level).
   */
  private static String printed(Entry e, Measure m) {
    if (!e.cuts()) {
      return e.name();
    }
    String at = m.name().substring(m.name().indexOf('@') + 1);
    return e.name() + "_" + (e.form() == Form.LONG_CUTS ? at : Levels.twoDecimals(new BigDecimal(at)));
  }

  /**
   * The name trec_eval prints for a measure ({@link Measures#trecEvalName}): the table's name of its
   * family, alone or at its cutoff or level, when the measure is that name's with trec_eval's
   * parameters; null when trec_eval has none (RR@k, Judged@k, a measure with a rel parameter or
   * other parameters of its own, such as nDCG's gains).
   */
  static String nameOf(Measure m) {
    if (!(m instanceof BaseMeasure) || m.name().indexOf('(') >= 0) {
      return null;
    }
    int at = m.name().indexOf('@');
    String family = at < 0 ? m.name() : m.name().substring(0, at);
    for (Entry e : TABLE) {
      if (family.equals(e.family()) && e.cuts() == (at >= 0)) {
        return printed(e, m);
      }
    }
    return null;
  }

  /**
   * trec_eval's names of one family as the registry's trec_eval column lists them ({@link
   * Measures.Family#trecEval()}): each name alone or with its cutoff's or level's placeholder, in
   * the table's order, then the names with an example of their parameters ({@code map, map_cut_k};
   * {@code ndcg, ndcg_cut_k, ndcg.1=3,2=9}).
   *
   * @return the names, comma-separated; empty when trec_eval has none for the family
   */
  static String shown(String family) {
    List<String> names = new ArrayList<>();
    List<String> examples = new ArrayList<>();
    for (Entry e : TABLE) {
      if (!family.equals(e.family())) {
        continue;
      }
      names.add(e.cuts() ? e.name() + "_" + e.example() : e.name());
      if (!e.cuts() && e.example() != null) {
        examples.add(e.name() + "." + e.example());
      }
    }
    names.addAll(examples);
    return String.join(", ", names);
  }

  /**
   * trec_eval's names of single measures (no cutoff or level), each mapped to its family
   * ({@code map} to AP, {@code ndcg} to nDCG, with trec_eval's default parameters).
   */
  static Map<String, String> plainNames() {
    Map<String, String> out = new LinkedHashMap<>();
    TABLE.stream().filter(e -> e.family() != null && !e.cuts()).forEach(e -> out.put(e.name(), e.family()));
    return Map.copyOf(out);
  }

  /** trec_eval's names of measures at cutoffs or levels ({@code P}, {@code iprec_at_recall}), each mapped to its family. */
  static Map<String, String> cutNames() {
    Map<String, String> out = new LinkedHashMap<>();
    TABLE.stream().filter(Entry::cuts).forEach(e -> out.put(e.name(), e.family()));
    return Map.copyOf(out);
  }

  /**
   * trec_eval's name of one measure at a cutoff ({@code P_10}: groups 1 and 2) or a level ({@code
   * iprec_at_recall_0.10}: groups 3 and 4), with {@code between} between the name and the number;
   * a list of them after a dot ({@code P.5,10}) when {@code list}.
   */
  static java.util.regex.Pattern cutPattern(boolean list) {
    String longs = names(Form.LONG_CUTS);
    String doubles = names(Form.DOUBLE_CUTS);
    return java.util.regex.Pattern.compile(list
        ? "(" + longs + ")\\.([0-9]+(?:,[0-9]+)*)|(" + doubles + ")\\.([0-9.]+(?:,[0-9.]+)*)"
        : "(" + longs + ")_([0-9]+)|(" + doubles + ")_([0-9]*\\.?[0-9]+)");
  }

  private static String names(Form form) {
    return String.join("|", TABLE.stream().filter(e -> e.form() == form).map(Entry::name).toList());
  }

  /** An entry's measures for the parameters given (null: its defaults). */
  private static List<Measure> measures(Entry e, String given, long documents) {
    if (given != null && e.form() == Form.PLAIN) {
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
}
