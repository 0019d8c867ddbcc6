package dev.caliber.measure;

import dev.caliber.io.text.EditDistance;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measures.Spelling;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a family is known by ({@link Measures#spellings()}) and how a name the user typed is
 * looked up among them: exactly first, then ignoring case where that names one measure only, and,
 * for a name that is none of them, the closest names to suggest.
 *
 * <p>Case is ignored only where it is unambiguous: {@code rbp} is trec_eval's RBPScaled and
 * {@code RBP} ir_measures' RBP, so {@code Rbp} is refused with both as suggestions. The index is
 * built from the registry's own names, so a new family or spelling that collides is refused the
 * same way without anyone listing it.
 */
final class Spellings {
  private Spellings() {}

  /** Other tools' spellings, in the order docs/MEASURES.md lists them. */
  static final List<Spelling> TABLE = List.of(
      // ir_measures' own aliases (ir_measures/measures/__init__.py); its canonical names are caliber's
      new Spelling("Judged", "Judged", "", "ir_measures", "ir_measures divides by min(k, documents ranked) and counts negative"
          + " labels as judged; caliber divides by k and does not: they agree when k or more documents are ranked and no label is"
          + " negative"),
      new Spelling("MAP", "AP", "", "ir_measures", ""),
      new Spelling("MRR", "RR", "", "ir_measures", ""),
      new Spelling("NDCG", "nDCG", "", "ir_measures", ""),
      new Spelling("Precision", "P", "", "ir_measures", ""),
      new Spelling("Recall", "R", "", "ir_measures", ""),
      new Spelling("RPrec", "Rprec", "", "ir_measures", ""),
      new Spelling("BPref", "Bpref", "", "ir_measures", ""),
      new Spelling("STREC", "StRecall", "", "ir_measures", ""),
      new Spelling("MAP_IA", "AP_IA", "", "ir_measures", ""),
      // ranx's metric names (ranx/metrics): the same definitions unless said
      new Spelling("map", "AP", "", "ranx, trec_eval", ""),
      new Spelling("mrr", "RR", "", "ranx", ""),
      new Spelling("ndcg", "nDCG", "", "ranx, trec_eval", ""),
      new Spelling("ndcg_burges", "nDCG", "dcg='exp-log2'", "ranx", ""),
      new Spelling("precision", "P", "", "ranx", ""),
      new Spelling("recall", "R", "", "ranx", ""),
      new Spelling("hit_rate", "Success", "", "ranx", ""),
      new Spelling("r-precision", "Rprec", "", "ranx", ""),
      new Spelling("hits", "", "", "ranx", "ranx's hits@k counts the relevant documents among the first k, a number rather than a"
          + " share; caliber has no such measure: P@k times k is that count, and ranx's hit_rate@k is Success@k"),
      // ndeval's column names
      new Spelling("alpha-nDCG", "alpha_nDCG", "", "ndeval", ""),
      new Spelling("alpha-DCG", "alpha_DCG", "", "ndeval", ""),
      new Spelling("ERR-IA", "ERR_IA", "", "ndeval", ""),
      new Spelling("nERR-IA", "nERR_IA", "", "ndeval", ""),
      new Spelling("P-IA", "P_IA", "", "ndeval", ""),
      new Spelling("MAP-IA", "AP_IA", "", "ndeval", ""),
      new Spelling("strec", "StRecall", "", "ndeval", ""),
      // common elsewhere
      new Spelling("R-Prec", "Rprec", "", "common", ""),
      new Spelling("HitRate", "Success", "", "common", ""),
      new Spelling("Hit", "Success", "", "common", ""));

  /** Every name as written: the families, trec_eval's plain names, then the table (which wins). */
  private static final Map<String, Spelling> EXACT = new HashMap<>();
  /** Every name in lower case, with the distinct measures it may stand for. */
  private static final Map<String, List<Spelling>> FOLDED = new LinkedHashMap<>();

  static {
    index(Measures.families(), Measures.trecEvalPlainNames());
  }

  private static void index(List<Measures.Family> families, Map<String, String> trecPlain) {
    List<Spelling> all = new ArrayList<>();
    for (Measures.Family f : families) {
      all.add(new Spelling(f.family(), f.family(), "", "caliber", ""));
    }
    new java.util.TreeMap<>(trecPlain).forEach((name, family) -> all.add(new Spelling(name, family, "", "trec_eval", "")));
    all.addAll(TABLE);
    for (Spelling s : all) {
      EXACT.put(s.spelling(), s);
      List<Spelling> same = FOLDED.computeIfAbsent(fold(s.spelling()), x -> new ArrayList<>());
      same.removeIf(t -> sameMeasure(t, s));
      same.add(s);
    }
  }

  private static String fold(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  private static boolean sameMeasure(Spelling a, Spelling b) {
    return a.family().equals(b.family()) && a.params().equals(b.params());
  }

  /**
   * The spelling a name stands for: as written, else in any case when only one measure has that
   * name in lower case; null when there is none.
   */
  static Spelling resolve(String name) {
    Spelling exact = EXACT.get(name);
    if (exact != null) {
      return exact;
    }
    List<Spelling> folded = FOLDED.getOrDefault(fold(name), List.of());
    return folded.size() == 1 ? folded.get(0) : null;
  }

  private static final Pattern LEADING_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");

  /**
   * The one-line error for a text that is no measure: the text, then the closest names with the
   * rest of the text (at most three, only those that parse), or the family's syntax when the name is
   * known and the rest is wrong, and where every name is listed.
   */
  static IllegalArgumentException unknown(String text) {
    if (SUGGESTING.get()) {
      return new IllegalArgumentException("unknown measure"); // a candidate that does not parse: no suggestions of its own
    }
    SUGGESTING.set(true);
    try {
      return new IllegalArgumentException("unknown measure " + PyJson.canonical(text) + hint(text) + " (caliber measures lists every name)");
    } finally {
      SUGGESTING.set(false);
    }
  }

  /** Whether this thread is trying candidates, whose failures need no suggestions. */
  private static final ThreadLocal<Boolean> SUGGESTING = ThreadLocal.withInitial(() -> false);

  private static String hint(String text) {
    String stripped = text.strip();
    List<String> suggestions = new ArrayList<>();
    Spelling known = null;
    if (!stripped.equals(text)) {
      addIfMeasure(suggestions, stripped);
    }
    Matcher lead = LEADING_NAME.matcher(stripped);
    if (suggestions.isEmpty() && lead.lookingAt()) {
      String name = lead.group();
      String rest = stripped.substring(lead.end());
      known = resolve(name);
      for (Spelling s : closest(name)) {
        addIfMeasure(suggestions, s.family() + withParams(s.params(), rest));
      }
    }
    if (!suggestions.isEmpty()) {
      String last = suggestions.remove(suggestions.size() - 1);
      return "; did you mean " + (suggestions.isEmpty() ? "" : String.join(", ", suggestions) + " or ") + last + "?";
    }
    return known != null && !known.family().isEmpty() ? "; expected " + syntax(known.family()) : "";
  }

  private static String syntax(String family) {
    return Measures.families().stream().filter(f -> f.family().equals(family)).findFirst().orElseThrow().syntax();
  }

  /** The family's implied parameters put before the rest of the text: (params) or (params,given). */
  private static String withParams(String params, String rest) {
    if (params.isEmpty()) {
      return rest;
    }
    return rest.startsWith("(") ? "(" + params + "," + rest.substring(1) : "(" + params + ")" + rest;
  }

  private static void addIfMeasure(List<String> out, String candidate) {
    try {
      String name = Measures.parse(candidate).name();
      if (out.size() < 3 && !out.contains(name)) {
        out.add(name);
      }
    } catch (IllegalArgumentException notAMeasure) {
      // only names that parse are suggested
    }
  }

  /**
   * The measures whose names are closest to {@code name} ignoring case, nearest first, then in the
   * index's order: those of its name in another case, then its near misses ({@link
   * EditDistance#nearMiss}), none for a name of one or two letters (one edit from too many).
   */
  static List<Spelling> closest(String name) {
    String folded = fold(name);
    int most = Math.max(1, folded.length() / 4);
    List<List<Spelling>> byDistance = new ArrayList<>();
    for (int d = 0; d <= most; d++) {
      byDistance.add(new ArrayList<>());
    }
    for (Map.Entry<String, List<Spelling>> e : FOLDED.entrySet()) {
      int d = EditDistance.distance(folded, e.getKey());
      if (d == 0 || folded.length() > 2 && EditDistance.nearMiss(folded, e.getKey())) {
        byDistance.get(d).addAll(e.getValue());
      }
    }
    Set<String> seen = new LinkedHashSet<>();
    List<Spelling> out = new ArrayList<>();
    for (List<Spelling> level : byDistance) {
      for (Spelling s : level) {
        if (!s.family().isEmpty() && seen.add(s.family() + "(" + s.params() + ")")) {
          out.add(s);
        }
      }
    }
    return out;
  }
}
