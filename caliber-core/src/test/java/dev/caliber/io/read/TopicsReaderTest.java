package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TopicField;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopicsReaderTest {
  @TempDir Path dir;

  private Path file(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static Topics read(Path file, TopicField field) throws IOException {
    return TopicsReader.read(file, field, InputLimits.DEFAULT);
  }

  @Test
  void should_read_robust04_s_250_topics_by_title_description_and_narrative() throws IOException {
    // GIVEN the TREC 2004 Robust track's topics, as NIST wrote them (gzip)
    Path robust04 = TestData.path("trec2003-robust/topics/topics.robust04.txt.gz");
    // WHEN read by each field
    Topics title = read(robust04, null);
    Topics desc = read(robust04, TopicField.DESCRIPTION);
    Topics both = read(robust04, TopicField.TITLE_DESCRIPTION);
    Topics narr = read(robust04, TopicField.NARRATIVE);
    // THEN every topic, in file order, with its label dropped and its lines joined
    assertThat(title.size()).isEqualTo(250);
    assertThat(title.ids().subList(0, 3)).containsExactly("301", "302", "303");
    assertThat(title.ids().get(249)).isEqualTo("700");
    assertThat(title.texts()).containsEntry("301", "International Organized Crime")
        .containsEntry("302", "Poliomyelitis and Post-Polio").containsEntry("316", "Polygamy Polyandry Polygyny");
    assertThat(desc.texts()).containsEntry("301", "Identify organizations that participate in international criminal activity,"
        + " the activity, and, if possible, collaborating organizations and the countries involved.");
    assertThat(both.texts().get("303")).isEqualTo("Hubble Telescope Achievements Identify positive accomplishments of the"
        + " Hubble telescope since it was launched in 1991.");
    assertThat(narr.texts().get("301")).startsWith("A relevant document must as a minimum identify the organization")
        .endsWith("would not be relevant.");
    assertThat(title.source()).isEqualTo(robust04.toString());
    // the fingerprint is of what is sent: the field changes it, the file's line breaks do not
    assertThat(title.sha256()).isNotEqualTo(desc.sha256()).matches("[0-9a-f]{64}");
    assertThat(Topics.of(title.texts()).sha256()).isEqualTo(title.sha256());
  }

  @Test
  void should_read_cacm_s_doc_topics_as_their_one_text() throws IOException {
    Topics cacm = read(TestData.path("cacm/topics.cacm.txt"), null);
    assertThat(cacm.size()).isEqualTo(64);
    assertThat(cacm.texts()).containsEntry("1", "What articles exist which deal with TSS (Time Sharing System), an operating"
        + " system for IBM computers?").containsEntry("2", "I am interested in articles written either by Prieve or Udo Pooch"
        + " Prieve, B. Pooch, U.");
    assertThat(read(TestData.path("cacm/topics.cacm.txt"), TopicField.TITLE)).isEqualTo(cacm);
    assertThatThrownBy(() -> read(TestData.path("cacm/topics.cacm.txt"), TopicField.DESCRIPTION))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageEndingWith("topics.cacm.txt:1: no topic field description in <DOC> topics (they have one text per query;"
            + " a field other than the title needs TREC topics (<top> ... </top>))");
  }

  @Test
  void should_read_beir_queries_and_tab_separated_topics_the_same() throws IOException {
    // GIVEN CACM's BEIR queries, and the same topics as ID<TAB>text written gzip-compressed
    Topics beir = read(TestData.path("cacm/beir-format/queries.jsonl"), null);
    StringBuilder tsv = new StringBuilder();
    beir.texts().forEach((id, text) -> tsv.append(id).append('\t').append(text).append('\n'));
    Path gz = dir.resolve("queries.tsv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(tsv.toString().getBytes(StandardCharsets.UTF_8));
    }
    // THEN both read the same topics, with the same fingerprint
    assertThat(beir.size()).isEqualTo(64);
    assertThat(read(gz, null)).isEqualTo(beir);
    assertThat(read(gz, null).sha256()).isEqualTo(beir.sha256());
    assertThat(read(gz, TopicField.TITLE)).isEqualTo(beir); // the title is their one text
    assertThatThrownBy(() -> read(TestData.path("cacm/beir-format/queries.jsonl"), TopicField.DESCRIPTION))
        .hasMessageEndingWith("queries.jsonl:1: no topic field description in BEIR queries.jsonl topics (they have one text"
            + " per query; a field other than the title needs TREC topics (<top> ... </top>))");
    assertThatThrownBy(() -> read(gz, TopicField.NARRATIVE)).hasMessageEndingWith(":1: no topic field narrative in ID<TAB>text"
        + " topics (they have one text per query; a field other than the title needs TREC topics (<top> ... </top>))");
  }

  @Test
  void should_read_tags_closed_on_their_line_labels_in_any_case_and_sections_it_does_not_read() throws IOException {
    Path f = file("t.txt", "\n<top>\n<head> Tipster Topic Description\n<num> NUMBER: 051\n<dom> Domain: International Economics\n"
        + "<title> Topic: Airbus Subsidies </title>\n<desc> description:\nDocument will discuss\n  government assistance\n"
        + "</desc>\n<narr>Narrative: none</narr>\n</top>\n<top>\n<num> 52 </num>\n<title>South African Sanctions\n</top>\n");
    Topics t = read(f, TopicField.TITLE_DESCRIPTION);
    assertThat(t.texts()).containsExactly(Map.entry("051", "Airbus Subsidies Document will discuss government assistance"),
        Map.entry("52", "South African Sanctions"));
    // topic 52 has no narrative: asked for one, it is named, never sent as an empty query
    assertThatThrownBy(() -> read(f, TopicField.NARRATIVE)).hasMessageEndingWith("t.txt:13: topic \"52\" has no <narr>"
        + " (expected words to search for in the topic's narrative)");
    Path one = file("one.txt", "<top>\n<num> 051\n<narr>Narrative: none</narr>\n</top>\n");
    assertThat(read(one, TopicField.NARRATIVE).texts()).containsExactly(Map.entry("051", "none"));
  }

  @Test
  void should_name_the_line_of_every_broken_topics_file() throws IOException {
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("", "t.txt: no topics (expected TREC topics (<top>), BEIR queries.jsonl or one ID<TAB>text per line)");
    cases.put("\n\n", "t.txt: no topics (");
    cases.put("hello\n", "t.txt:1: no tab (got \"hello\"; expected the query's ID, a tab and its text");
    cases.put("1\ta\tb\n", "t.txt:1: more than one tab (");
    cases.put("1\ta\n\n2\tb\n", "t.txt:2: blank line (expected one query per line: its ID, a tab and its text)");
    cases.put("\n1\ta\n", "t.txt:1: blank line (expected one query per line; only TREC topics may have blank lines)");
    cases.put(" 1\ta\n", "t.txt:1: query ID empty or with surrounding white space (got \" 1\"; IDs are exact strings)");
    cases.put("1\t  \n", "t.txt:1: query \"1\" has no text (expected words after the tab)");
    cases.put("1\ta\n2\tb\n1\tc\n", "t.txt:3: duplicate query ID \"1\" (first at line 1)");
    cases.put("{\"_id\": \"1\", \"text\": \" \"}\n", "t.txt:1: query \"1\" has no text (expected words to search for)");
    cases.put("{\"_id\": \"1\", \"query\": \"x\"}\n", "unknown query field \"query\"");
    cases.put("stray\n<top>\n", "t.txt:1: no tab");
    cases.put("<top>\n<num> 1\n<title> a\n", "t.txt:1: topic not closed (the file ends before </top>)");
    cases.put("<top>\n<num> 1\n<title> a\n<top>\n", "t.txt:4: unexpected <top> (the topic opened at line 1 is not closed; expected </top>)");
    cases.put("<top>\n<num> 1\n<title> a\n</top>\nstray\n", "t.txt:5: text outside a topic (got \"stray\"; expected <top> or <DOC> on a line of its own)");
    cases.put("<top>\n<title> a\n</top>\n", "t.txt:1: topic without an ID (expected <num> Number: ID)");
    cases.put("<top>\n<num> 1\n<desc> a\n</top>\n", "t.txt:1: topic \"1\" has no <title> (expected words to search for in the topic's title)");
    cases.put("<top>\n<num> 1\nfloating\n</top>\n", "t.txt:3: text outside a topic's sections (got \"floating\"; expected it after <title>, <desc> or <narr>)");
    cases.put("<top>\n<num> 1\n<title> a\n</top>\n<top>\n<num> 1\n<title> b\n</top>\n", "t.txt:5: duplicate query ID \"1\" (first at line 1)");
    cases.put("<DOC>\n<DOCNO> 1\ntext\n</DOC>\n", "t.txt:2: <DOCNO> not closed on its line (got \"<DOCNO> 1\"; expected <DOCNO> ID </DOCNO>)");
    cases.put("<DOC>\n<DOCNO> 1 </DOCNO>\n</DOC>\n", "t.txt:1: topic \"1\" has no text (");
    cases.put("<DOC>\ntext\n</DOC>\n", "t.txt:1: topic without an ID (expected <DOCNO> ID </DOCNO>)");
    cases.put("<top>\n<num> 1\n<title> a\n</DOC>\n", "t.txt:4: unexpected </DOC> (");
    cases.put("<DOC>\n<DOCNO> 1 </DOCNO>\ntext\n<top>\n", "t.txt:4: unexpected <top> (the topic opened at line 1 is not closed;"
        + " expected </DOC>)");
    cases.put("<DOC>\n<DOCNO> 1 </DOCNO>\ntext\n", "t.txt:1: topic not closed (the file ends before </DOC>)");
    cases.put("<DOC>\n<DOCNO> 1 </DOC>\ntext\n</DOC>\n", "t.txt:2: <DOCNO> not closed on its line");
    cases.put("<top>\n<DOCNO> 1 </DOCNO>\n</top>\n", "t.txt:2: <DOCNO> in a <top> topic (got \"<DOCNO> 1 </DOCNO>\"; expected"
        + " <num> Number: ID)");
    cases.put("<top>\n<num> Number: \n<title> a\n</top>\n", "t.txt:1: topic without an ID (expected <num> Number: ID)");
    cases.put("<top>\n<num> 1\n<title> a\n</title>\nstray\n</top>\n", "t.txt:5: text outside a topic's sections");
    cases.put("</top>\n", "t.txt:1: text outside a topic (got \"</top>\"; expected <top> or <DOC> on a line of its own)");
    cases.put("<title> a\n", "t.txt:1: text outside a topic (got \"<title> a\";");
    cases.put("<top> 301\n", "t.txt:1: text outside a topic (got \"<top> 301\";");
    cases.put("\tx\n", "t.txt:1: query ID empty or with surrounding white space (got \"\"; IDs are exact strings)");
    cases.put("\n\n1\ta\n", "t.txt:1: blank line (");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Path f = file("t.txt", c.getKey());
      assertThatThrownBy(() -> read(f, null)).as(c.getKey()).isInstanceOf(InputSyntaxException.class)
          .hasMessageContaining(c.getValue());
    }
    assertThatThrownBy(() -> read(file("t.txt", "<top>\n<num> 1\n<title> a\n</top>\n"), TopicField.DESCRIPTION))
        .hasMessageEndingWith("t.txt:1: topic \"1\" has no <desc> (expected words to search for in the topic's description)");
  }

  @Test
  void should_hold_a_topics_file_to_the_input_limits() throws IOException {
    Path f = file("t.txt", "1\t" + "x".repeat(200) + "\n");
    assertThatThrownBy(() -> TopicsReader.read(f, null, InputLimits.DEFAULT.withMaxLineBytes(100)))
        .isInstanceOf(InputSyntaxException.class).hasMessageContaining("t.txt:1:");
  }

  @Test
  void should_refuse_topics_without_text_when_built_in_code() {
    assertThatThrownBy(() -> Topics.of(Map.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("no topics: a retriever needs at least one query text");
    assertThatThrownBy(() -> Topics.of(Map.of("q1", " "))).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("query q1 has a blank text; expected words to search for");
    Topics t = Topics.of(new LinkedHashMap<>(Map.of("q1", "a")));
    assertThat(t.source()).isEmpty();
    assertThat(t).hasToString("Topics[1]").isNotEqualTo(Topics.of(Map.of("q1", "b"))).isNotEqualTo("q1");
    assertThat(Topics.of(Map.of("q1", "a"), "t.tsv")).hasToString("Topics[1 from t.tsv]").isEqualTo(t).hasSameHashCodeAs(t);
    // the same texts in another order are other topics: another order sends the queries otherwise
    Map<String, String> ab = new LinkedHashMap<>();
    ab.put("a", "x");
    ab.put("b", "y");
    Map<String, String> ba = new LinkedHashMap<>();
    ba.put("b", "y");
    ba.put("a", "x");
    assertThat(Topics.of(ab)).isNotEqualTo(Topics.of(ba)).isEqualTo(Topics.of(new LinkedHashMap<>(ab)));
    assertThat(Topics.of(ab).sha256()).isNotEqualTo(Topics.of(ba).sha256());
    assertThat(Topics.of(ab).ids()).containsExactly("a", "b");
    assertThat(List.of(TopicField.values())).extracting(TopicField::word)
        .containsExactly("title", "description", "title+description", "narrative");
    assertThat(TopicField.of("title+description")).isEqualTo(TopicField.TITLE_DESCRIPTION);
    assertThatThrownBy(() -> TopicField.of("desc")).hasMessage("unknown topic field desc; expected title, description,"
        + " title+description or narrative");
  }
}
