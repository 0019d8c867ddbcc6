package dev.caliber.assertj;

import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.gate.BaselineFile;
import dev.caliber.compare.stats.Generators;
import dev.caliber.compare.stats.SignFlip;
import dev.caliber.compare.stats.SignFlipResult;
import dev.caliber.error.CaliberInputException;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A run's per-query values kept in a file, so that a test fails when a later run is significantly
 * worse on a declared measure. The first {@link #check} records the file (and passes); so does any
 * check while the system property {@value #RECORD} is {@code true}. Later checks compare: a loss in
 * the mean whose paired randomization test (sign flips, {@value #PERMUTATIONS} assignments, seed
 * 42, as {@code caliber compare}) has p below the level fails, listing the queries that got worse.
 * The protocol's fingerprint is part of the file: a run under another protocol (other judgments,
 * queries, policy or measures) is a failure, never a silent re-baseline.
 *
 * <p>The file is JSON ({@code "format": "caliber-baseline 1"}): the run's name, the protocol's
 * fingerprint and policy, and every measure's value per query (exact fractions as text such as
 * {@code "7/12"}, other values as numbers). It is meant to be committed beside the test. The
 * format is {@link BaselineFile}'s (documented in docs/GATE.md, "The baseline file"), so that
 * {@code caliber gate --baseline-file} holds a run file against the same values.
 */
public final class Baseline {
  /** The system property that makes every check record instead of compare. */
  public static final String RECORD = "caliber.baseline.record";
  /** The format's name and version, the file's {@code format} member. */
  public static final String FORMAT = BaselineFile.FORMAT;
  /** The randomization test's number of sign assignments: {@code caliber compare}'s default. */
  public static final int PERMUTATIONS = dev.caliber.compare.CompareSettings.DEFAULT_PERMUTATIONS;

  private final Path file;

  private Baseline(Path file) {
    this.file = Objects.requireNonNull(file, "file");
  }

  /**
   * A baseline kept in {@code file}.
   *
   * @param file where the values are (or will be) recorded, not null
   * @return the baseline
   */
  public static Baseline at(Path file) {
    return new Baseline(file);
  }

  /**
   * The file the values are kept in.
   *
   * @return the path
   */
  public Path file() {
    return file;
  }

  /**
   * Records {@code result} if there is no baseline yet (or {@value #RECORD} is true), else fails if
   * it is significantly worse than the baseline on {@code measure} at level 0.05.
   *
   * @param result the current run's result
   * @param measure the declared measure, as caliber parses it ({@code nDCG@10})
   * @throws AssertionError if the result is significantly worse, the protocol changed, or the
   *     baseline file is not one
   */
  public void check(RunResult result, String measure) {
    check(result, measure, PairedComparisonAssert.ALPHA);
  }

  /**
   * {@link #check(RunResult, String)} at another significance level.
   *
   * @param result the current run's result
   * @param measure the declared measure
   * @param alpha the significance level, in (0, 1)
   * @throws AssertionError if the result is significantly worse, the protocol changed, or the
   *     baseline file is not one
   * @throws IllegalArgumentException if {@code alpha} is not in (0, 1)
   */
  public void check(RunResult result, String measure, double alpha) {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("illegal alpha value: " + alpha + ", must be in (0, 1)");
    }
    Measure m = RunResultAssert.find(result, measure);
    if (Boolean.getBoolean(RECORD) || !Files.exists(file)) {
      record(result);
      return;
    }
    Recorded base = read();
    if (!base.protocolSha256.equals(result.protocolSha256())) {
      throw new AssertionError("baseline " + file + " was recorded under protocol sha256 " + base.protocolSha256
          + ", but run \"" + result.runName() + "\" is evaluated under " + result.protocolSha256()
          + ": the judgments, queries, policy or measures changed. If that is intended, record the baseline again with -D"
          + RECORD + "=true and commit the file.\n" + Describe.protocol(result));
    }
    Map<String, Value> before = base.values.get(m.toString());
    if (before == null) {
      throw new AssertionError("baseline " + file + " has no " + m + "; it has " + base.values.keySet());
    }
    // A gate that compares nothing must not pass: every query of the protocol must be in the
    // baseline, and some query must have a value on both sides.
    List<String> uncovered = result.rows().stream().map(QueryResult::query).filter(q -> !before.containsKey(q)).toList();
    if (!uncovered.isEmpty()) {
      throw new AssertionError("baseline " + file + " does not cover the protocol's query set for " + m + ": "
          + uncovered.size() + " of its " + result.rows().size() + " queries are missing (the first: \"" + uncovered.get(0)
          + "\"); record the baseline again with -D" + RECORD + "=true and commit the file");
    }
    List<Value> deltas = new ArrayList<>();
    List<QueryDelta> worse = new ArrayList<>();
    for (QueryResult row : result.rows()) {
      Value now = row.value(m);
      Value then = before.get(row.query());
      if (now == null || then == null) {
        continue;
      }
      QueryDelta d = QueryDelta.of(row.query(), then, now, null, null);
      deltas.add(d.delta());
      if (d.sign() < 0) {
        worse.add(d);
      }
    }
    if (deltas.isEmpty()) {
      throw new AssertionError(m + " of run \"" + result.runName() + "\" cannot be compared with baseline " + file
          + ": no query of the " + result.rows().size() + " has a value both in the baseline and now (a query without"
          + " a value is one the measure leaves out, such as a query without relevant documents); a comparison over no"
          + " query cannot pass\n" + Describe.protocol(result));
    }
    double mean = deltas.stream().mapToDouble(Value::decimal).sum() / deltas.size();
    if (mean >= 0) {
      return; // no loss: the test need not run
    }
    SignFlipResult test = SignFlip.test(deltas, PERMUTATIONS, Generators.create(dev.caliber.compare.CompareSettings.DEFAULT_SEED));
    if (dev.caliber.compare.gate.Gate.isSignificantLoss(Value.ofDouble(mean), test.p(), alpha)) {
      StringBuilder sb = new StringBuilder();
      sb.append(m).append(" of run \"").append(result.runName()).append("\" is significantly worse than baseline ").append(file)
          .append(": mean change ").append(Describe.number(mean)).append(" over ").append(deltas.size())
          .append(" queries, randomization test p ").append(Describe.p(test.p())).append(" < ")
          .append(alpha).append("; ").append(worse.size()).append(" queries got worse\n").append(Describe.protocol(result))
          .append(Describe.losses("worst queries (baseline -> now)", worse, false));
      throw new AssertionError(sb.toString());
    }
  }

  private void record(RunResult result) {
    try {
      Path dir = file.toAbsolutePath().getParent();
      Files.createDirectories(dir);
      AtomicFile.write(file, BaselineFile.of(result).toJson());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write baseline " + file, e);
    }
  }

  /** What the file holds: the fingerprint and each measure's values by query. */
  private record Recorded(String protocolSha256, Map<String, Map<String, Value>> values) {}

  private Recorded read() {
    BaselineFile read;
    try {
      read = BaselineFile.read(file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read baseline " + file, e);
    } catch (CaliberInputException e) {
      throw new AssertionError("baseline " + e.getMessage() + "; record it again with -D" + RECORD + "=true", e);
    }
    Map<String, Map<String, Value>> values = new LinkedHashMap<>();
    read.values().forEach((m, perQuery) -> values.put(m.toString(), perQuery));
    return new Recorded(read.protocolSha256(), values);
  }
}
