package dev.caliber.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The canonical JSON behind every fingerprint orders keys as Python orders {@code str}: by code
 * point. That differs from Java's {@code String.compareTo} (UTF-16 code units) exactly when a
 * supplementary character such as U+1F600 meets a BMP character above the surrogates such as
 * U+FFFD, so the generated strings are rich in both.
 */
class PyJsonOrderProperties {

  @Provide
  Arbitrary<String> strings() {
    Arbitrary<Integer> codePoints = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0x61, 0x63)),
        net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0x20, 0x7E)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0x00, 0x1F)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0x7F, 0x2FF)),
        net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0x4E00, 0x4E10)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0xE000, 0xFFFF)),
        net.jqwik.api.Tuple.of(2, Arbitraries.of(0xFFFD, 0xFFFF, 0xE000, 0x1F600, 0x10000, 0x10FFFF)),
        net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0x10000, 0x10FFFF)));
    return codePoints.list().ofMaxSize(4).map(cps -> {
      StringBuilder sb = new StringBuilder();
      cps.forEach(sb::appendCodePoint);
      return sb.toString();
    });
  }

  /** The order Python's sorted() gives str: lexicographic over code points. */
  private static int byCodePoint(String a, String b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }

  @Property
  void canonical_key_order_is_code_point_order(@ForAll("keySets") Set<String> keys) {
    // GIVEN a map whose insertion order is the generator's (arbitrary) order
    Map<String, Object> map = new LinkedHashMap<>();
    keys.forEach(k -> map.put(k, 1));
    // WHEN
    List<String> written = new ArrayList<>(parse(PyJson.canonical(map)).members().keySet());
    // THEN
    List<String> expected = new ArrayList<>(keys);
    expected.sort(PyJsonOrderProperties::byCodePoint);
    assertThat(written).containsExactlyElementsOf(expected);
  }

  @Provide
  Arbitrary<Set<String>> keySets() {
    return strings().set().ofMaxSize(8);
  }

  @Property
  void the_code_point_comparator_agrees_with_python(@ForAll("strings") String a, @ForAll("strings") String b) {
    assertThat(Integer.signum(PyJson.CODE_POINT_ORDER.compare(a, b))).isEqualTo(Integer.signum(byCodePoint(a, b)));
  }

  /** Strings with lone surrogates too, which a Python str can hold (and JSON cannot be written with). */
  @Provide
  Arbitrary<String> stringsWithLoneSurrogates() {
    Arbitrary<String> lone = Arbitraries.integers().between(0xD800, 0xDFFF).map(c -> String.valueOf((char) c.intValue()));
    return Arbitraries.oneOf(strings(), lone).list().ofMaxSize(3).map(parts -> String.join("", parts));
  }

  @Property
  void the_code_point_comparator_agrees_with_python_around_lone_surrogates(
      @ForAll("stringsWithLoneSurrogates") String a, @ForAll("stringsWithLoneSurrogates") String b) {
    assertThat(Integer.signum(PyJson.CODE_POINT_ORDER.compare(a, b))).isEqualTo(Integer.signum(byCodePoint(a, b)));
    assertThat(Integer.signum(PyJson.CODE_POINT_ORDER.compare(a + "x", a + b))).isEqualTo(Integer.signum(byCodePoint(a + "x", a + b)));
  }

  @Property
  void canonical_strings_read_back_unchanged(@ForAll("strings") String s) {
    String json = PyJson.canonical(s);
    assertThat(parse(json).text()).isEqualTo(s);
    // ensure_ascii=False: nothing but the escapes JSON requires
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c != '"' && c != '\\') {
        assertThat(json).contains(String.valueOf(c));
      }
    }
    assertThat(PyJson.pretty(s)).isEqualTo(json);
  }

  private static JsonValue parse(String json) {
    try {
      return JsonReader.parse("canonical", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
