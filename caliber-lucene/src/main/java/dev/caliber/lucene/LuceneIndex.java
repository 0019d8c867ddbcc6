package dev.caliber.lucene;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.read.CorpusRecords;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.index.CorruptIndexException;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexFormatTooNewException;
import org.apache.lucene.index.IndexFormatTooOldException;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.IOUtils;
import org.apache.lucene.util.Version;

/**
 * A corpus indexed by Apache Lucene, open for searching: built from a corpus file into a directory
 * ({@link #build}) or into memory ({@link #inMemory}), or opened from a directory built before
 * ({@link #open}). {@link #retriever()} searches it as a caliber {@link dev.caliber.api.Retriever}.
 *
 * <h2>What is indexed</h2>
 *
 * <p>The corpus is JSON Lines in either form {@link CorpusRecords} reads, told by its first record:
 * BEIR's {@code corpus.jsonl} ({@code {"_id", "title", "text"}}), whose title and text are indexed
 * together as Anserini's {@code BeirFlatCollection} does (the title, a line end, the text; the text
 * alone without a title), or {@code {"id", "contents"}} (Anserini's JSON collection), whose contents
 * are indexed. Gzip is told by the first bytes. Each document is one Lucene document: its ID as a
 * stored, unanalysed field {@value #ID}, its text analysed into the field {@value #CONTENTS} (not
 * stored). A document whose text is empty is indexed and counted, and no query matches it. Malformed
 * records and repeated IDs are errors naming the file, line and column; nothing is written then.
 *
 * <h2>The directory</h2>
 *
 * <p>Lucene's files and the settings file {@code caliber-index.json} (the analyzer, the BM25
 * parameters, the corpus file's name, SHA-256 and form, the document count, the Lucene and caliber
 * versions: docs/FORMATS.md, "Corpora and Lucene indexes"), whose SHA-256 is the index's {@link #sha256()
 * identity}. The index is built in a temporary directory and renamed into place: a build that fails
 * leaves nothing. A directory that exists and is not empty is refused, unless {@code replace} is
 * asked for and it holds an earlier caliber index. Documents are written by one thread, flushed in
 * order and merged only with their neighbours (a log merge policy), so Lucene's internal document
 * numbers follow the corpus order: a search's ties, in Lucene's order, go to the document earlier
 * in the corpus, the same on every build.
 *
 * <p>An open index may be searched from several threads at once; {@link #close()} releases it, and
 * its retrievers with it.
 */
public final class LuceneIndex implements AutoCloseable {
  /** The field holding a document's ID, stored and not analysed. */
  public static final String ID = "id";
  /** The field holding a document's analysed text. */
  public static final String CONTENTS = "contents";

  private final String name;
  private final SettingsFile file;
  private final String sha256;
  private final Directory directory;
  private final DirectoryReader reader;
  private final Analyzer analyzer;
  private final String commit;
  private final String commitId;

  private LuceneIndex(String name, SettingsFile file, Directory directory, DirectoryReader reader) throws IOException {
    this.name = name;
    this.file = file;
    this.sha256 = file.sha256();
    this.directory = directory;
    this.reader = reader;
    this.analyzer = file.settings().analyzer().create();
    this.commit = reader.getIndexCommit().getSegmentsFileName();
    this.commitId = HexFormat.of().formatHex(SegmentInfos.readCommit(directory, commit).getId());
  }

  /** Reports a build's progress. */
  @FunctionalInterface
  public interface Progress {
    /**
     * Called after each document is added.
     *
     * @param documents the documents indexed so far
     * @param bytesRead the corpus file's bytes read so far, as stored (compressed or not)
     * @param bytesTotal the corpus file's size
     */
    void indexed(long documents, long bytesRead, long bytesTotal);
  }

  /**
   * Builds an index of {@code corpus} in the directory {@code dir}, which must not exist or be
   * empty, and opens it.
   *
   * @param corpus the corpus file
   * @param dir the index directory to make (its parents are made)
   * @param settings the analyzer and BM25 parameters
   * @return the index, open; the caller closes it
   * @throws java.nio.file.FileAlreadyExistsException if {@code dir} exists and is not empty
   * @throws InputSyntaxException naming the corpus line of a malformed record
   * @throws dev.caliber.error.ProtocolViolationException naming both lines of a repeated ID
   * @throws IOException if the corpus cannot be read or the index written; nothing is left then
   */
  public static LuceneIndex build(Path corpus, Path dir, IndexSettings settings) throws IOException {
    return build(corpus, dir, settings, false, null);
  }

  /**
   * Builds an index of {@code corpus} in {@code dir} and opens it, replacing an earlier caliber
   * index there when {@code replace} is true.
   *
   * @param corpus the corpus file
   * @param dir the index directory to make (its parents are made)
   * @param settings the analyzer and BM25 parameters
   * @param replace whether an earlier caliber index in {@code dir} (a directory holding {@code
   *     caliber-index.json}) is replaced; any other directory that is not empty is refused anyway
   * @param progress told after each document, or null
   * @return the index, open; the caller closes it
   * @throws java.nio.file.FileAlreadyExistsException if {@code dir} is a file, a directory that is
   *     not empty (and not an earlier index to replace), or a directory that holds the corpus
   * @throws InputSyntaxException naming the corpus line of a malformed record
   * @throws dev.caliber.error.ProtocolViolationException naming both lines of a repeated ID
   * @throws IOException if the corpus cannot be read or the index written; the target is then as
   *     it was
   */
  public static LuceneIndex build(Path corpus, Path dir, IndexSettings settings, boolean replace, Progress progress)
      throws IOException {
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(settings, "settings");
    IndexDirectories.requireWritable(dir, corpus, replace);
    IndexWriting.requireReadable(corpus);
    Path tmp = IndexDirectories.temporary(dir);
    try {
      SettingsFile file;
      try (Directory d = FSDirectory.open(tmp)) {
        file = IndexWriting.write(corpus, d, settings, progress);
      }
      Path settingsFile = tmp.resolve(SettingsFile.NAME);
      Files.writeString(settingsFile, file.text(), StandardCharsets.UTF_8);
      try (FileChannel c = FileChannel.open(settingsFile, StandardOpenOption.WRITE)) {
        c.force(true);
      }
      IOUtils.fsync(tmp, true);
      IndexDirectories.place(tmp, dir);
      IOUtils.fsync(dir.toAbsolutePath().getParent(), true);
    } catch (IOException | RuntimeException | Error e) {
      IndexDirectories.discard(tmp);
      throw e;
    }
    return open(dir);
  }

  /**
   * Builds an index of {@code corpus} in memory (Lucene's {@code ByteBuffersDirectory}), as {@link
   * #build} would on disk: for tests and examples, which need no directory. Its {@link #name()} is
   * {@code memory:} and the corpus file's name; its {@link #sha256()} is that of the settings file
   * the same build would write.
   *
   * @param corpus the corpus file
   * @param settings the analyzer and BM25 parameters
   * @return the index, open; the caller closes it
   * @throws InputSyntaxException naming the corpus line of a malformed record
   * @throws IOException if the corpus cannot be read
   */
  public static LuceneIndex inMemory(Path corpus, IndexSettings settings) throws IOException {
    Objects.requireNonNull(corpus, "corpus");
    Objects.requireNonNull(settings, "settings");
    IndexWriting.requireReadable(corpus);
    Directory d = new ByteBuffersDirectory();
    try {
      SettingsFile file = IndexWriting.write(corpus, d, settings, null);
      return new LuceneIndex("memory:" + corpus.getFileName(), file, d, DirectoryReader.open(d));
    } catch (IOException | RuntimeException e) {
      d.close();
      throw e;
    }
  }

  /**
   * Opens an index directory built before, with the settings it was built with.
   *
   * @param dir the directory
   * @return the index, open; the caller closes it
   * @throws NoSuchFileException if there is no such directory
   * @throws InputSyntaxException if it is not a caliber index (a file, a directory without {@code
   *     caliber-index.json}), its settings file is malformed, or Lucene's files are missing,
   *     damaged, of another Lucene version or hold another number of documents than the settings
   *     say
   * @throws IOException if it cannot be read
   */
  public static LuceneIndex open(Path dir) throws IOException {
    Objects.requireNonNull(dir, "dir");
    if (!Files.exists(dir)) {
      throw new NoSuchFileException(dir.toString(), null, "no index there; expected a directory made by caliber index");
    }
    String notIndex = "not a caliber Lucene index";
    if (!Files.isDirectory(dir)) {
      throw new InputSyntaxException(Location.ofFile(dir.toString()), notIndex,
          "a file, not a directory; expected a directory made by caliber index");
    }
    if (!Files.isRegularFile(dir.resolve(SettingsFile.NAME))) {
      throw new InputSyntaxException(Location.ofFile(dir.toString()), notIndex,
          "no " + SettingsFile.NAME + " in it; expected a directory made by caliber index");
    }
    SettingsFile file = SettingsFile.read(dir.resolve(SettingsFile.NAME));
    Directory d = FSDirectory.open(dir);
    DirectoryReader reader = null;
    boolean opened = false;
    try {
      reader = DirectoryReader.open(d);
      if (reader.numDocs() != file.documents()) {
        throw damaged(dir, SettingsFile.NAME + " says " + file.documents() + " documents, Lucene's files hold " + reader.numDocs());
      }
      LuceneIndex index = new LuceneIndex(dir.toAbsolutePath().normalize().getFileName().toString(), file, d, reader);
      opened = true;
      return index;
    } catch (IndexNotFoundException e) {
      throw damaged(dir, "no Lucene commit (segments_N) in it; build it again");
    } catch (IndexFormatTooOldException | IndexFormatTooNewException e) {
      throw new InputSyntaxException(Location.ofFile(dir.toString()), "a Lucene index of another version",
          "this is Lucene " + Version.LATEST + ", the index was written by Lucene " + file.luceneVersion() + ": build it again");
    } catch (CorruptIndexException e) {
      throw damaged(dir, e.getMessage());
    } finally {
      if (!opened) {
        IOUtils.closeWhileHandlingException(reader, d);
      }
    }
  }

  private static InputSyntaxException damaged(Path dir, String why) {
    return new InputSyntaxException(Location.ofFile(dir.toString()), "damaged Lucene index", why);
  }

  /**
   * The version of Lucene that builds and searches indexes here.
   *
   * @return such as {@code 9.12.3}
   */
  public static String engineVersion() {
    return Version.LATEST.toString();
  }

  /**
   * A retriever over this index with the settings it was built with: its analyzer, its BM25
   * parameters and the bag-of-words query builder.
   *
   * @return the retriever, valid while this index is open
   */
  public LuceneRetriever retriever() {
    return retriever(QueryBuilder.BAG_OF_WORDS, settings().bm25());
  }

  /**
   * A retriever over this index with the index's analyzer and the given query builder and BM25
   * parameters (which a search may change: the index's norms do not depend on them).
   *
   * @param builder how queries are built, not null
   * @param bm25 the BM25 parameters, not null
   * @return the retriever, valid while this index is open
   */
  public LuceneRetriever retriever(QueryBuilder builder, Bm25 bm25) {
    return new LuceneRetriever(this, Objects.requireNonNull(builder, "builder"), Objects.requireNonNull(bm25, "bm25"));
  }

  /**
   * The index's name: its directory's name, or {@code memory:CORPUS} for one built in memory.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * How it was built.
   *
   * @return the analyzer and BM25 parameters
   */
  public IndexSettings settings() {
    return file.settings();
  }

  /**
   * How many documents it holds.
   *
   * @return the count
   */
  public long documents() {
    return file.documents();
  }

  /**
   * The index's identity: the SHA-256 of its settings file, which names the corpus file's content
   * (its SHA-256), the analyzer, the BM25 parameters, the document count and the versions. The same
   * corpus indexed the same way by the same versions has the same identity.
   *
   * @return 64 lower-case hex digits
   */
  public String sha256() {
    return sha256;
  }

  /**
   * Lucene's commit the index is read at: its segments file's name.
   *
   * @return such as {@code segments_1}
   */
  public String commit() {
    return commit;
  }

  /**
   * Lucene's own identity of the commit ({@code SegmentInfos.getId()}), which Lucene makes at
   * random for each commit: it tells two builds of the same corpus apart, where {@link #sha256()}
   * says they are the same.
   *
   * @return 32 lower-case hex digits
   */
  public String commitId() {
    return commitId;
  }

  /**
   * The corpus file's name, without its directory.
   *
   * @return the name
   */
  public String corpus() {
    return file.corpus();
  }

  /**
   * The SHA-256 of the corpus file's bytes as stored.
   *
   * @return 64 lower-case hex digits
   */
  public String corpusSha256() {
    return file.corpusSha256();
  }

  /**
   * The version of Lucene that built the index.
   *
   * @return such as {@code 9.12.3}
   */
  public String luceneVersion() {
    return file.luceneVersion();
  }

  /**
   * The settings file's text, as written into the directory.
   *
   * @return pretty JSON (docs/FORMATS.md, "Corpora and Lucene indexes")
   */
  public String settingsText() {
    return file.text();
  }

  DirectoryReader reader() {
    return reader;
  }

  Analyzer analyzer() {
    return analyzer;
  }

  /**
   * Releases the index's files and memory; its retrievers fail afterwards.
   *
   * @throws IOException if Lucene cannot close its files
   */
  @Override
  public void close() throws IOException {
    IOUtils.close(reader, directory, analyzer);
  }
}
