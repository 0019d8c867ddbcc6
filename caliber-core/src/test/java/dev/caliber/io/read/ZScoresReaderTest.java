package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.ZScores;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** trec_eval's -Z file, {@code qid measure mean stddev}, and the conversion convert_zscores.c does. */
class ZScoresReaderTest {
  @TempDir Path dir;

  private ZScores read(String text) throws IOException {
    return ZScoresReader.read(TextFiles.write(dir, "zscores", text), InputLimits.DEFAULT);
  }

  @Test
  void should_express_a_value_in_standard_deviations_from_the_reference_mean() throws IOException {
    ZScores z = read("301 map 0.2 0.1\n301\tnum_rel  10 0\n");
    assertThat(z.of("301", "map", 0.35)).isCloseTo(1.5, org.assertj.core.data.Offset.offset(1e-12));
    // a standard deviation of 0: 0 for the mean itself, trec_eval's missing value otherwise
    assertThat(z.of("301", "num_rel", 10)).isZero();
    assertThat(z.of("301", "num_rel", 11)).isEqualTo(ZScores.MISSING);
    // a query or measure the file lacks
    assertThat(z.of("302", "map", 0.2)).isEqualTo(ZScores.MISSING);
    assertThat(z.of("301", "P_5", 0.2)).isEqualTo(ZScores.MISSING);
    assertThat(z.has("301", "map")).isTrue();
    assertThat(z.has("301", "P_5")).isFalse();
  }

  @Test
  void should_read_trec_eval_s_own_file() throws IOException {
    ZScores z = ZScoresReader.read(TestData.path("trec_eval-test/test/zscores_file"), InputLimits.DEFAULT);
    assertThat(z.has("303", "unj_20")).isTrue();
    assertThat(z.of("301", "map", 0.1212)).isZero();
  }

  @Test
  void should_refuse_what_trec_eval_s_atof_would_read_as_another_number() {
    assertThatThrownBy(() -> read("301 map 0.2x 0.1\n"))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining(":1:").hasMessageContaining("mean");
    assertThatThrownBy(() -> read("301 map 0.2 0.1 extra\n"))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("expected 4 (qid measure mean stddev)");
    assertThatThrownBy(() -> read("301 map 0.2 0.1\n\n"))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining(":2:").hasMessageContaining("blank line");
    assertThatThrownBy(() -> read(""))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("no z-scores");
  }

  @Test
  void should_refuse_a_query_and_measure_given_twice_naming_both_lines() {
    assertThatThrownBy(() -> read("301 map 0.2 0.1\n301 P_5 0.2 0.1\n301 map 0.3 0.1\n"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining(":3:")
        .hasMessageContaining("line 3 repeats line 1");
  }
}
