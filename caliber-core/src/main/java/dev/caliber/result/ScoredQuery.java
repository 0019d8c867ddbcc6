package dev.caliber.result;

import dev.caliber.measure.Value;
import java.io.Serial;
import java.io.Serializable;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One query of a run as the engine's scorer left it: its row (each measure's value, exact where the
 * measure is rational), or the violation it found (a repeated document; an entry outside the corpus
 * or, under exhaustive judgments, unjudged); neither for a query outside the query set. The one
 * type the scorer hands out and the merge takes back, in the same JVM or, serialized, on another:
 * every component travels. Its serialized form is for caliber of the same version on both sides (a
 * cluster's driver and executors), not for storage.
 *
 * <p>Lines are those of the input the query was scored from: its file's for {@code
 * dev.caliber.eval.QueryScoring#score}, its block's for a run scored while it is read (the merge
 * adds the block's place); 0 for entries that came from no line.
 *
 * @param query the query ID, not null
 * @param firstLine the line of the query's first entry, or 0 when it came from no line: the order
 *     in which a run's queries are merged
 * @param repetition the first document the query ranks twice, or null
 * @param violation the first entry that breaks the protocol, or null
 * @param laterOutsideCorpus when {@code violation} is an unjudged document, the first later entry
 *     outside the corpus (no policy accepts it, so the merge reports it rather than a remedy that
 *     would only lead to it), or null
 * @param row the query's row, or null when it has a repetition or a violation, or was not scored
 *     (outside the query set)
 * @serial exclude
 */
public record ScoredQuery(String query, long firstLine, Repetition repetition, Violation violation,
    Violation laterOutsideCorpus, Row row) implements Serializable {
  @Serial
  private static final long serialVersionUID = 1L;

  /**
   * Validates.
   *
   * @param query the query ID, not null
   * @param firstLine the line of the query's first entry, or 0
   * @param repetition the first document ranked twice, or null
   * @param violation the first entry that breaks the protocol, or null
   * @param laterOutsideCorpus the first later entry outside the corpus, or null
   * @param row the row, or null
   * @throws NullPointerException if {@code query} is null
   * @throws IllegalArgumentException if more than one of {@code repetition}, {@code violation} and
   *     {@code row} is given, or {@code laterOutsideCorpus} is given without an unjudged document
   *     as the violation or is not outside the corpus itself
   */
  public ScoredQuery {
    Objects.requireNonNull(query, "query");
    if ((repetition == null ? 0 : 1) + (violation == null ? 0 : 1) + (row == null ? 0 : 1) > 1) {
      throw new IllegalArgumentException("illegal scored query " + query
          + ": at most one of a repetition, a violation and a row");
    }
    if (laterOutsideCorpus != null
        && (violation == null || violation.outsideCorpus() || !laterOutsideCorpus.outsideCorpus())) {
      throw new IllegalArgumentException("illegal scored query " + query
          + ": a later entry outside the corpus follows only an unjudged document");
    }
  }

  /**
   * Whether the query was scored: false when it broke the protocol or is outside the query set.
   *
   * @return true when the query has a row
   */
  public boolean scored() {
    return row != null;
  }

  /**
   * A measure's value as a double.
   *
   * @param measure the measure's position among the protocol's measures
   * @return the value; NaN when the query has none (not scored, or left out by the policy)
   */
  public double decimal(int measure) {
    Value v = row == null ? null : row.values().get(measure);
    return v == null ? Double.NaN : v.decimal();
  }

  /**
   * A measure's exact value, as a fraction's text ({@code 5/6}).
   *
   * @param measure the measure's position among the protocol's measures
   * @return the fraction; null when the measure is not rational or the query has no value
   */
  public String exact(int measure) {
    Value v = row == null ? null : row.values().get(measure);
    return v == null || !v.isExact() ? null : v.exact().toString();
  }

  /**
   * A document the query ranks twice: the repetition and the entry it repeats.
   *
   * @param document the document ID
   * @param entry the repetition's entry, 0-based within the query
   * @param line the repetition's line, or 0
   * @param firstEntry the repeated entry's, 0-based within the query
   * @param firstLine the repeated entry's line, or 0
   * @serial exclude
   */
  public record Repetition(String document, int entry, long line, int firstEntry, long firstLine)
      implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
  }

  /**
   * An entry that breaks the protocol.
   *
   * @param document the document ID
   * @param entry the entry, 0-based within the query
   * @param line its line, or 0
   * @param outsideCorpus true when the document is outside the corpus, false when it is unjudged
   *     under exhaustive judgments
   * @serial exclude
   */
  public record Violation(String document, int entry, long line, boolean outsideCorpus) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
  }

  /**
   * A query's row: what a {@code QueryResult} holds but the query and the missing flag, and what the
   * run's totals add up.
   *
   * @param returned entries the run gave for the query, before any depth cut
   * @param relevant judged relevant documents at the protocol's threshold
   * @param unjudged ranked documents within the evaluated depth without a judgment
   * @param values each measure's value, in the protocol's measure order; null where the policy
   *     leaves the query out
   * @param tiesAtCutoff cutoff to the size of the group of equal scores that straddles it, only for
   *     cutoffs where one does, smallest cutoff first
   * @param firstRelevantRank 1-based rank of the first document relevant at the protocol's threshold
   *     within the evaluated depth, or null when none is ranked
   * @param disagreeing the entries whose given order disagrees with their score or rank column, for
   *     either reason (see {@code dev.caliber.result.OrderDisagreement})
   * @param disagreeingByScore those whose score is higher than the entry's before them
   * @param disagreeingByRank those whose rank column is not greater than the entry's before them
   * @param judgedAtCutoff per coverage cutoff k (smallest first), the judged documents among the
   *     first k evaluated
   * @param low each measure's low bound under holes (the lesser value of the query's two
   *     completions, every unjudged document within the depth judged non-relevant or relevant), in
   *     the measures' order, null where the value is null or the measure has no bounds; null when
   *     the run is scored without bounds
   * @param high each measure's high bound under holes, as {@code low}
   * @serial exclude
   */
  public record Row(int returned, int relevant, int unjudged, List<Value> values, Map<Integer, Integer> tiesAtCutoff,
      Integer firstRelevantRank, int disagreeing, int disagreeingByScore, int disagreeingByRank,
      List<Integer> judgedAtCutoff, List<Value> low, List<Value> high) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * A row without bounds.
     *
     * @param returned entries the run gave for the query
     * @param relevant judged relevant documents
     * @param unjudged ranked documents within the depth without a judgment
     * @param values each measure's value, null where there is none; not null
     * @param tiesAtCutoff cutoff to tie group size; not null, no null key or size
     * @param firstRelevantRank the first relevant rank, or null
     * @param disagreeing the entries out of the given order, for either reason
     * @param disagreeingByScore those out of score order
     * @param disagreeingByRank those out of rank order
     * @param judgedAtCutoff the judged documents per coverage cutoff; not null, no null element
     */
    public Row(int returned, int relevant, int unjudged, List<Value> values, Map<Integer, Integer> tiesAtCutoff,
        Integer firstRelevantRank, int disagreeing, int disagreeingByScore, int disagreeingByRank,
        List<Integer> judgedAtCutoff) {
      this(returned, relevant, unjudged, values, tiesAtCutoff, firstRelevantRank, disagreeing, disagreeingByScore,
          disagreeingByRank, judgedAtCutoff, null, null);
    }

    /**
     * Copies the lists and the map into unmodifiable ones, keeping their order (values may be null).
     *
     * @param returned entries the run gave for the query
     * @param relevant judged relevant documents
     * @param unjudged ranked documents within the depth without a judgment
     * @param values each measure's value, null where there is none; not null
     * @param tiesAtCutoff cutoff to tie group size; not null, no null key or size
     * @param firstRelevantRank the first relevant rank, or null
     * @param disagreeing the entries out of the given order, for either reason
     * @param disagreeingByScore those out of score order
     * @param disagreeingByRank those out of rank order
     * @param judgedAtCutoff the judged documents per coverage cutoff; not null, no null element
     * @param low each measure's low bound (null where there is none), or null without bounds
     * @param high each measure's high bound (null where there is none), or null without bounds
     * @throws IllegalArgumentException if {@code firstRelevantRank} is below 1, or only one of
     *     {@code low} and {@code high} is given, or either has another size than {@code values}
     * @throws NullPointerException if a list or the map is null, or holds a null where none is allowed
     */
    public Row {
      values = Collections.unmodifiableList(Arrays.asList(values.toArray(new Value[0])));
      if ((low == null) != (high == null) || low != null && (low.size() != values.size() || high.size() != values.size())) {
        throw new IllegalArgumentException("illegal bounds: a low and a high list, both or neither, one bound per value");
      }
      low = low == null ? null : Collections.unmodifiableList(Arrays.asList(low.toArray(new Value[0])));
      high = high == null ? null : Collections.unmodifiableList(Arrays.asList(high.toArray(new Value[0])));
      if (tiesAtCutoff.isEmpty()) {
        tiesAtCutoff = Map.of();
      } else {
        Map<Integer, Integer> ties = new LinkedHashMap<>();
        tiesAtCutoff.forEach((c, size) -> ties.put(Objects.requireNonNull(c, "cutoff"), Objects.requireNonNull(size, "size")));
        tiesAtCutoff = Collections.unmodifiableMap(ties);
      }
      judgedAtCutoff = List.copyOf(judgedAtCutoff);
      if (firstRelevantRank != null && firstRelevantRank < 1) {
        throw new IllegalArgumentException("illegal first relevant rank: " + firstRelevantRank + ", must be >= 1 or null");
      }
    }
  }
}
