package dev.caliber.eval;

import static dev.caliber.eval.ShardsTest.bytes;
import static dev.caliber.eval.ShardsTest.cacm;
import static dev.caliber.eval.ShardsTest.json;
import static dev.caliber.eval.ShardsTest.roundTrip;
import static dev.caliber.eval.ShardsTest.shard;
import static dev.caliber.eval.ShardsTest.single;
import static dev.caliber.eval.ShardsTest.slices;
import static dev.caliber.eval.ShardsTest.text;
import static dev.caliber.eval.ShardsTest.trec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.io.read.TestData;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exact shards on real runs: every CACM run and a TREC 2003 Robust run under all of trec_eval's
 * measures, written, read back and merged into their evaluation byte for byte. Whole-collection
 * tests, kept out of mutation testing as the other real-data tests are (caliber-core/pom.xml); the
 * codec's and the merge's rules are {@link ShardsTest}'s.
 */
class ShardsOnRealDataTest {
  @Test
  void everyCacmRunReadBackEqualsWhatWasWrittenAndThreeShardsMergeIntoItsEvaluationByteForByte(@TempDir Path dir)
      throws Exception {
    EvalProtocol protocol = cacm(Policy.trecEval());
    try (var files = Files.list(TestData.path("cacm/runs-anserini-0.13.3"))) {
      for (Path file : files.sorted().toList()) {
        byte[] run = bytes(file);
        List<Shard> shards = new ArrayList<>();
        for (List<String> slice : slices(protocol.querySet(), 3)) {
          Shard s = shard(protocol, file.toString(), run, slice);
          Shard back = roundTrip(s, dir.resolve("shard-" + shards.size() + ".jsonl"));
          assertThat(back.scored()).as(file.toString()).isEqualTo(s.scored());
          assertThat(ShardsTest.named(back, "")).isEqualTo(s);
          assertThat(text(back)).isEqualTo(text(s));
          shards.add(back);
        }
        RunResult single = single(protocol, file.toString(), run);
        RunResult merged = Shards.merge(protocol, List.of(shards.get(2), shards.get(0), shards.get(1)));
        assertThat(json(merged)).as(file.toString()).isEqualTo(json(single));
        assertThat(trec(merged)).as(file.toString()).isEqualTo(trec(single));
      }
    }
  }

  @Test
  void aRobustRunWithAllItsMeasuresReadsBackEqual(@TempDir Path dir) throws Exception {
    EvalProtocol protocol = ProtocolSource.qrels(TestData.path("trec2003-robust/qrels/robust03_qrels.txt.gz")).general()
        .protocol(Policy.trecEval(), dev.caliber.measure.TrecEvalMeasures.official());
    Path file = TestData.path("trec2003-robust/runs/input.aplrob03a.gz");
    byte[] run = bytes(file);
    List<Shard> shards = new ArrayList<>();
    for (List<String> slice : slices(protocol.querySet(), 2)) {
      Shard s = shard(protocol, file.toString(), run, slice);
      Shard back = roundTrip(s, dir.resolve("s" + shards.size() + ".jsonl"));
      assertThat(back.scored()).isEqualTo(s.scored());
      shards.add(back);
    }
    assertThat(json(Shards.merge(protocol, shards))).isEqualTo(json(single(protocol, file.toString(), run)));
  }

}
