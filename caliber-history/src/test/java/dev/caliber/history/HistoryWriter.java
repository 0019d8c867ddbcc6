package dev.caliber.history;

import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.nio.file.Path;
import java.util.Map;

/**
 * A child process for the reliability tests: records {@code count} evaluations of {@code queries}
 * queries into a history through the library, one transaction each, printing each entry's ID.
 * Arguments: FILE LABEL COUNT QUERIES.
 */
public final class HistoryWriter {
  private HistoryWriter() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    String label = args[1];
    int count = Integer.parseInt(args[2]);
    Qrels qrels = Fixtures.qrels(Integer.parseInt(args[3]));
    RunResult[] variants = {Fixtures.result(label, qrels, 0), Fixtures.result(label, qrels, 1), Fixtures.result(label, qrels, 2)};
    try (History h = History.open(file)) {
      for (int i = 0; i < count; i++) {
        Recorded r = h.record(variants[i % 3], Fixtures.recording(label + " " + i, "test", Map.of("writer", label, "i", "" + i)));
        System.out.println(r.id());
        System.out.flush();
      }
    }
  }
}
