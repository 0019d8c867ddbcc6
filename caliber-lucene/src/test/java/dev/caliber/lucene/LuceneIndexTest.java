package dev.caliber.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An index directory is built whole or not at all, records how, and is opened only as what it is. */
class LuceneIndexTest {
  @TempDir Path dir;

  private Path corpus() {
    return Corpora.write(dir, "docs.jsonl", Corpora.CONTENTS);
  }

  /** The names in {@code dir}, hidden ones included. */
  private List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void should_index_every_document_and_record_how_beside_lucenes_files() throws IOException {
    // GIVEN a corpus of five documents
    Path index = dir.resolve("idx");
    // WHEN it is indexed with the default settings
    try (LuceneIndex idx = LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT)) {
      // THEN the index says what it holds and how it was made
      assertThat(idx.documents()).isEqualTo(5);
      assertThat(idx.name()).isEqualTo("idx");
      assertThat(idx.settings()).isEqualTo(IndexSettings.DEFAULT);
      assertThat(idx.corpus()).isEqualTo("docs.jsonl");
      assertThat(idx.commit()).isEqualTo("segments_1");
      assertThat(idx.commitId()).hasSize(32);
      assertThat(Files.readString(index.resolve("caliber-index.json"))).isEqualTo(idx.settingsText()).isEqualTo("""
          {
            "format": "caliber-lucene-index 1",
            "lucene_version": "9.12.3",
            "caliber_version": "%s",
            "corpus": "docs.jsonl",
            "corpus_sha256": "%s",
            "corpus_form": "id-contents",
            "documents": 5,
            "analyzer": "english",
            "bm25": {
              "k1": 0.9,
              "b": 0.4
            }
          }
          """.formatted(System.getProperty("caliber.version"), idx.corpusSha256()));
      assertThat(idx.sha256()).isEqualTo(dev.caliber.protocol.Fingerprint.sha256Hex(idx.settingsText()));
    }
    // and nothing else is left beside it
    assertThat(names(dir)).containsExactly("docs.jsonl", "idx");
  }

  @Test
  void should_give_the_same_corpus_indexed_the_same_way_the_same_identity_and_lucene_another_commit_id() throws IOException {
    Path corpus = corpus();
    try (LuceneIndex a = LuceneIndex.build(corpus, dir.resolve("a"), IndexSettings.DEFAULT);
        LuceneIndex b = LuceneIndex.build(corpus, dir.resolve("b"), IndexSettings.DEFAULT);
        LuceneIndex m = LuceneIndex.inMemory(corpus, IndexSettings.DEFAULT);
        LuceneIndex s = LuceneIndex.build(corpus, dir.resolve("s"), IndexSettings.DEFAULT.withAnalyzer(LuceneAnalyzer.STANDARD))) {
      assertThat(b.sha256()).isEqualTo(a.sha256()).isEqualTo(m.sha256());
      assertThat(b.commitId()).isNotEqualTo(a.commitId());
      assertThat(m.name()).isEqualTo("memory:docs.jsonl");
      assertThat(s.sha256()).isNotEqualTo(a.sha256());
    }
  }

  @Test
  void should_index_a_beir_corpus_title_and_text_together() throws IOException {
    Path beir = Corpora.write(dir, "corpus.jsonl", Corpora.BEIR);
    try (LuceneIndex idx = LuceneIndex.build(beir, dir.resolve("beir"), IndexSettings.DEFAULT)) {
      assertThat(idx.documents()).isEqualTo(3);
      assertThat(idx.settingsText()).contains("\"corpus_form\": \"beir\"");
      LuceneRetriever r = idx.retriever();
      assertThat(r.search("q", "quantum", 10)).extracting(h -> h.doc()).containsExactly("b1"); // from the title
      assertThat(r.search("q", "qubits computing", 10)).extracting(h -> h.doc()).containsExactly("b1", "b2");
    }
  }

  @Test
  void should_refuse_a_directory_that_is_not_empty_and_replace_only_an_earlier_index_when_asked() throws IOException {
    // GIVEN a folder with a file in it, and an earlier index
    Path busy = Files.createDirectories(dir.resolve("busy"));
    Files.writeString(busy.resolve("notes.txt"), "mine");
    Path index = dir.resolve("idx");
    LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT).close();
    // WHEN / THEN the folder is refused, replace or not, and left as it was
    assertThatThrownBy(() -> LuceneIndex.build(corpus(), busy, IndexSettings.DEFAULT))
        .isInstanceOf(FileAlreadyExistsException.class).hasMessage(busy + ": exists and is not empty; an index is written only"
            + " to a new or empty directory, or over an earlier caliber index when replacing is asked for");
    assertThatThrownBy(() -> LuceneIndex.build(corpus(), busy, IndexSettings.DEFAULT, true, null))
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessage(busy + ": is not a caliber index (no caliber-index.json in it), so it is not replaced");
    assertThat(names(busy)).containsExactly("notes.txt");
    // and the index is refused without replace, replaced with it
    assertThatThrownBy(() -> LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT)).isInstanceOf(FileAlreadyExistsException.class);
    try (LuceneIndex again = LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT.withAnalyzer(LuceneAnalyzer.WHITESPACE), true,
        null)) {
      assertThat(again.settings().analyzer()).isEqualTo(LuceneAnalyzer.WHITESPACE);
    }
    assertThat(names(dir)).containsExactly("busy", "docs.jsonl", "idx");
    // an empty folder is written into
    Path empty = Files.createDirectories(dir.resolve("empty"));
    LuceneIndex.build(corpus(), empty, IndexSettings.DEFAULT).close();
    assertThat(names(empty)).contains("caliber-index.json", "segments_1");
  }

  @Test
  void should_refuse_to_replace_an_index_that_holds_the_corpus() throws IOException {
    Path index = dir.resolve("idx");
    LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT).close();
    Path inside = Corpora.write(index, "docs.jsonl", Corpora.CONTENTS);
    assertThatThrownBy(() -> LuceneIndex.build(inside, index, IndexSettings.DEFAULT, true, null))
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessage(index + ": holds the corpus " + inside + ", which replacing the index would delete");
  }

  @Test
  void should_leave_nothing_when_a_corpus_line_is_bad() throws IOException {
    // GIVEN a corpus whose third line is not JSON, and one with an ID twice
    Path bad = Corpora.write(dir, "bad.jsonl", Corpora.CONTENTS.replace("{\"id\": \"d3\"", "{\"id\" \"d3\""));
    Path twice = Corpora.write(dir, "twice.jsonl", Corpora.CONTENTS.replace("\"d3\"", "\"d1\""));
    // WHEN / THEN each is refused at its line, and no directory is left, not even a temporary one
    assertThatThrownBy(() -> LuceneIndex.build(bad, dir.resolve("idx"), IndexSettings.DEFAULT))
        .isInstanceOf(InputSyntaxException.class).hasMessageStartingWith(bad + ":3:7: ");
    assertThatThrownBy(() -> LuceneIndex.build(twice, dir.resolve("idx"), IndexSettings.DEFAULT))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(twice + ":3:8: $.id: duplicate document ID (\"d1\" on line 3 repeats line 1; expected each id once)");
    assertThat(names(dir)).containsExactly("bad.jsonl", "twice.jsonl");
    // and an earlier index is kept when its replacement fails
    Path index = dir.resolve("idx");
    LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT).close();
    String before = Files.readString(index.resolve("caliber-index.json"));
    assertThatThrownBy(() -> LuceneIndex.build(bad, index, IndexSettings.DEFAULT, true, null)).isInstanceOf(InputSyntaxException.class);
    assertThat(Files.readString(index.resolve("caliber-index.json"))).isEqualTo(before);
    assertThat(names(dir)).containsExactly("bad.jsonl", "docs.jsonl", "idx", "twice.jsonl");
  }

  @Test
  void should_report_progress_by_document_and_byte() throws IOException {
    Path corpus = corpus();
    List<long[]> seen = new java.util.ArrayList<>();
    LuceneIndex.build(corpus, dir.resolve("idx"), IndexSettings.DEFAULT, false, (docs, read, total) -> seen.add(new long[] {docs, read, total}))
        .close();
    assertThat(seen).hasSize(5);
    assertThat(seen.get(4)[0]).isEqualTo(5);
    assertThat(seen.get(4)[2]).isEqualTo(Files.size(corpus));
    assertThat(seen.get(4)[1]).isLessThanOrEqualTo(seen.get(4)[2]);
  }

  @Test
  void should_open_only_a_caliber_index_and_say_what_else_it_found() throws IOException {
    Path missing = dir.resolve("missing");
    assertThatThrownBy(() -> LuceneIndex.open(missing)).isInstanceOf(NoSuchFileException.class)
        .hasMessage(missing + ": no index there; expected a directory made by caliber index");
    Path file = Corpora.write(dir, "file", "x");
    assertThatThrownBy(() -> LuceneIndex.open(file)).isInstanceOf(InputSyntaxException.class)
        .hasMessage(file + ": not a caliber Lucene index (a file, not a directory; expected a directory made by caliber index)");
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertThatThrownBy(() -> LuceneIndex.open(empty))
        .hasMessage(empty + ": not a caliber Lucene index (no caliber-index.json in it; expected a directory made by caliber index)");
  }

  @Test
  void should_refuse_a_settings_file_that_is_not_one_and_lucene_files_that_do_not_match_it() throws IOException {
    Path index = dir.resolve("idx");
    LuceneIndex.build(corpus(), index, IndexSettings.DEFAULT).close();
    Path settings = index.resolve("caliber-index.json");
    String text = Files.readString(settings);
    Files.writeString(settings, text.replace("\"english\"", "\"french\""));
    assertThatThrownBy(() -> LuceneIndex.open(index)).isInstanceOf(InputSyntaxException.class)
        .hasMessage(settings + ":9:15: $.analyzer: not a caliber Lucene index's settings (illegal analyzer: \"french\", must be one of standard,"
            + " english, whitespace)");
    Files.writeString(settings, text.replace("\"k1\": 0.9", "\"k1\": -1"));
    assertThatThrownBy(() -> LuceneIndex.open(index))
        .hasMessage(settings + ":10:11: $.bm25: not a caliber Lucene index's settings (illegal k1 value: -1.0, must be a non-negative finite value)");
    Files.writeString(settings, text.replace("\"documents\": 5", "\"documents\": \"5\""));
    assertThatThrownBy(() -> LuceneIndex.open(index))
        .hasMessage(settings + ":8:16: $.documents: not a caliber Lucene index's settings (the string \"5\"; expected the number of"
            + " documents, a whole number)");
    Files.writeString(settings, text.replace("\"documents\": 5", "\"documents\": 6"));
    assertThatThrownBy(() -> LuceneIndex.open(index)).isInstanceOf(InputSyntaxException.class)
        .hasMessage(index + ": damaged Lucene index (caliber-index.json says 6 documents, Lucene's files hold 5)");
    Files.writeString(settings, text);
    Files.delete(index.resolve("segments_1"));
    assertThatThrownBy(() -> LuceneIndex.open(index)).isInstanceOf(InputSyntaxException.class)
        .hasMessage(index + ": damaged Lucene index (no Lucene commit (segments_N) in it; build it again)");
  }
}
