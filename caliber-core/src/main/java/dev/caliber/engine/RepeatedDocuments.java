package dev.caliber.engine;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.text.EntryBlock;

/**
 * A document ranked twice, for a run that is ranked but not scored (a diff of two runs): found by
 * the scorer's own {@link Duplicates} and worded by {@link RunChecks#duplicate}, so that the
 * engine's one check says the same thing on every path. Of several queries that repeat a
 * document, the first repetition in the input is reported, as {@link RunChecks} reports it.
 *
 * <p>Not thread-safe: one per run.
 */
public final class RepeatedDocuments {
  private final Duplicates duplicates = new Duplicates();
  private final RunMerge.Locator locator;
  private ProtocolViolationException first;

  /**
   * Checks a run's queries as they are added.
   *
   * @param locator where each entry was read from
   */
  public RepeatedDocuments(RunMerge.Locator locator) {
    this.locator = locator;
  }

  /**
   * Checks every query of a block.
   *
   * @param block queries' entries, as a scorer reads them
   */
  public void add(EntryBlock block) {
    for (int q = 0; q < block.queries(); q++) {
      int from = block.queryStart(q);
      int n = block.queryStart(q + 1) - from;
      if (!duplicates.find(block, from, n)) {
        continue;
      }
      String query = block.queryId(q);
      int entry = duplicates.entry();
      int firstEntry = duplicates.firstEntry();
      Location at = locator.locate(query, entry, block.lineNumbers()[from + entry]);
      if (first == null || RunChecks.before(at, first.location())) {
        Location was = locator.locate(query, firstEntry, block.lineNumbers()[from + firstEntry]);
        first = RunChecks.duplicate(query, block.doc(from + entry), at, entry, at.line(), firstEntry, was.line());
      }
    }
  }

  /**
   * Throws the first repetition found, if any.
   *
   * @throws ProtocolViolationException the engine's duplicate-document violation, located
   */
  public void throwFirst() {
    if (first != null) {
      throw first;
    }
  }
}
