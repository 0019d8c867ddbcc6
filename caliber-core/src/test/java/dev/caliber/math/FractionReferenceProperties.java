package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every operation of {@link Fraction} against a reference that knows only BigInteger, on parts
 * chosen near the edges of the two-longs representation: Long.MIN_VALUE (whose negation does not
 * fit), Long.MAX_VALUE, 2^31, 2^52 and 2^53 (where a double stops being exact), sqrt(Long.MAX_VALUE)
 * (where products overflow), and values with large common factors (for the gcd reduction). The
 * generators aim at those edges, so 100 tries per property cover them.
 */
class FractionReferenceProperties {
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

  /** n/d in lowest terms with d > 0, by BigInteger alone. */
  record Ref(BigInteger n, BigInteger d) {
    static Ref of(BigInteger n, BigInteger d) {
      if (d.signum() < 0) {
        n = n.negate();
        d = d.negate();
      }
      BigInteger g = n.gcd(d);
      return new Ref(n.divide(g), d.divide(g));
    }

    Ref plus(Ref o) {
      return of(n.multiply(o.d).add(o.n.multiply(d)), d.multiply(o.d));
    }

    Ref times(Ref o) {
      return of(n.multiply(o.n), d.multiply(o.d));
    }

    int compareTo(Ref o) {
      return n.multiply(o.d).compareTo(o.n.multiply(d));
    }

    String text() {
      return d.equals(BigInteger.ONE) ? n.toString() : n + "/" + d;
    }

    double doubleValue() {
      // 400 significant digits hold every midpoint between doubles these operands can reach, and
      // a quotient that is not one lies further from it than 10^-400 (d is below 2^130)
      return new BigDecimal(n).divide(new BigDecimal(d), new MathContext(400)).doubleValue();
    }
  }

  /** Asserts that {@code f} is exactly {@code r}, through every accessor. */
  private static void assertSame(Fraction f, Ref r) {
    assertThat(f.numerator()).isEqualTo(r.n());
    assertThat(f.denominator()).isEqualTo(r.d());
    assertThat(f).hasToString(r.text());
    assertThat(f.signum()).isEqualTo(r.n().signum());
    // the same value built from BigIntegers, and parsed from its text, is equal with the same hash
    Fraction big = Fraction.of(r.n(), r.d());
    assertThat(f).isEqualTo(big).hasSameHashCodeAs(big);
    assertThat(big).isEqualTo(f);
    assertThat(Fraction.parse(r.text())).isEqualTo(f);
    assertThat(f.compareTo(big)).isZero();
  }

  @Provide
  Arbitrary<Long> edgeLongs() {
    long twoTo52 = 1L << 52;
    long twoTo53 = 1L << 53;
    long sqrtMax = 3_037_000_499L; // floor(sqrt(Long.MAX_VALUE))
    Arbitrary<Long> edges = Arbitraries.of(0L, 1L, -1L, 2L, -2L, 3L, 6L, Long.MIN_VALUE, Long.MIN_VALUE + 1,
        Long.MIN_VALUE / 2, Long.MAX_VALUE, Long.MAX_VALUE - 1, Long.MAX_VALUE / 3, 1L << 31, -(1L << 31),
        1L << 32, twoTo52 - 1, twoTo52, -twoTo52, twoTo52 + 1, twoTo53 - 1, twoTo53, twoTo53 + 1, -(twoTo53 + 1),
        1L << 62, -(1L << 62), sqrtMax, sqrtMax + 1, -sqrtMax - 1, 9_007_199_254_740_995L);
    Arbitrary<Long> nearEdges = Combinators.combine(Arbitraries.longs().between(-50, 50),
        Arbitraries.of(Long.MAX_VALUE, Long.MIN_VALUE, 1L << 52, 1L << 53, -(1L << 53))).as((k, base) -> base - (base > 0 ? k * k : -k * k));
    // a small factor times a power of two or three: shares large common factors with others
    Arbitrary<Long> factored = Combinators.combine(Arbitraries.longs().between(-7, 7), Arbitraries.integers().between(0, 60))
        .as((k, e) -> k * (e % 2 == 0 ? 1L << e : pow3(e)));
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, edges),
        net.jqwik.api.Tuple.of(2, nearEdges),
        net.jqwik.api.Tuple.of(2, factored),
        net.jqwik.api.Tuple.of(2, Arbitraries.longs()),
        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(-100, 100)));
  }

  private static long pow3(int e) {
    long p = 1;
    for (int i = 0; i < Math.min(e, 39); i++) {
      p *= 3; // 3^39 < 2^63
    }
    return p;
  }

  @Provide
  Arbitrary<Fraction> fractions() {
    // from two longs, from BigIntegers just beyond the long range, and as results of arithmetic
    Arbitrary<Long> nonZero = edgeLongs().filter(d -> d != 0);
    return Combinators.combine(edgeLongs(), nonZero, Arbitraries.integers().between(0, 2)).as((n, d, form) -> switch (form) {
      case 0 -> Fraction.of(n, d);
      case 1 -> Fraction.of(BigInteger.valueOf(n).multiply(BigInteger.valueOf(3)), BigInteger.valueOf(d).shiftLeft(1));
      default -> Fraction.of(BigInteger.valueOf(n).subtract(LONG_MAX), BigInteger.valueOf(d));
    });
  }

  private static Ref ref(Fraction f) {
    return new Ref(f.numerator(), f.denominator());
  }

  @Property(tries = 100)
  void of_two_longs_is_the_reduced_fraction(@ForAll("edgeLongs") long n, @ForAll("edgeLongs") long d) {
    if (d == 0) {
      return;
    }
    assertSame(Fraction.of(n, d), Ref.of(BigInteger.valueOf(n), BigInteger.valueOf(d)));
  }

  @Property(tries = 100)
  void of_one_long_is_that_integer(@ForAll("edgeLongs") long n) {
    assertSame(Fraction.of(n), Ref.of(BigInteger.valueOf(n), BigInteger.ONE));
  }

  @Property(tries = 100)
  void arithmetic_agrees_with_the_big_integer_reference(@ForAll("fractions") Fraction a, @ForAll("fractions") Fraction b) {
    Ref x = ref(a);
    Ref y = ref(b);
    assertSame(a.plus(b), x.plus(y));
    assertSame(a.minus(b), x.plus(new Ref(y.n().negate(), y.d())));
    assertSame(a.times(b), x.times(y));
    assertSame(a.negate(), new Ref(x.n().negate(), x.d()));
    assertThat(Integer.signum(a.compareTo(b))).isEqualTo(x.compareTo(y));
    assertThat(a.equals(b)).isEqualTo(x.equals(y));
    assertThat(a.doubleValue()).isEqualTo(x.doubleValue());
  }

  @Property(tries = 100)
  void divided_by_a_long_agrees_with_the_big_integer_reference(@ForAll("fractions") Fraction a,
      @ForAll("edgeLongs") long divisor) {
    if (divisor == 0) {
      return;
    }
    Ref x = ref(a);
    assertSame(a.dividedBy(divisor), Ref.of(x.n(), x.d().multiply(BigInteger.valueOf(divisor))));
  }

  @Example
  void an_exact_average_precision_sum_divided_by_counts_that_share_its_factors_is_the_reference() {
    // sum of k / (3k - 1) for k = 1..400: parts of hundreds of digits, as an AP's over ranks below 1,200
    FractionSum sum = new FractionSum();
    for (int k = 1; k <= 400; k++) {
      sum.add(Fraction.of(k, 3L * k - 1));
    }
    Fraction big = sum.snapshot();
    assertThat(big.denominator().bitLength()).isGreaterThan(500);
    for (long divisor : new long[] {1, 2, 3, 12, 400, -7, 1L << 40, 999_999_937L, Long.MAX_VALUE, Long.MIN_VALUE}) {
      assertSame(big.dividedBy(divisor), Ref.of(big.numerator(), big.denominator().multiply(BigInteger.valueOf(divisor))));
    }
  }

  @Property(tries = 100)
  void sums_agree_with_folding_the_reference(@ForAll("fractions") Fraction a, @ForAll("fractions") Fraction b,
      @ForAll("fractions") Fraction c) {
    FractionSum sum = new FractionSum();
    sum.add(a);
    sum.add(b);
    sum.add(c);
    sum.add(b);
    assertSame(sum.snapshot(), ref(a).plus(ref(b)).plus(ref(c)).plus(ref(b)));
  }

  @Property(tries = 100)
  void long_sums_agree_with_the_big_integer_path_where_they_overflow(@ForAll("longFractionLists") java.util.List<Fraction> fs) {
    // GIVEN values whose common denominator may or may not outgrow a long (small denominators,
    // products of primes near 2^31, and parts near the long range), added one by one
    FractionSum sum = new FractionSum();
    Ref reference = new Ref(BigInteger.ZERO, BigInteger.ONE);
    for (Fraction f : fs) {
      // WHEN the long path adds them (and moves to BigIntegers on the first overflow)
      sum.add(f);
      reference = reference.plus(ref(f));
      // THEN every prefix is the BigInteger reference's sum
      assertSame(sum.snapshot(), reference);
    }
  }

  @Provide
  Arbitrary<java.util.List<Fraction>> longFractionLists() {
    Arbitrary<Long> numerators = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.longs().between(-3, 3)),
        net.jqwik.api.Tuple.of(1, edgeLongs()));
    Arbitrary<Long> denominators = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, Arbitraries.longs().between(1, 1000)),
        net.jqwik.api.Tuple.of(2, Arbitraries.of(2_147_483_647L, 2_147_483_629L, 4_294_967_291L, 3_037_000_493L)),
        net.jqwik.api.Tuple.of(1, edgeLongs().filter(d -> d != 0)));
    return Combinators.combine(numerators, denominators).as(Fraction::of).list().ofMinSize(1).ofMaxSize(40);
  }

  @Property(tries = 100)
  void values_just_beyond_the_long_range_round_trip_and_compare(@ForAll("edgeLongs") long k) {
    // GIVEN k - 2^63 - 1 and k + 2^63 (one of them outside the long range unless k is small)
    BigInteger below = BigInteger.valueOf(k).add(LONG_MIN).subtract(BigInteger.ONE);
    BigInteger above = BigInteger.valueOf(k).subtract(LONG_MIN);
    Fraction lo = Fraction.of(below, BigInteger.ONE);
    Fraction hi = Fraction.of(above, BigInteger.ONE);
    // THEN
    assertSame(lo, Ref.of(below, BigInteger.ONE));
    assertSame(hi, Ref.of(above, BigInteger.ONE));
    assertThat(lo).isLessThan(hi);
    assertThat(lo.negate().negate()).isEqualTo(lo);
    assertSame(hi.minus(lo), Ref.of(above.subtract(below), BigInteger.ONE));
  }

  @Example
  void big_values_are_equal_only_when_both_parts_are() {
    // GIVEN 2^64 + 1 (prime to 3 and 7) over 3 and over 7, and 2^64 + 3 over 3
    BigInteger big = BigInteger.TWO.pow(64).add(BigInteger.ONE);
    Fraction a = Fraction.of(big, BigInteger.valueOf(3));
    Fraction sameNumerator = Fraction.of(big, BigInteger.valueOf(7));
    Fraction sameDenominator = Fraction.of(big.add(BigInteger.TWO), BigInteger.valueOf(3));
    // THEN
    assertThat(a).isNotEqualTo(sameNumerator).isNotEqualTo(sameDenominator).isNotEqualTo(Fraction.of(1, 3));
    assertThat(a).isEqualTo(Fraction.parse(big + "/3")).hasToString("18446744073709551617/3");
    assertThat(Fraction.of(1, 3)).isNotEqualTo(a);
  }

  @Example
  void long_min_value_negates_beyond_the_long_range_and_back() {
    Fraction min = Fraction.of(Long.MIN_VALUE);
    assertThat(min.negate()).hasToString("9223372036854775808");
    assertThat(min.negate().negate()).isEqualTo(min).hasToString("-9223372036854775808");
    assertThat(Fraction.of(Long.MIN_VALUE, -1)).isEqualTo(min.negate());
    assertThat(Fraction.of(Long.MIN_VALUE, 3).negate()).hasToString("9223372036854775808/3");
    assertThat(Fraction.of(Long.MIN_VALUE, Long.MIN_VALUE)).isEqualTo(Fraction.ONE);
    assertThat(Fraction.of(-1, Long.MIN_VALUE)).hasToString("1/9223372036854775808");
    assertThat(Fraction.of(6, Long.MIN_VALUE)).hasToString("-3/4611686018427387904");
  }

  @Example
  void minus_two_to_the_52_over_a_small_denominator_converts_by_one_division() {
    // -2^52 has 53 bits as a magnitude but 52 as a BigInteger: the second exact-double case
    assertThat(Fraction.of(-(1L << 52), 3).doubleValue()).isEqualTo(-4503599627370496.0 / 3.0);
    assertThat(Fraction.of(-(1L << 52), 1).doubleValue()).isEqualTo(-4503599627370496.0);
  }
}
