package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * CACM runs cut into parts give their one evaluation, byte for byte: kept out of mutation testing
 * as the other real-data tests are (caliber-core/pom.xml); RunPartsTest's cases carry the score.
 */
class RunPartsOnRealDataTest {
  @Test
  void everyCacmRunInPartsIsItsOneEvaluation() throws IOException {
    EvalProtocol p = ShardsTest.cacm(Policy.trecEval());
    try (var files = Files.list(dev.caliber.io.read.TestData.path("cacm/runs-anserini-0.13.3"))) {
      for (Path file : files.sorted().limit(3).toList()) {
        byte[] run;
        try (InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(file))) {
          run = in.readAllBytes(); // plain text, which is cut
        }
        String expected = RunPartsTest.whole(p, run);
        for (long partBytes : new long[] {run.length / 7 + 1, 4096}) {
          assertThat(RunPartsTest.inParts(p, run, partBytes, partBytes)).as("%s in parts of %d bytes", file, partBytes).isEqualTo(expected);
        }
      }
    }
  }
}
