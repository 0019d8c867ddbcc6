package dev.caliber.eval;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery.Repetition;
import dev.caliber.result.ScoredQuery.Violation;
import dev.caliber.result.ScoredQuery;
import java.io.IOException;
import java.io.InputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Exact shards: a run evaluated in slices of the query set, by separate processes, and merged into
 * the result one evaluation makes, byte for byte. {@link #score} scores a slice through the one
 * per-query scorer of {@link StreamingEvaluation}; {@link #merge} checks that the shards fit
 * together (one protocol, one run, each query of the set in exactly one slice) and merges them
 * through {@link QueryScoring#merge}, the one merge every path takes (a cluster's too).
 */
public final class Shards {
  private Shards() {}

  /**
   * Scores the queries of {@code slice} in a TREC run, and records its queries outside the query
   * set; the queries of other slices are read (a malformed line is the same error) but not scored.
   *
   * @param protocol what the run is scored under, not null
   * @param source the run's file, as errors and violations name it
   * @param bytes opens the run's raw bytes (once)
   * @param options threads or shared workers, block size, progress and how to read the run ({@link
   *     StreamingEvaluation.Options#runOptions()}); a shard has no bounds under holes and is always
   *     read as a stream, whatever the options say of those
   * @param slice queries of the protocol's query set, in any order
   * @param sliceSource what errors call the slice (the list's file)
   * @param caliberVersion the version written in the header
   * @return the shard, its slice in query-set order, its queries in file order
   * @throws ProtocolViolationException if a query of the slice is outside the query set, or the run
   *     is not grouped by query
   * @throws dev.caliber.error.InputSyntaxException on a malformed line of the run
   * @throws IOException if reading fails
   */
  public static Shard score(EvalProtocol protocol, String source, StreamingEvaluation.RunBytes bytes,
      StreamingEvaluation.Options options, List<String> slice, String sliceSource, String caliberVersion)
      throws IOException {
    Set<String> set = new HashSet<>(protocol.querySet());
    Set<String> in = new HashSet<>();
    for (String q : slice) {
      if (!set.contains(q)) {
        throw new ProtocolViolationException(Location.ofFile(sliceSource), "query outside the query set",
            "query " + PyJson.canonical(q) + " is not in the query set (" + protocol.querySetSource()
                + "); a shard covers queries of the set");
      }
      in.add(q);
    }
    List<String> ordered = protocol.querySet().stream().filter(in::contains).toList();
    MessageDigest sha = sha256();
    List<ScoredQuery> scored = new ArrayList<>();
    BlockPipeline.Scan scan;
    try {
      scan = BlockPipeline.score(protocol, source, () -> new DigestInputStream(bytes.open(), sha),
          (raw, buffers) -> TrecRunStream.open(source, raw, options.runOptions(), options.blockBytes(), buffers), options,
          q -> in.contains(q) || !set.contains(q), scored::add);
    } catch (RunNotGroupedException e) {
      throw new ProtocolViolationException(Location.ofLine(source, e.line()), "run not grouped by query",
          "query " + PyJson.canonical(e.query()) + " comes back after other queries; a shard is made from a run grouped by"
              + " query (e.g. sort -s -k1,1)");
    }
    return new Shard("", protocol.sha256(), scan.name(), scan.tag(), source, HexFormat.of().formatHex(sha.digest()),
        ordered, QueryScoring.measureNames(protocol), caliberVersion, scored);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /**
   * Reads a shard written by {@link Shard#writeTo} (docs/FORMATS.md, "Shards"), one line at a time.
   *
   * @param pathOrDash the file, or {@code -} for {@code stdin}; gzip is read transparently
   * @param stdin what {@code -} reads
   * @param limits the input limits
   * @return the shard, named by {@code pathOrDash}
   * @throws dev.caliber.error.InputSyntaxException on the first bad line or value
   * @throws IOException if reading fails
   */
  public static Shard read(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    return ShardJson.read(pathOrDash, stdin, limits);
  }

  /**
   * Merges the shards of one run into the result that one evaluation of the run makes.
   *
   * @param protocol the protocol the shards were scored under (no corpus), not null
   * @param shards the shards, at least one, in any order
   * @return the run's result
   * @throws ProtocolViolationException if a shard was scored under another protocol or is of another
   *     run, a query is covered by two shards, a query of the set by none, or a shard holds a query
   *     of the set outside its slice; else the first violation of the run, as one evaluation reports it
   * @throws IllegalArgumentException if there is no shard
   */
  public static RunResult merge(EvalProtocol protocol, List<Shard> shards) {
    if (shards.isEmpty()) {
      throw new IllegalArgumentException("illegal shards: none; expected at least one");
    }
    Shard first = shards.get(0);
    Set<String> set = new HashSet<>(protocol.querySet());
    Map<String, Shard> coveredBy = new HashMap<>();
    for (Shard s : shards) {
      if (!s.protocolSha256().equals(protocol.sha256())) {
        throw refused(s, "shard of another protocol", "its protocol_sha256 is " + s.protocolSha256()
            + "; the protocol given is " + protocol.sha256());
      }
      requireSame(first, s, "run", first.run(), s.run());
      requireSame(first, s, "tag", first.tag(), s.tag());
      requireSame(first, s, "source", first.source(), s.source());
      requireSame(first, s, "run_sha256", first.runSha256(), s.runSha256());
      for (String q : s.queries()) {
        if (!set.contains(q)) {
          throw refused(s, "query outside the query set", "its slice lists query " + PyJson.canonical(q)
              + ", which is not in the query set (" + protocol.querySetSource() + ")");
        }
        Shard earlier = coveredBy.putIfAbsent(q, s);
        if (earlier != null) {
          throw refused(s, "query in two shards", "query " + PyJson.canonical(q) + " is also in " + earlier.file()
              + "; each query of the set is in one shard, or it would count twice");
        }
      }
    }
    List<String> uncovered = protocol.querySet().stream().filter(q -> !coveredBy.containsKey(q)).toList();
    if (!uncovered.isEmpty()) {
      throw new ProtocolViolationException(Location.NONE, "incomplete shards", uncovered.size() + " of the "
          + set.size() + " queries of the query set are in no shard (the first: "
          + String.join(", ", uncovered.subList(0, Math.min(5, uncovered.size())).stream().map(PyJson::canonical).toList())
          + "); make a shard of them with --shard-queries");
    }
    return QueryScoring.merge(protocol, first.run(), first.tag(), first.source(), inRunOrder(set, shards, coveredBy));
  }

  /**
   * The shards' scored queries in the order one evaluation merges them, by first line: each query
   * of the set from the shard that covers it, each query outside the set once (every shard has them).
   */
  static List<ScoredQuery> inRunOrder(Set<String> set, List<Shard> shards, Map<String, Shard> coveredBy) {
    List<ScoredQuery> all = new ArrayList<>();
    Set<String> outside = new HashSet<>();
    for (Shard s : shards) {
      for (ScoredQuery q : s.scored()) {
        if (!set.contains(q.query())) {
          if (outside.add(q.query())) { // every shard of the run has the queries outside the set: counted once
            all.add(q);
          }
        } else if (coveredBy.get(q.query()) != s) {
          throw refused(s, "query outside the shard's slice", "query " + PyJson.canonical(q.query())
              + " is scored in it but listed in " + coveredBy.get(q.query()).file());
        } else {
          all.add(q);
        }
      }
    }
    all.sort(Comparator.comparingLong(ScoredQuery::firstLine)); // stable: the run's order, as one evaluation merges
    return all;
  }

  private static void requireSame(Shard first, Shard s, String what, String a, String b) {
    if (!java.util.Objects.equals(a, b)) {
      throw refused(s, "shard of another run", "its " + what + " is " + PyJson.canonical(b) + "; " + first.file()
          + "'s is " + PyJson.canonical(a));
    }
  }

  private static ProtocolViolationException refused(Shard s, String reason, String detail) {
    return new ProtocolViolationException(Location.ofFile(s.file()), reason, detail);
  }

  /** A scored query with {@code offset} added to each of its lines (0 stays 0: an entry from no line). */
  static ScoredQuery withLineOffset(ScoredQuery s, long offset) {
    Repetition r = s.repetition();
    return new ScoredQuery(s.query(), shift(s.firstLine(), offset),
        r == null ? null : new Repetition(r.document(), r.entry(), shift(r.line(), offset), r.firstEntry(),
            shift(r.firstLine(), offset)),
        shift(s.violation(), offset), shift(s.laterOutsideCorpus(), offset), s.row());
  }

  private static Violation shift(Violation v, long offset) {
    return v == null ? null : new Violation(v.document(), v.entry(), shift(v.line(), offset), v.outsideCorpus());
  }

  private static long shift(long line, long offset) {
    return line == 0 ? 0 : line + offset;
  }
}
