package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.math.Fraction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** A measure's value: exact or a double, always finite, and says which. */
class ValueTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
  void should_reject_a_value_that_is_not_finite(double d) {
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> Value.ofDouble(d))
        .withMessage("illegal value " + d + ", must be finite");
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new Value(Fraction.ONE, d))
        .withMessage("illegal value " + d + ", must be finite");
  }

  @Test
  void should_name_the_non_finite_value_in_the_message() {
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> Value.ofDouble(Double.NaN))
        .withMessage("illegal value NaN, must be finite");
  }

  @Test
  void should_keep_an_exact_value_and_its_nearest_double() {
    // WHEN
    Value v = Value.of(5, 6);
    // THEN
    assertThat(v.isExact()).isTrue();
    assertThat(v.exact()).isEqualTo(Fraction.of(5, 6));
    assertThat(v.decimal()).isEqualTo(5.0 / 6.0);
    assertThat(v).hasToString("5/6");
  }

  @Test
  void should_reduce_an_exact_ratio_and_print_integers_plainly() {
    assertThat(Value.of(3, 6)).hasToString("1/2").isEqualTo(Value.of(Fraction.of(1, 2)));
    assertThat(Value.of(2)).hasToString("2");
    assertThat(Value.of(0)).hasToString("0");
    assertThat(Value.of(0, 7)).isEqualTo(Value.of(0));
  }

  @Test
  void should_say_a_double_is_not_exact() {
    Value v = Value.ofDouble(0.25);
    assertThat(v.isExact()).isFalse();
    assertThat(v.exact()).isNull();
    assertThat(v).hasToString("0.25");
    assertThat(v).isNotEqualTo(Value.of(1, 4));
  }

  @Test
  void should_refuse_a_null_fraction() {
    assertThatExceptionOfType(NullPointerException.class)
        .isThrownBy(() -> Value.of((Fraction) null))
        .withMessage("f");
  }

  @Test
  void should_keep_a_trec_style_double_beside_an_exact_value() {
    Value v = new Value(Fraction.of(7, 12), 0.5833333333333333);
    assertThat(v.exact()).isEqualTo(Fraction.of(7, 12));
    assertThat(v.decimal()).isEqualTo(0.5833333333333333);
    assertThat(v).hasToString("7/12");
  }
}
