package dev.caliber.compare;

import dev.caliber.api.RunFile;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.SeedProtocol;
import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The seed's help-centre fixture (examples/helpcentre) under the strict policy: a named shared fixture. */
public final class HelpCentre {
  private HelpCentre() {}

  /** The example directory. */
  public static Path dir() {
    return Path.of(System.getProperty("caliber.root", "..")).resolve("examples/helpcentre");
  }

  /** The seed protocol as a general protocol: split test, Policy.strict(), the given measures. */
  public static EvalProtocol protocol(String... measures) {
    try {
      SeedProtocol seed = ProtocolSource.protocolFile(dir().resolve("protocol.json")).seed();
      List<Measure> ms = Arrays.stream(measures).map(Measures::parse).toList();
      return new EvalProtocol(seed.protocol().qrels(), seed.protocol().queries().inSplit(seed.split()),
          "split " + seed.split() + " of protocol.json", seed.protocol().corpus(), Policy.strict(), ms);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A run of runs/NAME.json scored under the protocol. */
  public static RunResult run(EvalProtocol protocol, String name) {
    try {
      return Evaluation.evaluate(protocol,
          ScoredRun.of(RunFile.of(dir().resolve("runs/" + name + ".json")).withName(name).readRankings(null)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** fixture_A then fixture_B under R@2 and RR@2. */
  public static List<RunResult> aThenB() {
    EvalProtocol p = protocol("R@2", "RR@2");
    return List.of(run(p, "fixture_A"), run(p, "fixture_B"));
  }
}
