package dev.caliber.api;

import dev.caliber.api.source.JudgmentKind;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.policy.Policy;
import dev.caliber.policy.PolicyOverrides;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The one decision of the policy and measures an evaluation runs under, from what a user gave: a
 * preset or none, single rules over it, measure names or none, and the kind of judgments read.
 * {@code caliber evaluate} and the Spark job both make it here, so that they choose alike.
 *
 * <p>A preset is the policy it stands for and the single rules override its rules ({@link
 * PolicyOverrides}); without one the rules start from the strict protocol, except that TREC qrels
 * (or a BEIR folder) without measure names are evaluated as {@code trec_eval -c} evaluates them
 * ({@link Preset#chosen}). Without measure names, the measures are those trec_eval prints without
 * {@code -m}. Under pooled judgments the measures are followed by Judged@k for each of their
 * cutoffs when asked ({@link Measures#withJudgedCoverage}).
 *
 * @param policy the policy in force
 * @param measures the measures, in report order
 * @param impliedNote the line that says what was chosen for the user ({@link Preset#impliedNote}),
 *     or null when nothing was
 * @param differences a line for each measure named by another tool's name that this tool defines
 *     otherwise ({@link Measures#difference}), each starting with {@code note: }
 */
public record ProtocolChoice(Policy policy, List<Measure> measures, String impliedNote, List<String> differences) {
  /**
   * Copies the lists.
   *
   * @param policy the policy, not null
   * @param measures the measures, not null
   * @param impliedNote the note, or null
   * @param differences the notes on measure names, not null
   */
  public ProtocolChoice {
    Objects.requireNonNull(policy, "policy");
    measures = List.copyOf(measures);
    differences = List.copyOf(differences);
  }

  /**
   * The preset given by either spelling: {@code --preset NAME}, or {@code --compat trec_eval}, which
   * is {@code --preset trec_eval}.
   *
   * @param preset the preset named, or null
   * @param compatTrecEval whether {@code --compat trec_eval} was given
   * @return the preset given, or null for none
   * @throws IllegalArgumentException when the two name different presets, in the command line's words
   */
  public static Preset given(Preset preset, boolean compatTrecEval) {
    if (compatTrecEval && preset != null && preset != Preset.TREC_EVAL) {
      throw new IllegalArgumentException("--compat trec_eval is --preset trec_eval and contradicts --preset "
          + preset.name().toLowerCase(Locale.ROOT) + "; give one of them");
    }
    return compatTrecEval ? Preset.TREC_EVAL : preset;
  }

  /**
   * The choice.
   *
   * @param named the preset given, or null
   * @param judgments the kind of judgments read (TREC qrels and BEIR folders are trec_eval's inputs)
   * @param overrides the single rules given over the preset's policy
   * @param measureNames the measure names given, each parsed by {@link Measures#parseAll}; none for
   *     trec_eval's defaults
   * @param judgedCoverage whether pooled judgments add Judged@k for the measures' cutoffs
   * @return the policy, the measures and what to tell the user
   * @throws IllegalArgumentException if a measure name is not one: {@code --measure: } and the
   *     parser's message
   */
  public static ProtocolChoice of(Preset named, JudgmentKind judgments, PolicyOverrides overrides,
      List<String> measureNames, boolean judgedCoverage) {
    String note = Preset.impliedNote(named, judgments, !measureNames.isEmpty());
    Policy policy = overrides.over(Preset.chosen(named, judgments).policy());
    List<Measure> asked;
    try {
      asked = measures(measureNames);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--measure: " + e.getMessage(), e);
    }
    return new ProtocolChoice(policy, judgedCoverage ? Measures.withJudgedCoverage(policy, asked) : asked, note,
        differences(measureNames));
  }

  /**
   * A note for each measure named by another tool's name of a measure that tool defines otherwise.
   *
   * @param measureNames the measure names given
   * @return one line per such name, each starting with {@code note: }
   */
  public static List<String> differences(List<String> measureNames) {
    return measureNames.stream().map(Measures::difference).filter(Objects::nonNull).map(d -> "note: " + d).toList();
  }

  /**
   * The measures named, in order, or trec_eval's defaults when none is.
   *
   * @param names measure names, each parsed by {@link Measures#parseAll}
   * @return the measures
   * @throws IllegalArgumentException if a name is not a measure, with the parser's message
   */
  public static List<Measure> measures(List<String> names) {
    if (names.isEmpty()) {
      return TrecEvalMeasures.official(); // what trec_eval prints without -m
    }
    List<Measure> out = new ArrayList<>();
    for (String n : names) {
      out.addAll(Measures.parseAll(n));
    }
    return out;
  }
}
