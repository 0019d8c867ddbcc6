package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.EvalProtocol;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * For any run of valid, malformed and blank lines, mostly grouped by query, and any part size, the
 * run's parts scored alone and merged give one evaluation's JSON report or first error, word for
 * word, or are handed back to be read whole only when the run is not grouped by query.
 */
class RunPartsProperties {
  @Provide
  Arbitrary<List<String>> lines() {
    Arbitrary<String> valid = net.jqwik.api.Combinators.combine(Arbitraries.of("q1", "q2", "q3", "q9"),
        Arbitraries.of("d1", "d2", "d3", "d4", "d5", "d6"), Arbitraries.integers().between(0, 9))
        .as((q, d, s) -> q + " Q0 " + d + " 1 " + s + " t");
    Arbitrary<String> odd = Arbitraries.of("", "  ", "x", "q2 Q0 d1 1 5 u", "q1 Q0 d2 1 high t", "q3 d1 2", " q1 Q0 d6 1 2 t\r");
    return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(30, valid), net.jqwik.api.Tuple.of(1, odd)).list().ofMaxSize(24);
  }

  @Property(tries = 300)
  void partsAreTheOneEvaluationOrAreHandedBackWhenNotGrouped(@ForAll("lines") List<String> drawn,
      @ForAll boolean grouped, @ForAll @IntRange(min = 1, max = 120) int partBytes, @ForAll long seed) {
    List<String> lines = grouped ? groupedByQuery(drawn) : drawn;
    byte[] run = (String.join("\n", lines) + (lines.isEmpty() || seed % 3 == 0 ? "" : "\n")).getBytes(StandardCharsets.UTF_8);
    EvalProtocol p = RunPartsTest.protocol();
    String expected = RunPartsTest.whole(p, run);
    String got = RunPartsTest.inParts(p, run, partBytes, seed);
    if (got.equals("whole")) {
      assertThat(notGrouped(lines)).as("handed back, so not grouped").isTrue();
    } else {
      assertThat(got).isEqualTo(expected);
    }
  }

  /** The lines in the order of their queries' first lines, each query's lines together (blank lines where they fell). */
  private static List<String> groupedByQuery(List<String> lines) {
    Map<String, List<String>> byQuery = new LinkedHashMap<>();
    for (String l : lines) {
      byQuery.computeIfAbsent(l.isBlank() ? "\u0000" + byQuery.size() : l.strip().split("\\s+")[0], k -> new ArrayList<>()).add(l);
    }
    List<String> out = new ArrayList<>();
    byQuery.values().forEach(out::addAll);
    return out;
  }

  private static boolean notGrouped(List<String> lines) {
    Set<String> done = new HashSet<>();
    String current = null;
    for (String l : lines) {
      if (l.isBlank()) {
        continue;
      }
      String q = l.strip().split("\\s+")[0];
      if (!q.equals(current)) {
        if (!done.add(q)) {
          return true;
        }
        current = q;
      }
    }
    return false;
  }
}
