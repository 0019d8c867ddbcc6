package dev.caliber.compare;

import java.util.List;

/**
 * Runs scored under different protocols were given to one comparison: their deltas would compare
 * different things. The message names the runs, both fingerprints and every part that differs.
 */
public final class ProtocolMismatchException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The names of the parts that differ; empty when only the fingerprints were found to differ. */
  private final List<String> differingParts;

  /**
   * A mismatch with its message and the names of the differing parts.
   *
   * @param message the whole message: the runs, both fingerprints and the differing parts
   * @param differingParts the parts that differ, copied; empty when none could be named; not null,
   *     no null element
   * @throws NullPointerException if {@code differingParts} or one of its names is null
   */
  public ProtocolMismatchException(String message, List<String> differingParts) {
    super(message);
    this.differingParts = List.copyOf(differingParts);
  }

  /**
   * The parts that differ, so that a caller can tell which input to fix.
   *
   * @return an unmodifiable list of {@code qrels}, {@code query set}, {@code corpus}, {@code
   *     policy}, {@code measures}, in that order; empty when only the fingerprints differ
   */
  public List<String> differingParts() {
    return differingParts;
  }
}
