package dev.caliber.measure;

import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The registry of measures: one table holds every family's name, syntax and definition; trec_eval's
 * names of the families are read from trec_eval's table ({@link TrecEvalMeasures}). The parser, the
 * {@code caliber measures} command and the docs all read them.
 *
 * <p>Grammar (ir_measures'): {@code Family[(rel=N)][@k]}, e.g. {@code nDCG@10}, {@code P(rel=2)@10},
 * {@code AP}. trec_eval's names are accepted on input ({@code recip_rank}, {@code P_10},
 * {@code ndcg_cut_10}, {@code map}, {@code recall_1000}, and its dotted lists such as
 * {@code P.5,10}), and so are other tools' spellings ({@link #spellings()}: ranx's {@code map@10},
 * {@code hit_rate@10}), each name in another case too where only one measure has it in lower case
 * ({@code Ndcg@10}, but not {@code Rbp}: trec_eval's {@code rbp} and ir_measures' {@code RBP} differ);
 * all are printed in canonical form. A name that is none of these is refused in one line with the
 * closest names.
 *
 * <p>The table is {@link MeasureTable}'s and the parser {@link MeasureParser}'s; this class is
 * their door, with what reports ask of a list of measures (coverage, the largest label, trec_eval's
 * names).
 */
public final class Measures {
  private Measures() {}

  /**
   * Builds a measure of a family from what the name gave; the parser has checked them against the
   * family's {@code cutoff}, {@code rel} and {@code params} first.
   */
  @FunctionalInterface
  public interface Factory {
    /**
     * The measure.
     *
     * @param rel the {@code rel} parameter, or null for the protocol's threshold
     * @param at the text after {@code @} (a cutoff or a level), or null when there is none
     * @param params the other named parameters in the order written, values as written; not null
     * @return the measure, never null
     * @throws IllegalArgumentException when a value is not one the family accepts
     */
    Measure build(Integer rel, String at, Map<String, String> params);
  }

  /**
   * One family of measures.
   *
   * @param family canonical family name
   * @param syntax how to write it
   * @param definition one-paragraph definition
   * @param trecEvalNote what the trec_eval column says beyond trec_eval's names of the family
   *     ({@link #trecEval()}), or empty
   * @param cutoff what {@code @} takes: "required" or "optional" (a positive integer cutoff),
   *     "level" (a decimal, required) or "none"
   * @param rel whether it takes a rel parameter
   * @param params the other parameters it takes, comma-separated ({@code "p"}, {@code "a,b,c,d,docs"}),
   *     or empty
   * @param factory builds a measure from the parsed parts
   */
  public record Family(String family, String syntax, String definition, String trecEvalNote, String cutoff, boolean rel,
      String params, Factory factory) {
    /**
     * The trec_eval measures the family matches: their names from trec_eval's table ({@link
     * TrecEvalMeasures}), then the note ({@code map, map_cut_k}; {@code recip_rank (RR@k = -M k
     * -m recip_rank)}).
     *
     * @return the names and the note, or empty when trec_eval has neither
     */
    public String trecEval() {
      String names = TrecEvalMeasures.shown(family);
      return names.isEmpty() || trecEvalNote.isEmpty() ? names + trecEvalNote : names + " " + trecEvalNote;
    }
  }

  /**
   * Another tool's spelling of a family, accepted on input (in any case where that is unambiguous)
   * and printed canonically.
   *
   * @param spelling the name as that tool writes it, before any parameters and {@code @k}
   * @param family the canonical family it stands for, or empty when caliber refuses the spelling
   *     (then {@code difference} says why and what to write instead)
   * @param params the parameters the spelling implies, as written between parentheses
   *     ({@code dcg='exp-log2'}), or empty
   * @param tools the tools that write it
   * @param difference how that tool's definition differs from caliber's, or empty when it is the same
   */
  public record Spelling(String spelling, String family, String params, String tools, String difference) {}

  /**
   * Other tools' spellings of the families, in the order docs list them. Canonical names, trec_eval's
   * names and these are also accepted in another case where only one measure has the name in lower
   * case.
   *
   * @return the immutable table, never empty
   */
  public static List<Spelling> spellings() {
    return Spellings.TABLE;
  }

  /**
   * What a user should know of the name as written when it is another tool's name of a measure
   * that tool defines otherwise ({@code Judged@10}: ir_measures divides by min(k, documents ranked),
   * caliber by k); null when the definitions agree or the text is no such name.
   *
   * @param text a measure name as the user wrote it, not null
   * @return one line, or null
   */
  public static String difference(String text) {
    return MeasureParser.difference(text);
  }

  /** trec_eval's names of single measures, mapped to families (read from {@link TrecEvalMeasures}). */
  static Map<String, String> trecEvalPlainNames() {
    return MeasureParser.TREC_PLAIN;
  }

  /**
   * Every family, in the order docs list them.
   *
   * @return the immutable table, never empty
   */
  public static List<Family> families() {
    return MeasureTable.FAMILIES;
  }

  /**
   * Parses one or more measures from a name: canonical, an alias, a trec_eval name, a trec_eval
   * dotted list ({@code P.5,10} gives P@5 and P@10), or a trec_eval family name alone for its
   * default parameters ({@code ndcg_cut} gives nDCG@5 ... nDCG@1000, {@code iprec_at_recall} the
   * 11 recall levels).
   *
   * @param text the name as the user wrote it, not null
   * @return the measures in the list's order; one for any text but a dotted list or a family name,
   *     never empty
   * @throws IllegalArgumentException with the closest names when the text is not a measure
   */
  public static List<Measure> parseAll(String text) {
    return MeasureParser.parseAll(text);
  }

  /**
   * Parses one measure name: canonical, another tool's spelling ({@code MAP}, {@code Recall@10},
   * {@code map@10}) or a trec_eval name ({@code P_10}, {@code iprec_at_recall_0.10}); trec_eval's
   * names are matched as written, the others in any case where that names one measure only.
   *
   * @param text the name as the user wrote it, not null
   * @return the measure; its {@link Measure#name()} is canonical, whatever the spelling
   * @throws IllegalArgumentException with the closest names when the text is not a measure, or
   *     saying why caliber refuses another tool's name ({@code hits@10})
   */
  public static Measure parse(String text) {
    return MeasureParser.parse(text);
  }

  /**
   * The measures a report under {@code policy} shows: under pooled judgments the requested ones
   * followed by Judged@k for each of their cutoffs ({@link #withJudgedCoverage(List)}), so that
   * coverage is reported beside every value resting on it, except under trec_eval's rules, whose
   * reports keep trec_eval's own list. The rule reads the policy, not a preset's name, so that a
   * preset and its rules spelt out are one protocol ({@code caliber evaluate} and caliber-spark).
   *
   * @param policy the policy, not null
   * @param asked the measures requested, not null
   * @return the measures to report
   */
  public static List<Measure> withJudgedCoverage(Policy policy, List<Measure> asked) {
    return policy.judgments() == Judgments.POOLED && !policy.hasTrecEvalRules() ? withJudgedCoverage(asked) : asked;
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
   * The largest label the measures can turn into a gain within {@link Gain#MAX_GAIN}: {@link
   * Gain#largestLabel()} of the protocol's gain rule and of any measure's own ({@code
   * dcg='exp-log2'}).
   *
   * @param measures the protocol's measures
   * @param protocolGain the protocol's gain rule
   * @return 992 where a gain is exponential, else {@link Integer#MAX_VALUE}
   */
  public static int largestLabel(java.util.Collection<? extends Measure> measures, Gain protocolGain) {
    int largest = protocolGain.largestLabel();
    for (Measure m : measures) {
      if (m instanceof Ndcg n && n.gainRule() != null) {
        largest = Math.min(largest, n.gainRule().largestLabel());
      }
    }
    return largest;
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
    return TrecEvalMeasures.nameOf(m);
  }
}
