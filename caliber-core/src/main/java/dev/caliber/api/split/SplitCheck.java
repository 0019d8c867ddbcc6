package dev.caliber.api.split;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.Location;
import dev.caliber.policy.Judgments;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The split hygiene of a protocol, as plain data: every split's queries and judgments read at once
 * and checked by named {@link Rule}s (docs/PROTOCOL.md, "Split hygiene"). {@link #check} reads and
 * checks; {@link #failed} says whether a rule the caller counts as an error found anything. Writers
 * render the result and decide nothing.
 *
 * @param source how the protocol was named: {@code beir-format}, a protocol file's name, or the
 *     queries file's
 * @param judgments the judgments the protocol declares: under pooled judgments {@link
 *     Rule#NEVER_JUDGED} is information, never a failure
 * @param relevanceThreshold the label from which a document is relevant, for {@link Rule#NO_RELEVANT}
 * @param rules each rule's outcome, in {@link Rule}'s order
 * @param splits each split's counts, in split name order
 */
public record SplitCheck(
    String source, Judgments judgments, int relevanceThreshold, List<RuleResult> rules, List<SplitCounts> splits) {

  /** How many findings a rule keeps; {@link RuleResult#count()} counts them all. */
  public static final int KEPT = 1000;

  /**
   * Copies the lists.
   *
   * @param source how the protocol was named, not null
   * @param judgments the judgments the protocol declares, not null
   * @param relevanceThreshold the label from which a document is relevant
   * @param rules each rule's outcome; not null
   * @param splits each split's counts; not null
   * @throws NullPointerException if a part, a list or an element is null
   */
  public SplitCheck {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(judgments, "judgments");
    rules = List.copyOf(rules);
    splits = List.copyOf(splits);
  }

  /** A rule of split hygiene; its {@link #id()} is how a user names it ({@code --error group-across-splits}). */
  public enum Rule {
    /** Queries declared one group (paraphrases of one need) lie in different splits. */
    GROUP_ACROSS_SPLITS("group-across-splits"),
    /** One query is judged in the qrels of two splits (BEIR folders). */
    QUERY_IN_SEVERAL_SPLITS("query-in-several-splits"),
    /** Queries of different splits have one text after {@link #normalise normalisation}. */
    DUPLICATE_TEXT("duplicate-text"),
    /** A judged query has no document at or above the relevance threshold. */
    NO_RELEVANT("no-relevant"),
    /** A judged document is not in the corpus. */
    JUDGED_NOT_IN_CORPUS("judged-not-in-corpus"),
    /** A corpus document no query of any split judges (a failure only under exhaustive judgments). */
    NEVER_JUDGED("never-judged");

    private final String id;

    Rule(String id) {
      this.id = id;
    }

    /**
     * The rule's name.
     *
     * @return lower-case words joined by hyphens, such as {@code duplicate-text}
     */
    public String id() {
      return id;
    }

    /**
     * The rule of a name.
     *
     * @param id a rule's {@link #id()}
     * @return the rule, or null when no rule has that name
     */
    public static Rule of(String id) {
      for (Rule r : values()) {
        if (r.id.equals(id)) {
          return r;
        }
      }
      return null;
    }

    /**
     * The rules that fail a check unless the caller says otherwise: the ones that leak a need
     * from one split into another.
     *
     * @return {@link #GROUP_ACROSS_SPLITS}, {@link #QUERY_IN_SEVERAL_SPLITS} and {@link #DUPLICATE_TEXT}
     */
    public static Set<Rule> defaultErrors() {
      return Collections.unmodifiableSet(EnumSet.of(GROUP_ACROSS_SPLITS, QUERY_IN_SEVERAL_SPLITS, DUPLICATE_TEXT));
    }
  }

  /**
   * One thing a rule found.
   *
   * @param rule the rule
   * @param location where: the group file's line, the query's, the judgment's or the document's
   * @param message what, in words, IDs quoted as JSON strings
   */
  public record Finding(Rule rule, Location location, String message) {}

  /**
   * A rule's outcome.
   *
   * @param rule the rule
   * @param applies false when the inputs cannot show it (no group file, no corpus)
   * @param information true when its findings cannot fail the check (never-judged under pooled judgments)
   * @param count how many findings there are
   * @param findings the first {@value SplitCheck#KEPT} of them, in input order
   */
  public record RuleResult(Rule rule, boolean applies, boolean information, int count, List<Finding> findings) {
    /**
     * Copies the list.
     *
     * @param rule the rule
     * @param applies false when the inputs cannot show it
     * @param information true when its findings cannot fail the check
     * @param count how many findings there are
     * @param findings the first of them; not null
     * @throws NullPointerException if the list or a finding is null
     */
    public RuleResult {
      findings = List.copyOf(findings);
    }

    /**
     * Whether this outcome fails the check: the rule is counted as an error, it is not
     * information, and it found something.
     *
     * @param errors the rules that are errors
     * @return true when it fails the check
     */
    public boolean fails(Set<Rule> errors) {
      return errors.contains(rule) && !information && count > 0;
    }
  }

  /**
   * One split's counts.
   *
   * @param split the split's name
   * @param queries the queries of the split
   * @param judgedQueries those with at least one judgment
   * @param judgments the judgments
   * @param relevant the judgments at or above the relevance threshold
   * @param noRelevant the judged queries without a relevant document
   * @param labels how many judgments have each label, labels in increasing order
   */
  public record SplitCounts(
      String split, int queries, int judgedQueries, int judgments, int relevant, int noRelevant, SortedMap<Integer, Integer> labels) {
    /**
     * Copies the labels.
     *
     * @param split the split's name
     * @param queries the queries of the split
     * @param judgedQueries those with at least one judgment
     * @param judgments the judgments
     * @param relevant the judgments at or above the relevance threshold
     * @param noRelevant the judged queries without a relevant document
     * @param labels how many judgments have each label; not null
     * @throws NullPointerException if {@code labels} is null
     */
    public SplitCounts {
      labels = Collections.unmodifiableSortedMap(new TreeMap<>(labels));
    }
  }

  /**
   * Whether the check fails: a rule counted as an error found something (information never fails).
   *
   * @param errors the rules that are errors
   * @return true when one of them has a finding
   */
  public boolean failed(Set<Rule> errors) {
    return rules.stream().anyMatch(r -> r.fails(errors));
  }

  /**
   * The form two texts are compared in: Unicode NFKC (full-width and compatibility forms become
   * their plain letters), case folded (upper then lower case, so that {@code ß} and {@code SS}
   * meet), every run of white space one space, none at the ends.
   *
   * @param text a query's text
   * @return its normal form
   */
  public static String normalise(String text) {
    String s = java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFKC);
    s = s.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    return s.replaceAll("(?U)\\s+", " ").strip();
  }

  /**
   * Reads every split of a protocol and checks it.
   *
   * @param source a protocol file, a BEIR folder, or queries (with splits) and qrels with an
   *     optional corpus; no split, k or query set: every split is read
   * @param groups a query group file ({@code query-id<TAB>group}), or null
   * @param judgments the judgments the protocol declares
   * @param relevanceThreshold the label from which a document is relevant, at least 1
   * @param stdin what {@code -} reads
   * @return the outcome of every rule and each split's counts
   * @throws dev.caliber.api.source.ProtocolSourceException ({@link dev.caliber.api.source.ProtocolSourceException.Problem#CHECK_NEEDS_SPLITS})
   *     for bare qrels, ({@link dev.caliber.api.source.ProtocolSourceException.Problem#CHECK_READS_EVERY_SPLIT}) when a
   *     split, k or query set is given ({@code given()} is {@code split}, {@code k} or {@code query set}), or as the loads do for no source or several
   * @throws dev.caliber.error.CaliberInputException if a file is malformed, or the group file
   *     names a query twice or one that is not the protocol's
   * @throws IllegalArgumentException if {@code relevanceThreshold < 1}
   * @throws IOException if a file cannot be read
   */
  public static SplitCheck check(ProtocolSource source, String groups, Judgments judgments, int relevanceThreshold,
      InputStream stdin) throws IOException {
    Objects.requireNonNull(judgments, "judgments");
    if (relevanceThreshold < 1) {
      throw new IllegalArgumentException("illegal relevance threshold value: " + relevanceThreshold + ", must be >= 1");
    }
    return SplitRules.check(source, groups, judgments, relevanceThreshold, stdin);
  }
}
