package dev.caliber.protocol;

import dev.caliber.measure.PreferenceJudgments;
import java.util.Map;
import java.util.Objects;

/**
 * Preference judgments of every query (trec_eval's {@code -R prefs} and {@code -R qrels_prefs}),
 * for the preference measures ({@link dev.caliber.measure.Preference}).
 *
 * @param byQuery each judged query's preference judgments
 * @param union every judged document of each query, in code point order of its ID (so that a
 *     document's position in its query's row is its number in {@link PreferenceJudgments}),
 *     labelled 1 when some judgment gives it a level above 0, else 0: which documents are judged,
 *     and which queries
 */
public record Preferences(Map<String, PreferenceJudgments> byQuery, Qrels union) {
  /**
   * Copies the map.
   *
   * @param byQuery as above, not null
   * @param union as above, not null
   */
  public Preferences {
    byQuery = Map.copyOf(byQuery);
    Objects.requireNonNull(union, "union");
  }
}
