package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Invariants of exact fractions over arbitrary, also very large, numerators and denominators. */
class FractionProperties {

  @Provide
  Arbitrary<BigInteger> numerators() {
    return Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40));
  }

  @Provide
  Arbitrary<BigInteger> denominators() {
    return Arbitraries.bigIntegers().between(BigInteger.ONE, BigInteger.TEN.pow(40));
  }

  @Property
  void text_round_trips_through_parse(@ForAll("numerators") BigInteger n, @ForAll("denominators") BigInteger d) {
    Fraction f = Fraction.of(n, d);
    assertThat(Fraction.parse(f.toString())).isEqualTo(f);
  }

  @Property
  void lowest_terms_make_equal_values_equal(@ForAll("numerators") BigInteger n, @ForAll("denominators") BigInteger d,
      @ForAll("denominators") BigInteger factor) {
    Fraction a = Fraction.of(n, d);
    Fraction b = Fraction.of(n.multiply(factor), d.multiply(factor));
    assertThat(b).isEqualTo(a);
    assertThat(b.hashCode()).isEqualTo(a.hashCode());
    assertThat(b.compareTo(a)).isZero();
  }

  @Property
  void double_value_is_the_correctly_rounded_quotient(@ForAll("numerators") BigInteger n, @ForAll("denominators") BigInteger d) {
    // 60 significant digits are far more than the 17 a double needs: rounding them is exact here
    double expected = new BigDecimal(n).divide(new BigDecimal(d), new MathContext(60)).doubleValue();
    assertThat(Fraction.of(n, d).doubleValue()).isEqualTo(expected);
  }

  @Property
  void addition_and_subtraction_cancel(@ForAll("numerators") BigInteger n1, @ForAll("denominators") BigInteger d1,
      @ForAll("numerators") BigInteger n2, @ForAll("denominators") BigInteger d2) {
    Fraction a = Fraction.of(n1, d1);
    Fraction b = Fraction.of(n2, d2);
    assertThat(a.plus(b).minus(b)).isEqualTo(a);
    assertThat(a.plus(b).compareTo(a)).isEqualTo(b.signum());
  }
}
