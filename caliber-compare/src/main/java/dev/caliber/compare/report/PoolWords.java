package dev.caliber.compare.report;

import dev.caliber.json.PyJson;
import dev.caliber.pool.Hole;
import dev.caliber.pool.PoolCoverage;
import dev.caliber.pool.PoolResult;
import dev.caliber.pool.PoolSettings;
import dev.caliber.pool.Strategy;
import java.util.Locale;

/**
 * A pool's numbers and settings in words, the same in every format: the priority as printed, the
 * coverage line, the settings line.
 */
public final class PoolWords {
  private PoolWords() {}

  /**
   * A hole's priority as the outputs print it: the number of runs under depth pooling, the sum of
   * RBP weights as Python's {@code repr} of the double under rbp.
   *
   * @param h the hole
   * @param s the strategy it was pooled by
   * @return such as {@code 6} or {@code 0.7232}
   */
  public static String priority(Hole h, Strategy s) {
    return s == Strategy.DEPTH ? Integer.toString(h.runs()) : PyJson.repr(h.priority());
  }

  /**
   * A share as a percentage with one decimal, or {@code –} of nothing.
   *
   * @param part the part
   * @param whole the whole
   * @return such as {@code 61.3%}
   */
  static String percent(long part, long whole) {
    return whole == 0 ? "–" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }

  /**
   * The coverage in one line, as the command prints it on standard error.
   *
   * @param r the pool
   * @return such as {@code pool depth 10: 1,234 of 3,840 top-10 pairs judged (32.1%); 1,254 (32.7%) once the 20 holes listed are judged}
   */
  public static String coverage(PoolResult r) {
    PoolCoverage c = r.coverage();
    return "pool depth " + c.depth() + ": " + c.judged() + " of " + c.pairs() + " top-" + c.depth() + " pairs judged ("
        + percent(c.judged(), c.pairs()) + "); " + c.after() + " (" + percent(c.after(), c.pairs()) + ") once the "
        + Fmt.count(r.holes().size(), "hole", "holes") + " listed " + (r.holes().size() == 1 ? "is" : "are") + " judged"
        + (r.unlisted() == 0 ? "" : "; " + r.unlisted() + " more not listed");
  }

  /**
   * The settings in one line.
   *
   * @param s the settings
   * @return such as {@code rbp, p = 0.8, depth 10, ordering score}
   */
  static String settings(PoolSettings s) {
    return s.strategy().label() + (s.strategy() == Strategy.RBP ? ", p = " + PyJson.repr(s.persistence()) : "") + ", depth "
        + s.depth() + ", ordering " + s.ordering().name().toLowerCase(Locale.ROOT)
        + (s.perQuery() > 0 ? ", at most " + s.perQuery() + " per query" : "") + (s.limit() > 0 ? ", at most " + s.limit() : "");
  }
}
