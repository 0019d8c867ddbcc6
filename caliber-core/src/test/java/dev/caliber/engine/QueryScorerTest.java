package dev.caliber.engine;

import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Protocols;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.QueryResult;
import dev.caliber.result.ScoredQuery.Row;
import dev.caliber.result.ScoredQuery;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * Scoring one query straight from a parsed block's bytes gives {@link ReferenceScorer}'s row
 * for the same entries, and finds duplicates and violations at the right lines.
 */
class QueryScorerTest {
  static final String[] MEASURES = {"RR@10", "P@1", "P@2", "P@5", "nDCG@3", "AP", "NumRet", "NumRelRet", "Judged@4",
      "P(rel=2)@3", "Bpref", "Rprec", "R@50", "nDCG", "AP@40"};

  static EntryBlock parse(String run) {
    byte[] bytes = run.getBytes(StandardCharsets.UTF_8);
    try (TrecRunStream s = TrecRunStream.open("run.txt", new ByteArrayInputStream(bytes), TrecRunOptions.DEFAULT,
        bytes.length + 1)) {
      EntryBlock p = s.parse(s.next());
      assertThat(p.error()).isNull();
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static QueryScorer scorer(EvalProtocol protocol) {
    return new QueryScorer(context(protocol));
  }

  /** A context for runs scored under {@code protocol}, as the doors make one. */
  static ScoringContext context(EvalProtocol p) {
    return new ScoringContext(new ProtocolParts(p.qrels(), p.judgmentGroups(), p.preferences(), p.querySet(),
        p.querySetSource(), p.corpus(), p.policy(), p.measures()));
  }

  /** A scored query's row as a result row, as the doors make one, to compare with the reference's. */
  static QueryResult asResult(EvalProtocol protocol, ScoredQuery o) {
    Row r = o.row();
    Map<Measure, Value> values = new LinkedHashMap<>();
    for (int k = 0; k < protocol.measures().size(); k++) {
      values.put(protocol.measures().get(k), r.values().get(k));
    }
    return new QueryResult(o.query(), false, r.returned(), r.relevant(), r.unjudged(), values, r.tiesAtCutoff(),
        r.firstRelevantRank());
  }

  /** Every query of the run, scored by the scorer and by {@link ReferenceScorer}: asserted equal. */
  static List<ScoredQuery> assertScoresAsEvaluation(QueryScorer scorer, EvalProtocol protocol, String run) {
    EntryBlock block = parse(run);
    ScoredRun whole;
    try {
      whole = TrecRunReader.read("-", new ByteArrayInputStream(run.getBytes(StandardCharsets.UTF_8)),
          TrecRunOptions.DEFAULT);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<ScoredQuery> out = new ArrayList<>();
    for (int q = 0; q < block.queries(); q++) {
      ScoredQuery o = scorer.score(block, q);
      assertThat(o.repetition()).isNull();
      assertThat(o.violation()).isNull();
      assertThat(asResult(protocol, o)).as(o.query())
          .isEqualTo(ReferenceScorer.score(protocol, whole.list(o.query()), o.query()));
      out.add(o);
    }
    return out;
  }

  static EvalProtocol protocol(Map<String, Map<String, Integer>> qrels, Policy policy) {
    return Protocols.protocol(qrels, new ArrayList<>(qrels.keySet()), null, policy, MEASURES);
  }

  // ---- rows -------------------------------------------------------------------------------------------

  @Test
  void scores_a_small_query_with_ties_and_graded_labels() {
    EvalProtocol protocol = protocol(ordered("q1", row("a", 2, "b", 1, "c", 0, "d", -1, "é", 3, "gone", 1)),
        Policy.trecEval());
    String run = "q1 Q0 c 1 2.5 t\nq1 Q0 b 2 3 t\nq1 Q0 z 3 2.5 t\nq1 Q0 a 4 3.0 t\nq1 Q0 é 5 4 t\nq1 Q0 d 6 4 t\n";
    Row r = assertScoresAsEvaluation(scorer(protocol), protocol, run).get(0).row();
    // é 4, d 4, b 3, a 3, z 2.5, c 2.5
    assertThat(r.firstRelevantRank()).isEqualTo(1);
    assertThat(r.relevant()).isEqualTo(4);
    assertThat(r.unjudged()).isEqualTo(1);
    assertThat(r.returned()).isEqualTo(6);
    assertThat(r.tiesAtCutoff()).containsExactly(Map.entry(1, 2), Map.entry(3, 2), Map.entry(5, 2));
  }

  @Test
  void scores_a_long_query_with_many_judged_documents() {
    // 1,500 entries (more than the scorer's first arrays hold), 600 of them judged (merge sort),
    // scores with many ties, IDs of mixed lengths
    SplittableRandom rng = new SplittableRandom(11);
    StringBuilder run = new StringBuilder();
    Map<String, Integer> judged = new LinkedHashMap<>();
    for (int i = 0; i < 1500; i++) {
      String doc = "d" + Integer.toString(i * 7919 % 1500, 36);
      run.append("q Q0 ").append(doc).append(' ').append(i + 1).append(' ').append(rng.nextInt(40) / 4.0)
          .append(" t\n");
      if (i % 5 < 2) {
        judged.put(doc, rng.nextInt(5) - 1);
      }
    }
    judged.put("unretrieved", 2);
    run.append("r Q0 x 1 2 t\nr Q0 y 2 1 t\n"); // a short query after the long one, same scorer
    for (Policy p : new Policy[] {Policy.trecEval(), Policy.trecEval().withDepth(100),
        Policy.trecEval().withOrdering(Ordering.GIVEN).withDepth(1000), Policy.trecEval().withRelevanceThreshold(2)}) {
      EvalProtocol protocol = protocol(ordered("q", judged, "r", row("x", 2)), p);
      QueryScorer scorer = scorer(protocol);
      List<ScoredQuery> out = assertScoresAsEvaluation(scorer, protocol, run.toString());
      assertThat(out.get(0).row().returned()).isEqualTo(1500);
      assertThat(out.get(1).row().firstRelevantRank()).isEqualTo(1);
      assertScoresAsEvaluation(scorer, protocol, run.toString()); // and again, reusing every array
    }
  }

  @Test
  void scores_queries_whose_judged_entries_exactly_fill_the_scratch_arrays() {
    // 16, 32 and 64 judged entries fill the arrays as they grow; 32 and 33 lie either side of the
    // switch from insertion sort to merge sort
    for (int judgedCount : new int[] {16, 17, 32, 33, 64}) {
      StringBuilder run = new StringBuilder();
      Map<String, Integer> judged = new LinkedHashMap<>();
      for (int i = 0; i < 100; i++) {
        String doc = "d" + (i * 37 % 100);
        run.append("q Q0 ").append(doc).append(' ').append(i + 1).append(' ').append(i % 9).append(" t\n");
        if (i % 3 == 0 && judged.size() < judgedCount) {
          judged.put(doc, i % 4);
        }
      }
      for (int i = 0; judged.size() < judgedCount; i++) {
        String doc = "d" + (i * 37 % 100);
        judged.putIfAbsent(doc, 1);
      }
      EvalProtocol protocol = protocol(ordered("q", judged), Policy.trecEval());
      Row r = assertScoresAsEvaluation(scorer(protocol), protocol, run.toString()).get(0).row();
      assertThat(r.unjudged()).as("%d judged", judgedCount).isEqualTo(100 - judgedCount);
    }
  }

  @Test
  void ranks_equal_scores_by_document_id_in_code_point_order() {
    // IDs whose UTF-8 bytes would order differently as signed bytes: "é" (C3 A9) > "z" > "Z" > "B"
    EvalProtocol protocol = protocol(ordered("q", row("é", 1, "z", 0, "Z", 2, "B", 0, "zz", 0)), Policy.trecEval());
    String run = "q Q0 Z 1 1 t\nq Q0 é 2 1 t\nq Q0 B 3 1 t\nq Q0 zz 4 1 t\nq Q0 z 5 1 t\nq Q0 u 6 1 t\n";
    Row r = assertScoresAsEvaluation(scorer(protocol), protocol, run).get(0).row();
    assertThat(r.firstRelevantRank()).isEqualTo(1); // é, zz, z, u, Z, B
    EvalProtocol two = protocol(ordered("q", row("é", 1, "z", 0, "Z", 2, "B", 0, "zz", 0)),
        Policy.trecEval().withRelevanceThreshold(2));
    assertThat(assertScoresAsEvaluation(scorer(two), two, run).get(0).row().firstRelevantRank()).isEqualTo(5);
  }

  @Test
  void counts_unjudged_documents_only_within_the_depth() {
    EvalProtocol protocol = protocol(ordered("q", row("a", 1, "b", 0)), Policy.trecEval().withDepth(2));
    String run = "q Q0 x 1 5 t\nq Q0 a 2 4 t\nq Q0 y 3 3 t\nq Q0 b 4 2 t\n";
    Row r = assertScoresAsEvaluation(scorer(protocol), protocol, run).get(0).row();
    assertThat(r.unjudged()).isEqualTo(1);
    assertThat(r.returned()).isEqualTo(4);
  }

  @Test
  void leaves_out_excluded_values_and_weighs_gains_as_told() {
    Map<String, Map<String, Integer>> qrels = ordered("q", row("a", 0), "p", row("a", 3, "b", 1));
    String run = "q Q0 a 1 1 t\np Q0 b 1 2 t\np Q0 a 2 1 t\n";
    for (Policy policy : new Policy[] {Policy.trecEval().withNoRelevant(NoRelevant.EXCLUDE),
        Policy.trecEval().withGain(Gain.EXPONENTIAL), Policy.strict()}) {
      EvalProtocol protocol = protocol(qrels, policy);
      assertScoresAsEvaluation(scorer(protocol), protocol, run);
    }
    EvalProtocol exclude = protocol(qrels, Policy.trecEval().withNoRelevant(NoRelevant.EXCLUDE));
    Row q = assertScoresAsEvaluation(scorer(exclude), exclude, run).get(0).row();
    assertThat(q.values().get(exclude.measures().indexOf(Protocols.measures("AP").get(0)))).isNull();
    assertThat(q.values().get(exclude.measures().indexOf(Protocols.measures("NumRet").get(0)))).isNotNull();
  }

  @Test
  void ranks_a_query_written_best_first_in_place_and_large_ties_by_search() {
    // Scores that never increase: each group of equal scores is ranked by document ID within it,
    // whatever order the file gives; groups of up to 32 in place, larger ones by binary search.
    for (int group : new int[] {1, 3, 32, 33, 100}) {
      StringBuilder run = new StringBuilder();
      Map<String, Integer> judged = new LinkedHashMap<>();
      for (int i = 0; i < 100; i++) {
        String doc = "d" + (i * 37 % 100);
        run.append("q Q0 ").append(doc).append(' ').append(i + 1).append(' ').append(100 - i / group).append(" t\n");
        if (i % 7 == 0) {
          judged.put(doc, i % 3);
        }
      }
      for (Policy p : new Policy[] {Policy.trecEval(), Policy.trecEval().withDepth(10)}) {
        EvalProtocol protocol = protocol(ordered("q", judged), p);
        assertScoresAsEvaluation(scorer(protocol), protocol, run.toString());
      }
    }
  }

  @Test
  void ranks_negative_and_positive_zero_as_one_score_in_place() {
    // -0 before 0: never increasing under >, increasing under Double.compare; one group of three
    EvalProtocol protocol = protocol(ordered("q", row("a", 1, "b", 0, "c", 2)), Policy.trecEval());
    String run = "q Q0 b 1 -0 t\nq Q0 a 2 0 t\nq Q0 c 3 0.0 t\n";
    Row r = assertScoresAsEvaluation(scorer(protocol), protocol, run).get(0).row();
    assertThat(r.firstRelevantRank()).isEqualTo(1); // c, b, a
    assertThat(r.tiesAtCutoff()).containsExactly(Map.entry(1, 3), Map.entry(2, 3));
  }

  @Test
  void finds_the_largest_group_of_equal_scores_only_when_they_never_increase() {
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {9, 3, 3, 2, 2, 2, 1}, 1, 5)).isEqualTo(3);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {3, 3, 3, 2}, 0, 4)).isEqualTo(3);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {5, 4, 3}, 0, 3)).isEqualTo(1);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {7}, 0, 1)).isEqualTo(1);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {0.0, -0.0, 0.0}, 0, 3)).isEqualTo(3);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {3, 2, 2, 5}, 0, 4)).isEqualTo(-1);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {3, 4, 0}, 0, 3)).isEqualTo(-1);
    assertThat(JudgedRanks.largestTieGroupIfDescending(new double[] {1, 9, 5}, 1, 2)).isEqualTo(1);
  }

  @Property(tries = 100)
  void scores_any_small_query_as_the_simple_path_does(@ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    String[] pool = {"a", "b", "Aa", "BB", "é", "日", "z", "Z", "ab", "ba", "d1", "d10", "d2", "x", "AaAa", "BBBB"};
    double[] scores = {-0.0, 0.0, 1, 1.5, -2, 3};
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    StringBuilder run = new StringBuilder();
    int queries = 1 + rng.nextInt(3);
    for (int q = 0; q < queries; q++) {
      String qid = "q" + q;
      Set<String> docs = new LinkedHashSet<>();
      int n = 1 + rng.nextInt(rng.nextBoolean() ? 8 : 70);
      while (docs.size() < n) {
        docs.add(rng.nextInt(4) == 0 ? pool[rng.nextInt(pool.length)] : "d" + rng.nextInt(300));
      }
      Map<String, Integer> labels = new LinkedHashMap<>();
      int rank = 1;
      double judgedShare = rng.nextDouble();
      double[] given = new double[docs.size()];
      for (int i = 0; i < given.length; i++) {
        given[i] = scores[rng.nextInt(scores.length)];
      }
      if (rng.nextBoolean()) { // best first, as runs are usually written: the in-place ranking
        Arrays.sort(given);
        for (int i = 0, j = given.length - 1; i < j; i++, j--) {
          double t = given[i];
          given[i] = given[j];
          given[j] = t;
        }
      }
      int at = 0;
      for (String d : docs) {
        run.append(qid).append(" Q0 ").append(d).append(' ').append(rank++).append(' ')
            .append(given[at++]).append(" t\n");
        if (rng.nextDouble() < judgedShare) {
          labels.put(d, rng.nextInt(5) - 1);
        }
      }
      if (rng.nextBoolean()) {
        labels.put("unretrieved", 1 + rng.nextInt(2));
      }
      qrels.put(qid, labels);
    }
    Policy policy = Policy.trecEval()
        .withOrdering(rng.nextBoolean() ? Ordering.SCORE : Ordering.GIVEN)
        .withDepth(new int[] {0, 0, 1, 2, 5, 6, 7, 40}[rng.nextInt(8)]) // 6 and 7 are no measure's cutoff
        .withRelevanceThreshold(1 + rng.nextInt(2))
        .withGain(rng.nextBoolean() ? Gain.LINEAR : Gain.EXPONENTIAL)
        .withNoRelevant(rng.nextBoolean() ? NoRelevant.ZERO : NoRelevant.EXCLUDE);
    EvalProtocol protocol = protocol(qrels, policy);
    assertScoresAsEvaluation(scorer(protocol), protocol, run.toString());
  }

  // ---- duplicates, unknown queries and violations -------------------------------------------------

  @Test
  void finds_the_first_repetition_in_file_order() {
    EvalProtocol protocol = protocol(ordered("q", row("a", 1)), Policy.trecEval());
    EntryBlock block = parse("p Q0 a 1 1 t\nq Q0 a 1 1 t\nq Q0 b 2 1 t\nq Q0 Aa 3 1 t\n"
        + "q Q0 BB 4 1 t\nq Q0 b 5 1 t\nq Q0 a 6 1 t\n");
    ScoredQuery o = scorer(protocol).score(block, 1);
    assertThat(o.query()).isEqualTo("q");
    assertThat(o.firstLine()).isEqualTo(2);
    assertThat(o.repetition().document()).isEqualTo("b");
    assertThat(o.repetition().line()).isEqualTo(6);
    assertThat(o.repetition().firstLine()).isEqualTo(3);
    assertThat(o.row()).isNull();
  }

  @Test
  void tells_apart_documents_whose_hashes_collide() {
    EvalProtocol protocol = protocol(ordered("q", row("Aa", 1, "BBBB", 2)), Policy.trecEval());
    String run = "q Q0 Aa 1 4 t\nq Q0 BB 2 3 t\nq Q0 AaAa 3 2 t\nq Q0 BBBB 4 1 t\nq Q0 AaBB 5 0 t\n";
    ScoredQuery o = assertScoresAsEvaluation(scorer(protocol), protocol, run).get(0);
    assertThat(o.row().relevant()).isEqualTo(2);
    assertThat(o.row().unjudged()).isEqualTo(3);
  }

  @Test
  void finds_duplicates_in_each_query_of_a_long_run_of_queries() {
    // many queries through one scorer: each query's table is fresh, so no false duplicate across them
    EvalProtocol protocol = protocol(ordered("q0", row("a", 1)), Policy.trecEval());
    StringBuilder run = new StringBuilder();
    for (int q = 0; q < 300; q++) {
      run.append('q').append(q).append(" Q0 a 1 1 t\n").append('q').append(q).append(" Q0 b 2 1 t\n");
    }
    run.append("qq Q0 a 1 1 t\nqq Q0 a 2 1 t\n");
    EntryBlock block = parse(run.toString());
    QueryScorer scorer = scorer(protocol);
    for (int q = 0; q < 300; q++) {
      ScoredQuery o = scorer.score(block, q);
      assertThat(o.repetition()).as("q%d", q).isNull();
      assertThat(o.scored()).isEqualTo(q == 0); // only q0 is in the query set
    }
    ScoredQuery last = scorer.score(block, 300);
    assertThat(last.repetition().document()).isEqualTo("a");
    assertThat(last.repetition().line()).isEqualTo(602);
    assertThat(last.repetition().firstLine()).isEqualTo(601);
  }

  @Test
  void finds_a_duplicate_in_a_query_too_long_for_the_first_table() {
    EvalProtocol protocol = protocol(ordered("q", row("a", 1)), Policy.trecEval());
    StringBuilder run = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      run.append("q Q0 d").append(i).append(' ').append(i + 1).append(" 1 t\n");
    }
    run.append("q Q0 d1234 2001 1 t\n");
    ScoredQuery o = scorer(protocol).score(parse(run.toString()), 0);
    assertThat(o.repetition().document()).isEqualTo("d1234");
    assertThat(o.repetition().line()).isEqualTo(2001);
    assertThat(o.repetition().firstLine()).isEqualTo(1235);
  }

  @Test
  void leaves_a_query_outside_the_query_set_unscored() {
    EvalProtocol protocol = protocol(ordered("q", row("a", 1)), Policy.trecEval());
    EntryBlock block = parse("q Q0 a 1 1 t\nother Q0 a 1 1 t\nother Q0 b 2 1 t\n");
    ScoredQuery o = scorer(protocol).score(block, 1);
    assertThat(o.query()).isEqualTo("other");
    assertThat(o.scored()).isFalse();
    assertThat(o.firstLine()).isEqualTo(2);
    assertThat(o.repetition()).isNull();
    assertThat(o.row()).isNull();
    assertThat(o.violation()).isNull();
    ScoredQuery known = scorer(protocol).score(block, 0);
    assertThat(known.scored()).isTrue();
    assertThat(known.row()).isNotNull();
  }

  @Test
  void stops_at_the_first_unjudged_document_under_exhaustive_judgments() {
    EvalProtocol protocol = protocol(ordered("p", row("a", 1), "q", row("a", 1, "c", 0)),
        Policy.trecEval().withJudgments(Judgments.EXHAUSTIVE));
    EntryBlock block = parse("p Q0 a 1 1 t\nq Q0 a 1 1 t\nq Q0 c 2 1 t\nq Q0 b 3 1 t\nq Q0 e 4 1 t\n");
    QueryScorer scorer = scorer(protocol);
    assertThat(scorer.score(block, 0).row()).isNotNull();
    ScoredQuery o = scorer.score(block, 1);
    assertThat(o.query()).isEqualTo("q");
    assertThat(o.violation().document()).isEqualTo("b");
    assertThat(o.violation().line()).isEqualTo(4);
    assertThat(o.violation().outsideCorpus()).isFalse();
    assertThat(o.row()).isNull();
  }

  @Test
  void looks_on_after_an_unjudged_document_for_one_outside_the_corpus() {
    // GIVEN b unjudged at line 2, x outside the corpus at line 4
    Corpus corpus = Protocols.corpus("a", "b", "c");
    Map<String, Map<String, Integer>> qrels = ordered("q", row("a", 1, "c", 0));
    Policy exhaustive = Policy.trecEval().withJudgments(Judgments.EXHAUSTIVE);
    EntryBlock block = parse("q Q0 a 1 1 t\nq Q0 b 2 1 t\nq Q0 c 3 1 t\nq Q0 x 4 1 t\nq Q0 y 5 1 t\n");
    // WHEN
    ScoredQuery o = scorer(Protocols.protocol(qrels, List.of("q"), corpus, exhaustive, "P@2")).score(block, 0);
    // THEN the first of each kind
    assertThat(o.violation().document()).isEqualTo("b");
    assertThat(o.violation().outsideCorpus()).isFalse();
    assertThat(o.laterOutsideCorpus().document()).isEqualTo("x");
    assertThat(o.laterOutsideCorpus().entry()).isEqualTo(3);
    assertThat(o.laterOutsideCorpus().line()).isEqualTo(4);
    // and without a corpus, nothing is outside it
    ScoredQuery bare = scorer(Protocols.protocol(qrels, List.of("q"), null, exhaustive, "P@2")).score(block, 0);
    assertThat(bare.violation().document()).isEqualTo("b");
    assertThat(bare.laterOutsideCorpus()).isNull();
  }

  @Test
  void stops_at_the_first_document_outside_the_corpus_judged_or_not() {
    Corpus corpus = Protocols.corpus("a", "b");
    Map<String, Map<String, Integer>> qrels = ordered("q", row("a", 1, "b", 0, "c", 1));
    for (Policy policy : new Policy[] {Policy.trecEval(), Policy.trecEval().withJudgments(Judgments.EXHAUSTIVE)}) {
      EvalProtocol protocol = Protocols.protocol(qrels, List.of("q"), corpus, policy, "P@2");
      ScoredQuery o = scorer(protocol).score(parse("q Q0 a 1 1 t\nq Q0 c 2 1 t\nq Q0 x 3 1 t\n"), 0);
      assertThat(o.violation().document()).isEqualTo("c");
      assertThat(o.violation().line()).isEqualTo(2);
      assertThat(o.violation().outsideCorpus()).isTrue();
      assertThat(o.row()).isNull();
    }
    EvalProtocol pooled = Protocols.protocol(qrels, List.of("q"), corpus, Policy.trecEval(), "P@2");
    ScoredQuery fine = scorer(pooled).score(parse("q Q0 b 1 1 t\nq Q0 a 2 1 t\n"), 0);
    assertThat(fine.violation()).isNull();
    assertThat(fine.row().firstRelevantRank()).isEqualTo(2);
  }
}
