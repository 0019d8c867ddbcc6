package dev.caliber.compare.report;

import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.Numbers;
import dev.caliber.result.Coverage;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The blocks every readable report shows, in words, for the Markdown and HTML writers of {@code
 * evaluate} and {@code compare}: the policy (every rule that changes a number, the measures, the
 * fingerprint) and each run's coverage. Words only: every number comes from the result.
 */
final class ReportBlocks {
  /** How many IDs a coverage line lists before it says how many more there are. */
  static final int IDS_SHOWN = 10;

  private ReportBlocks() {}

  /**
   * The policy as (label, text) lines, ready for the format: what comes from the inputs (the query
   * set's source, measure names) through {@code esc}; caliber's own words use no character that
   * Markdown or HTML would take for markup; with a history ({@code looks} not null), the test
   * split's looks last.
   */
  static List<String[]> policy(EvalProtocol p, String sha256, UnaryOperator<String> esc, TestLooks looks) {
    Policy policy = p.policy();
    List<String[]> out = new ArrayList<>();
    out.add(new String[] {"protocol", "sha256 " + sha256});
    out.add(new String[] {"query set", esc.apply(p.querySetSource()) + ", " + Fmt.count(p.querySet().size(), "query", "queries")
        + " (the denominator of every mean)"});
    out.add(new String[] {"judgments", switch (policy.judgments()) {
      case EXHAUSTIVE -> "exhaustive: every ranked document must be judged";
      case POOLED -> "pooled: an unjudged document counts as non-relevant";
    }});
    out.add(new String[] {"relevance threshold", "a label of " + policy.relevanceThreshold() + " or more is relevant"});
    if (!p.labelSources().isEmpty()) { // judgments with sources only: other reports keep their bytes
      out.add(new String[] {"label sources", labelSources(p, esc)});
    }
    out.add(new String[] {"gain", switch (policy.gain()) {
      case LINEAR -> "linear: nDCG's gain is the label";
      case EXPONENTIAL -> "exponential: nDCG's gain is 2^label - 1";
    }});
    out.add(new String[] {"ordering", ordering(policy.ordering())});
    out.add(new String[] {"no relevant document", switch (policy.noRelevant()) {
      case EXCLUDE -> "the query has no value and leaves the mean";
      case ZERO -> "the query scores 0 and counts";
    }});
    out.add(new String[] {"unknown run queries", switch (policy.unknownQueries()) {
      case ERROR -> "a run query outside the query set rejects the run";
      case LIST -> "listed as ignored, not scored";
    }});
    out.add(new String[] {"depth", depth(policy.depth())});
    out.add(new String[] {"measures", String.join(", ", p.measures().stream().map(Measure::name).map(esc).toList())});
    if (looks != null) {
      out.add(new String[] {"test split", looks.words()});
    }
    return out;
  }

  /**
   * The labels each source gave that count, in words, {@code nist 120 labels, llm:x 30 labels}:
   * the readable reports' line and the LaTeX caption's.
   */
  static String labelSources(EvalProtocol p, UnaryOperator<String> esc) {
    List<String> each = new ArrayList<>();
    p.labelSources().forEach((source, n) -> each.add(esc.apply(source) + " " + Fmt.count(n, "label", "labels")));
    return String.join(", ", each);
  }

  /** How entries become a ranking, in words: a policy's and a diff's. */
  static String ordering(dev.caliber.policy.Ordering ordering) {
    return switch (ordering) {
      case GIVEN -> "given: each run's own order";
      case SCORE -> "score: descending, ties by document ID descending";
    };
  }

  /** How many ranked documents count, in words: a policy's and a diff's (0 for all). */
  static String depth(int depth) {
    return depth == 0 ? "every ranked document" : "the first " + depth + " ranked documents";
  }

  /** The coverage at every cutoff: {@code Judged@10 0.8123, Judged@20 0.4210 (low)}; "no cutoff" without one. */
  static String judged(Coverage c) {
    if (c.cutoffs().isEmpty()) {
      return "no measure has a cutoff";
    }
    List<String> parts = new ArrayList<>();
    for (Coverage.Cutoff k : c.cutoffs()) {
      parts.add(judged(k));
    }
    return String.join(", ", parts);
  }

  /** One cutoff's coverage: {@code Judged@20 0.4210 (low)}. */
  static String judged(Coverage.Cutoff k) {
    return "Judged@" + k.k() + " " + Numbers.decimal(k.judged()) + (k.low() ? " (low)" : "");
  }

  /** What the bounds column means, said once under the summary. */
  static final String BOUNDS_NOTE = "bounds: each mean's lowest and highest if every unjudged document within the evaluated"
      + " depth were judged non-relevant, or relevant (as the most relevant judged document); – for a measure of the"
      + " judging itself.";

  /** Whether the run's means have their bounds under holes (the evaluation was asked for them). */
  static boolean hasBounds(RunResult r) {
    return r.summaries().stream().anyMatch(s -> s.bounds() != null);
  }

  /** The warning beside the means when coverage is low, or null when it is not; run names through {@code esc}. */
  static String lowCoverage(List<RunResult> runs, UnaryOperator<String> esc) {
    List<String> low = new ArrayList<>();
    for (RunResult r : runs) {
      for (Coverage.Cutoff k : r.coverage().cutoffs()) {
        if (k.low()) {
          low.add((runs.size() > 1 ? esc.apply(r.runName()) + " " : "") + "Judged@" + k.k() + " = " + Numbers.decimal(k.judged()));
        }
      }
    }
    if (low.isEmpty()) {
      return null;
    }
    return "Low coverage: under half of the top k is judged (" + String.join("; ", low) + "). Unjudged documents count as"
        + " non-relevant, so the means at those cutoffs are likely underestimates.";
  }

  /** A count and the first {@value #IDS_SHOWN} IDs through {@code esc}: {@code 2 (q4, q9)}, {@code 0}. */
  static String ids(List<String> ids, UnaryOperator<String> esc) {
    if (ids.isEmpty()) {
      return "0";
    }
    List<String> shown = ids.subList(0, Math.min(IDS_SHOWN, ids.size()));
    return ids.size() + " (" + String.join(", ", shown.stream().map(esc).toList()) + (ids.size() > shown.size() ? ", …" : "") + ")";
  }
}
