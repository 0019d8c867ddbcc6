package dev.caliber.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import dev.caliber.result.ScoredQuery.Repetition;
import dev.caliber.result.ScoredQuery.Row;
import dev.caliber.result.ScoredQuery.Violation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A scored query is one immutable value: every component travels through serialization, and none can be changed. */
class ScoredQueryTest {
  private static Row row() {
    Map<Integer, Integer> ties = new LinkedHashMap<>();
    ties.put(10, 3);
    ties.put(5, 2); // the scorer's order, kept
    List<Value> values = Arrays.asList(Value.of(1, 3), null, Value.ofDouble(0.25),
        Value.of(Fraction.of(BigInteger.ONE, BigInteger.TEN.pow(25))), new Value(Fraction.of(1, 3), Math.nextUp(1.0 / 3)));
    return new Row(7, 2, 4, values, ties, 3, 2, 1, 1, List.of(1, 2));
  }

  @SuppressWarnings("unchecked")
  private static <T> T roundTrip(T value) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(value);
    }
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      return (T) in.readObject();
    }
  }

  @Test
  void should_come_back_equal_from_serialization_whatever_it_holds() throws Exception {
    // GIVEN a row, a repetition, an unjudged document followed by one outside the corpus, a query outside the set
    List<ScoredQuery> all = List.of(
        new ScoredQuery("q1", 12, null, null, null, row()),
        new ScoredQuery("q é", 40, new Repetition("d1", 3, 43, 1, 41), null, null, null),
        new ScoredQuery("q3", 50, null, new Violation("d2", 0, 50, false), new Violation("x", 2, 52, true), null),
        new ScoredQuery("q4", 0, null, new Violation("x", 1, 0, true), null, null),
        new ScoredQuery("q9", 0, null, null, null, null));
    for (ScoredQuery q : all) {
      // WHEN
      ScoredQuery back = roundTrip(q);
      // THEN every component, the row's values and order included
      assertThat(back).isEqualTo(q).hasSameHashCodeAs(q);
    }
    ScoredQuery back = roundTrip(all.get(0));
    assertThat(back.row().tiesAtCutoff()).containsExactly(Map.entry(10, 3), Map.entry(5, 2));
    assertThat(back.row().values().get(4).decimal()).isEqualTo(Math.nextUp(1.0 / 3));
    assertThat(back.exact(3)).isEqualTo("1/10000000000000000000000000");
    assertThat(back.decimal(1)).isNaN();
    assertThat(back.exact(2)).isNull();
  }

  @Test
  void should_copy_what_it_is_given_and_refuse_changes() {
    // GIVEN lists and a map the caller keeps
    List<Value> values = new ArrayList<>(Arrays.asList(Value.of(1), null));
    Map<Integer, Integer> ties = new LinkedHashMap<>(Map.of(10, 2));
    List<Integer> judged = new ArrayList<>(List.of(1));
    Row row = new Row(1, 1, 0, values, ties, 1, 0, 0, 0, judged);
    // WHEN the caller changes them
    values.set(0, Value.of(0));
    ties.clear();
    judged.add(2);
    // THEN the row is as made, and cannot be changed through its accessors
    assertThat(row.values()).containsExactly(Value.of(1), null);
    assertThat(row.tiesAtCutoff()).containsExactly(Map.entry(10, 2));
    assertThat(row.judgedAtCutoff()).containsExactly(1);
    assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> row.values().set(0, null));
    assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> row.tiesAtCutoff().put(1, 1));
    assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> row.judgedAtCutoff().add(3));
  }

  @Test
  void should_refuse_a_query_with_more_than_one_outcome_or_a_later_document_without_an_unjudged_one() {
    Violation unjudged = new Violation("d", 0, 1, false);
    Violation outside = new Violation("x", 1, 2, true);
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new ScoredQuery("q", 1, new Repetition("d", 1, 2, 0, 1), unjudged, null, null))
        .withMessage("illegal scored query q: at most one of a repetition, a violation and a row");
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new ScoredQuery("q", 1, null, unjudged, null, row()))
        .withMessage("illegal scored query q: at most one of a repetition, a violation and a row");
    for (Violation first : new Violation[] {null, outside}) {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> new ScoredQuery("q", 1, null, first, outside, null))
          .withMessage("illegal scored query q: a later entry outside the corpus follows only an unjudged document");
    }
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new ScoredQuery("q", 1, null, unjudged, unjudged, null));
    assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> new ScoredQuery(null, 1, null, null, null, null));
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new Row(1, 1, 0, List.of(), Map.of(), 0, 0, 0, 0, List.of()))
        .withMessage("illegal first relevant rank: 0, must be >= 1 or null");
  }
}
