package dev.caliber.lucene;

import dev.caliber.io.InputLimits;
import dev.caliber.io.read.CorpusRecords;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LogByteSizeMergePolicy;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Version;

/**
 * How {@link LuceneIndex} writes an index: every record of a corpus, read by caliber's own located
 * reader, into one Lucene commit in corpus order, and the settings file that goes beside it.
 */
final class IndexWriting {
  private IndexWriting() {}

  /** A missing corpus or one that is a directory is refused before a temporary directory is made. */
  static void requireReadable(Path corpus) throws IOException {
    if (!Files.exists(corpus)) {
      throw new NoSuchFileException(corpus.toString());
    }
    if (Files.isDirectory(corpus)) {
      throw new java.nio.file.FileSystemException(corpus.toString(), null, "is a directory");
    }
  }

  /** Indexes every record of {@code corpus} into {@code d} and commits; returns the settings file to write beside it. */
  static SettingsFile write(Path corpus, Directory d, IndexSettings settings, LuceneIndex.Progress progress) throws IOException {
    long total = Files.size(corpus);
    // caliber's own located reader (core's JSON reader under the BEIR rule), not a second JSON parser:
    // a bad record is named by file, line, column and JSON path as every caliber input is
    try (Analyzer analyzer = settings.analyzer().create();
        CorpusRecords records = CorpusRecords.open(corpus, InputLimits.DEFAULT);
        IndexWriter writer = new IndexWriter(d, config(analyzer, settings))) {
      long n = 0;
      while (records.next()) {
        writer.addDocument(document(records));
        n++;
        if (progress != null) {
          progress.indexed(n, records.bytesRead(), total);
        }
      }
      writer.commit();
      return new SettingsFile(Version.LATEST.toString(), caliberVersion(), corpus.getFileName().toString(), records.sha256(),
          records.form() == CorpusRecords.Form.BEIR ? "beir" : "id-contents", n, settings);
    }
  }

  /**
   * One thread's documents in corpus order, merged only with their neighbours, so that Lucene's
   * document numbers follow the corpus.
   */
  private static IndexWriterConfig config(Analyzer analyzer, IndexSettings settings) {
    return new IndexWriterConfig(analyzer)
        .setOpenMode(IndexWriterConfig.OpenMode.CREATE)
        .setSimilarity(settings.bm25().similarity())
        .setMergePolicy(new LogByteSizeMergePolicy())
        .setMergeScheduler(new SerialMergeScheduler());
  }

  /** The record as a Lucene document: a BEIR record's title and text as Anserini's flat BEIR index has them. */
  private static Document document(CorpusRecords r) {
    String text = r.title() == null || r.title().isEmpty() ? r.text() : r.title() + "\n" + r.text();
    Document doc = new Document();
    doc.add(new StringField(LuceneIndex.ID, r.id(), Field.Store.YES));
    doc.add(new TextField(LuceneIndex.CONTENTS, text, Field.Store.NO));
    return doc;
  }

  /** caliber's version, as the build wrote it into version.properties. */
  static String caliberVersion() {
    try (InputStream in = LuceneIndex.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isEmpty() && !v.startsWith("${")) {
          return v;
        }
      }
    } catch (IOException e) {
      // an unknown version is no reason to fail
    }
    return "(development build)";
  }
}
