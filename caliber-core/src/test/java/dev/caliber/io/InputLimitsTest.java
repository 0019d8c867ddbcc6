package dev.caliber.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link InputLimits}: the bounds, their defaults and how one follows another. */
class InputLimitsTest {
  @Test
  void should_default_to_lines_of_1_mib_queries_of_8_mib_and_inputs_of_64_gib() {
    assertThat(InputLimits.DEFAULT.maxLineBytes()).isEqualTo(1 << 20);
    assertThat(InputLimits.DEFAULT.maxQueryBytes()).isEqualTo(8 << 20);
    assertThat(InputLimits.DEFAULT.maxDecompressedBytes()).isEqualTo(64L << 30);
  }

  @Test
  void should_give_corpus_lines_64_times_the_line_limit_at_most_what_an_array_holds() {
    assertThat(InputLimits.DEFAULT.forDocuments().maxLineBytes()).isEqualTo(InputLimits.DOCUMENT_MAX_LINE_BYTES);
    assertThat(InputLimits.DEFAULT.withMaxLineBytes(10).forDocuments().maxLineBytes()).isEqualTo(640);
    assertThat(InputLimits.DEFAULT.withMaxLineBytes(1 << 30).forDocuments().maxLineBytes()).isEqualTo(Integer.MAX_VALUE - (1 << 20));
    assertThat(InputLimits.DEFAULT.withMaxLineBytes(10).forDocuments().maxDecompressedBytes())
        .isEqualTo(InputLimits.DEFAULT_MAX_DECOMPRESSED_BYTES);
  }

  @Test
  void should_raise_the_query_limit_to_a_longer_line_limit_and_keep_it_otherwise() {
    assertThat(InputLimits.DEFAULT.withMaxLineBytes(100).maxQueryBytes()).isEqualTo(8 << 20);
    assertThat(InputLimits.DEFAULT.withMaxLineBytes(16 << 20).maxQueryBytes()).isEqualTo(16 << 20);
    assertThat(InputLimits.DEFAULT.withMaxLineBytes(Integer.MAX_VALUE - (1 << 20)).maxQueryBytes())
        .isEqualTo(InputLimits.MAX_QUERY_BYTES);
    assertThat(InputLimits.DEFAULT.withMaxQueryBytes(1 << 20).withMaxDecompressedBytes(5).maxQueryBytes()).isEqualTo(1 << 20);
  }

  @Test
  void should_refuse_bounds_out_of_range_naming_the_value_and_the_range() {
    assertThatThrownBy(() -> new InputLimits(0, 1, 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxLineBytes value: 0, must be at least 1");
    assertThatThrownBy(() -> new InputLimits(10, 0, 10)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxDecompressedBytes value: 0, must be at least 1");
    assertThatThrownBy(() -> new InputLimits(10, 1, 9)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxQueryBytes value: 9, must be from 10 to 1073741824");
    assertThatThrownBy(() -> new InputLimits(10, 1, (1 << 30) + 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxQueryBytes value: 1073741825, must be from 10 to 1073741824");
    assertThat(new InputLimits(10, 1, 10).maxQueryBytes()).isEqualTo(10);
    assertThat(new InputLimits(Integer.MAX_VALUE - (1 << 20), 1, 1 << 30).maxQueryBytes()).isEqualTo(1 << 30);
  }
}
