package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link Fields#splitOnBlanks}, eight bytes at a time, against the plain byte-by-byte rule. */
class FieldsProperties {

  @Property(tries = 20_000)
  void splits_exactly_as_the_byte_by_byte_rule(@ForAll("lines") byte[] bytes, @ForAll("offsets") int offset) {
    // GIVEN the line at an offset in a larger buffer (a block holds many lines)
    byte[] buffer = new byte[offset + bytes.length + offset];
    java.util.Arrays.fill(buffer, (byte) 'x');
    System.arraycopy(bytes, 0, buffer, offset, bytes.length);
    Line line = new Line() {
      @Override
      public String source() {
        return "t";
      }

      @Override
      public long lineNumber() {
        return 1;
      }

      @Override
      public byte[] bytes() {
        return buffer;
      }

      @Override
      public int start() {
        return offset;
      }

      @Override
      public int end() {
        return offset + bytes.length;
      }
    };
    Fields fields = new Fields();
    // WHEN
    Throwable thrown = catchThrowable(() -> fields.splitOnBlanks(line));
    // THEN
    int control = -1;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] >= 0 && bytes[i] < 0x20 && bytes[i] != '\t') {
        control = i;
        break;
      }
    }
    if (control >= 0) {
      assertThat(thrown).isNotNull().hasMessageContaining("control character");
      return;
    }
    assertThat(thrown).isNull();
    List<int[]> expected = new ArrayList<>();
    int from = -1;
    for (int i = 0; i <= bytes.length; i++) {
      boolean blank = i == bytes.length || bytes[i] == ' ' || bytes[i] == '\t';
      if (!blank && from < 0) {
        from = i;
      } else if (blank && from >= 0) {
        expected.add(new int[] {from + offset, i + offset});
        from = -1;
      }
    }
    assertThat(fields.count()).isEqualTo(expected.size());
    for (int c = 0; c < Math.min(expected.size(), Fields.STORED); c++) {
      assertThat(new int[] {fields.start(c), fields.end(c)}).as("column %d", c).isEqualTo(expected.get(c));
    }
  }

  @Provide
  Arbitrary<byte[]> lines() {
    // Mostly blanks and printable bytes, some UTF-8 lead and continuation bytes, DEL, and rarely a control byte.
    Arbitrary<Byte> b = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(30, Arbitraries.of((byte) ' ', (byte) '\t')),
        net.jqwik.api.Tuple.of(60, Arbitraries.bytes().between((byte) 0x21, (byte) 0x7F)),
        net.jqwik.api.Tuple.of(8, Arbitraries.of((byte) 0xC3, (byte) 0xA9, (byte) 0xE6, (byte) 0x97, (byte) 0xA5, (byte) 0x80, (byte) 0xFF)),
        net.jqwik.api.Tuple.of(2, Arbitraries.bytes().between((byte) 0, (byte) 0x1F)));
    return b.array(byte[].class).ofMinSize(0).ofMaxSize(80);
  }

  @Provide
  Arbitrary<Integer> offsets() {
    return Arbitraries.integers().between(0, 9);
  }

  @Property(tries = 5_000)
  void same_gives_what_arrays_equals_gives(@ForAll @net.jqwik.api.constraints.Size(max = 40) byte[] bytes,
      @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 40) int from,
      @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 40) int length,
      @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 5) int shift,
      @ForAll @net.jqwik.api.constraints.IntRange(min = -1, max = 40) int flip, @ForAll boolean longer) {
    // the same bytes elsewhere in another array (so equal ranges are common), one byte changed or
    // the range one longer now and then
    int aFrom = Math.min(from, bytes.length);
    int aTo = Math.min(aFrom + length, bytes.length);
    byte[] other = new byte[shift + bytes.length + 1];
    System.arraycopy(bytes, 0, other, shift, bytes.length);
    int bFrom = aFrom + shift;
    int bTo = aTo + shift + (longer ? 1 : 0);
    if (flip >= 0 && aFrom + flip < aTo) {
      other[bFrom + flip] ^= (byte) (1 << (flip % 8));
    }
    net.jqwik.api.statistics.Statistics.collect(java.util.Arrays.equals(bytes, aFrom, aTo, other, bFrom, bTo) ? "equal" : "unequal");
    assertThat(Fields.same(bytes, aFrom, aTo, other, bFrom, bTo))
        .isEqualTo(java.util.Arrays.equals(bytes, aFrom, aTo, other, bFrom, bTo));
  }
}
