package dev.caliber.compare.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** One number format in the readable reports: no scientific notation beside fixed decimals. */
class NumberFormatTest {
  @Test
  void should_print_small_p_values_as_below_the_smallest_decimal_shown() {
    assertThat(Fmt.p(0.0005)).isEqualTo("0.0005");
    assertThat(Fmt.p(0.0001)).isEqualTo("0.0001");
    assertThat(Fmt.p(9.999e-5)).isEqualTo("< 0.0001");
    assertThat(Fmt.p(0.0)).isEqualTo("< 0.0001");
    assertThat(Fmt.p(null)).isEqualTo("–");
    assertThat(Html.esc(Fmt.p(1e-7))).isEqualTo("&lt; 0.0001");
  }

  @Test
  void should_count_one_comparison_in_the_singular() {
    assertThat(Fmt.count(1, "comparison", "comparisons")).isEqualTo("1 comparison");
    assertThat(Fmt.count(3, "comparison", "comparisons")).isEqualTo("3 comparisons");
    assertThat(Fmt.count(0, "comparison", "comparisons")).isEqualTo("0 comparisons");
  }
}
