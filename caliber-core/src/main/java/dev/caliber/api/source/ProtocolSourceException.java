package dev.caliber.api.source;

import java.util.Objects;

/**
 * A {@link ProtocolSource} whose parts do not make a protocol: no source or several, a part that
 * does not apply to what is asked, a split or k missing, contradicting the protocol file or
 * malformed. The caller's fault (hence an {@link IllegalArgumentException}), found before or while
 * the files are read; a file that cannot be read as its format is a {@link
 * dev.caliber.error.CaliberInputException} instead.
 *
 * <p>{@link #problem()} says which rule was broken, so that a front end can word it in its own
 * terms (a command line names its options); {@link #given()} and {@link #fixed()} carry the values
 * the message quotes.
 */
public final class ProtocolSourceException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** Which rule a protocol source breaks. */
  public enum Problem {
    /** None of a protocol file, a BEIR folder or qrels (with optional corpus and queries) is given. */
    NO_SOURCE,
    /** More than one of a protocol file, a BEIR folder, or qrels/corpus/queries is given. */
    SEVERAL_SOURCES,
    /** A corpus or queries are given without qrels. */
    QRELS_REQUIRED,
    /** The seed report is asked for inputs that are not the seed's JSON shapes. */
    NOT_SEED_SHAPED,
    /** k is given where measures carry their own cutoffs (only the seed report has a k). */
    K_WITHOUT_SEED_REPORT,
    /** k is given to the chunk adapter, which has no cutoff. */
    K_NOT_FOR_ADAPTER,
    /** Qrels are given to the chunk adapter, which needs no judgments. */
    QRELS_NOT_FOR_ADAPTER,
    /** A query set is given to the chunk adapter, which takes its queries from a split. */
    QUERY_SET_NOT_FOR_ADAPTER,
    /** The chunk adapter is given neither a protocol file, a BEIR folder, nor both corpus and queries. */
    ADAPTER_NEEDS_CORPUS_AND_QUERIES,
    /** A query set is given with queries that have splits. */
    QUERY_SET_WITH_SPLITS,
    /** A split is given with bare qrels, whose queries have no splits. */
    SPLIT_WITHOUT_SPLITS,
    /** The split given differs from the one the protocol file fixes ({@link #given()}, {@link #fixed()}). */
    SPLIT_CONTRADICTS,
    /**
     * No split is given and the protocol file fixes none, or the BEIR folder has several splits
     * ({@link #fixed()} names them, comma-separated) or none.
     */
    NO_SPLIT,
    /** The split given is the empty string. */
    EMPTY_SPLIT,
    /** The k given differs from the one the protocol file fixes ({@link #given()}, {@link #fixed()}). */
    K_CONTRADICTS,
    /** No k is given and the protocol file fixes none. */
    NO_K,
    /** The k given is not a positive integer ({@link #given()} is the text). */
    ILLEGAL_K,
    /** A lock is asked for a protocol read from standard input, whose content cannot be hashed again. */
    STDIN_NOT_LOCKABLE,
    /** Subtopic qrels are asked for without a qrels file (with a protocol file or a BEIR folder). */
    SUBTOPICS_NEED_QRELS_FILE,
    /** A lock is asked for subtopic qrels, which a lock does not record yet. */
    SUBTOPICS_NOT_LOCKABLE,
    /** The split check is given bare qrels: it needs queries with splits. */
    CHECK_NEEDS_SPLITS,
    /** The split check is given a split, k or query set: it reads every split ({@link #given()} names the part). */
    CHECK_READS_EVERY_SPLIT
  }

  /** The rule broken. */
  private final Problem problem;
  /** The value given that breaks it, or null. */
  private final String given;
  /** The value the protocol file fixes, or null. */
  private final String fixed;

  /**
   * @param problem the rule broken
   * @param given the value given that breaks it, or null when none is quoted
   * @param fixed the value the protocol file fixes, or null when none is quoted
   */
  public ProtocolSourceException(Problem problem, String given, String fixed) {
    super(message(Objects.requireNonNull(problem, "problem"), given, fixed));
    this.problem = problem;
    this.given = given;
    this.fixed = fixed;
  }

  /**
   * A problem that quotes no value.
   *
   * @param problem the rule broken, not null
   * @throws NullPointerException if {@code problem} is null
   */
  public ProtocolSourceException(Problem problem) {
    this(problem, null, null);
  }

  /**
   * The rule broken, for a front end that words the message in its own terms.
   *
   * @return the problem, never null
   */
  public Problem problem() {
    return problem;
  }

  /**
   * The value given that breaks the rule.
   *
   * @return a split, or a k as given or as parsed; null when the problem quotes none
   */
  public String given() {
    return given;
  }

  /**
   * The value the protocol file fixes, which the given one contradicts.
   *
   * @return the split or k the protocol file fixes; null when the problem quotes none
   */
  public String fixed() {
    return fixed;
  }

  private static String message(Problem problem, String given, String fixed) {
    return switch (problem) {
      case NO_SOURCE -> "no protocol source: give a protocol file, a BEIR folder, or qrels (with optional corpus and queries)";
      case SEVERAL_SOURCES -> "several protocol sources: give only one of a protocol file, a BEIR folder, or qrels with optional corpus and queries";
      case QRELS_REQUIRED -> "qrels are required with a corpus and queries";
      case NOT_SEED_SHAPED -> "the seed report needs the seed's JSON protocol (a protocol file, or JSON corpus, queries and qrels);"
          + " for other inputs evaluate with explicit measures or a policy";
      case K_WITHOUT_SEED_REPORT -> "k is the seed report's cutoff; with explicit measures, put the cutoff in the measure name (R@10, nDCG@10)";
      case K_NOT_FOR_ADAPTER -> "k does not apply to the chunk adapter: it has no cutoff";
      case QRELS_NOT_FOR_ADAPTER -> "qrels do not apply to the chunk adapter: it needs no judgments";
      case QUERY_SET_NOT_FOR_ADAPTER -> "a query set does not apply to the chunk adapter: its queries come from a split";
      case ADAPTER_NEEDS_CORPUS_AND_QUERIES -> "the chunk adapter needs a protocol file, a BEIR folder, or both a corpus and queries";
      case QUERY_SET_WITH_SPLITS -> "a query set applies to bare qrels; with queries that have splits, give a split";
      case SPLIT_WITHOUT_SPLITS -> "a split needs queries with splits (queries, a protocol file or a BEIR folder); give a query set for a list";
      case SPLIT_CONTRADICTS -> "split " + given + " contradicts the protocol file, which fixes split " + fixed;
      case NO_SPLIT -> fixed != null ? "no split: give one; the BEIR folder has splits " + fixed
          : "no split: give one or fix \"split\" in the protocol file";
      case EMPTY_SPLIT -> "illegal split value: \"\", must be a nonempty string";
      case K_CONTRADICTS -> "k " + given + " contradicts the protocol file, which fixes k " + fixed;
      case NO_K -> "no k: give one or fix \"k\" in the protocol file";
      case ILLEGAL_K -> "illegal k value: \"" + given + "\", must be an integer >= 1 such as 10";
      case STDIN_NOT_LOCKABLE -> "standard input cannot be locked: a lock records each input file's SHA-256 to check it later; "
          + "give the files by name";
      case SUBTOPICS_NEED_QRELS_FILE -> "subtopic judgments are read from a qrels file (qid subtopic docid label), "
          + "not from a protocol file or a BEIR folder";
      case SUBTOPICS_NOT_LOCKABLE -> "a lock does not record subtopic qrels yet; evaluate them without a lock";
      case CHECK_NEEDS_SPLITS -> "the split check needs queries with splits: a protocol file, a BEIR folder, or queries with qrels";
      case CHECK_READS_EVERY_SPLIT -> "the split check reads every split; a " + given + " does not apply to it";
    };
  }
}
