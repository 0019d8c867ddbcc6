package dev.caliber.api;

import dev.caliber.api.source.JudgmentKind;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.Remedy;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;

/**
 * The named policies: a preset is only a short name for a {@link Policy}. Results, reports and
 * fingerprints carry the policy it stands for, never the preset's name, so evaluating under
 * {@code TREC_EVAL} and under {@code Policy.trecEval()} gives equal results with equal
 * fingerprints. To change one rule, start from {@link #policy()} and use its {@code with} methods.
 */
public enum Preset {
  /**
   * The seed's strict protocol ({@link Policy#strict()}): exhaustive judgments (an unjudged ranked
   * document rejects the run), the given order is the ranking, a query without relevant documents
   * is left out of the means, a run query outside the query set rejects the run.
   */
  STRICT(Policy.strict(),
      "the seed's strict protocol: every ranked document judged, given order, no-relevant queries excluded, unknown queries rejected"),

  /**
   * {@code trec_eval -c} ({@link Policy#trecEval()}): pooled judgments (unjudged = non-relevant),
   * ranking by score descending with ties by document ID descending, a query without relevant
   * documents scores 0, run queries outside the query set are listed and not scored.
   */
  TREC_EVAL(Policy.trecEval(),
      "trec_eval -c: pooled judgments, score order (ties by document ID descending), no-relevant queries score 0, unknown queries listed"),

  /**
   * The strict protocol with pooled judgments and score ordering: for pooled test collections
   * (TREC, BEIR) whose runs carry scores, while keeping the strict rules on queries (no-relevant
   * queries excluded, unknown queries rejected).
   */
  POOLED(Policy.strict().withJudgments(Judgments.POOLED).withOrdering(Ordering.SCORE),
      "strict with pooled judgments and score order: for pooled collections such as TREC and BEIR");

  private final Policy policy;
  private final String description;

  Preset(Policy policy, String description) {
    this.policy = policy;
    this.description = description;
  }

  /**
   * The policy this preset stands for; results carry it, not the preset.
   *
   * @return the policy, never null; the same instance on every call (policies are immutable)
   */
  public Policy policy() {
    return policy;
  }

  /**
   * Whether this preset's policy has the leniency a violation names: a run rejected only for
   * violations with these remedies is accepted under the preset.
   *
   * @param remedy a violation's remedy, not null
   * @return true when the preset's policy declares that leniency
   */
  public boolean accepts(Remedy remedy) {
    return switch (remedy) {
      case POOLED_JUDGMENTS -> policy.judgments() == Judgments.POOLED;
      case LIST_UNKNOWN_QUERIES -> policy.unknownQueries() == UnknownQueries.LIST;
      case IGNORE_EXTRA_COLUMNS, RAISE_LINE_LIMIT, RAISE_QUERY_LIMIT, RAISE_INPUT_LIMIT, READ_WHOLE -> false; // how files are read, not a policy
    };
  }

  /**
   * One line saying what the preset means, for help texts and listings.
   *
   * @return a single line of text without a final period
   */
  public String description() {
    return description;
  }

  /**
   * The preset a call evaluates under: the one it names; else the one its judgments imply, whether
   * or not it names measures: {@link #TREC_EVAL} for judgments trec_eval users have (TREC qrels, a
   * BEIR folder's qrels), evaluated as {@code trec_eval -c} evaluates them, and {@link #STRICT} for
   * the seed's JSON inputs. Measures named or not never change the policy. The command line and
   * the Spark job both decide through it, and say it with {@link #impliedNote}.
   *
   * @param named the preset the call names, or null
   * @param judgments the kind of its judgments, stated or inferred ({@link
   *     ProtocolSource#judgmentKind()}): trec_eval's rules for {@link JudgmentKind#pooled() pooled} ones
   * @return the preset, never null
   */
  public static Preset chosen(Preset named, JudgmentKind judgments) {
    if (named != null) {
      return named;
    }
    return judgments.pooled() ? TREC_EVAL : STRICT;
  }

  /**
   * The one line that tells the user which rules were chosen for them, when the call names no
   * preset and its judgments imply {@link #TREC_EVAL} ({@link #chosen}), in the words of the
   * options both front ends share ({@code --measure}, {@code --preset}); null when the call named
   * its preset or the seed's strict rules apply (the seed's inputs keep the seed's rules silently).
   *
   * @param named the preset the call names, or null
   * @param judgments the kind of its judgments, named in the note ({@link JudgmentKind#words()})
   * @param measuresNamed whether the call names any measure (if not, trec_eval's default measures
   *     are evaluated, and the note says so)
   * @return a single line without a final period, starting with {@code note: }, or null
   */
  public static String impliedNote(Preset named, JudgmentKind judgments, boolean measuresNamed) {
    if (named != null || !judgments.pooled()) {
      return null;
    }
    return measuresNamed
        ? "note: no --preset: " + judgments.words() + " take --preset trec_eval's rules where no option gives one (" + TREC_EVAL.description() + ")"
        : "note: no --measure or --preset: " + judgments.words() + " are evaluated with trec_eval's default measures under --preset trec_eval ("
            + TREC_EVAL.description() + ")";
  }
}
