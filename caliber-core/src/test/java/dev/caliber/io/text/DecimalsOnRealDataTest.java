package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.InputLimits;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The fast number parser on every real score in data/ (kept out of PIT: it is slow). */
class DecimalsOnRealDataTest {
  @Test
  void should_read_every_score_of_the_real_runs_exactly_as_parseDouble_does() throws IOException {
    // GIVEN every score column of the TREC 2003 Robust and Anserini runs (about 1.9 million values)
    List<Path> runs;
    try (Stream<Path> robust = Files.list(TestData.path("trec2003-robust/runs"));
        Stream<Path> anserini = Files.list(TestData.path("cacm/runs-anserini-0.13.3"))) {
      runs = Stream.concat(robust.filter(p -> p.toString().endsWith(".gz")), anserini).toList();
    }
    Fields fields = new Fields();
    long checked = 0;
    for (Path run : runs) {
      try (LineReader lines = InputFiles.open(run, InputLimits.DEFAULT)) {
        while (lines.next()) {
          fields.splitOnBlanks(lines);
          // WHEN / THEN
          double read = fields.decimal(4, "score");
          assertThat(Double.doubleToRawLongBits(read)).as("%s:%d", run, lines.lineNumber())
              .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(fields.string(4))));
          checked++;
        }
      }
    }
    assertThat(checked).isGreaterThan(1_800_000);
  }
}
