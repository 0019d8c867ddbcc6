package dev.caliber.compare;

import java.util.List;

/**
 * Runs scored under different protocols were given to one comparison: their deltas would compare
 * different things. The message names the runs, both fingerprints and every part that differs.
 */
public final class ProtocolMismatchException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final List<String> differingParts;

  /** A mismatch with its message and the names of the differing parts. */
  public ProtocolMismatchException(String message, List<String> differingParts) {
    super(message);
    this.differingParts = List.copyOf(differingParts);
  }

  /** The parts that differ: {@code qrels}, {@code query set}, {@code corpus}, {@code policy}, {@code measures}. */
  public List<String> differingParts() {
    return differingParts;
  }
}
