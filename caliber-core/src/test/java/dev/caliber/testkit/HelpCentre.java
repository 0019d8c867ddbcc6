package dev.caliber.testkit;

import dev.caliber.chunk.ChunkMapping;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The seed's help-centre fixture (fixture.py and chunk_fixture.py), built in code: six invented
 * documents, five queries (q1 in dev, q2-q5 in test), thirty explicit binary judgments, three
 * hand-written runs and one chunk run with q4 deliberately missing.
 *
 * <p>The constants are immutable. Tests that need a variant start from a fresh mutable copy
 * ({@link #corpusMap()}, {@link #qrelsMap()}, ...) or use the named modifiers ({@link
 * #qrelsWith(Consumer)}, {@link #run(String, String...)}, ...), so that no test can change what
 * another one sees.
 */
public final class HelpCentre {
  private HelpCentre() {}

  /** The split the seed evaluates. */
  public static final String TEST = "test";
  /** The seed's cutoff. */
  public static final int K = 2;
  /** The seed's protocol_sha256 for {corpus, queries, qrels, split "test", k 2}. */
  public static final String PROTOCOL_SHA256 = "9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb";

  /** Document ID to text, in the seed's order. */
  public static final Corpus CORPUS = Corpus.of(corpusMap());
  /** Query ID to {text, split}, in the seed's order. */
  public static final Queries QUERIES = Queries.of(queriesMap());
  /** Exhaustive binary judgments: every query has a label for every document. */
  public static final Qrels QRELS = Qrels.of(qrelsMap());
  /** Corpus, queries and qrels together. */
  public static final Protocol PROTOCOL = new Protocol(CORPUS, QUERIES, QRELS);

  /** q4 missing; q2 finds d3 at 1; q3 finds d5 at 2: both means 1/2. */
  public static final Run FIXTURE_A = Run.of("fixture_A", ordered(
      "q2", List.of("d3", "d1", "d4"),
      "q3", List.of("d2", "d5"),
      "q5", List.of()));
  /** Every test query answered; both means 5/6 although q2's first hit falls to rank 2. */
  public static final Run FIXTURE_B = Run.of("fixture_B", ordered(
      "q2", List.of("d1", "d3", "d4"),
      "q3", List.of("d5", "d2"),
      "q4", List.of("d6"),
      "q5", List.of()));
  /** Every test query answered with an empty list: both means 0. */
  public static final Run ALL_EMPTY = Run.of("all_empty", ordered(
      "q2", List.of(), "q3", List.of(), "q4", List.of(), "q5", List.of()));
  /** The seed's three runs by name, in its order. */
  public static final Map<String, Run> RUNS = Collections.unmodifiableMap(ordered(
      "fixture_A", FIXTURE_A, "fixture_B", FIXTURE_B, "all_empty", ALL_EMPTY));

  /** Chunk ID to document, from the same corpus snapshot as the judgments. */
  public static final ChunkMapping CHUNK_TO_DOC = ChunkMapping.of(chunkToDocMap());
  /** The chunk-level run: q4 deliberately missing, q5 an explicit empty list. */
  public static final Run CHUNK_RUN = Run.of("chunk_run", chunkRunMap());

  /** A fresh mutable copy of the corpus, in the seed's order. */
  public static Map<String, String> corpusMap() {
    return ordered(
        "d1", "下载操作指南：在设置的下载目录字段选择保存位置。",
        "d2", "下载故障指南：连接断开后可点击重试，重新下载文件。",
        "d3", "导出文本指南：点击导出并选择 TXT，保存纯文本副本。",
        "d4", "导出表格指南：点击导出并选择 CSV，保存表格副本。",
        "d5", "同步指南：关闭自动同步后可点击立即同步进行手动同步。",
        "d6", "界面指南：在外观设置中选择深色主题。");
  }

  /** A fresh mutable copy of the queries. */
  public static Map<String, Query> queriesMap() {
    return ordered(
        "q1", new Query("怎样重新下载失败的文件？", "dev"),
        "q2", new Query("有哪些导出格式，分别怎样导出？", "test"),
        "q3", new Query("关闭自动同步后，怎样手动同步？", "test"),
        "q4", new Query("怎样切换到深色主题？", "test"),
        "q5", new Query("怎样注销账户？", "test"));
  }

  /** A fresh, deeply mutable copy of the judgments. */
  public static Map<String, Map<String, Integer>> qrelsMap() {
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    qrels.put("q1", row(0, 1, 0, 0, 0, 0));
    qrels.put("q2", row(0, 0, 1, 1, 0, 0));
    qrels.put("q3", row(0, 0, 0, 0, 1, 0));
    qrels.put("q4", row(0, 0, 0, 0, 0, 1));
    qrels.put("q5", row(0, 0, 0, 0, 0, 0));
    return qrels;
  }

  /** A fresh mutable copy of chunk_to_doc, in the seed's order. */
  public static Map<String, String> chunkToDocMap() {
    return ordered(
        "d3a", "d3", "d3b", "d3", "d4a", "d4",
        "d1a", "d1", "d1b", "d1", "d5a", "d5",
        "d6a", "d6");
  }

  /** A fresh, deeply mutable copy of the chunk run. */
  public static Map<String, List<String>> chunkRunMap() {
    return ordered(
        "q2", new ArrayList<>(List.of("d3a", "d3b", "d4a")),
        "q3", new ArrayList<>(List.of("d1a", "d1b", "d5a")),
        "q5", new ArrayList<String>());
  }

  /** The judgments after {@code edit} changed a fresh copy. */
  public static Qrels qrelsWith(Consumer<Map<String, Map<String, Integer>>> edit) {
    Map<String, Map<String, Integer>> qrels = qrelsMap();
    edit.accept(qrels);
    return Qrels.of(qrels);
  }

  /** The seed protocol with other judgments. */
  public static Protocol protocolWith(Qrels qrels) {
    return new Protocol(CORPUS, QUERIES, qrels);
  }

  /** The corpus after {@code edit} changed a fresh copy. */
  public static Corpus corpusWith(Consumer<Map<String, String>> edit) {
    Map<String, String> corpus = corpusMap();
    edit.accept(corpus);
    return Corpus.of(corpus);
  }

  /** chunk_to_doc after {@code edit} changed a fresh copy. */
  public static ChunkMapping mappingWith(Consumer<Map<String, String>> edit) {
    Map<String, String> mapping = chunkToDocMap();
    edit.accept(mapping);
    return ChunkMapping.of(mapping);
  }

  /** A run with one query: {@code run("q2", "d3", "d3")} is the seed's {@code {'q2': ['d3', 'd3']}}. */
  public static Run run(String query, String... ranking) {
    return Run.of("run", ordered(query, List.of(ranking)));
  }

  /** A run from alternating query IDs and rankings. */
  public static Run runOf(Object... queryThenRanking) {
    return Run.of("run", ordered(queryThenRanking));
  }

  /** The empty run {@code {}}. */
  public static Run emptyRun() {
    return Run.of("run", Map.of());
  }

  /** Every test query's ranking truncated to the first {@code budget} items (a smaller candidate budget). */
  public static Run truncated(Run run, int budget) {
    Map<String, List<String>> cut = new LinkedHashMap<>();
    run.asMap().forEach((q, ranking) -> cut.put(q, List.copyOf(ranking.subList(0, Math.min(budget, ranking.size())))));
    return Run.of(run.name() + "@" + budget, cut);
  }

  private static Map<String, Integer> row(int... labels) {
    Map<String, Integer> row = new LinkedHashMap<>();
    for (int i = 0; i < labels.length; i++) {
      row.put("d" + (i + 1), labels[i]);
    }
    return row;
  }

  /** A mutable insertion-ordered map from alternating keys and values. */
  @SuppressWarnings("unchecked")
  public static <V> Map<String, V> ordered(Object... keysAndValues) {
    if (keysAndValues.length % 2 != 0) {
      throw new IllegalArgumentException("expected key/value pairs, got " + Arrays.toString(keysAndValues));
    }
    Map<String, V> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], (V) keysAndValues[i + 1]);
    }
    return map;
  }
}
