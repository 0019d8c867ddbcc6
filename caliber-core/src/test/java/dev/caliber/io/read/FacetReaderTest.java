package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.Facets;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Facet files, read strictly: every error at its line, in one line. */
class FacetReaderTest {
  private static Facets read(String text) throws IOException {
    return FacetReader.read("-", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), InputLimits.DEFAULT);
  }

  @Test
  void should_read_several_facets_in_file_order() throws IOException {
    Facets f = read("q2\tlength\tshort\nq1\tlength\tlong\nq1\tlang\tde\n");
    assertThat(List.copyOf(f.values().keySet())).containsExactly("length", "lang");
    assertThat(f.values().get("length")).containsExactly(Map.entry("q2", "short"), Map.entry("q1", "long"));
    assertThat(f.locate("lang", "q1").toString()).isEqualTo("-:3");
    assertThat(f.locate("lang", "q2").toString()).isEqualTo("-");
  }

  @Test
  void should_refuse_each_malformed_line_at_its_line() {
    assertThatThrownBy(() -> read("q1\tlength\tshort\n\nq2\tlength\tlong\n")).isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("-:2: blank line");
    assertThatThrownBy(() -> read("q1\tlength\n")).isInstanceOf(InputSyntaxException.class)
        .hasMessage("-:1: wrong number of columns (found 2 tab-separated columns; expected 3 (query-id, facet, value))");
    assertThatThrownBy(() -> read("q1\t\tshort\n")).isInstanceOf(InputSyntaxException.class)
        .hasMessage("-:1: facet is empty (expected \"query-id<TAB>facet<TAB>value\")");
    assertThatThrownBy(() -> read("")).isInstanceOf(InputSyntaxException.class)
        .hasMessage("-: no facets (expected lines \"query-id<TAB>facet<TAB>value\")");
    assertThatThrownBy(() -> read("q1\tlength\tshort\nq1\tlength\tlong\n")).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("-:2: query given two values of a facet (query \"q1\", facet \"length\" on line 2 repeats line 1;"
            + " expected one value per query and facet)");
  }
}
