package dev.caliber.qrels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.Location;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
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
import org.junit.jupiter.api.Test;

/**
 * {@link QrelsBuilder}: it keeps the first judgment of a pair and says which it was, gathers a
 * query whose judgments are not consecutive, and its lines follow their judgments into the built
 * {@link Qrels}' origin.
 */
class QrelsBuilderTest {
  private static final String F = "qrels.txt";

  private static Location line(long n) {
    return Location.ofLine(F, n);
  }

  @Test
  void should_gather_a_query_whose_judgments_are_not_consecutive_keeping_each_line() {
    // GIVEN q1 on lines 1 and 3, q2 on line 2, q3 judged by nothing
    QrelsBuilder b = new QrelsBuilder();
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
    QrelsBuilder b = new QrelsBuilder();
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
    QrelsBuilder b = new QrelsBuilder();
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
    QrelsBuilder b = new QrelsBuilder();
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
    QrelsBuilder b = new QrelsBuilder();
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

  @Test
  void should_find_a_document_only_among_its_own_query_s_judgments() {
    // GIVEN 3,000 queries, the even ones judging "d" (the pair table then holds many entries for
    // "d", which the probes of other queries pass)
    QrelsBuilder b = new QrelsBuilder();
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
    QrelsBuilder b = new QrelsBuilder();
    b.add(b.query("q"), utf8("xd7x"), 1, 3, 1, 1);
    assertThat(b.build(F).row("q")).containsExactly(Map.entry("d7", 1));
    assertThatThrownBy(() -> b.build(F)).isInstanceOf(IllegalStateException.class)
        .hasMessage("illegal second build: a QrelsBuilder builds once");
    assertThatThrownBy(() -> new QrelsBuilder().add(0, new byte[2], 0, 1, 1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
    QrelsBuilder c = new QrelsBuilder();
    int q = c.query("q");
    assertThatThrownBy(() -> c.add(q, new byte[2], 1, 3, 1, 1)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
