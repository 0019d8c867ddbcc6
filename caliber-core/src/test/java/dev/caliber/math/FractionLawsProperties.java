package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Fraction arithmetic checked against the definition: a/b = c/d exactly when a*d = c*b, computed
 * independently with BigInteger cross-multiplication.
 */
class FractionLawsProperties {

  /** A numerator and a non-zero denominator, not reduced. */
  record Q(BigInteger n, BigInteger d) {
    Fraction value() {
      return Fraction.of(n, d);
    }
  }

  @Provide
  Arbitrary<Q> rationals() {
    Arbitrary<BigInteger> numerators = Arbitraries.oneOf(
        Arbitraries.longs().between(-50, 50).map(BigInteger::valueOf),
        Arbitraries.longs().map(BigInteger::valueOf),
        Arbitraries.bigIntegers().between(BigInteger.TWO.pow(70).negate(), BigInteger.TWO.pow(70)));
    Arbitrary<BigInteger> denominators = numerators.filter(d -> d.signum() != 0);
    return Combinators.combine(numerators, denominators).as(Q::new);
  }

  /** Whether {@code f} is exactly {@code n/d}: f.num * d == n * f.den. */
  private static boolean represents(Fraction f, BigInteger n, BigInteger d) {
    return f.numerator().multiply(d).equals(n.multiply(f.denominator()));
  }

  @Property
  void of_gives_lowest_terms_with_a_positive_denominator_and_the_same_value(@ForAll("rationals") Q q) {
    Fraction f = q.value();
    assertThat(f.denominator().signum()).isPositive();
    assertThat(f.numerator().gcd(f.denominator())).isEqualTo(BigInteger.ONE);
    assertThat(represents(f, q.n(), q.d())).isTrue();
  }

  @Property
  void equal_exactly_when_cross_products_are_equal(@ForAll("rationals") Q a, @ForAll("rationals") Q b) {
    boolean crossEqual = a.n().multiply(b.d()).equals(b.n().multiply(a.d()));
    assertThat(a.value().equals(b.value())).isEqualTo(crossEqual);
    if (crossEqual) {
      assertThat(a.value().hashCode()).isEqualTo(b.value().hashCode());
      assertThat(a.value().compareTo(b.value())).isZero();
    }
  }

  @Property
  void compare_to_has_the_sign_of_the_cross_difference(@ForAll("rationals") Q a, @ForAll("rationals") Q b) {
    // a/b - c/d has the sign of (a*d - c*b) * b * d
    BigInteger cross = a.n().multiply(b.d()).subtract(b.n().multiply(a.d()));
    int expected = cross.signum() * a.d().signum() * b.d().signum();
    assertThat(Integer.signum(a.value().compareTo(b.value()))).isEqualTo(expected);
    assertThat(a.value().signum()).isEqualTo(a.n().signum() * a.d().signum());
  }

  @Property
  void plus_minus_and_times_agree_with_cross_multiplication(@ForAll("rationals") Q a, @ForAll("rationals") Q b) {
    BigInteger dd = a.d().multiply(b.d());
    assertThat(represents(a.value().plus(b.value()), a.n().multiply(b.d()).add(b.n().multiply(a.d())), dd)).isTrue();
    assertThat(represents(a.value().minus(b.value()), a.n().multiply(b.d()).subtract(b.n().multiply(a.d())), dd)).isTrue();
    assertThat(represents(a.value().times(b.value()), a.n().multiply(b.n()), dd)).isTrue();
    assertThat(represents(a.value().negate(), a.n().negate(), a.d())).isTrue();
  }

  @Property
  void addition_and_multiplication_are_commutative_and_associative(
      @ForAll("rationals") Q a, @ForAll("rationals") Q b, @ForAll("rationals") Q c) {
    Fraction x = a.value();
    Fraction y = b.value();
    Fraction z = c.value();
    assertThat(x.plus(y)).isEqualTo(y.plus(x));
    assertThat(x.times(y)).isEqualTo(y.times(x));
    assertThat(x.plus(y).plus(z)).isEqualTo(x.plus(y.plus(z)));
    assertThat(x.times(y).times(z)).isEqualTo(x.times(y.times(z)));
    assertThat(x.times(y.plus(z))).isEqualTo(x.times(y).plus(x.times(z)));
    assertThat(x.plus(Fraction.ZERO)).isEqualTo(x);
    assertThat(x.times(Fraction.ONE)).isEqualTo(x);
    assertThat(x.minus(x)).isEqualTo(Fraction.ZERO);
    assertThat(x.negate().negate()).isEqualTo(x);
  }

  @Property
  void divided_by_an_integer_multiplies_the_denominator(
      @ForAll("rationals") Q a, @ForAll @LongRange(min = -1000, max = 1000) long divisor) {
    if (divisor == 0) {
      return;
    }
    assertThat(represents(a.value().dividedBy(divisor), a.n(), a.d().multiply(BigInteger.valueOf(divisor)))).isTrue();
  }

  @Property
  void to_string_and_parse_round_trip(@ForAll("rationals") Q a) {
    Fraction f = a.value();
    String text = f.toString();
    assertThat(Fraction.parse(text)).isEqualTo(f);
    // Python's str(Fraction): "n" when the denominator is 1, else "n/d"
    assertThat(text).isEqualTo(f.denominator().equals(BigInteger.ONE) ? f.numerator().toString()
        : f.numerator() + "/" + f.denominator());
  }

  @Property
  void double_value_is_the_nearest_double(@ForAll("rationals") Q a) {
    // GIVEN the exact value and the double caliber returns
    BigDecimal exact = new BigDecimal(a.n()).divide(new BigDecimal(a.d()), new MathContext(200));
    double got = a.value().doubleValue();
    // THEN neither neighbour of that double is closer to the exact value
    BigDecimal error = exact.subtract(new BigDecimal(got)).abs();
    assertThat(error).isLessThanOrEqualTo(exact.subtract(new BigDecimal(Math.nextUp(got))).abs());
    assertThat(error).isLessThanOrEqualTo(exact.subtract(new BigDecimal(Math.nextDown(got))).abs());
  }

  @Property
  void small_fractions_from_longs_equal_fractions_from_big_integers(
      @ForAll @IntRange(min = -100, max = 100) int n, @ForAll @IntRange(min = 1, max = 100) int d) {
    assertThat(Fraction.of(n, d)).isEqualTo(Fraction.of(BigInteger.valueOf(n), BigInteger.valueOf(d)));
    assertThat(Fraction.of(n, -d)).isEqualTo(Fraction.of(-n, d));
    assertThat(Fraction.of(n)).isEqualTo(Fraction.of(n, 1));
  }
}
