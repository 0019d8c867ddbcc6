package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;

/** Walks a block's lines; {@link #lineNumber()} counts from the block's first line. */
public final class BlockCursor implements Line {
  private final LineBlocks.Block block;
  private int pos;
  private long lineNumber;
  private int lineStart;
  private int lineEnd;

  BlockCursor(LineBlocks.Block block) {
    this.block = block;
  }

  /**
   * Moves to the next line, with {@link LineReader#next()}'s rules.
   *
   * @return false after the last line
   * @throws InputSyntaxException if the line breaks a rule, or the stream broke after it
   */
  public boolean next() {
    byte[] b = block.data;
    int end = block.length;
    InputLimits limits = block.limits;
    if (pos == end) {
      if (block.error != null) {
        throw block.error.at(block.source, lineNumber + 1, limits);
      }
      return false;
    }
    int nl = LineReader.indexOfNewline(b, pos, end);
    int to = nl < 0 ? end : nl;
    if (to - pos > limits.maxLineBytes() + LineReader.SLACK) {
      throw LineReader.tooLong(block.source, lineNumber + 1, limits);
    }
    lineNumber++;
    long span = LineReader.accept(block.source, lineNumber, block.index == 0 && lineNumber == 1, b, pos, to, nl >= 0,
        limits);
    lineStart = (int) (span >>> 32);
    lineEnd = (int) span;
    pos = nl < 0 ? end : nl + 1;
    return true;
  }

  /** Where the next line starts in {@link #bytes()}. */
  public int position() {
    return pos;
  }

  /** Where the block's last {@code \n} is in {@link #bytes()}, or -1 if it has none. */
  public int lastNewline() {
    return LineReader.lastIndexOfNewline(block.data, 0, block.length);
  }

  /** The longest line the input's limits allow, in bytes. */
  public int maxLineBytes() {
    return block.limits.maxLineBytes();
  }

  /** The limits the input is read under. */
  public InputLimits limits() {
    return block.limits;
  }

  /**
   * Moves past the next line, which the caller has read itself and found plain: it ends with the
   * {@code \n} at {@code newline} (the first after {@link #position()}), is at most {@link #maxLineBytes()} long and holds only
   * printable ASCII, spaces and tabs (or UTF-8 the caller has otherwise found valid, such as a run
   * tag equal to one on an earlier line). {@link #next()} accepts such a line as it is, so both give
   * the same line and line number; anything else must go through {@link #next()}.
   */
  public void advance(int newline) {
    lineNumber++;
    lineStart = pos;
    lineEnd = newline;
    pos = newline + 1;
  }

  @Override
  public String source() {
    return block.source;
  }

  @Override
  public long lineNumber() {
    return lineNumber;
  }

  @Override
  public byte[] bytes() {
    return block.data;
  }

  @Override
  public int start() {
    return lineStart;
  }

  @Override
  public int end() {
    return lineEnd;
  }
}
