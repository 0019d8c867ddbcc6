package dev.caliber.pool;

import java.util.List;
import java.util.Objects;

/**
 * A pool: the holes to judge next, the most valuable first, and the coverage of the runs' top k
 * before and after they are judged. Pure data; writers render it.
 *
 * @param settings the settings it was made under
 * @param runs the runs' names, in input order
 * @param holes the holes listed, in priority order (after the limits)
 * @param unlisted how many holes the limits left out
 * @param coverage the coverage before and after the listed holes are judged
 * @param queryTexts whether the holes carry their queries' texts (topics were given)
 * @param docTexts whether the holes carry their documents' texts (a corpus was given)
 */
public record PoolResult(PoolSettings settings, List<String> runs, List<Hole> holes, long unlisted, PoolCoverage coverage,
    boolean queryTexts, boolean docTexts) {
  /**
   * Copies.
   *
   * @param settings not null
   * @param runs copied
   * @param holes copied
   * @param unlisted 0 or more
   * @param coverage not null
   * @param queryTexts whether the holes carry query texts
   * @param docTexts whether the holes carry document texts
   * @throws NullPointerException if an argument is null
   */
  public PoolResult {
    Objects.requireNonNull(settings, "settings");
    runs = List.copyOf(runs);
    holes = List.copyOf(holes);
    Objects.requireNonNull(coverage, "coverage");
  }
}
