package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import dev.caliber.testkit.HelpCentre;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On the seed's help-centre fixture, caliber gives the seed's numbers ({@link SeedOracle}) at
 * cutoffs other than the seed's: at k = 2 the golden reports (examples/helpcentre/expected,
 * SeedConformanceTest) already hold every number byte for byte.
 */
class SeedAgreementTest {
  private static final Path EXAMPLE = Path.of(System.getProperty("caliber.root", "..")).resolve("examples/helpcentre");

  private static ProtocolFiles.ProtocolFile protocolFile() throws IOException {
    return ProtocolFiles.protocol(ProtocolFiles.readJson(EXAMPLE.resolve("protocol.json").toString()));
  }

  private static Run run(String name) throws IOException {
    return ProtocolFiles.run(name, ProtocolFiles.readJson(EXAMPLE.resolve("runs/" + name + ".json").toString()));
  }

  private static SeedOracle.Inputs helpCentre(String run) {
    Map<String, String> splitOf = new LinkedHashMap<>();
    HelpCentre.queriesMap().forEach((q, query) -> splitOf.put(q, query.split()));
    return new SeedOracle.Inputs(HelpCentre.corpusMap(), splitOf, HelpCentre.qrelsMap(), HelpCentre.RUNS.get(run).asMap());
  }

  @ParameterizedTest(name = "k = {0}")
  @ValueSource(ints = {1, 3, 4, 6, 100})
  void should_give_the_seed_s_numbers_for_every_run_at_other_cutoffs(int k) {
    for (String run : HelpCentre.RUNS.keySet()) {
      SeedAgreement.assertAgree(helpCentre(run), HelpCentre.TEST, k);
    }
  }

  @Test
  void should_give_the_readme_s_numbers_for_fixture_a() throws IOException {
    // README: Recall@2 = MRR@2 = 1/2 over the three test queries with relevant documents; q4 missing
    // and still counted; q5 (no relevant document) null and out of both means
    ProtocolFiles.ProtocolFile file = protocolFile();
    EvalProtocol p = new EvalProtocol(file.protocol().qrels(), file.protocol().queries().inSplit("test"), "split test",
        file.protocol().corpus(), Policy.strict(), List.of(Measures.parse("R@2"), Measures.parse("RR@2")));
    RunResult result = Evaluation.evaluate(p, ScoredRun.of(run("fixture_A")));
    assertThat(result.summary(Measures.parse("R@2")).mean()).isEqualTo(Fraction.of(1, 2));
    assertThat(result.summary(Measures.parse("RR@2")).mean()).isEqualTo(Fraction.of(1, 2));
    assertThat(result.summary(Measures.parse("RR@2")).count()).isEqualTo(3);
    assertThat(result.missingQueries()).containsExactly("q4");
    assertThat(result.noRelevantQueries()).containsExactly("q5");
    assertThat(result.row("q5").value(Measures.parse("R@2"))).isNull();
  }
}
