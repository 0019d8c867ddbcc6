package dev.caliber.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;
import net.jqwik.api.statistics.Statistics;

/** Invariants of PyJson over arbitrary text. */
class PyJsonProperties {

  @Property
  void code_point_order_agrees_with_comparing_code_point_arrays(
      @ForAll @CharRange(from = '\u0000', to = '\uFFFF') @StringLength(max = 6) String a,
      @ForAll @CharRange(from = '\u0000', to = '\uFFFF') @StringLength(max = 6) String b) {
    int expected = Integer.signum(Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray()));
    assertThat(Integer.signum(PyJson.CODE_POINT_ORDER.compare(a, b))).isEqualTo(expected);
  }

  @Property
  void a_written_string_contains_no_raw_control_character_and_no_unescaped_quote(
      @ForAll @CharRange(from = '\u0000', to = '\u00ff') String s) {
    String body = PyJson.canonical(s);
    String inner = body.substring(1, body.length() - 1);
    assertThat(body).startsWith("\"").endsWith("\"");
    assertThat(inner.chars().noneMatch(c -> c < 0x20)).isTrue();
    assertThat(inner.replace("\\\\", "").replace("\\\"", "")).doesNotContain("\"");
  }

  @Property(tries = 200)
  void text_in_pieces_joins_to_the_whole_and_never_splits_a_surrogate_pair(
      @ForAll @StringLength(max = 40) List<@StringLength(max = 40) String> keys,
      @ForAll @IntRange(min = 0, max = 3000) int repeat) {
    // GIVEN a value whose text is often longer than a piece: {key: [key, key, ...], ...}
    Map<String, Object> value = new LinkedHashMap<>();
    for (String k : keys) {
      value.put(k, Collections.nCopies(repeat % 300, k + "\uD83D\uDE00"));
    }
    value.put("n", Collections.nCopies(repeat, 1));
    Map<String, Object> members = new LinkedHashMap<>();
    for (int i = 0; i < repeat; i++) {
      members.put("k" + i, i);
    }
    value.put("m", members);
    for (boolean pretty : new boolean[] {false, true}) {
      // WHEN
      StringBuilder joined = new StringBuilder();
      List<Integer> sizes = new ArrayList<>();
      Consumer<CharSequence> out = piece -> {
        assertThat(Character.isHighSurrogate(piece.charAt(piece.length() - 1))).isFalse();
        sizes.add(piece.length());
        joined.append(piece);
      };
      if (pretty) {
        PyJson.pretty(value, out);
      } else {
        PyJson.canonical(value, out);
      }
      // THEN
      assertThat(joined.toString()).isEqualTo(pretty ? PyJson.pretty(value) : PyJson.canonical(value));
      for (int i = 0; i + 1 < sizes.size(); i++) {
        assertThat(sizes.get(i)).as("every piece but the last is full").isGreaterThanOrEqualTo(PyJson.CHUNK);
      }
      for (int size : sizes) {
        assertThat(size).as("cut after each member and element").isLessThan(PyJson.CHUNK + 200);
      }
      Statistics.collect(sizes.size() > 1 ? "several pieces" : "one piece");
    }
    Statistics.coverage(c -> c.check("several pieces").count(n -> n > 0));
  }
}
