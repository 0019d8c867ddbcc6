package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.InputFiles;
import dev.caliber.io.InputLimits;
import dev.caliber.io.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalsTest {
  @ParameterizedTest
  @ValueSource(strings = {"0", "-0", "0.0", "-0.000", "1", "2.5", "31.05016397824501", "30.548158839522944",
      "0.6898301657029192", "1.5e-05", "2E3", "9007199254740993", "1.7976931348623157e308", "4.9e-324",
      "2.2250738585072014E-308", "1e23", "8.41e21", "0.1", "123456789012345678901234567890",
      "9999999999999999999", "0.30000000000000004", "2.4703282292062327e-324", "1e-400", "1e400"})
  void should_agree_with_parseDouble_on_hard_and_common_cases(String text) {
    byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    double fast = Decimals.parse(b, 0, b.length);
    if (!Double.isNaN(fast)) {
      assertThat(Double.doubleToRawLongBits(fast)).as(text).isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }
  }

  @Test
  void should_decide_seventeen_digit_scores_itself() {
    byte[] b = "30.548158839522944".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    assertThat(Decimals.parse(b, 0, b.length)).isEqualTo(30.548158839522944);
  }

  @Test
  void should_read_every_score_of_the_real_runs_exactly_as_parseDouble_does() throws IOException {
    // GIVEN every score column of the TREC 2003 Robust and Anserini runs (about 1.9 million values)
    List<Path> runs;
    try (Stream<Path> robust = Files.list(SharedData.path("trec2003-robust/runs"));
        Stream<Path> anserini = Files.list(SharedData.path("cacm/runs-anserini-0.13.3"))) {
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
