package dev.caliber.json;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

/**
 * Python's repr of a double, the fast way (Schubfach's shortest digits) against the definition
 * (the exact value rounded at each precision until it reads back), and the text read back.
 */
class PyJsonReprProperties {

  @Property(tries = 20_000)
  void should_write_any_double_as_the_definition_does_and_read_back_as_itself(@ForAll long bits) {
    double d = Double.longBitsToDouble(bits);
    if (!Double.isFinite(d) || d == 0) {
      return;
    }
    String repr = PyJson.repr(d);
    if (!powerOfTwo(d)) {
      assertThat(repr).isEqualTo(PyFloat.reprExact(d));
    }
    assertThat(Double.parseDouble(repr)).isEqualTo(d);
  }

  @Property(tries = 20_000)
  void should_write_the_same_decimal_without_an_exponent_for_run_lines(@ForAll long bits) {
    double d = Double.longBitsToDouble(bits);
    if (!Double.isFinite(d)) {
      return;
    }
    String plain = PyJson.plain(d);
    assertThat(plain).doesNotContain("e", "E");
    assertThat(Double.parseDouble(plain)).isEqualTo(d == 0 ? 0.0 : d);
    if (d != 0) {
      assertThat(new java.math.BigDecimal(plain)).isEqualByComparingTo(new java.math.BigDecimal(PyJson.repr(d)));
    }
  }

  @Property(tries = 5_000)
  void should_write_scores_as_runs_have_them(@ForAll @DoubleRange(min = -1e6, max = 1e6) double d) {
    if (d == 0) {
      return;
    }
    assertThat(PyJson.repr(d)).isEqualTo(PyFloat.reprExact(d));
  }

  /**
   * At a power of two the interval of decimals that read back as d is twice as wide above d as
   * below, so a shortest decimal may lie above d farther away than the closest one of its length
   * below, which falls outside: Python writes it (2^-97 is 6.310887241768095e-30, 16 digits), while
   * rounding the exact value at each length finds 17 digits first. The fast path is Python's; the
   * definition's loop is only the reference away from powers of two (52 of the 2,046 normal powers
   * differ, counted with python3).
   */
  @Property(tries = 2_000)
  void should_be_no_longer_than_the_rounded_value_at_powers_of_two_and_read_back(
      @ForAll @IntRange(min = -1022, max = 1023) int e, @ForAll @IntRange(min = -2, max = 2) int ulps) {
    double d = Math.scalb(1.0, e);
    for (int i = 0; i < Math.abs(ulps); i++) {
      d = ulps < 0 ? Math.nextDown(d) : Math.nextUp(d);
    }
    String repr = PyJson.repr(d);
    assertThat(Double.parseDouble(repr)).isEqualTo(d);
    if (powerOfTwo(d)) {
      assertThat(significant(repr)).isLessThanOrEqualTo(significant(PyFloat.reprExact(d)));
    } else {
      assertThat(repr).isEqualTo(PyFloat.reprExact(d));
    }
  }

  private static boolean powerOfTwo(double d) {
    return (Double.doubleToRawLongBits(d) & 0x000F_FFFF_FFFF_FFFFL) == 0;
  }

  private static int significant(String repr) {
    String m = repr.replace("-", "").split("e")[0].replace(".", "").replaceFirst("^0+", "");
    return m.replaceFirst("0+$", "").length();
  }
}
