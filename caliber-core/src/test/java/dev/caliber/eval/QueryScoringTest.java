package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.caliber.api.RunFile;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.read.TestData;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Queries scored apart (and serialized, as a cluster sends them) and merged give Evaluation's result. */
class QueryScoringTest {
  private static final List<Measure> MEASURES = Stream.of("AP", "nDCG@10", "P@10", "RR", "R@100", "bpref", "gm_map", "Rprec").map(Measures::parse).toList();

  @Test
  void everyCacmRunScoredQueryByQueryAndMergedInAnyOrderGivesEvaluationsResult() throws Exception {
    Path qrels = TestData.path("cacm/qrels.cacm.txt");
    EvalProtocol protocol = ProtocolSource.qrels(qrels).general().protocol(Policy.trecEval(), MEASURES);
    try (var files = Files.list(TestData.path("cacm/runs-anserini-0.13.3"))) {
      for (Path file : files.sorted().toList()) {
        // GIVEN each query of the run scored apart, then shuffled
        ScoredRun run = RunFile.of(file).read(null);
        RunResult expected = Evaluation.evaluate(protocol, run);
        List<ScoredQuery> inFileOrder = scoreEach(protocol, run, file);
        List<ScoredQuery> shuffled = new ArrayList<>(inFileOrder);
        Collections.shuffle(shuffled, new Random(file.getFileName().toString().hashCode()));
        assertThat(queries(shuffled)).as("the shuffle moved queries").isNotEqualTo(queries(inFileOrder));
        // WHEN they are merged in that order
        RunResult got = QueryScoring.merge(protocol, run.name(), run.tag(), file.toString(), shuffled);
        // THEN the result is Evaluation's, but for the queries outside the set: listed as they came
        List<String> cameOutside = queries(shuffled.stream().filter(q -> !q.scored()).toList());
        assertThat(got.ignoredQueries()).as(file.getFileName().toString()).isEqualTo(cameOutside)
            .containsExactlyInAnyOrderElementsOf(expected.ignoredQueries());
        Map<String, Object> gotData = new LinkedHashMap<>(ResultJson.toData(got));
        gotData.put("ignored_queries", expected.ignoredQueries());
        assertThat(PyJson.pretty(gotData)).as(file.getFileName().toString())
            .isEqualTo(PyJson.pretty(ResultJson.toData(expected)));
      }
    }
  }

  private static List<String> queries(List<ScoredQuery> scored) {
    return scored.stream().map(ScoredQuery::query).toList();
  }

  @Test
  void aRepeatedDocumentIsEvaluationsViolationWithItsLines(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("dup.txt");
    Files.writeString(run, "1 Q0 CACM-1 1 3 t\n1 Q0 CACM-2 2 2 t\n1 Q0 CACM-1 3 1 t\n");
    Path qrels = TestData.path("cacm/qrels.cacm.txt");
    EvalProtocol protocol = ProtocolSource.qrels(qrels).general().protocol(Policy.trecEval(), MEASURES);
    ScoredRun read = RunFile.of(run).read(null);
    ProtocolViolationException expected = catchThrowableOfType(ProtocolViolationException.class,
        () -> Evaluation.evaluate(protocol, read));
    ProtocolViolationException got = catchThrowableOfType(ProtocolViolationException.class,
        () -> QueryScoring.merge(protocol, "dup", "t", run.toString(), scoreEach(protocol, read, run)));
    assertThat(got).hasMessage(expected.getMessage()).hasMessageContaining(":3:").hasMessageContaining("repeats line 1");
  }

  @Test
  void anUnjudgedDocumentUnderExhaustiveJudgmentsAndAnUnknownQueryAreRefusedTogether() throws Exception {
    Path qrels = TestData.path("cacm/qrels.cacm.txt");
    EvalProtocol protocol = ProtocolSource.qrels(qrels).general()
        .protocol(Policy.strict().withJudgments(Judgments.EXHAUSTIVE), MEASURES);
    ScoredRun run = ScoredRun.of("r", Map.of("1", RankedList.ofOrder(List.of("CACM-9999")),
        "nope", RankedList.ofOrder(List.of("CACM-1"))), dev.caliber.protocol.Origin.NONE);
    String expected = catchThrowableOfType(ProtocolViolationException.class, () -> Evaluation.evaluate(protocol, run)).getMessage();
    List<ScoredQuery> scored = new ArrayList<>();
    for (var e : run.asMap().entrySet()) {
      RankedList l = e.getValue();
      boolean in = protocol.querySet().contains(e.getKey());
      scored.add(QueryScoring.score(protocol.policy(), protocol.measures(), e.getKey(), in,
          in ? protocol.qrels().row(e.getKey()) : Map.of(), l.docs().toArray(String[]::new), new double[l.size()],
          new long[l.size()], null));
    }
    scored.sort((a, b) -> a.query().compareTo(b.query()));
    String got = catchThrowableOfType(ProtocolViolationException.class,
        () -> QueryScoring.merge(protocol, "r", null, null, scored)).getMessage();
    assertThat(expected).contains("CACM-9999").contains("nope");
    assertThat(got).isEqualTo(expected);
  }

  @Test
  void aScoredQueryShowsItsValuesExactAndAsDoublesItsFirstLineAndWhetherItWasScored() {
    List<Measure> measures = Stream.of("P@2", "nDCG@2", "RR").map(Measures::parse).toList();
    Map<String, Integer> judged = Map.of("a", 1, "b", 0);
    ScoredQuery q = QueryScoring.score(Policy.strict(), measures, "q1", true, judged,
        new String[] {"b", "a"}, new double[] {2, 1}, new long[] {1, 2}, new long[] {7, 9});
    assertThat(q.query()).isEqualTo("q1");
    assertThat(q.scored()).isTrue();
    assertThat(q.firstLine()).isEqualTo(7);
    assertThat(q.exact(0)).isEqualTo("1/2");
    assertThat(q.decimal(0)).isEqualTo(0.5);
    assertThat(q.exact(1)).isNull(); // nDCG is not rational
    assertThat(q.decimal(1)).isCloseTo(1 / (Math.log(3) / Math.log(2)), org.assertj.core.api.Assertions.within(1e-15));
    assertThat(q.exact(2)).isEqualTo("1/2");
    ScoredQuery outside = QueryScoring.score(Policy.strict(), measures, "q9", false, Map.of(),
        new String[] {"a"}, new double[] {1}, new long[] {1}, null);
    assertThat(outside.scored()).isFalse();
    assertThat(outside.firstLine()).isZero();
    assertThat(outside.decimal(0)).isNaN();
    assertThat(outside.exact(0)).isNull();
    ScoredQuery noRelevant = QueryScoring.score(Policy.strict(), measures, "q2", true, Map.of("a", 0),
        new String[] {"a"}, new double[] {1}, new long[] {1}, null);
    assertThat(noRelevant.scored()).isTrue();
    assertThat(noRelevant.decimal(2)).isNaN(); // excluded: no relevant document under the strict policy
    assertThat(QueryScoring.measureNames(new EvalProtocol(dev.caliber.protocol.Qrels.of(Map.of("q1", judged)), List.of("q1"), "",
        null, Policy.strict(), measures))).containsExactly("P@2", "nDCG@2", "RR");
  }

  @Test
  void entriesOfUnequalLengthsAndAProtocolWithACorpusAreRefused() {
    List<Measure> measures = List.of(Measures.parse("AP"));
    assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> QueryScoring.score(Policy.strict(), measures, "q", true,
        Map.of(), new String[] {"a"}, new double[0], new long[] {1}, null))).hasMessageContaining("1 documents, 0 scores");
    EvalProtocol withCorpus = new EvalProtocol(dev.caliber.protocol.Qrels.of(Map.of("q", Map.of("a", 1))), List.of("q"), "",
        dev.caliber.protocol.Corpus.of(Map.of("a", "text")), Policy.strict(), measures);
    assertThat(catchThrowableOfType(IllegalArgumentException.class, () -> QueryScoring.merge(withCorpus, "r", null, null, List.of())))
        .hasMessageContaining("corpus");
  }

  /** Each query of the run scored alone, with its file lines, each through Java serialization. */
  static List<ScoredQuery> scoreEach(EvalProtocol protocol, ScoredRun run, Path file) throws IOException {
    List<String> lines = TestData.lines(file);
    List<ScoredQuery> out = new ArrayList<>();
    int line = 0;
    for (Map.Entry<String, RankedList> e : run.asMap().entrySet()) {
      RankedList l = e.getValue();
      String[] docs = l.docs().toArray(String[]::new);
      double[] scores = new double[docs.length];
      long[] ranks = new long[docs.length];
      long[] at = new long[docs.length];
      for (int i = 0; i < docs.length; i++) {
        scores[i] = l.score(i);
        ranks[i] = l.rank(i);
        at[i] = ++line; // the files are grouped by query and have no blank lines
        assertThat(lines.get(line - 1)).contains(docs[i]);
      }
      boolean in = protocol.querySet().contains(e.getKey());
      out.add(roundTrip(QueryScoring.score(protocol.policy(), protocol.measures(), e.getKey(), in,
          in ? protocol.qrels().row(e.getKey()) : Map.of(), docs, scores, ranks, at)));
    }
    return out;
  }

  private static ScoredQuery roundTrip(ScoredQuery q) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(q);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (ScoredQuery) in.readObject();
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
  }
}
