package dev.caliber.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.Location;
import dev.caliber.internal.StringIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Qrels} held as columns: its views behave as the map of maps they stand for, the builder
 * keeps the first judgment of a pair and says which it was, and lines follow their judgments when
 * a query's lines are not consecutive.
 */
class QrelsTest {
  private static final String F = "qrels.txt";

  private static Location line(long n) {
    return Location.ofLine(F, n);
  }

  @Nested
  class Views {
    private final Qrels qrels;
    private final Map<String, Map<String, Integer>> expected = new LinkedHashMap<>();

    Views() {
      Map<String, Integer> q1 = new LinkedHashMap<>();
      q1.put("Aa", 1); // "Aa" and "BB" share a String hash code
      q1.put("BB", 2);
      q1.put("d3", 0);
      expected.put("q1", q1);
      expected.put("q2", new LinkedHashMap<>());
      expected.put("q3", new LinkedHashMap<>(Map.of("Aa", 3)));
      qrels = Qrels.of(expected);
    }

    @Test
    void should_equal_the_maps_it_was_built_from_in_their_order() {
      assertThat(qrels.asMap()).isEqualTo(expected).hasSameHashCodeAs(expected);
      assertThat(List.copyOf(qrels.asMap().keySet())).containsExactly("q1", "q2", "q3");
      assertThat(qrels.asMap().keySet()).contains("q2").doesNotContain("q9");
      assertThat(qrels.asMap().keySet().size()).isEqualTo(3);
      assertThat(qrels.asMap().keySet().contains(2)).isFalse();
      assertThat(qrels.queryIds()).containsExactly("q1", "q2", "q3");
      assertThatThrownBy(() -> qrels.queryIds().set(0, "x")).isInstanceOf(UnsupportedOperationException.class);
      assertThat(List.copyOf(qrels.row("q1").keySet())).containsExactly("Aa", "BB", "d3");
      assertThat(List.copyOf(qrels.row("q1").values())).containsExactly(1, 2, 0);
      assertThat(qrels.row("q1")).isEqualTo(expected.get("q1")).hasSameHashCodeAs(expected.get("q1"));
      assertThat(qrels.queryCount()).isEqualTo(3);
      assertThat(qrels.size()).isEqualTo(4);
      assertThat(qrels).hasToString("Qrels[3 queries, 4 judgments]");
    }

    @Test
    void should_look_up_each_document_within_its_own_query_only() {
      assertThat(qrels.row("q1").get("Aa")).isEqualTo(1);
      assertThat(qrels.row("q1").get("BB")).isEqualTo(2);
      assertThat(qrels.row("q3").get("Aa")).isEqualTo(3);
      assertThat(qrels.row("q3").get("BB")).isNull();
      assertThat(qrels.row("q3").containsKey("d3")).isFalse();
      assertThat(qrels.row("q1").get(7)).isNull();
      assertThat(qrels.row("q1").containsKey(null)).isFalse();
      assertThat(qrels.row("q2")).isEmpty();
      assertThat(qrels.row("q9")).isNull();
      assertThat(qrels.row(null)).isNull();
      assertThat(qrels.asMap().get("q9")).isNull();
      assertThat(qrels.asMap().get(1)).isNull();
      assertThat(qrels.asMap().containsKey("q2")).isTrue();
      assertThat(qrels.asMap().containsKey(2)).isFalse();
    }

    @Test
    void should_refuse_changes() {
      assertThatThrownBy(() -> qrels.row("q1").put("d9", 1)).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.row("q1").remove("Aa")).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.asMap().put("q9", Map.of())).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.asMap().clear()).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.row("q1").entrySet().iterator().next().setValue(5))
          .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void should_end_its_iterators() {
      var rows = qrels.asMap().entrySet().iterator();
      rows.next();
      rows.next();
      rows.next();
      assertThat(rows.hasNext()).isFalse();
      assertThatThrownBy(rows::next).isInstanceOf(java.util.NoSuchElementException.class);
      var docs = qrels.row("q3").entrySet().iterator();
      assertThat(docs.next()).isEqualTo(Map.entry("Aa", 3));
      assertThatThrownBy(docs::next).isInstanceOf(java.util.NoSuchElementException.class);
    }
  }

  @Nested
  class Builder {
    @Test
    void should_gather_a_query_whose_judgments_are_not_consecutive_keeping_each_line() {
      // GIVEN q1 on lines 1 and 3, q2 on line 2, q3 judged by nothing
      Qrels.Builder b = new Qrels.Builder();
      assertThat(b.add(b.query("q1"), "d7", 1, 1)).isEqualTo(-1);
      assertThat(b.add(b.query("q2"), "d7", 0, 2)).isEqualTo(-1);
      assertThat(b.add(b.query("q1"), "d2", 2, 3)).isEqualTo(-1);
      b.query("q3");
      // WHEN
      Qrels qrels = b.build(F);
      // THEN
      assertThat(List.copyOf(qrels.asMap().keySet())).containsExactly("q1", "q2", "q3");
      assertThat(List.copyOf(qrels.row("q1").keySet())).containsExactly("d7", "d2");
      assertThat(qrels.row("q2")).containsExactly(Map.entry("d7", 0));
      assertThat(qrels.origin().locate("q1")).isEqualTo(line(1));
      assertThat(qrels.origin().locate("q1", "d2")).isEqualTo(line(3));
      assertThat(qrels.origin().locate("q2")).isEqualTo(line(2));
      assertThat(qrels.origin().locate("q2", "d7")).isEqualTo(line(2));
    }

    @Test
    void should_give_the_file_for_paths_that_name_nothing_known() {
      Qrels.Builder b = new Qrels.Builder();
      b.add(b.query("q1"), "d7", 1, 4);
      b.query("q2");
      Origin origin = b.build(F).origin();
      Location file = Location.ofFile(F);
      assertThat(origin.locate()).isEqualTo(file);
      assertThat(origin.locate("q9")).isEqualTo(file);
      assertThat(origin.locate("q9", "d7")).isEqualTo(file);
      assertThat(origin.locate("q2")).as("a query without judgments").isEqualTo(file);
      assertThat(origin.locate(7)).isEqualTo(file);
      assertThat(origin.locate("q1", "d9")).isEqualTo(file);
      assertThat(origin.locate("q1", 0)).isEqualTo(file);
      assertThat(origin.locate("q1", "d7", "x")).isEqualTo(file);
      assertThat(origin.locate("q1", "d7")).isEqualTo(line(4));
    }

    @Test
    void should_keep_the_first_judgment_of_a_pair_and_name_it() {
      // GIVEN
      Qrels.Builder b = new Qrels.Builder();
      int q = b.query("q");
      for (int i = 0; i < 40; i++) {
        b.add(q, "d" + i, i % 3, 10 + i);
      }
      b.add(b.query("r"), "d5", 9, 99);
      // WHEN d5 of q comes again
      int earlier = b.add(q, "d5", 7, 100);
      // THEN
      assertThat(earlier).isEqualTo(5);
      assertThat(b.label(earlier)).isEqualTo(2);
      assertThat(b.line(earlier)).isEqualTo(15);
      assertThat(b.size()).isEqualTo(41);
      assertThat(b.build(F).row("q")).hasSize(40).containsEntry("d5", 2);
    }

    @Test
    void should_name_its_queries_and_refuse_bad_positions() {
      Qrels.Builder b = new Qrels.Builder();
      assertThat(b.query("a")).isZero();
      assertThat(b.query("b")).isEqualTo(1);
      assertThat(b.query("a")).isZero();
      assertThat(b.hasQuery("a")).as("the query at position 0").isTrue();
      assertThat(b.hasQuery("b")).isTrue();
      assertThat(b.hasQuery("c")).isFalse();
      assertThat(b.queryCount()).isEqualTo(2);
      assertThat(b.queryId(1)).isEqualTo("b");
      assertThatThrownBy(() -> b.queryId(2)).isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> b.add(2, "d", 1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> b.add(0, null, 1, 1)).isInstanceOf(NullPointerException.class);
      assertThatThrownBy(() -> b.label(0)).isInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> b.line(0)).isInstanceOf(IndexOutOfBoundsException.class);
      assertThat(b.build(Origin.NONE).origin()).isSameAs(Origin.NONE);
    }

    @Test
    void should_refuse_nulls_given_as_maps() {
      Map<String, Map<String, Integer>> nullRow = new LinkedHashMap<>();
      nullRow.put("q", null);
      assertThatThrownBy(() -> Qrels.of(nullRow)).isInstanceOf(NullPointerException.class).hasMessage("row");
      Map<String, Map<String, Integer>> nullQuery = new LinkedHashMap<>();
      nullQuery.put(null, Map.of());
      assertThatThrownBy(() -> Qrels.of(nullQuery)).isInstanceOf(NullPointerException.class).hasMessage("query ID");
      Map<String, Integer> row = new LinkedHashMap<>();
      row.put(null, 1);
      assertThatThrownBy(() -> Qrels.of(Map.of("q", row))).isInstanceOf(NullPointerException.class).hasMessage("document ID");
      assertThatThrownBy(() -> Qrels.of(Map.of(), null)).isInstanceOf(NullPointerException.class).hasMessage("origin");
    }
  }

  /** One judgment as a file would give it, line numbers counting from 1. */
  record Judgment(String query, String doc, int label) {}

  @Provide
  Arbitrary<List<Judgment>> judgments() {
    // Few distinct IDs, so that queries interleave, pairs repeat and hash codes collide ("Aa"/"BB").
    Arbitrary<String> queries = Arbitraries.of("q1", "q2", "q10", "Aa", "BB", "é");
    Arbitrary<String> docs = Arbitraries.oneOf(Arbitraries.of("Aa", "BB", "C#", "d", "\u00e9", "d\uD83D\uDE00", ""),
        Arbitraries.integers().between(0, 60).map(i -> "d" + i));
    return Combinators.combine(queries, docs, Arbitraries.integers().between(-1, 3))
        .as(Judgment::new).list().ofMaxSize(200);
  }

  @Property
  void equals_a_map_of_maps_built_line_by_line_and_locates_each_first_judgment(
      @ForAll("judgments") List<Judgment> lines) {
    // GIVEN the reference: maps in first-appearance order, the first judgment of a pair kept
    Map<String, Map<String, Integer>> expected = new LinkedHashMap<>();
    Map<String, Integer> firstLine = new LinkedHashMap<>();
    Qrels.Builder b = new Qrels.Builder();
    List<Integer> repeats = new ArrayList<>();
    for (int n = 1; n <= lines.size(); n++) {
      Judgment j = lines.get(n - 1);
      Map<String, Integer> row = expected.computeIfAbsent(j.query(), q -> new LinkedHashMap<>());
      boolean repeat = row.containsKey(j.doc());
      // WHEN
      int earlier = b.add(b.query(j.query()), j.doc(), j.label(), n);
      // THEN
      if (repeat) {
        repeats.add(n);
        assertThat(earlier).isNotNegative();
        assertThat(b.label(earlier)).isEqualTo(row.get(j.doc()));
        assertThat(b.line(earlier)).isEqualTo(firstLine.get(j.query() + "\u0000" + j.doc()));
      } else {
        assertThat(earlier).isEqualTo(-1);
        row.put(j.doc(), j.label());
        firstLine.put(j.query() + "\u0000" + j.doc(), n);
      }
    }
    Statistics.collect(repeats.isEmpty() ? "no repeat" : "a pair repeats");
    Statistics.coverage(c -> c.check("a pair repeats").count(n -> n > 0));
    Qrels qrels = b.build(F);
    assertThat(qrels.asMap()).isEqualTo(expected);
    expected.forEach((q, row) -> {
      assertThat(List.copyOf(qrels.row(q).keySet())).containsExactlyElementsOf(row.keySet());
      row.keySet().forEach(d -> assertThat(qrels.origin().locate(q, d)).isEqualTo(line(firstLine.get(q + "\u0000" + d))));
      if (!row.isEmpty()) {
        String first = row.keySet().iterator().next();
        assertThat(qrels.origin().locate(q)).isEqualTo(line(firstLine.get(q + "\u0000" + first)));
      }
    });
    assertThat(Qrels.of(expected).asMap()).isEqualTo(expected);
  }

  @Nested
  class Bytes {
    private final Qrels qrels;

    Bytes() {
      Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
      Map<String, Integer> q1 = new LinkedHashMap<>();
      q1.put("d1", 2);
      q1.put("r\u00e9sum\u00e9", 1);
      labels.put("q1", q1);
      labels.put("q2", Map.of());
      labels.put("q3", Map.of("d1", 0));
      qrels = Qrels.of(labels);
    }

    @Test
    void should_give_each_query_s_judgments_by_position_with_their_bytes_hash_and_label() {
      int q1 = qrels.queryPosition("q1");
      assertThat(q1).isZero();
      assertThat(qrels.queryPosition("q3")).isEqualTo(2);
      assertThat(qrels.queryPosition("q9")).isEqualTo(-1);
      assertThat(qrels.queryPosition(null)).isEqualTo(-1);
      assertThat(qrels.judgmentsFrom(q1)).isZero();
      assertThat(qrels.judgmentsTo(q1)).isEqualTo(2);
      assertThat(qrels.judgmentsFrom(1)).isEqualTo(qrels.judgmentsTo(1)).isEqualTo(2);
      assertThat(qrels.judgmentsFrom(2)).isEqualTo(2);
      assertThat(qrels.judgmentsTo(2)).isEqualTo(3);
      byte[] resume = utf8("x r\u00e9sum\u00e9 y");
      assertThat(qrels.docEquals(1, resume, 2, resume.length - 2)).isTrue();
      assertThat(qrels.docEquals(1, resume, 2, resume.length - 1)).isFalse();
      assertThat(qrels.docEquals(0, resume, 2, resume.length - 2)).isFalse();
      assertThat(qrels.docHash(1)).isEqualTo(Qrels.hash(resume, 2, resume.length - 2));
      assertThat(qrels.docId(1)).isEqualTo("r\u00e9sum\u00e9");
      assertThat(qrels.label(0)).isEqualTo(2);
      assertThat(qrels.label(2)).isZero();
      assertThat(qrels.docId(2)).isEqualTo("d1");
    }

    @Test
    void should_hash_a_string_as_its_utf8_bytes() {
      for (String s : List.of("", "d1", "968410", "r\u00e9sum\u00e9", "\uD83D\uDE00", "a\u007f", "\u0080")) {
        byte[] b = utf8(s);
        assertThat(Qrels.hash(s)).as(s).isEqualTo(Qrels.hash(b, 0, b.length));
        assertThat(Qrels.sameBytes(s, b, 0, b.length)).as(s).isTrue();
      }
      byte[] d12 = utf8("d12");
      assertThat(Qrels.hash(d12, 0, 3)).isEqualTo((31 * (31 * 'd' + '1') + '2') ^ ((31 * (31 * 'd' + '1') + '2') >>> 16));
      assertThat(Qrels.sameBytes("d1", d12, 0, 3)).isFalse();
      assertThat(Qrels.sameBytes("d12", d12, 0, 2)).isFalse();
      assertThat(Qrels.sameBytes("d2", d12, 0, 2)).isFalse();
      assertThat(Qrels.sameBytes("\u00e9", utf8("\u00e8"), 0, 2)).isFalse();
      assertThat(Qrels.sameBytes("", d12, 1, 1)).isTrue();
      assertThat(Qrels.sameBytes("12", d12, 1, 3)).as("a range that does not start the array").isTrue();
      assertThat(Qrels.sameBytes("d123", d12, 0, 3)).as("a longer string at the array's end").isFalse();
    }

    @Test
    void should_find_a_document_only_among_its_own_query_s_judgments() {
      // GIVEN 3,000 queries, the even ones judging "d" (the pair table then holds many entries for
      // "d", which the probes of other queries pass)
      Qrels.Builder b = new Qrels.Builder();
      for (int i = 0; i < 3000; i++) {
        int q = b.query("q" + i);
        assertThat(b.add(q, "x" + i, 0, i + 1)).isEqualTo(-1);
        if (i % 2 == 0) {
          assertThat(b.add(q, "d", i, i + 1)).as("not a repeat: q%d judges d once", i).isEqualTo(-1);
        }
      }
      Qrels qrels = b.build(F);
      // THEN
      for (int i = 0; i < 3000; i++) {
        Map<String, Integer> row = qrels.row("q" + i);
        assertThat(row.get("x" + i)).as("the query's first judgment").isZero();
        assertThat(row.isEmpty()).isFalse();
        assertThat(row.values().size()).isEqualTo(i % 2 == 0 ? 2 : 1);
        if (i % 2 == 0) {
          assertThat(row.get("d")).isEqualTo(i);
          assertThat(qrels.origin().locate("q" + i, "d")).isEqualTo(line(i + 1));
        } else {
          assertThat(row.get("d")).as("q%d", i).isNull();
          assertThat(row.containsKey("d")).isFalse();
          assertThat(qrels.origin().locate("q" + i, "d")).isEqualTo(Location.ofFile(F));
        }
        assertThat(row.get("x" + (i + 1))).isNull();
      }
    }

    @Test
    void should_build_once() {
      Qrels.Builder b = new Qrels.Builder();
      b.add(b.query("q"), utf8("xd7x"), 1, 3, 1, 1);
      assertThat(b.build(F).row("q")).containsExactly(Map.entry("d7", 1));
      assertThatThrownBy(() -> b.build(F)).isInstanceOf(IllegalStateException.class)
          .hasMessage("illegal second build: a Qrels.Builder builds once");
      assertThatThrownBy(() -> new Qrels.Builder().add(0, new byte[2], 0, 1, 1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
      Qrels.Builder c = new Qrels.Builder();
      int q = c.query("q");
      assertThatThrownBy(() -> c.add(q, new byte[2], 1, 3, 1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void string_index_finds_every_key_as_it_grows_and_nothing_else() {
    String[] keys = new String[3000];
    StringIndex index = new StringIndex(1);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = i % 2 == 0 ? "k" + i : (i % 4 == 1 ? "Aa" : "BB") + i / 4; // "Aa0" and "BB0" collide, and so on
      index.add(keys, i);
      assertThat(index.indexOf(keys, keys[i])).isEqualTo(i);
    }
    for (int i = 0; i < keys.length; i++) {
      assertThat(index.indexOf(keys, keys[i])).isEqualTo(i);
    }
    assertThat(index.indexOf(keys, "k1")).isEqualTo(-1);
    assertThat(index.capacity()).as("at most half full").isBetween(2 * keys.length, 4 * keys.length);
    assertThat(StringIndex.of(keys, 10).indexOf(keys, keys[10])).isEqualTo(-1);
    assertThat(StringIndex.of(keys, 10)).hasToString("StringIndex[10 keys in 32 slots]");
  }
}
