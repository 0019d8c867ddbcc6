package dev.caliber.cli;

import dev.caliber.api.Preset;
import dev.caliber.api.ProtocolChoice;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.PolicyOverrides;
import dev.caliber.policy.UnknownQueries;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Measures and the protocol's policies, and the one decision of what the options ask for on given
 * inputs ({@link #choose}): the seed's report (the seed's JSON inputs and none of these options),
 * or a policy with measures. A preset ({@code --preset}, or {@code --compat trec_eval}, its other
 * spelling) is the policy it stands for, and single options override its rules; without one the
 * rules start from the strict protocol, except that bare TREC qrels without {@code --measure} are
 * evaluated as {@code trec_eval -c} evaluates them. Results print the policy in force, never the
 * preset's name, so a preset and its rules spelt out are one protocol with one fingerprint.
 */
final class PolicyOptions {
  /** The presets as the command line spells them: {@link Preset}'s names in lower case. */
  enum PresetName {
    strict(Preset.STRICT), trec_eval(Preset.TREC_EVAL), pooled(Preset.POOLED);

    final Preset preset;

    PresetName(Preset preset) {
      this.preset = preset;
    }
  }

  /** The tools {@code --compat} names: each is the spelling of a preset. */
  enum Compat { trec_eval }

  @Option(names = {"-m", "--measure"}, paramLabel = "NAME",
      description = "A measure: nDCG@10, RR@10, AP, P(rel=2)@10, R@1000... or a trec_eval name (map, P_10, ndcg_cut.10,20, "
          + "or a family alone for its defaults: ndcg_cut, iprec_at_recall). Repeatable. See 'caliber measures'. Default: the "
          + "seed's report for the seed's JSON inputs; otherwise the measures trec_eval prints without -m: num_ret, num_rel, "
          + "num_rel_ret, map, gm_map, Rprec, bpref, recip_rank, iprec_at_recall (11 levels), P@5,10,15,20,30,100,200,500,1000.")
  List<String> measures = new ArrayList<>();

  @Option(names = "--preset", paramLabel = "NAME",
      description = "Start from a named policy: strict (the seed's protocol: every ranked document judged, given order, "
          + "no-relevant queries excluded, unknown queries rejected), trec_eval (= trec_eval -c: pooled, score order, "
          + "no-relevant queries 0, unknown queries listed) or pooled (strict with pooled judgments and score order, for TREC "
          + "and BEIR collections). The options below override single rules. Default: trec_eval for TREC qrels and BEIR "
          + "folders, strict for the seed's JSON inputs.")
  PresetName preset;

  @Option(names = "--compat", paramLabel = "TOOL", description = "trec_eval: the same as --preset trec_eval.")
  Compat compat;

  @Option(names = "--judgments", paramLabel = "RULE",
      description = "exhaustive (an unjudged ranked document is an error; strict) or pooled (it counts as non-relevant).")
  Judgments judgments;

  @Option(names = "--relevance-threshold", paramLabel = "N", description = "Lowest label counted relevant by binary measures (default 1; trec_eval -l).")
  @WholeNumbers.Range(from = 1)
  Integer threshold;

  @Option(names = "--gain", paramLabel = "RULE", description = "nDCG gain: linear (label, as trec_eval; default) or exponential (2^label - 1).")
  Gain gain;

  @Option(names = "--ordering", paramLabel = "RULE",
      description = "given (file or list order; strict) or score (score descending, ties by document ID descending, as trec_eval).")
  Ordering ordering;

  @Option(names = "--no-relevant", paramLabel = "RULE", description = "exclude (null, leaves the mean; strict) or zero (counts as 0, as trec_eval).")
  NoRelevant noRelevant;

  @Option(names = "--unknown-queries", paramLabel = "RULE",
      description = "error (strict) or list (not scored, listed in the result, as trec_eval skips them).")
  UnknownQueries unknownQueries;

  @Option(names = "--depth", paramLabel = "N", description = "Evaluate only the first N ranked documents per query (trec_eval -M). Default: all.")
  @WholeNumbers.Range(from = 1)
  Integer depth;


  /**
   * What the options ask for on some inputs: a policy with its measures, or (both null) the seed's
   * report.
   *
   * @param policy the policy in force
   * @param measures the measures, in report order
   * @param notes lines saying what was chosen for the user and which measure names another tool
   *     defines otherwise ({@link Measures#difference}), none when there is nothing to say
   */
  record Choice(Policy policy, List<Measure> measures, List<String> notes) {
    /** Whether this is the seed's report (its own policy and measures: Recall@k and RR@k, strict). */
    boolean seedReport() {
      return policy == null;
    }
  }

  /**
   * The one decision of what these options ask for on {@code source}'s inputs.
   *
   * @param judgedCoverage whether pooled judgments add Judged@k for the measures' cutoffs (see
   *     {@link Measures#withJudgedCoverage}): evaluate and fingerprint do; compare does not, so that the family
   *     of tested hypotheses is the measures the user asked for
   */
  Choice choose(CommandLine cl, ProtocolSource source, boolean judgedCoverage) {
    if (!given() && source.seedShaped()) {
      return new Choice(null, null, List.of());
    }
    Preset named = preset(cl);
    ProtocolChoice c;
    try {
      c = ProtocolChoice.of(named, source.judgmentKind(), overrides(), measures, judgedCoverage);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    List<String> notes = new ArrayList<>();
    if (c.impliedNote() != null) {
      notes.add(c.impliedNote());
    }
    notes.addAll(c.differences());
    return new Choice(c.policy(), c.measures(), List.copyOf(notes));
  }

  /**
   * The options given over a locked choice ({@link LockOptions}): the locked one when none is
   * given; else a preset given replaces the locked policy, single options override its rules, and
   * measures given (with their coverage, {@link Measures#withJudgedCoverage}) replace the locked
   * measures.
   *
   * @param locked a policy with measures, not the seed's report
   */
  Choice over(CommandLine cl, Choice locked) {
    if (!given()) {
      return locked;
    }
    Preset named = preset(cl);
    Policy policy = overrides().over(named != null ? named.policy() : locked.policy());
    List<Measure> asked;
    try {
      asked = measures.isEmpty() ? locked.measures() : Measures.withJudgedCoverage(policy, ProtocolChoice.measures(measures));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--measure: " + e.getMessage());
    }
    return new Choice(policy, asked, ProtocolChoice.differences(measures));
  }

  /** Whether any option here was given. */
  boolean given() {
    return !(measures.isEmpty() && preset == null && compat == null && judgments == null && threshold == null && gain == null
        && ordering == null && noRelevant == null && unknownQueries == null && depth == null);
  }

  /** The preset given, by either spelling, or null; two different ones are a usage error. */
  private Preset preset(CommandLine cl) {
    try {
      return ProtocolChoice.given(preset == null ? null : preset.preset, compat != null);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

  /** The single rules given over the preset's policy ({@link PolicyOverrides}, the one place they are laid over it). */
  private PolicyOverrides overrides() {
    return new PolicyOverrides(judgments, threshold, gain, ordering, noRelevant, unknownQueries, depth);
  }
}
