package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.text.BlockCursor;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineBlocks;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a TREC run in blocks of whole queries, for evaluation while reading: the streaming
 * counterpart of {@link TrecRunReader}, with its format, its rules ({@link TrecRunLine}) and its
 * errors. One thread calls {@link #next()}, which only moves bytes and cuts the input where the
 * query ID changes; any thread may {@link #parse} a block.
 *
 * <p>Line numbers in a {@link EntryBlock} count from the block's first line; whoever merges
 * blocks in order knows how many lines came before ({@link LineBlocks#relocate}).
 */
public final class TrecRunStream implements Closeable {
  /** Blocks hold at least this many bytes by default (cut at the next change of query ID). */
  public static final int BLOCK_BYTES = 1 << 20;

  private final LineBlocks blocks;
  private final int blockBytes;
  private final TrecRunLine rules;
  private final String name;
  private LineBlocks.Block first;

  private TrecRunStream(LineBlocks blocks, int blockBytes, TrecRunLine rules, String name, LineBlocks.Block first) {
    this.blocks = blocks;
    this.blockBytes = blockBytes;
    this.rules = rules;
    this.name = name;
    this.first = first;
  }

  /**
   * Opens a run and reads its first line, which decides the column count and the tag.
   *
   * @param source the name errors give (a path as given, or {@code -})
   * @param bytes the raw input, closed by {@link #close()}
   * @param blockBytes the least number of bytes in a block (at least 1; {@link #BLOCK_BYTES} unless testing)
   * @throws InputSyntaxException if the input is empty or its first line is malformed
   * @throws IOException if reading fails
   */
  public static TrecRunStream open(String source, InputStream bytes, TrecRunOptions options, int blockBytes)
      throws IOException {
    return open(source, bytes, options, blockBytes, new LineBlocks.Buffers());
  }

  /**
   * {@link #open(String, InputStream, TrecRunOptions, int)} with block buffers taken from and given
   * back to {@code buffers}, which runs read one after another share.
   *
   * @param source the name errors give (a path as given, or {@code -})
   * @param bytes the raw input, closed by {@link #close()}
   * @param options how to read the run
   * @param blockBytes the least number of bytes in a block (at least 1)
   * @param buffers the block buffers, not null
   * @return the stream, its first line read
   * @throws InputSyntaxException if the input is empty or its first line is malformed
   * @throws IOException if reading fails
   */
  public static TrecRunStream open(String source, InputStream bytes, TrecRunOptions options, int blockBytes,
      LineBlocks.Buffers buffers) throws IOException {
    if (blockBytes < 1) {
      throw new IllegalArgumentException("illegal blockBytes value: " + blockBytes + ", must be at least 1");
    }
    LineBlocks blocks = LineBlocks.of(source, bytes, options.limits(), buffers);
    try {
      LineBlocks.Block first = blocks.next(blockBytes, TrecRunStream::cut);
      if (first == null) {
        throw TrecRunReader.emptyRun(source);
      }
      BlockCursor line = first.cursor();
      line.next();
      Fields fields = new Fields();
      int found = fields.splitOnBlanks(line);
      TrecRunLine rules = TrecRunLine.first(line, fields, found, options);
      return new TrecRunStream(blocks, blockBytes, rules, TrecRunReader.runName(options, source), first);
    } catch (IOException | RuntimeException e) {
      blocks.close();
      throw e;
    }
  }

  /**
   * What a run's first line decides (its column count and tag), for reading a part of the run that
   * does not begin with that line ({@link #openPart}).
   *
   * @return the rules of this run's lines
   */
  public Head head() {
    return new Head(rules.copy(), name);
  }

  /** The rules a run's first line sets, to read its other parts by ({@link #openPart}). */
  public static final class Head {
    private final TrecRunLine rules;
    private final String name;

    private Head(TrecRunLine rules, String name) {
      this.rules = rules;
      this.name = name;
    }
  }

  /**
   * Opens a part of a run that begins at a line other than its first ({@link #partStart}), read
   * under the rules of the run's first line: its bytes are plain text as they are (never gzip,
   * which cannot be cut), and its line numbers count from the part's first line, as a block's do.
   *
   * @param source the name errors give (the run's file)
   * @param head the rules of the run's first line ({@link #head()})
   * @param bytes the part's bytes, closed by {@link #close()}
   * @param options how to read the run (its limits)
   * @param blockBytes the least number of bytes in a block (at least 1)
   * @param buffers the block buffers, not null
   * @return the stream; {@link #next()} returns null at once for an empty part
   */
  public static TrecRunStream openPart(String source, Head head, InputStream bytes, TrecRunOptions options, int blockBytes,
      LineBlocks.Buffers buffers) {
    if (blockBytes < 1) {
      throw new IllegalArgumentException("illegal blockBytes value: " + blockBytes + ", must be at least 1");
    }
    return new TrecRunStream(LineBlocks.plain(source, bytes, options.limits(), buffers), blockBytes, head.rules.copy(),
        head.name, null);
  }

  /** The run's name: the option's, else {@link InputFiles#runName} of the file. */
  public String name() {
    return name;
  }

  /** The run's TREC tag (six columns), or null (three columns). */
  public String tag() {
    return TrecRunReader.tag(rules);
  }

  /** The input's name, as errors give it. */
  public String source() {
    return blocks.source();
  }

  /** Bytes read so far, after decompression. */
  public long bytesRead() {
    return blocks.bytesDelivered();
  }

  /**
   * The next block of whole queries (a query longer than a block makes a longer block), or null
   * at the end.
   *
   * @throws IOException if reading fails
   */
  public LineBlocks.Block next() throws IOException {
    if (first != null) {
      LineBlocks.Block b = first;
      first = null;
      return b;
    }
    return blocks.next(blockBytes, TrecRunStream::cut);
  }

  /** Cuts before the last query's first line in {@code [from, to)}: that query may go on. */
  static int cut(byte[] b, int from, int to) {
    int lineStart = lineStartBefore(b, from, to - 1);
    int qidStart = skipBlanks(b, lineStart, to);
    int qidEnd = tokenEnd(b, qidStart, to);
    while (lineStart > from) {
      int previous = lineStartBefore(b, from, lineStart - 1);
      int s = skipBlanks(b, previous, lineStart);
      int e = tokenEnd(b, s, lineStart);
      if (!Fields.same(b, s, e, b, qidStart, qidEnd)) {
        return lineStart;
      }
      lineStart = previous;
    }
    return from;
  }

  private static int lineStartBefore(byte[] b, int from, int newline) {
    int i = newline - 1;
    while (i >= from && b[i] != '\n') {
      i--;
    }
    return i + 1;
  }

  private static int skipBlanks(byte[] b, int i, int to) {
    while (i < to && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    return i;
  }

  private static int tokenEnd(byte[] b, int i, int to) {
    while (i < to && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r') {
      i++;
    }
    return i;
  }

  /**
   * Checks and reads every line of a block with {@link TrecRunReader}'s rules. A malformed line
   * does not throw: the block keeps the first error ({@link EntryBlock#error()}), since an error
   * in an earlier block must win.
   */
  public EntryBlock parse(LineBlocks.Block block) {
    return parse(block, null);
  }

  /**
   * {@link #parse(LineBlocks.Block)} into {@code reuse}'s arrays when it is not null (a worker
   * keeps one EntryBlock and reads it before parsing the next block, of this run or another, into it).
   */
  public EntryBlock parse(LineBlocks.Block block, EntryBlock reuse) {
    EntryBlock out = reuse != null ? reuse.reset(block.data(), blocks.source()) : new EntryBlock(block.data(), blocks.source(), block.length() / 24 + 16);
    BlockCursor line = block.cursor();
    Fields fields = new Fields();
    TrecRunLine r = rules.copy();
    byte[] data = block.data();
    int qidStart = 0;
    int qidEnd = -1;
    int maxLineBytes = line.maxLineBytes();
    int maxQueryBytes = line.limits().maxQueryBytes();
    int queryFrom = 0;
    // A line that starts at or before the block's last \n has a \n to stop the one-pass reader;
    // only a last line without one (the input's end) goes the general way for that reason alone.
    int lastNewline = line.lastNewline();
    Blanks blanks = new Blanks(line.limits());
    try {
      while (true) {
        int lineFrom = line.position();
        int newline = lineFrom <= lastNewline ? r.readPlain(data, lineFrom, maxLineBytes, qidStart, qidEnd) : -1;
        boolean sameQuery;
        if (newline >= 0) {
          line.advance(newline);
          sameQuery = r.sameQuery;
        } else if (line.next()) {
          int found = fields.splitOnBlanks(line);
          if (found == 0) {
            blanks.skip(line);
            continue;
          }
          r.parse(line, fields, found);
          r.docHash = EntryBlock.hash(data, r.docStart, r.docEnd);
          sameQuery = qidEnd >= 0 && Fields.same(data, r.qidStart, r.qidEnd, data, qidStart, qidEnd);
        } else {
          // blank lines that end a block other than the input's last are followed by a query's lines
          blanks.requireNone(blocks.source(), !block.endsInput());
          break;
        }
        blanks.requireNone(blocks.source(), true);
        int s = r.qidStart;
        int e = r.qidEnd;
        if (!sameQuery) {
          qidStart = s;
          qidEnd = e;
          queryFrom = lineFrom;
          out.startQuery(new String(data, s, e - s, StandardCharsets.UTF_8));
        }
        // Blocks are cut between queries, so a query is whole here: its bytes in a row are bounded
        // (LineBlocks stops reading at the same line when it finds no other query to cut at).
        if (line.position() - queryFrom > maxQueryBytes) {
          throw LineBlocks.queryTooLarge(blocks.source(), line.lineNumber(), line.limits());
        }
        out.add(r.docStart, r.docEnd, r.docHash, r.score, r.rank, (int) line.lineNumber());
      }
    } catch (InputSyntaxException e) {
      out.parsed((int) line.lineNumber(), e);
      return out;
    }
    out.parsed((int) line.lineNumber(), null);
    return out;
  }

  /**
   * Blank lines in a row, which may only end a run: where a run line follows them, the first of
   * them is the error; where the input ends after them, they are read as trec_eval reads them (a
   * trailing empty line that an editor or {@code echo >>} left). Their bytes in a row count
   * against the query limit, as a query's lines do, so that a gzip of blank lines costs no more
   * than one query. {@link TrecRunReader} keeps the same count, so that both give the same errors.
   */
  static final class Blanks {
    private final dev.caliber.io.InputLimits limits;
    private long first;
    private long bytes;

    Blanks(dev.caliber.io.InputLimits limits) {
      this.limits = limits;
    }

    /** Counts a blank line; the query limit's error at the line whose bytes pass it. */
    void skip(dev.caliber.io.text.Line line) {
      if (first == 0) {
        first = line.lineNumber();
        bytes = 0;
      }
      bytes += line.end() - line.start() + 1;
      if (bytes > limits.maxQueryBytes()) {
        throw LineBlocks.queryTooLarge(line.source(), line.lineNumber(), limits);
      }
    }

    /** The blank-line error at the first of those counted, if any and {@code followed}. */
    void requireNone(String source, boolean followed) {
      if (first != 0 && followed) {
        throw TrecRunLine.blankAt(dev.caliber.error.Location.ofLine(source, first));
      }
    }
  }

  /** The error for a run of more than {@link Integer#MAX_VALUE} lines, at the first line too many. */
  public static InputSyntaxException tooManyLines(String source) {
    return new InputSyntaxException(dev.caliber.error.Location.ofLine(source, Integer.MAX_VALUE + 1L), "too many lines",
        "more than " + Integer.MAX_VALUE + " lines; expected fewer in one run file");
  }

  /** Gives a block's buffer back once nothing reads it (see {@link LineBlocks#recycle}). */
  public void recycle(LineBlocks.Block block) {
    blocks.recycle(block);
  }

  /** Closes the input. */
  @Override
  public void close() throws IOException {
    blocks.close();
  }
}
