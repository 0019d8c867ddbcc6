package dev.caliber.measure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The registry of measures: one table holds every family's name, syntax, definition and trec_eval
 * name. The parser, the {@code caliber measures} command and the docs all read it.
 *
 * <p>Grammar (ir_measures'): {@code Family[(rel=N)][@k]}, e.g. {@code nDCG@10}, {@code P(rel=2)@10},
 * {@code AP}. trec_eval's names are accepted on input ({@code recip_rank}, {@code P_10},
 * {@code ndcg_cut_10}, {@code map}, {@code recall_1000}, and its dotted lists such as
 * {@code P.5,10}) and always printed in canonical form.
 */
public final class Measures {
  private Measures() {}

  /**
   * One family of measures.
   *
   * @param family canonical family name
   * @param syntax how to write it
   * @param definition one-paragraph definition
   * @param trecEval the trec_eval measure it matches, or empty
   * @param cutoff whether a cutoff is "required", "optional" or "none"
   * @param rel whether it takes a rel parameter
   * @param factory builds a measure from rel (null for the protocol's threshold) and cutoff (0 for
   *     none); the parser checks both against {@code cutoff} and {@code rel} before calling it
   */
  public record Family(String family, String syntax, String definition, String trecEval, String cutoff, boolean rel,
      BiFunction<Integer, Integer, Measure> factory) {}

  private static final List<Family> FAMILIES = List.of(
      new Family("P", "P@k, P(rel=N)@k", "Precision at k: relevant documents among the first k, divided by k (even when fewer were returned). Exact.",
          "P_k", "required", true, (rel, k) -> new Precision(rel, k)),
      new Family("R", "R@k, R, R(rel=N)@k", "Recall at k: relevant documents among the first k, divided by the number of relevant documents (never by k or the number returned). Exact.",
          "recall_k", "optional", true, (rel, k) -> new Recall(rel, k)),
      new Family("Success", "Success@k", "1 if any relevant document is among the first k, else 0 (hit rate; not Recall). Exact.",
          "success_k", "required", true, (rel, k) -> new Success(rel, k)),
      new Family("RR", "RR, RR@k", "Reciprocal rank of the first relevant document (within the first k), 0 if none; its mean is MRR. Exact.",
          "recip_rank (RR@k = -M k -m recip_rank)", "optional", true, (rel, k) -> new ReciprocalRank(rel, k)),
      new Family("AP", "AP, AP@k", "Average precision: sum of P@i at each relevant rank i (within the first k) divided by the number of relevant documents; its mean is MAP. Exact.",
          "map, map_cut_k", "optional", true, (rel, k) -> new AveragePrecision(rel, k)),
      new Family("Rprec", "Rprec", "Precision at rank R, R being the number of relevant documents. Exact.",
          "Rprec", "none", true, (rel, k) -> new RPrecision(rel)),
      new Family("nDCG", "nDCG, nDCG@k", "Normalised discounted cumulative gain, log2 discount, gain by the protocol's rule (linear or exponential), ideal from all judged documents. A double, not exact.",
          "ndcg, ndcg_cut_k", "optional", false, (rel, k) -> new Ndcg(k)),
      new Family("Bpref", "Bpref", "Binary preference: for each retrieved relevant document, 1 - min(judged non-relevant above it, R) / min(N, R), summed and divided by R; unjudged documents skipped. Exact.",
          "bpref", "none", true, (rel, k) -> new Bpref(rel)),
      new Family("Judged", "Judged@k", "Share of the first k positions holding a judged document (label >= 0), divided by k; min(k, ranked)/k - trec_eval's unj_k. Exact.",
          "min(k, ranked)/k - unj_k", "required", false, (rel, k) -> new Judged(k)),
      new Family("NumRet", "NumRet", "Number of documents ranked (after the protocol's depth).",
          "num_ret", "none", false, (rel, k) -> new Count(Count.Kind.NumRet, null)),
      new Family("NumRel", "NumRel", "Number of judged relevant documents of the query.",
          "num_rel", "none", true, (rel, k) -> new Count(Count.Kind.NumRel, rel)),
      new Family("NumRelRet", "NumRelRet", "Number of relevant documents ranked.",
          "num_rel_ret", "none", true, (rel, k) -> new Count(Count.Kind.NumRelRet, rel)));

  /** Other spellings users bring, mapped to canonical families. Printing always uses the family. */
  private static final Map<String, String> ALIASES = Map.ofEntries(
      Map.entry("Recall", "R"), Map.entry("MAP", "AP"), Map.entry("MRR", "RR"), Map.entry("NDCG", "nDCG"),
      Map.entry("ndcg", "nDCG"), Map.entry("R-Prec", "Rprec"), Map.entry("RPrec", "Rprec"), Map.entry("bpref", "Bpref"),
      Map.entry("HitRate", "Success"), Map.entry("Hit", "Success"), Map.entry("Precision", "P"));

  private static final Pattern CANONICAL = Pattern.compile("([A-Za-z][A-Za-z-]*)(?:\\(rel=(-?[0-9]+)\\))?(?:@([0-9]+))?");
  private static final Pattern TREC_CUT = Pattern.compile("(P|recall|success|map_cut|ndcg_cut)_([0-9]+)");
  private static final Pattern TREC_DOTTED = Pattern.compile("(P|recall|success|map_cut|ndcg_cut)\\.([0-9]+(?:,[0-9]+)*)");
  private static final Map<String, String> TREC_PLAIN = Map.of(
      "map", "AP", "recip_rank", "RR", "Rprec", "Rprec", "ndcg", "nDCG", "bpref", "Bpref",
      "num_ret", "NumRet", "num_rel", "NumRel", "num_rel_ret", "NumRelRet");
  private static final Map<String, String> TREC_FAMILY = Map.of(
      "P", "P", "recall", "R", "success", "Success", "map_cut", "AP", "ndcg_cut", "nDCG");

  /**
   * Every family, in the order docs list them.
   *
   * @return the immutable table, never empty
   */
  public static List<Family> families() {
    return FAMILIES;
  }

  /**
   * Parses one or more measures from a name: canonical, an alias, a trec_eval name, or a trec_eval
   * dotted list ({@code P.5,10} gives P@5 and P@10).
   *
   * @param text the name as the user wrote it, case-sensitive, not null
   * @return the measures in the list's order; one for any text but a dotted list, never empty
   * @throws IllegalArgumentException with the known names when the text is not a measure
   */
  public static List<Measure> parseAll(String text) {
    Matcher dotted = TREC_DOTTED.matcher(text);
    if (dotted.matches()) {
      List<Measure> out = new ArrayList<>();
      for (String k : dotted.group(2).split(",")) {
        out.add(build(TREC_FAMILY.get(dotted.group(1)), null, cutoff(text, k), text));
      }
      return out;
    }
    return List.of(parse(text));
  }

  /**
   * Parses one measure name: canonical, an alias ({@code MAP}, {@code Recall@10}) or a trec_eval
   * name ({@code P_10}).
   *
   * @param text the name as the user wrote it, case-sensitive, not null
   * @return the measure; its {@link Measure#name()} is canonical, whatever the spelling
   * @throws IllegalArgumentException with the known names when the text is not a measure
   */
  public static Measure parse(String text) {
    if (TREC_PLAIN.containsKey(text)) {
      return build(TREC_PLAIN.get(text), null, 0, text);
    }
    Matcher trec = TREC_CUT.matcher(text);
    if (trec.matches()) {
      return build(TREC_FAMILY.get(trec.group(1)), null, cutoff(text, trec.group(2)), text);
    }
    Matcher m = CANONICAL.matcher(text);
    if (!m.matches()) {
      throw unknown(text);
    }
    String family = ALIASES.getOrDefault(m.group(1), m.group(1));
    Integer rel = m.group(2) == null ? null : parseInt(text, m.group(2), "rel");
    int k = m.group(3) == null ? 0 : cutoff(text, m.group(3));
    return build(family, rel, k, text);
  }

  private static Measure build(String familyName, Integer rel, int k, String text) {
    Family f = FAMILIES.stream().filter(x -> x.family().equals(familyName)).findFirst().orElseThrow(() -> unknown(text));
    if (rel != null && !f.rel()) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " takes no rel parameter");
    }
    if (k != 0 && f.cutoff().equals("none")) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " takes no cutoff");
    }
    if (k == 0 && f.cutoff().equals("required")) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " needs a cutoff, such as " + f.family() + "@10");
    }
    try {
      return f.factory().apply(rel, k);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("measure " + text + ": " + e.getMessage(), e);
    }
  }

  private static int cutoff(String text, String digits) {
    int k = parseInt(text, digits, "cutoff");
    if (k < 1) {
      throw new IllegalArgumentException("measure " + text + ": illegal cutoff value: " + k + ", must be a positive integer");
    }
    return k;
  }

  private static int parseInt(String text, String digits, String what) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("measure " + text + ": " + what + " " + digits + " is not an integer", e);
    }
  }

  private static IllegalArgumentException unknown(String text) {
    StringBuilder known = new StringBuilder();
    for (Family f : FAMILIES) {
      known.append(known.length() == 0 ? "" : ", ").append(f.family());
    }
    return new IllegalArgumentException("unknown measure " + dev.caliber.json.PyJson.canonical(text)
        + "; expected one of " + known + " (with (rel=N) and @k where they apply) or a trec_eval name such as map, P_10, ndcg_cut_10");
  }

  /**
   * The measures, followed by {@code Judged@k} for every cutoff k among them that the list does not
   * already cover, in order of first appearance: what pooled judgments report beside the values
   * that rest on them (docs/PROTOCOL.md). Measures without a cutoff add nothing: each row's
   * unjudged count covers the whole ranking.
   *
   * @param measures the requested measures, not null
   * @return an immutable list: {@code measures} first, unchanged, then the Judged@k they lack
   */
  public static List<Measure> withJudgedCoverage(List<Measure> measures) {
    List<Measure> out = new ArrayList<>(measures);
    Set<Integer> covered = new HashSet<>();
    for (Measure m : measures) {
      if (m instanceof Judged) {
        covered.add(m.cutoff());
      }
    }
    for (int k : coverageCutoffs(measures)) {
      if (covered.add(k)) {
        out.add(new Judged(k));
      }
    }
    return List.copyOf(out);
  }

  /**
   * The cutoffs whose coverage (Judged@k) reports show beside the values: every cutoff k among the
   * measures, in order of first appearance. Measures without a cutoff add none.
   *
   * @param measures the measures, not null
   * @return the distinct positive cutoffs in order of first appearance, possibly none
   */
  public static int[] coverageCutoffs(List<Measure> measures) {
    return measures.stream().mapToInt(Measure::cutoff).filter(k -> k > 0).distinct().toArray();
  }

  /**
   * The name trec_eval prints for a measure, or null when trec_eval has none (RR@k, Judged@k,
   * measures with a rel parameter).
   *
   * @param m a measure, not null
   * @return trec_eval's name ({@code P_10}, {@code map}, {@code ndcg_cut_10}, {@code num_rel}), or
   *     null when trec_eval has none
   */
  public static String trecEvalName(Measure m) {
    if (m.name().contains("(rel=")) {
      return null;
    }
    int k = m.cutoff();
    if (m instanceof Precision) {
      return "P_" + k;
    } else if (m instanceof Recall) {
      return k == 0 ? null : "recall_" + k;
    } else if (m instanceof Success) {
      return "success_" + k;
    } else if (m instanceof ReciprocalRank) {
      return k == 0 ? "recip_rank" : null;
    } else if (m instanceof AveragePrecision) {
      return k == 0 ? "map" : "map_cut_" + k;
    } else if (m instanceof RPrecision) {
      return "Rprec";
    } else if (m instanceof Ndcg) {
      return k == 0 ? "ndcg" : "ndcg_cut_" + k;
    } else if (m instanceof Bpref) {
      return "bpref";
    } else if (m instanceof Count c) {
      return c.kind().name().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }
    return null;
  }
}
