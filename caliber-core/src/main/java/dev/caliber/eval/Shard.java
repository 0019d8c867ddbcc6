package dev.caliber.eval;

import dev.caliber.result.ScoredQuery;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A partial evaluation: one run's queries of a slice of the query set, each as the engine's scorer
 * left it (exact values and counts, or the violation it found), with what the merge checks (the
 * protocol's fingerprint, the run, the slice). {@link Shards#merge} combines the shards of one run
 * into the {@link dev.caliber.result.RunResult} that one evaluation makes. Written and read as JSON Lines ({@link
 * ShardJson}; docs/FORMATS.md, "Shards").
 *
 * @param file where the shard was read from, as errors name it; empty for a shard made in memory
 * @param protocolSha256 the fingerprint of the protocol its queries were scored under
 * @param run the run's name
 * @param tag the run's TREC tag, or null
 * @param source the run's file, as violations name it
 * @param runSha256 the SHA-256 of the run file's bytes, as read (compressed for gzip)
 * @param queries the slice of the query set the shard covers, in query-set order
 * @param measures the protocol's measures' names, in its order
 * @param caliberVersion the version of caliber that wrote it
 * @param scored the run's queries of the slice, and those outside the query set, in file order
 */
public record Shard(String file, String protocolSha256, String run, String tag, String source, String runSha256,
    List<String> queries, List<String> measures, String caliberVersion, List<ScoredQuery> scored) {
  /** The format's version, the header's {@code caliber_shard} value. */
  public static final int FORMAT = 1;

  /**
   * Copies the lists.
   *
   * @param file where the shard was read from; empty for one made in memory
   * @param protocolSha256 the protocol's fingerprint
   * @param run the run's name
   * @param tag the run's TREC tag, or null
   * @param source the run's file, as violations name it
   * @param runSha256 the SHA-256 of the run file's bytes
   * @param queries the slice, in query-set order
   * @param measures the measures' names, in the protocol's order
   * @param caliberVersion the version of caliber that wrote it
   * @param scored the scored queries, in file order
   * @throws NullPointerException if anything but the tag is null
   */
  public Shard {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(protocolSha256, "protocolSha256");
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(runSha256, "runSha256");
    Objects.requireNonNull(caliberVersion, "caliberVersion");
    queries = List.copyOf(queries);
    measures = List.copyOf(measures);
    scored = List.copyOf(scored);
  }

  /**
   * The shard as JSON Lines: the header, then one line per scored query.
   *
   * @param pieces takes the text in pieces, one line each
   */
  public void writeTo(Consumer<? super CharSequence> pieces) {
    pieces.accept(ShardJson.header(this));
    for (ScoredQuery s : scored) {
      pieces.accept(ShardJson.line(s));
    }
  }
}
