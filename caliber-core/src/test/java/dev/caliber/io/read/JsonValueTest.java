package dev.caliber.io.read;

import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Typed access to a parsed value, and path lookups. */
class JsonValueTest {
  private static final JsonValue ROOT = json("x.json", "{\"q2\": [\"d3\", \"d4\"], \"k\": 2, \"o\": {\"a\": null}}");

  @Test
  void at_follows_keys_and_indexes() {
    assertThat(ROOT.at("q2", 1).text()).isEqualTo("d4");
    assertThat(ROOT.at("o", "a").kind()).isEqualTo(JsonValue.Kind.NULL);
    assertThat(ROOT.at()).isSameAs(ROOT);
  }

  @Test
  void at_gives_null_for_paths_that_do_not_exist() {
    assertThat(ROOT.at("q9")).isNull();
    assertThat(ROOT.at("q9", 0)).isNull();
    assertThat(ROOT.at("q2", 2)).isNull();
    assertThat(ROOT.at("q2", -1)).isNull();
    assertThat(ROOT.at("q2", "x")).as("a key step into an array").isNull();
    assertThat(ROOT.at(0)).as("an index step into an object").isNull();
    assertThat(ROOT.at("k", 0)).as("a step into a scalar").isNull();
    assertThat(ROOT.at("q2", 1L)).as("a step of another type").isNull();
  }

  @Test
  void typed_accessors_refuse_the_wrong_kind() {
    JsonValue list = ROOT.at("q2");
    assertThatThrownBy(list::members).isInstanceOf(IllegalStateException.class).hasMessageContaining("an array")
        .hasMessageContaining("OBJECT");
    assertThatThrownBy(ROOT::items).isInstanceOf(IllegalStateException.class).hasMessageContaining("ARRAY");
    assertThatThrownBy(ROOT::text).isInstanceOf(IllegalStateException.class).hasMessageContaining("STRING");
    assertThatThrownBy(list::integer).isInstanceOf(IllegalStateException.class).hasMessageContaining("INTEGER");
    assertThat(ROOT.at("k").integer()).isEqualTo(2);
    assertThat(ROOT.isObject()).isTrue();
    assertThat(ROOT.isArray()).isFalse();
    assertThat(list.isArray()).isTrue();
    assertThat(list.isString()).isFalse();
    assertThat(list.at(0).isString()).isTrue();
    assertThat(list.at(0).isObject()).isFalse();
  }

  @Test
  void members_and_items_are_unmodifiable() {
    assertThatThrownBy(() -> ROOT.members().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> ROOT.at("q2").items().clear()).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void should_give_a_number_s_text_as_written_and_refuse_other_kinds() {
    JsonValue v = json("n.json", "{\"i\": 12, \"f\": 1.50, \"s\": \"12\", \"b\": true, \"z\": null}");
    assertThat(v.at("i").numberText()).isEqualTo("12");
    assertThat(v.at("f").numberText()).isEqualTo("1.50");
    for (String k : new String[] {"s", "b", "z"}) {
      assertThatThrownBy(v.at(k)::numberText).as(k).isInstanceOf(IllegalStateException.class).hasMessageContaining("is not a number");
    }
    assertThatThrownBy(v::numberText).isInstanceOf(IllegalStateException.class).hasMessageContaining("is not a number");
  }
}
