package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Solr's parameter template: pairs in order, placeholders filled in raw, then form-encoded. */
class ParamTemplateTest {

  @Test
  void should_fill_in_the_text_and_form_encode_every_pair_in_order() {
    ParamTemplate t = ParamTemplate.parse(List.of("q={{query_text}}", "defType=edismax", "qf=title^2 contents", "tag=q{{query_id}}"));
    assertThat(t.form("12", "a & b = c?")).isEqualTo("q=a+%26+b+%3D+c%3F&defType=edismax&qf=title%5E2+contents&tag=q12");
  }

  @Test
  void a_value_may_hold_an_equals_sign() {
    assertThat(ParamTemplate.parse(List.of("q={!edismax qf=contents}{{query_text}}")).form("1", "x"))
        .isEqualTo("q=%7B%21edismax+qf%3Dcontents%7Dx");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "no placeholder | defType=edismax | illegal parameter template: no placeholder; put {{query_text}} (or {{query_id}}) in a value, such as q={{query_text}}",
      "no equals sign | q | illegal parameter template: \"q\", must be name=value",
      "rows | rows=10 | illegal parameter template: it sets rows; caliber sends rows (the depth), start (0), fl (the ID field and score) and wt (json), so leave it out",
      "fl | fl=id | illegal parameter template: it sets fl; caliber sends rows (the depth), start (0), fl (the ID field and score) and wt (json), so leave it out",
      "unknown placeholder | q={{query}} | illegal parameter q: unknown placeholder {{query}} at line 1, column 1; the placeholders are {{query_text}} and {{query_id}}"})
  void should_refuse_a_template_in_one_line(String what, String pair, String message) {
    assertThatThrownBy(() -> ParamTemplate.parse(List.of(pair))).as(what).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  @Test
  void the_fingerprint_is_of_the_pairs_one_per_line() {
    assertThat(ParamTemplate.parse(List.of("q={{query_text}}", "defType=edismax")).sha256())
        .isEqualTo(dev.caliber.protocol.Fingerprint.sha256Hex("q={{query_text}}\ndefType=edismax"));
  }
}
