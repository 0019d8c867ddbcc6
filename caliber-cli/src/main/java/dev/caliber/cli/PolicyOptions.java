package dev.caliber.cli;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Measures and the protocol's policies. Without any of these options, the seed's report is
 * produced; with them, the general evaluator. {@code --compat trec_eval} is a preset that single
 * options may override; the result always prints the policy in force.
 */
final class PolicyOptions {
  /** Presets. */
  enum Compat { trec_eval }

  @Option(names = {"-m", "--measure"}, paramLabel = "NAME",
      description = "A measure: nDCG@10, RR@10, AP, P(rel=2)@10, R@1000... or a trec_eval name (map, P_10, ndcg_cut.10,20). Repeatable. See 'caliber measures'.")
  List<String> measures = new ArrayList<>();

  @Option(names = "--compat", paramLabel = "TOOL",
      description = "Preset policies of another tool: trec_eval (pooled, score order, no-relevant counted as 0, unknown run queries listed; = trec_eval -c).")
  Compat compat;

  @Option(names = "--judgments", paramLabel = "RULE", description = "exhaustive (an unjudged ranked document is an error; default) or pooled (it counts as non-relevant).")
  Judgments judgments;

  @Option(names = "--relevance-threshold", paramLabel = "N", description = "Lowest label counted relevant by binary measures (default 1; trec_eval -l).")
  Integer threshold;

  @Option(names = "--gain", paramLabel = "RULE", description = "nDCG gain: linear (label, as trec_eval; default) or exponential (2^label - 1).")
  Gain gain;

  @Option(names = "--ordering", paramLabel = "RULE", description = "given (file/list order; default) or score (score descending, ties by document ID descending, as trec_eval).")
  Ordering ordering;

  @Option(names = "--no-relevant", paramLabel = "RULE", description = "exclude (null, leaves the mean; default) or zero (counts as 0, as trec_eval).")
  NoRelevant noRelevant;

  @Option(names = "--unknown-queries", paramLabel = "RULE", description = "error (default) or list (not scored, listed in the result, as trec_eval skips them).")
  UnknownQueries unknownQueries;

  @Option(names = "--depth", paramLabel = "N", description = "Evaluate only the first N ranked documents per query (trec_eval -M). Default: all.")
  Integer depth;

  /** The measures trec_eval prints by default that caliber implements. */
  static final List<String> TREC_EVAL_DEFAULTS = List.of(
      "num_ret", "num_rel", "num_rel_ret", "map", "Rprec", "bpref", "recip_rank", "P.5,10,15,20,30,100,200,500,1000");

  /** True when no option here was given: the seed's report applies. */
  boolean seedMode() {
    return measures.isEmpty() && compat == null && judgments == null && threshold == null && gain == null
        && ordering == null && noRelevant == null && unknownQueries == null && depth == null;
  }

  Policy policy(CommandLine cl) {
    Policy p = compat == Compat.trec_eval ? Policy.trecEval() : Policy.strict();
    if (judgments != null) {
      p = p.withJudgments(judgments);
    }
    if (threshold != null) {
      if (threshold < 1) {
        throw new CommandLine.ParameterException(cl, "--relevance-threshold: got " + threshold + "; expected an integer >= 1");
      }
      p = p.withRelevanceThreshold(threshold);
    }
    if (gain != null) {
      p = p.withGain(gain);
    }
    if (ordering != null) {
      p = p.withOrdering(ordering);
    }
    if (noRelevant != null) {
      p = p.withNoRelevant(noRelevant);
    }
    if (unknownQueries != null) {
      p = p.withUnknownQueries(unknownQueries);
    }
    if (depth != null) {
      if (depth < 1) {
        throw new CommandLine.ParameterException(cl, "--depth: got " + depth + "; expected an integer >= 1");
      }
      p = p.withDepth(depth);
    }
    return p;
  }

  /**
   * The measures asked for; under pooled judgments followed by Judged@k for each of their cutoffs,
   * so that coverage is reported beside every value resting on it. {@code --compat trec_eval}
   * keeps trec_eval's own list (add {@code -m Judged@10} to see coverage there).
   */
  List<Measure> measures(CommandLine cl, Policy policy) {
    List<Measure> asked = measures(cl);
    return policy.judgments() == Judgments.POOLED && compat != Compat.trec_eval
        ? Measures.withJudgedCoverage(asked) : asked;
  }

  List<Measure> measures(CommandLine cl) {
    List<String> names = measures;
    if (names.isEmpty()) {
      if (compat != Compat.trec_eval) {
        throw new CommandLine.ParameterException(cl,
            "no measure: give --measure (e.g. --measure nDCG@10 --measure RR@10; 'caliber measures' lists them)");
      }
      names = TREC_EVAL_DEFAULTS;
    }
    List<Measure> out = new ArrayList<>();
    for (String n : names) {
      try {
        out.addAll(Measures.parseAll(n));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--measure: " + e.getMessage());
      }
    }
    return out;
  }
}
