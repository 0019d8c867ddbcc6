package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** The written-out table is the definition's: every entry recomputed exactly with BigInteger. */
class PowersOfTen128Test {
  @Test
  void every_entry_is_the_truncated_128_bit_power_of_ten() {
    BigInteger mask = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    assertThat(PowersOfTen128.TABLE).hasSize(2 * (PowersOfTen128.MAX_EXP10 - PowersOfTen128.MIN_EXP10 + 1));
    for (int e = PowersOfTen128.MIN_EXP10; e <= PowersOfTen128.MAX_EXP10; e++) {
      BigInteger m;
      if (e >= 0) {
        BigInteger v = BigInteger.TEN.pow(e);
        int shift = v.bitLength() - 128;
        m = shift >= 0 ? v.shiftRight(shift) : v.shiftLeft(-shift);
      } else {
        BigInteger v = BigInteger.TEN.pow(-e);
        // floor(2^(127 + L) / 10^-e) lies in [2^127, 2^128) because 10^-e is not a power of two
        m = BigInteger.ONE.shiftLeft(127 + v.bitLength()).divide(v);
      }
      assertThat(m.bitLength()).as("1e%d has 128 bits", e).isEqualTo(128);
      int i = 2 * (e - PowersOfTen128.MIN_EXP10);
      assertThat(PowersOfTen128.TABLE[i]).as("high bits of 1e%d", e).isEqualTo(m.shiftRight(64).longValue());
      assertThat(PowersOfTen128.TABLE[i + 1]).as("low bits of 1e%d", e).isEqualTo(m.and(mask).longValue());
    }
  }
}
