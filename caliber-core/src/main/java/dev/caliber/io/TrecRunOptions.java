package dev.caliber.io;

import java.util.Objects;

/**
 * How a TREC run file is read, whole or while it is evaluated. Strict by default; each leniency
 * is a named option that the matching error message names.
 *
 * @param name the run's name; null for its file's name ({@code dev.caliber.io.read.InputFiles#runName}:
 *     without directory, {@code .gz} or {@code .json}). The tag column never names a run; it is
 *     kept as metadata, and the tags of a six-column file must all agree: mixed tags mean mixed runs.
 * @param ignoreExtraColumns in six-column files, ignore the columns after the sixth, as trec_eval
 *     does (its own test file results.trunc has such lines); off by default because a seventh
 *     column usually means a mis-written file
 * @param limits the bounds on line length and input size
 */
public record TrecRunOptions(String name, boolean ignoreExtraColumns, InputLimits limits) {
  /** Strict: the file's own name, exactly six or exactly three columns, default limits. */
  public static final TrecRunOptions DEFAULT = new TrecRunOptions(null, false, InputLimits.DEFAULT);

  /**
   * Validates, so that a reader never meets an empty run name.
   *
   * @param name the run's name, overriding the file's; null to use the file's, never empty
   * @param ignoreExtraColumns in six-column files, ignore the columns after the sixth
   * @param limits the bounds on line length and input size, not null
   * @throws IllegalArgumentException if {@code name} is empty
   * @throws NullPointerException if {@code limits} is null
   */
  public TrecRunOptions {
    if (name != null && name.isEmpty()) {
      throw new IllegalArgumentException("illegal name value: \"\", must be null (use the file's) or non-empty");
    }
    Objects.requireNonNull(limits, "limits");
  }

  /**
   * These options with an explicit run name.
   *
   * @param runName the run's name, non-empty; null to use the file's
   * @return new options, otherwise equal to these
   * @throws IllegalArgumentException if {@code runName} is empty
   */
  public TrecRunOptions withName(String runName) {
    return new TrecRunOptions(runName, ignoreExtraColumns, limits);
  }

  /**
   * These options with {@code ignoreExtraColumns} set as given.
   *
   * @param ignore true to ignore the columns after the sixth, as trec_eval does
   * @return new options, otherwise equal to these
   */
  public TrecRunOptions withIgnoreExtraColumns(boolean ignore) {
    return new TrecRunOptions(name, ignore, limits);
  }

  /**
   * These options with other input limits.
   *
   * @param inputLimits the bounds on line length and input size, not null
   * @return new options, otherwise equal to these
   * @throws NullPointerException if {@code inputLimits} is null
   */
  public TrecRunOptions withLimits(InputLimits inputLimits) {
    return new TrecRunOptions(name, ignoreExtraColumns, inputLimits);
  }
}
