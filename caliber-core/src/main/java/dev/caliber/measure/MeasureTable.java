package dev.caliber.measure;

import dev.caliber.measure.Measures.Family;
import dev.caliber.policy.Gain;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The table of measure families behind {@link Measures#families()}: each family's name, syntax,
 * definition and what its name may carry ({@code @k}, {@code rel}, other parameters), with the
 * factory that builds its measure from them, and the readers of those parameters' values ({@code
 * gains={1:3,2:9}}, {@code dcg='exp-log2'}, {@code judged_only=True}, a cutoff). Data, read by the
 * parser ({@link MeasureParser}), the {@code caliber measures} command and the docs.
 */
final class MeasureTable {
  private MeasureTable() {}

  /** The gains= parameter of the gain-based measures, empty for the protocol's rule. */
  private static Map<Integer, Double> givenGains(Map<String, String> p) {
    return p.containsKey("gains") ? gains(p.get("gains")) : Map.of();
  }

  /** nDCG or one of its sums: the same parameters, read the same way. */
  private static Family ndcg(Ndcg.Part part, String syntax, String definition) {
    return new Family(part.family, syntax, definition, "", "optional", false, "dcg,gains,judged_only",
        (rel, at, p) -> new Ndcg(part, at == null ? 0 : cutoffValue(at), givenGains(p),
            p.containsKey("dcg") ? dcg(p.get("dcg")) : null, p.containsKey("judged_only") && flag("judged_only", p.get("judged_only"))));
  }

  /** A family whose {@code @} is an integer cutoff (0 for none) and that takes no other parameter. */
  private static Family cut(String family, String syntax, String definition, String trecEvalNote, String cutoff, boolean rel,
      BiFunction<Integer, Integer, Measure> factory) {
    return new Family(family, syntax, definition, trecEvalNote, cutoff, rel, "",
        (r, at, p) -> factory.apply(r, at == null ? 0 : cutoffValue(at)));
  }

  private static BigDecimal decimal(Map<String, String> p, String key, String fallback) {
    return Levels.parse(key, p.getOrDefault(key, fallback));
  }

  /** A non-negative integer parameter; a null fallback makes it required. */
  private static int integer(Map<String, String> p, String key, String fallback) {
    String text = p.getOrDefault(key, fallback);
    if (text == null) {
      throw new IllegalArgumentException("missing parameter " + key + ", the largest label, such as " + key + "=3");
    }
    if (!text.matches("[0-9]{1,9}")) {
      throw new IllegalArgumentException("illegal " + key + " value: " + text + ", must be a whole number from 0 to 999999999");
    }
    return Integer.parseInt(text);
  }

  private static List<BigDecimal> decimals(String what, String text) {
    List<BigDecimal> out = new ArrayList<>();
    for (String part : text.split(";", -1)) {
      out.add(Levels.parse(what, part));
    }
    return out;
  }

  /** ir_measures' {@code dcg='log2'} (linear gain) or {@code dcg='exp-log2'} (2^label - 1), quotes optional. */
  private static Gain dcg(String text) {
    return switch (unquote(text)) {
      case "log2" -> Gain.LINEAR;
      case "exp-log2" -> Gain.EXPONENTIAL;
      default -> throw new IllegalArgumentException("illegal dcg value: " + text + ", expected 'log2' or 'exp-log2'");
    };
  }

  /** ir_measures' judged_only=True|False. */
  private static boolean judgedOnly(Map<String, String> p) {
    return p.containsKey("judged_only") && flag("judged_only", p.get("judged_only"));
  }

  /** SDCG's dcg parameter, which cwl_eval has one value of; returns null (no fallback for max_rel). */
  private static String onlyLog2(Map<String, String> p) {
    if (p.containsKey("dcg") && dcg(p.get("dcg")) != Gain.LINEAR) {
      throw new IllegalArgumentException("illegal dcg value: " + p.get("dcg") + ", expected 'log2' (the only one cwl_eval computes)");
    }
    return null;
  }

  /** A Python boolean as ir_measures writes it: True or False. */
  private static boolean flag(String name, String text) {
    return switch (text) {
      case "True" -> true;
      case "False" -> false;
      default -> throw new IllegalArgumentException("illegal " + name + " value: " + text + ", expected True or False");
    };
  }

  private static String unquote(String text) {
    boolean quoted = text.length() >= 2 && (text.charAt(0) == '\'' || text.charAt(0) == '"') && text.charAt(text.length() - 1) == text.charAt(0);
    return quoted ? text.substring(1, text.length() - 1) : text;
  }

  private static Map<Integer, Double> gains(String text) {
    if (!text.startsWith("{") || !text.endsWith("}")) {
      throw new IllegalArgumentException("illegal gains value: " + text + ", expected {label:gain,...} such as {1:3,2:9}");
    }
    Map<Integer, Double> out = new LinkedHashMap<>();
    String body = text.substring(1, text.length() - 1);
    for (String pair : body.isEmpty() ? new String[0] : body.split(",", -1)) {
      String[] kv = pair.split(":", -1);
      if (kv.length != 2 || !kv[0].strip().matches("[0-9]+")) {
        throw new IllegalArgumentException("illegal gains entry: " + pair + ", expected label:gain such as 2:9");
      }
      out.put(Integer.parseInt(kv[0].strip()), Levels.parse("gain", kv[1].strip()).doubleValue());
    }
    return out;
  }

  private static final List<Family> BEFORE_PREFERENCES = List.of(
      cut("P", "P@k, P(rel=N)@k", "Precision at k: relevant documents among the first k, divided by k (even when fewer were returned). Exact.",
          "", "required", true, (rel, k) -> new Precision(rel, k)),
      cut("R", "R@k, R, R(rel=N)@k", "Recall at k: relevant documents among the first k, divided by the number of relevant documents (never by k or the number returned). Exact.",
          "", "optional", true, (rel, k) -> new Recall(rel, k)),
      cut("Success", "Success@k", "1 if any relevant document is among the first k, else 0 (hit rate; not Recall). Exact.",
          "", "required", true, (rel, k) -> new Success(rel, k)),
      cut("RR", "RR, RR@k", "Reciprocal rank of the first relevant document (within the first k), 0 if none; its mean is MRR. Exact.",
          "(RR@k = -M k -m recip_rank)", "optional", true, (rel, k) -> new ReciprocalRank(rel, k)),
      cut("AP", "AP, AP@k", "Average precision: sum of P@i at each relevant rank i (within the first k) divided by the number of relevant documents; its mean is MAP. Exact.",
          "", "optional", true, (rel, k) -> new AveragePrecision(rel, k)),
      cut("Rprec", "Rprec", "Precision at rank R, R being the number of relevant documents. Exact.",
          "", "none", true, (rel, k) -> new RPrecision(rel)),
      ndcg(Ndcg.Part.NORMALISED, "nDCG, nDCG@k, nDCG(gains={1:3,2:9})@k, nDCG(dcg='exp-log2',judged_only=True)@k", "Normalised discounted cumulative gain, log2 discount, gain by the protocol's rule (linear or exponential), by dcg= or as given per label, ideal from all judged documents; judged_only=True drops unjudged documents first. A double, not exact."),
      ndcg(Ndcg.Part.DISCOUNTED, "DCG, DCG@k, DCG(gains={1:3,2:9})@k", "Discounted cumulative gain: nDCG's numerator, with nDCG's parameters; not normalised, so a query with more relevant documents weighs more in the mean. A double, not exact."),
      ndcg(Ndcg.Part.IDEAL, "IDCG, IDCG@k, IDCG(gains={1:3,2:9})@k", "Ideal discounted cumulative gain: nDCG's denominator, the DCG of the judged documents in the best order, with nDCG's parameters. A double, not exact."),
      cut("Bpref", "Bpref", "Binary preference: for each retrieved relevant document, 1 - min(judged non-relevant above it, R) / min(N, R), summed and divided by R; unjudged documents skipped. Exact.",
          "", "none", true, (rel, k) -> new Bpref(rel)),
      cut("Judged", "Judged@k", "Share of the first k positions holding a judged document (label >= 0), divided by k even when fewer are ranked (ir_measures divides by min(k, ranked) and counts negative labels as judged); min(k, ranked)/k - trec_eval's unj_k. Exact.",
          "min(k, ranked)/k - unj_k", "required", false, (rel, k) -> new Judged(k)),
      cut("NumRet", "NumRet, NumRet(rel=N)", "Number of documents ranked (after the protocol's depth); with rel=N, of those with a label of N or more.",
          "", "none", true, (rel, k) -> new Count(Count.Kind.NumRet, rel)),
      cut("NumRel", "NumRel", "Number of judged relevant documents of the query.",
          "", "none", true, (rel, k) -> new Count(Count.Kind.NumRel, rel)),
      cut("NumRelRet", "NumRelRet", "Number of relevant documents ranked.",
          "", "none", true, (rel, k) -> new Count(Count.Kind.NumRelRet, rel)),
      new Family("IPrec", "IPrec@r", "Interpolated precision at recall level r (0 to 1): the best P@i at or below the rank where round(r*R) relevant documents have been found; 0 if they never are. Exact.",
          "", "level", true, "", (rel, at, p) -> new InterpolatedPrecision(rel, Levels.parse("recall level", at))),
      new Family("IPrecAvg", "IPrecAvg, IPrecAvg(at=0.2;0.5;0.8)", "Mean of IPrec over recall levels, by default the 11 points 0, 0.1, ..., 1 (the 11-point average). Exact.",
          "", "none", true, "at",
          (rel, at, p) -> new InterpolatedPrecisionAverage(rel, p.containsKey("at") ? decimals("recall level", p.get("at")) : InterpolatedPrecisionAverage.ELEVEN_POINTS)),
      new Family("RprecMult", "RprecMult@m", "Precision at floor(m*R + 0.9), R being the number of relevant documents: R-precision at multiples of R. Exact.",
          "", "level", true, "", (rel, at, p) -> new RPrecisionMultiple(rel, Levels.parse("multiple", at))),
      cut("GMAP", "GMAP", "AP per query, averaged geometrically over queries (each value floored at 0.00001). Per-query values exact, the mean not.",
          "", "none", true, (rel, k) -> new GeometricMeanAveragePrecision(rel)),
      cut("GMBpref", "GMBpref", "Bpref per query, averaged geometrically over queries (each value floored at 0.00001). Per-query values exact, the mean not.",
          "", "none", true, (rel, k) -> new GeometricMeanBpref(rel)),
      cut("infAP", "infAP", "Inferred AP (Yilmaz and Aslam 2006): AP estimated from a sampled pool; documents outside the pool count as non-relevant, pooled but unjudged ones (negative labels) are inferred. A double, not exact.",
          "", "none", true, (rel, k) -> new InferredAveragePrecision(rel)),
      cut("RelP", "RelP@k", "Relative precision at k: relevant documents among the first k, divided by min(k, R). Exact.",
          "", "required", true, (rel, k) -> new RelativePrecision(rel, k)),
      cut("SetP", "SetP", "Set precision: relevant documents ranked divided by documents ranked (0 if none). Exact.",
          "", "none", true, (rel, k) -> new SetPrecision(rel)),
      cut("SetR", "SetR", "Set recall: relevant documents ranked divided by R. Exact.",
          "", "none", true, (rel, k) -> new SetRecall(rel)),
      cut("SetRelP", "SetRelP", "Relative set precision: relevant documents ranked divided by min(documents ranked, R). Exact.",
          "", "none", true, (rel, k) -> new SetRelativePrecision(rel)),
      cut("SetAP", "SetAP", "Unranked AP: set precision times set recall, (relevant ranked)^2 / (ranked * R). Exact.",
          "", "none", true, (rel, k) -> new SetAveragePrecision(rel)),
      new Family("SetF", "SetF, SetF(beta=x)", "Set F: (x+1) * P * R / (x * P + R) of set precision and set recall, x = beta weighing recall (default 1). Exact.",
          "", "none", true, "beta", (rel, at, p) -> new SetF(rel, decimal(p, "beta", "1"))),
      new Family("Utility", "Utility, Utility(a=1,b=-1,c=0,d=0,docs=N)", "Linear set utility: a * relevant ranked + b * non-relevant ranked + c * relevant missed + d * non-relevant missed (docs: the collection's size). Exact.",
          "", "none", false, "a,b,c,d,docs",
          (rel, at, p) -> new Utility(List.of(decimal(p, "a", "1"), decimal(p, "b", "-1"), decimal(p, "c", "0"), decimal(p, "d", "0")),
              p.containsKey("docs") ? documents(p.get("docs")) : 0)),
      cut("Unjudged", "Unjudged@k", "Share of the first k positions holding a document without a judgment (none, or a negative label), divided by k. Exact.",
          "", "required", false, (rel, k) -> new Unjudged(k)),
      cut("NumNonRelJudgedRet", "NumNonRelJudgedRet", "Number of judged non-relevant documents ranked.",
          "", "none", true, (rel, k) -> new Count(Count.Kind.NumNonRelJudgedRet, rel)),
      new Family("RBPScaled", "RBPScaled, RBPScaled(p=0.8)", "trec_eval's rank-biased precision (Moffat and Zobel 2008): (1 - p) * sum of gain(d_i) * p^(i-1), gains scaled into [0, 1] by the query's largest; persistence p defaults to 0.9. A double, not exact.",
          "", "none", false, "p", (rel, at, p) -> new RankBiasedPrecision(decimal(p, "p", "0.9"))),
      new Family("RBPResid", "RBPResid, RBPResid(p=0.8)", "RBP's residual: how much RBP could rise if the unjudged documents and the ranking's tail were relevant, p^n + (1 - p) * sum of p^(i-1) over unjudged d_i; 0 without unjudged documents. A double, not exact.",
          "", "none", false, "p", (rel, at, p) -> new RankBiasedPrecisionResidual(decimal(p, "p", "0.9"))),
      cut("BinG", "BinG", "trec_eval's binary G: each relevant document ranked adds 1 / log2(2 + non-relevant documents above it); the sum is divided by R. A double, not exact.",
          "", "none", true, (rel, k) -> new BinaryG(rel)),
      new Family("G", "G, G(gains={1:3,2:9})", "trec_eval's G: gains discounted by log2(2 + the ideal ranking's cost so far - the gain so far), divided by the ideal gain; gains= as nDCG's. A double, not exact.",
          "", "none", false, "gains", (rel, at, p) -> new CumulativeGain(givenGains(p))),
      new Family("nDCGRel", "nDCGRel, nDCGRel(gains={1:3,2:9})", "nDCG averaged over the ranks of the documents with positive gain, the missed ones counting the final nDCG; gains= as nDCG's. A double, not exact.",
          "", "none", false, "gains", (rel, at, p) -> new NdcgRelevant(givenGains(p))),
      new Family("RnDCG", "RnDCG, RnDCG(rel=N,gains={1:3,2:9})", "nDCG averaged over the ranks where the ideal ranking's gain changes: R-precision's analogue for graded judgments; gains= as nDCG's. A double, not exact.",
          "", "none", true, "gains", (rel, at, p) -> new RNdcg(rel, givenGains(p))),
      cut("YAAP", "YAAP", "Robertson's smoothed AP (ECIR 2012): log((1 + S) / (1 + R - S)), S the sum of P@i at each relevant rank i (AP times R); 0 without relevant documents. A double, not exact.",
          "", "none", true, (rel, k) -> new Yaap(rel)),
      cut("JgAP", "JgAP", "AP per judgment group (trec_eval's qrels_jg format: qid group docid label), averaged over the query's groups; a group without relevant documents adds 0. Plain qrels are one group. Exact.",
          "", "none", true, (rel, k) -> JudgmentGroupMean.averagePrecision(rel)),
      cut("JgP", "JgP@k", "P@k per judgment group, averaged over the query's groups. Exact.",
          "", "required", true, (rel, k) -> JudgmentGroupMean.precision(rel, k)),
      new Family("JgRprecMult", "JgRprecMult@m", "RprecMult@m per judgment group, each with its own R, averaged over the query's groups. Exact.",
          "", "level", true, "", (rel, at, p) -> JudgmentGroupMean.rPrecisionMultiple(rel, Levels.parse("multiple", at))));

  /** The families listed after the preference measures. */
  private static final List<Family> AFTER_PREFERENCES = List.of(
      cut("ERR", "ERR, ERR@k", "Expected reciprocal rank (Chapelle et al. 2009) as gdeval computes it: sum of R_i * prod of (1 - R_j) above / i, R = (2^label - 1) / 16. Exact.",
          "", "optional", false, (rel, k) -> new ExpectedReciprocalRank(k)),
      // ir_measures' RBP (measures/rbp.py): graded through trectools, binary with rel through cwl_eval
      new Family("RBP", "RBP, RBP(p=0.9)@k, RBP(p=0.8,rel=2)", "Rank-biased precision as ir_measures computes it (Moffat and Zobel 2008): (1 - p) * sum of label(d_i) * p^(i-1) over the first k; with rel=N binary, [label >= N] over cwl_eval's 1,000 positions, divided by 1 - p^1000; p defaults to 0.8. A double, not exact.",
          "", "optional", true, "p", (rel, at, p) -> new RankBiasedPrecisionIrMeasures(decimal(p, "p", "0.8"), rel, at == null ? 0 : cutoffValue(at))),
      // ir_measures' SDCG (measures/sdcg.py, cwl_eval's NDCGCWLMetric)
      new Family("SDCG", "SDCG(max_rel=N)@k, SDCG(min_rel=1,max_rel=3)@k", "Scaled DCG as ir_measures computes it through cwl_eval: sum of g(d_i) / log2(i + 1) over the first k, divided by the same sum for k documents of gain 1; g = (label clipped to [min_rel, max_rel] - min_rel) / (max_rel - min_rel), min_rel defaults to 0. A double, not exact.",
          "", "required", false, "dcg,min_rel,max_rel",
          (rel, at, p) -> new ScaledDcg(cutoffValue(at), integer(p, "min_rel", "0"), integer(p, "max_rel", onlyLog2(p)))),
      // ir_measures' INST (measures/inst.py, cwl_eval's INSTCWLMetric)
      new Family("INST", "INST(max_rel=N), INST(T=2,min_rel=1,max_rel=3)", "INST (Moffat et al. 2015) as ir_measures computes it through cwl_eval: the expected gain per document of a user who wants T units of gain (default 1) and goes on from rank i with probability ((i + T + T_i - 1) / (i + T + T_i))^2, T_i the gain still wanted, over 1,000 positions; gains scaled as SDCG's. A double, not exact.",
          "", "none", false, "T,min_rel,max_rel",
          (rel, at, p) -> new Inst(decimal(p, "T", "1"), integer(p, "min_rel", "0"), integer(p, "max_rel", null))),
      // ir_measures' Compat (measures/compat.py, providers/compat_provider.py)
      new Family("Compat", "Compat, Compat(p=0.9), Compat(normalize=False)", "Compatibility (Clarke et al. 2021): rank-biased overlap with persistence p (default 0.95) between the ranking and the ideal ranking of the documents labelled above 0, divided by the ideal ranking's own overlap unless normalize=False. A double, not exact.",
          "", "none", false, "p,normalize",
          (rel, at, p) -> new Compatibility(decimal(p, "p", "0.95"), !p.containsKey("normalize") || flag("normalize", p.get("normalize")))),
      // the intent-aware measures over subtopic judgments, as ndeval computes them (ir_measures' measures/diversity.py)
      new Family("alpha_nDCG", "alpha_nDCG@k, alpha_nDCG(rel=2,alpha=0.8,judged_only=True)@k", "alpha-nDCG (Clarke et al. 2008) over subtopic judgments as ndeval computes it: novelty gains sum of (1 - alpha)^c over the subtopics a document is relevant to (c: documents above already relevant to that subtopic), discounted by log2(i + 1) and divided by the same of ndeval's greedy ideal ranking; alpha defaults to 0.5. A double, not exact.",
          "", "optional", true, "alpha,judged_only", (rel, at, p) -> new AlphaDcg(true, rel, decimal(p, "alpha", "0.5"),
              at == null ? 0 : cutoffValue(at), judgedOnly(p))),
      new Family("alpha_DCG", "alpha_DCG@k, alpha_DCG(alpha=0.8)@k", "alpha-DCG as ndeval computes it: alpha-nDCG's discounted novelty gains divided by those of S documents each relevant to every subtopic (collection-independent normalisation), S the subtopics with a relevant document. A double, not exact.",
          "", "optional", true, "alpha,judged_only", (rel, at, p) -> new AlphaDcg(false, rel, decimal(p, "alpha", "0.5"),
              at == null ? 0 : cutoffValue(at), judgedOnly(p))),
      new Family("ERR_IA", "ERR_IA@k, ERR_IA(rel=2,judged_only=True)@k", "Intent-aware ERR as ndeval computes it: sum of novelty gains (alpha = 0.5) divided by rank, over the first k, divided by the same of S documents each relevant to every subtopic. Exact.",
          "", "optional", true, "judged_only", (rel, at, p) -> new ExpectedReciprocalRankIa(false, rel, at == null ? 0 : cutoffValue(at), judgedOnly(p))),
      new Family("nERR_IA", "nERR_IA@k, nERR_IA(rel=2)@k", "ERR-IA normalised by ndeval's greedy ideal ranking instead (collection-dependent). Exact.",
          "", "optional", true, "judged_only", (rel, at, p) -> new ExpectedReciprocalRankIa(true, rel, at == null ? 0 : cutoffValue(at), judgedOnly(p))),
      new Family("NRBP", "NRBP, NRBP(rel=2,alpha=0.5,beta=0.8)", "Novelty- and rank-biased precision (Clarke et al. 2009) as ndeval computes it: (1 - (1 - alpha) * beta) / S * sum of beta^(i-1) times the novelty gain, over the whole ranking; alpha and beta default to 0.5. Exact.",
          "", "none", true, "alpha,beta", (rel, at, p) -> new NoveltyRankBiasedPrecision(false, rel, decimal(p, "alpha", "0.5"), decimal(p, "beta", "0.5"))),
      new Family("nNRBP", "nNRBP, nNRBP(alpha=0.5,beta=0.8)", "NRBP normalised by ndeval's greedy ideal ranking. Exact.",
          "", "none", true, "alpha,beta", (rel, at, p) -> new NoveltyRankBiasedPrecision(true, rel, decimal(p, "alpha", "0.5"), decimal(p, "beta", "0.5"))),
      new Family("P_IA", "P_IA@k, P_IA(rel=2)@k", "Intent-aware precision (Agrawal et al. 2009) as ndeval computes it: relevant (document, subtopic) pairs among the first k, divided by k * S. Exact.",
          "", "optional", true, "judged_only", (rel, at, p) -> new PrecisionIa(rel, at == null ? 0 : cutoffValue(at), judgedOnly(p))),
      new Family("AP_IA", "AP_IA, AP_IA(rel=2)", "Intent-aware AP as ndeval computes it (MAP-IA): AP per subtopic over the documents relevant to it, averaged over the S subtopics with a relevant document. Exact.",
          "", "none", true, "judged_only", (rel, at, p) -> new AveragePrecisionIa(rel, judgedOnly(p))),
      new Family("StRecall", "StRecall@k, StRecall(rel=2)@k", "Subtopic recall (S-recall, Zhai et al. 2003) as ndeval computes it: the share of the S subtopics with a relevant document among the first k. Exact.",
          "", "optional", true, "", (rel, at, p) -> new SubtopicRecall(rel, at == null ? 0 : cutoffValue(at))));

  /** Every family, in the order docs list them. */
  static final List<Family> FAMILIES = families(BEFORE_PREFERENCES, AFTER_PREFERENCES);

  /** The preference measures (trec_eval's all_prefs: three counts, then the ratios) between two parts of the table. */
  private static List<Family> families(List<Family> before, List<Family> after) {
    List<Family> out = new ArrayList<>(before);
    out.add(cut("PrefsPoss", "PrefsPoss", "Preference judgments (trec_eval's prefs or qrels_prefs): preferences possible, summed over the judgment groups.",
        "", "none", false, (rel, k) -> new Count(Count.Kind.PrefsPoss, null)));
    out.add(cut("PrefsFul", "PrefsFul", "Preferences fulfilled: between two retrieved documents in the preferred order, or with only the preferred one retrieved; summed over the judgment groups.",
        "", "none", false, (rel, k) -> new Count(Count.Kind.PrefsFul, null)));
    out.add(cut("PrefsFulRet", "PrefsFulRet", "Preferences fulfilled between two retrieved documents, summed over the judgment groups.",
        "", "none", false, (rel, k) -> new Count(Count.Kind.PrefsFulRet, null)));
    for (Preference.Kind kind : Preference.Kind.values()) {
      out.add(cut("Prefs" + kind.name(), "Prefs" + kind.name(), Preference.definition(kind), "", "none", false,
          (rel, k) -> new Preference(kind)));
    }
    out.addAll(after);
    return List.copyOf(out);
  }

  /** The collection's size, a non-negative integer. */
  private static long documents(String digits) {
    try {
      return Long.parseLong(digits.matches("[0-9]+") ? digits : "x");
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("illegal docs value: " + digits + ", must be a non-negative integer", e);
    }
  }

  /** A positive integer cutoff written after {@code @}. */
  private static int cutoffValue(String digits) {
    if (!digits.matches("[0-9]+")) {
      throw new IllegalArgumentException("illegal cutoff value: " + digits + ", must be a positive integer");
    }
    int k;
    try {
      k = Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("illegal cutoff value: " + digits + ", must be a positive integer of at most "
          + Integer.MAX_VALUE, e);
    }
    if (k < 1) {
      throw new IllegalArgumentException("illegal cutoff value: " + k + ", must be a positive integer");
    }
    return k;
  }
}
