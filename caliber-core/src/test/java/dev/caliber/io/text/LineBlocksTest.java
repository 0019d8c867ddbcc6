package dev.caliber.io.text;

import static dev.caliber.io.text.TestInputs.concat;
import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.inPieces;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.InputLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link LineBlocks}: blocks of whole lines, cut where the caller says, with {@link LineReader}'s rules and errors. */
class LineBlocksTest {
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  /** Ends a block after {@code n} complete lines, or asks for more. */
  private static LineBlocks.Cutter afterLines(int n) {
    return (b, from, to) -> {
      assertThat(to).as("the end of a complete line").isGreaterThan(from);
      assertThat(b[to - 1]).isEqualTo((byte) '\n');
      int lines = 0;
      for (int i = from; i < to; i++) {
        if (b[i] == '\n' && ++lines == n) {
          return i + 1;
        }
      }
      return from;
    };
  }

  /** Ends a block before the last run of lines that share their first character (a query ID, say). */
  private static int beforeLastGroup(byte[] b, int from, int to) {
    assertThat(to).as("the end of a complete line").isGreaterThan(from);
    int start = lineStart(b, from, to - 1);
    while (start > from) {
      int previous = lineStart(b, from, start - 1);
      if (b[previous] != b[start]) {
        return start;
      }
      start = previous;
    }
    return from;
  }

  private static int lineStart(byte[] b, int from, int newline) {
    int i = newline - 1;
    while (i >= from && b[i] != '\n') {
      i--;
    }
    return i + 1;
  }

  private static List<String> lines(LineBlocks.Block block) {
    List<String> out = new ArrayList<>();
    BlockCursor c = block.cursor();
    while (c.next()) {
      assertThat(c.lineNumber()).isEqualTo(out.size() + 1);
      out.add(new String(c.bytes(), c.start(), c.end() - c.start(), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static List<LineBlocks.Block> blocks(InputStream in, InputLimits limits, int minBytes, LineBlocks.Cutter cutter)
      throws IOException {
    List<LineBlocks.Block> out = new ArrayList<>();
    try (LineBlocks blocks = LineBlocks.of("test.txt", in, limits)) {
      long delivered = 0;
      for (LineBlocks.Block b = blocks.next(minBytes, cutter); b != null; b = blocks.next(minBytes, cutter)) {
        assertThat(b.index()).isEqualTo(out.size());
        delivered += b.length();
        assertThat(blocks.bytesDelivered()).isEqualTo(delivered);
        out.add(b);
      }
      assertThat(blocks.next(minBytes, cutter)).as("still the end").isNull();
    }
    return out;
  }

  /** Every line, then the first error's message (lines numbered in the whole input), read by blocks. */
  private static List<String> viaBlocks(byte[] input, InputLimits limits, int minBytes, int step) throws IOException {
    List<String> out = new ArrayList<>();
    try (LineBlocks blocks = LineBlocks.of("test.txt", inPieces(input, step), limits)) {
      long linesBefore = 0;
      for (LineBlocks.Block b = blocks.next(minBytes, afterLines(2)); b != null; b = blocks.next(minBytes, afterLines(2))) {
        BlockCursor c = b.cursor();
        try {
          while (c.next()) {
            out.add(new String(c.bytes(), c.start(), c.end() - c.start(), StandardCharsets.UTF_8));
          }
        } catch (InputSyntaxException e) {
          out.add("error " + LineBlocks.relocate(e, linesBefore + 1).getMessage());
          return out;
        }
        linesBefore += c.lineNumber();
      }
    }
    return out;
  }

  /** The same, read by {@link LineReader} in one piece. */
  private static List<String> viaReader(byte[] input, InputLimits limits) throws IOException {
    List<String> out = new ArrayList<>();
    try (LineReader r = TestInputs.reader("test.txt", input, limits)) {
      while (r.next()) {
        out.add(r.text());
      }
    } catch (InputSyntaxException e) {
      out.add("error " + e.getMessage());
    }
    return out;
  }

  private static void assertSameAsLineReader(byte[] input, InputLimits limits) throws IOException {
    List<String> expected = viaReader(input, limits);
    // small blocks read a byte at a time, small blocks read a few bytes at a time, one block read at once
    for (int[] blocksAndReads : new int[][] {{1, 1}, {5, 4}, {1 << 17, 1 << 20}}) {
      assertThat(viaBlocks(input, limits, blocksAndReads[0], blocksAndReads[1]))
          .as("blocks of %d bytes read %d at a time", blocksAndReads[0], blocksAndReads[1]).isEqualTo(expected);
    }
  }

  @Test
  void should_let_a_caller_move_past_lines_it_read_itself_and_number_them_as_next_does() throws IOException {
    // GIVEN one block of three lines, the last without a line end
    List<LineBlocks.Block> blocks = blocks(new ByteArrayInputStream(utf8("ab\ncd\nef")), InputLimits.DEFAULT, 1 << 20,
        (b, from, to) -> from);
    BlockCursor c = blocks.get(0).cursor();
    assertThat(c.maxLineBytes()).isEqualTo(InputLimits.DEFAULT.maxLineBytes());
    // WHEN the first line is read by the caller, the second by next(), the third (no \n) by next()
    assertThat(c.position()).isZero();
    assertThat(c.lastNewline()).isEqualTo(5); // the lines from 0 to 5 each have a \n
    c.advance(2);
    // THEN each is numbered and placed as next() places it
    assertThat(c.lineNumber()).isEqualTo(1);
    assertThat(new String(c.bytes(), c.start(), c.end() - c.start(), StandardCharsets.UTF_8)).isEqualTo("ab");
    assertThat(c.position()).isEqualTo(3);
    assertThat(c.next()).isTrue();
    assertThat(c.lineNumber()).isEqualTo(2);
    assertThat(new String(c.bytes(), c.start(), c.end() - c.start(), StandardCharsets.UTF_8)).isEqualTo("cd");
    assertThat(c.position()).isGreaterThan(c.lastNewline()); // the last line has no \n
    assertThat(c.next()).isTrue();
    assertThat(c.lineNumber()).isEqualTo(3);
    assertThat(c.next()).isFalse();
  }

  /** Every line, then the first error (lines numbered in the whole input), cut before the last group of lines. */
  private static List<String> viaGroups(InputStream in, InputLimits limits, int minBytes) throws IOException {
    List<String> out = new ArrayList<>();
    try (LineBlocks blocks = LineBlocks.of("test.txt", in, limits)) {
      long linesBefore = 0;
      for (LineBlocks.Block b = blocks.next(minBytes, LineBlocksTest::beforeLastGroup); b != null;
          b = blocks.next(minBytes, LineBlocksTest::beforeLastGroup)) {
        BlockCursor c = b.cursor();
        try {
          while (c.next()) {
            out.add(new String(c.bytes(), c.start(), c.end() - c.start(), StandardCharsets.UTF_8));
          }
        } catch (InputSyntaxException e) {
          InputSyntaxException moved = LineBlocks.relocate(e, linesBefore + 1);
          assertThat(moved.remedy()).isEqualTo(e.remedy());
          out.add("error " + moved.getMessage());
          return out;
        }
        linesBefore += c.lineNumber();
      }
    }
    return out;
  }

  /** An endless input repeating {@code line}, counting what has been read from it. */
  private static final class Endless extends InputStream {
    private final byte[] line;
    private long read;

    Endless(String line) {
      this.line = utf8(line);
    }

    @Override
    public int read() {
      return line[(int) (read++ % line.length)] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      for (int i = 0; i < len; i++) {
        b[off + i] = line[(int) ((read + i) % line.length)];
      }
      read += len;
      return len;
    }
  }

  @Test
  void should_end_a_query_past_the_query_limit_at_the_first_line_that_ends_past_it_however_the_input_is_read()
      throws IOException {
    // GIVEN three short queries, then a query of 30 lines of 7 bytes, with a query limit of 64 bytes
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(16).withMaxQueryBytes(64);
    byte[] input = utf8("a 1\nb 1\nc 1\n" + "q 1234\n".repeat(30) + "r 1\n");
    List<String> expected = new ArrayList<>(List.of("a 1", "b 1", "c 1"));
    for (int i = 0; i < 9; i++) {
      expected.add("q 1234"); // 9 lines of 7 bytes: 63 bytes, within the limit
    }
    expected.add("error test.txt:13: query too large (more than 64 bytes of lines with one query ID (or blank lines) in a row;"
        + " expected at most 64 (the query limit); to accept larger queries, raise the query limit)");
    // (Read at once, the long query comes in one block with the next query's line: the reading
    // thread need not stop, and the block's parser gives the same error at the same line, as
    // TrecRunStream's tests check.)
    for (int[] blocksAndReads : new int[][] {{1, 1}, {1, 5}, {20, 3}, {1, 7}}) {
      // WHEN read in pieces of several sizes, in blocks of several sizes
      List<String> got = viaGroups(inPieces(input, blocksAndReads[1]), limits, blocksAndReads[0]);
      // THEN the same lines and the same error at the same line
      assertThat(got).as("blocks of %d bytes read %d at a time", blocksAndReads[0], blocksAndReads[1]).isEqualTo(expected);
    }
    assertThat(viaGroups(inPieces(gzip(input), 3), limits, 1)).as("gzip").isEqualTo(expected);
  }

  @Test
  void should_accept_a_query_of_exactly_the_query_limit() throws IOException {
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(16).withMaxQueryBytes(63);
    byte[] input = utf8("q 1234\n".repeat(9) + "r 1\n");
    assertThat(viaGroups(inPieces(input, 4), limits, 1)).hasSize(10).last().isEqualTo("r 1");
  }

  @Test
  void should_read_an_endless_query_or_endless_blank_lines_only_to_the_query_limit() throws IOException {
    for (String line : new String[] {"q1 Q0 d1 1 1.0 t\n", "\n"}) {
      // GIVEN an input that never ends, all of one query (or blank)
      Endless in = new Endless(line);
      InputLimits limits = InputLimits.DEFAULT.withMaxQueryBytes(InputLimits.DEFAULT_MAX_LINE_BYTES);
      try (LineBlocks blocks = LineBlocks.of("test.txt", in, limits)) {
        // WHEN the first block is asked for
        LineBlocks.Block b = blocks.next(1, LineBlocksTest::beforeLastGroup);
        // THEN it holds at most the limit, a cursor ends it with the error, and reading stopped soon after the limit
        assertThat(b.length()).isLessThanOrEqualTo(limits.maxQueryBytes()).isGreaterThan(limits.maxQueryBytes() - line.length());
        BlockCursor c = b.cursor();
        assertThatThrownBy(() -> {
          while (c.next()) {
            // every line within the limit
          }
        }).isInstanceOf(InputSyntaxException.class).hasMessageContaining("query too large")
            .satisfies(e -> assertThat(((InputSyntaxException) e).remedy()).isEqualTo(dev.caliber.error.Remedy.RAISE_QUERY_LIMIT));
        assertThat(c.lineNumber()).isEqualTo(limits.maxQueryBytes() / line.length());
        assertThat(in.read).as("bytes read").isLessThanOrEqualTo(3L * limits.maxQueryBytes());
        assertThat(blocks.next(1, LineBlocksTest::beforeLastGroup)).isNull();
      }
    }
  }

  @Test
  void should_hand_blocks_after_a_long_query_in_buffers_of_the_usual_size() throws IOException {
    // GIVEN a query of 300,000 bytes between short ones
    byte[] input = utf8("a 1\n" + "q 123456789\n".repeat(25_000) + "r 1\ns 1\n".repeat(5_000));
    List<LineBlocks.Block> blocks = blocks(inPieces(input, 1 << 12), InputLimits.DEFAULT, 1, LineBlocksTest::beforeLastGroup);
    // THEN the long query's block had to grow, and the blocks after it do not keep its size
    LineBlocks.Block longest = blocks.stream().max(java.util.Comparator.comparingInt(LineBlocks.Block::length)).orElseThrow();
    assertThat(longest.length()).isBetween(300_000, 300_000 + 2 * 4096);
    LineBlocks.Block after = blocks.get(blocks.indexOf(longest) + 1);
    assertThat(after.data().length).isLessThan(longest.data().length).isLessThanOrEqualTo(3 << 16);
  }

  @Test
  void should_give_no_block_for_an_empty_input() throws IOException {
    assertThat(blocks(new ByteArrayInputStream(new byte[0]), InputLimits.DEFAULT, 10, afterLines(1))).isEmpty();
  }

  @Test
  void should_cut_blocks_where_the_cutter_says_once_they_hold_the_least_bytes() throws IOException {
    // GIVEN lines of 4 bytes read 3 bytes at a time, blocks of at least 6 bytes, cut after 2 lines
    byte[] input = utf8("a 1\nb 2\nc 3\nd 4\ne 5\n");
    List<LineBlocks.Block> blocks = blocks(inPieces(input, 3), InputLimits.DEFAULT, 6, afterLines(2));
    // THEN two lines per block, the last block what is left
    assertThat(blocks).extracting(LineBlocksTest::lines)
        .containsExactly(List.of("a 1", "b 2"), List.of("c 3", "d 4"), List.of("e 5"));
    assertThat(blocks).extracting(LineBlocks.Block::length).containsExactly(8, 8, 4);
    assertThat(Arrays.copyOf(blocks.get(1).data(), 8)).isEqualTo(utf8("c 3\nd 4\n"));
  }

  @Test
  void should_cut_exactly_where_the_first_character_changes_and_keep_a_group_bigger_than_a_block_whole() throws IOException {
    // GIVEN groups of lines by their first character; the "b" group is far bigger than the least block size
    List<String> expected = new ArrayList<>(List.of("a one", "a two"));
    expected.addAll(java.util.Collections.nCopies(50, "b line"));
    expected.addAll(List.of("c one", "c two", "d one", "e one", "e two"));
    byte[] input = utf8(String.join("\n", expected) + "\n");
    for (int step : new int[] {1, 5, 1 << 20}) {
      List<List<String>> blocks = new ArrayList<>();
      for (LineBlocks.Block b : blocks(inPieces(input, step), InputLimits.DEFAULT, 8, LineBlocksTest::beforeLastGroup)) {
        blocks.add(lines(b));
      }
      // THEN every line once, in order, and each block but the last ends where the first character changes
      assertThat(blocks.stream().flatMap(List::stream)).as("step %d", step).containsExactlyElementsOf(expected);
      for (int i = 0; i + 1 < blocks.size(); i++) {
        List<String> block = blocks.get(i);
        assertThat(block.get(block.size() - 1).charAt(0)).as("step %d, block %d", step, i)
            .isNotEqualTo(blocks.get(i + 1).get(0).charAt(0));
      }
      assertThat(blocks).as("step %d", step).anyMatch(b -> java.util.Collections.frequency(b, "b line") == 50);
      assertThat(blocks.size()).as("step %d", step).isGreaterThan(1);
    }
  }

  @Test
  void should_ask_for_more_until_the_end_when_the_cutter_never_cuts() throws IOException {
    byte[] input = utf8("a\nb\r\n\nc");
    List<LineBlocks.Block> blocks = blocks(inPieces(input, 2), InputLimits.DEFAULT, 1, (b, from, to) -> from);
    assertThat(blocks).extracting(LineBlocksTest::lines).containsExactly(List.of("a", "b", "", "c"));
  }

  @Test
  void should_read_a_line_longer_than_the_block_buffer() throws IOException {
    byte[] big = new byte[300_000];
    Arrays.fill(big, (byte) 'y');
    byte[] input = concat(utf8("a\n"), big, utf8("\nb\n"));
    for (int step : new int[] {1 << 12, 1 << 20}) {
      List<String> all = new ArrayList<>();
      for (LineBlocks.Block b : blocks(inPieces(input, step), InputLimits.DEFAULT, 1, afterLines(1))) {
        all.addAll(lines(b));
      }
      assertThat(all).extracting(String::length).containsExactly(1, 300_000, 1);
    }
  }

  @Test
  void should_skip_a_byte_order_mark_only_at_the_start_of_the_first_block() throws IOException {
    byte[] input = concat(BOM, utf8("a\n"), BOM, utf8("b\n"));
    List<LineBlocks.Block> blocks = blocks(new ByteArrayInputStream(input), InputLimits.DEFAULT, 1, afterLines(1));
    assertThat(blocks).extracting(LineBlocksTest::lines).containsExactly(List.of("a"), List.of("\uFEFFb"));
  }

  @Test
  void should_keep_blocks_unchanged_while_later_ones_are_read_and_reuse_a_recycled_buffer() throws IOException {
    // GIVEN 400 lines of 1000 bytes, in blocks of at least 70000 bytes cut before the last complete line
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      text.append(String.format("%05d", i)).append("x".repeat(994)).append('\n');
    }
    byte[] input = utf8(text.toString());
    LineBlocks.Cutter beforeLastLine = (b, from, to) -> lineStart(b, from, to - 1);
    try (LineBlocks blocks = LineBlocks.of("test.txt", new ByteArrayInputStream(input), InputLimits.DEFAULT)) {
      List<LineBlocks.Block> kept = new ArrayList<>();
      LineBlocks.Block first = blocks.next(70_000, beforeLastLine);
      assertThat(first.length()).isGreaterThanOrEqualTo(70_000);
      List<String> lines = new ArrayList<>(lines(first));
      blocks.recycle(first);
      for (LineBlocks.Block b = blocks.next(70_000, beforeLastLine); b != null; b = blocks.next(70_000, beforeLastLine)) {
        kept.add(b);
      }
      // THEN the blocks read later are intact, and one of them lives in the first block's buffer
      for (LineBlocks.Block b : kept) {
        lines.addAll(lines(b));
      }
      assertThat(kept.subList(0, kept.size() - 1)).allMatch(b -> b.length() >= 70_000 && b.length() % 1000 == 0);
      assertThat(lines).hasSize(400);
      for (int i = 0; i < 400; i++) {
        assertThat(lines.get(i)).startsWith(String.format("%05d", i)).hasSize(999);
      }
      assertThat(kept).anyMatch(b -> b.data() == first.data());
      assertThat(blocks.bytesDelivered()).isEqualTo(input.length);
    }
  }

  @Test
  void should_number_lines_from_one_in_each_block_and_relocate_errors_into_the_whole_input() throws IOException {
    byte[] input = utf8("a\nb\nc\nd\u00e9\rx\n");
    List<LineBlocks.Block> blocks = blocks(new ByteArrayInputStream(input), InputLimits.DEFAULT, 1, afterLines(2));
    BlockCursor c = blocks.get(1).cursor();
    assertThat(c.next()).isTrue();
    assertThat(c.lineNumber()).isEqualTo(1);
    assertThat(c.source()).isEqualTo("test.txt");
    assertThat(c.location()).isEqualTo(Location.ofLine("test.txt", 1));
    assertThat(c.error("bad", "worse")).hasMessage("test.txt:1: bad (worse)");
    InputSyntaxException e = org.assertj.core.api.Assertions.catchThrowableOfType(InputSyntaxException.class, c::next);
    assertThat(e).hasMessageStartingWith("test.txt:2:3: carriage return inside a line");
    assertThat(LineBlocks.relocate(e, 3)).hasMessageStartingWith("test.txt:4:3: carriage return inside a line")
        .extracting(x -> ((InputSyntaxException) x).location()).isEqualTo(new Location("test.txt", 4, 3, ""));
    InputSyntaxException nowhere = new InputSyntaxException(Location.ofFile("test.txt"), "empty", "no lines");
    assertThat(LineBlocks.relocate(nowhere, 7)).isSameAs(nowhere);
  }

  @Test
  void should_give_every_line_before_a_line_too_long_to_find_its_end_then_the_error() throws IOException {
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(10);
    byte[] input = concat(utf8("ok\nfine\n"), "x".repeat(15).getBytes(StandardCharsets.US_ASCII));
    List<LineBlocks.Block> blocks = blocks(new ByteArrayInputStream(input), limits, 1, (b, from, to) -> from);
    BlockCursor c = blocks.get(0).cursor();
    assertThat(c.next()).isTrue();
    assertThat(c.next()).isTrue();
    assertThatThrownBy(c::next).hasMessage("test.txt:3: line too long (more than 10 bytes; expected at most 10"
        + " (the line limit); to accept longer lines, raise the line limit)");
  }

  @Test
  void should_follow_line_readers_rules_and_first_error_for_line_lengths_at_and_over_the_bound() throws IOException {
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(10);
    for (int n = 9; n <= 16; n++) {
      String line = "x".repeat(n);
      assertSameAsLineReader(utf8("ok\n" + line + "\nafter\n"), limits);
      assertSameAsLineReader(utf8("ok\n" + line + "\r\nafter\n"), limits);
      assertSameAsLineReader(utf8("ok\n" + line), limits);
      assertSameAsLineReader(concat(BOM, utf8(line + "\nnext\n")), limits);
      assertSameAsLineReader(utf8("\n" + line + "\n"), limits); // a line end as the buffer's first byte
    }
  }

  @Test
  void should_follow_line_readers_rules_and_first_error_for_the_decompressed_size_bound() throws IOException {
    byte[] input = utf8("0123\n5678\nabc\n");
    for (long max = 1; max <= input.length + 1; max++) {
      InputLimits limits = InputLimits.DEFAULT.withMaxDecompressedBytes(max);
      assertSameAsLineReader(input, limits);
      assertSameAsLineReader(gzip(input), limits);
    }
    assertThat(viaBlocks(input, InputLimits.DEFAULT.withMaxDecompressedBytes(11), 1, 1))
        .containsExactly("0123", "5678", "error test.txt:3: input too large (more than 11 bytes after decompression;"
            + " expected at most 11 (the limit on an input's size after decompression); to accept larger inputs, raise the input size limit)");
  }

  @Test
  void should_follow_line_readers_rules_and_first_error_for_a_gzip_stream_cut_anywhere() throws IOException {
    byte[] whole = concat(gzip(utf8("first line\nsecond line\n")), gzip(utf8("third\n".repeat(30))));
    for (int cut = 1; cut <= whole.length; cut += 3) {
      assertSameAsLineReader(Arrays.copyOf(whole, cut), InputLimits.DEFAULT);
    }
    assertSameAsLineReader(concat(whole, utf8("junk")), InputLimits.DEFAULT);
  }

  @Test
  void should_follow_line_readers_rules_for_text_errors_and_line_ends() throws IOException {
    assertSameAsLineReader(utf8("a\r\nb\n\n\nc"), InputLimits.DEFAULT);
    assertSameAsLineReader(utf8("a\nb\rc\nd\n"), InputLimits.DEFAULT);
    assertSameAsLineReader(concat(utf8("a\nb\n"), new byte[] {'c', (byte) 0xC3, '\n'}), InputLimits.DEFAULT);
    assertSameAsLineReader(new byte[] {(byte) 0xFE, (byte) 0xFF, 'a', '\n'}, InputLimits.DEFAULT);
    assertSameAsLineReader(concat(BOM, utf8("\n\u00e9\n")), InputLimits.DEFAULT);
    assertSameAsLineReader(concat(BOM, utf8("a\n"), BOM, utf8("b\n"), BOM, utf8("c\n")), InputLimits.DEFAULT);
    assertSameAsLineReader(utf8("a\nb\r"), InputLimits.DEFAULT);
    assertSameAsLineReader(utf8("\n\r\n\n"), InputLimits.DEFAULT);
  }

  @Test
  void should_follow_line_readers_choice_between_too_long_and_too_large_when_both_apply() throws IOException {
    InputLimits shortLines = InputLimits.DEFAULT.withMaxLineBytes(10);
    byte[] input = utf8("ok\n" + "x".repeat(20) + "\nend\n");
    for (long max = 3; max <= input.length; max++) {
      assertSameAsLineReader(input, shortLines.withMaxDecompressedBytes(max));
    }
  }

  @Test
  void should_fill_up_to_the_least_block_size_before_asking_the_cutter() throws IOException {
    // GIVEN 4-byte lines read 4 bytes at a time, blocks of at least 10 bytes, cut after every complete line
    byte[] input = utf8("a 1\n".repeat(6));
    InputStream fours = new ByteArrayInputStream(input) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 4));
      }
    };
    // THEN each block holds the lines complete once 10 bytes are in
    assertThat(blocks(fours, InputLimits.DEFAULT, 10, (b, from, to) -> to)).extracting(LineBlocks.Block::length)
        .containsExactly(8, 8, 8);
  }

  @Test
  void should_end_the_input_at_a_line_too_long_to_find_its_end() throws IOException {
    // GIVEN a line far longer than the limit, then more lines, read a few bytes at a time
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(10);
    byte[] input = utf8("ok\nfine\n" + "x".repeat(100) + "\nmore\nlines\n");
    try (LineBlocks blocks = LineBlocks.of("test.txt", inPieces(input, 3), limits)) {
      assertThat(blocks.source()).isEqualTo("test.txt");
      List<String> lines = new ArrayList<>();
      InputSyntaxException error = null;
      long before = 0;
      while (error == null) {
        LineBlocks.Block b = blocks.next(1, (bytes, from, to) -> to);
        BlockCursor c = b.cursor();
        try {
          while (c.next()) {
            lines.add(new String(c.bytes(), c.start(), c.end() - c.start(), StandardCharsets.UTF_8));
          }
          before += c.lineNumber();
        } catch (InputSyntaxException e) {
          error = LineBlocks.relocate(e, before + 1);
        }
      }
      // THEN the lines before it, the error at its line, and nothing after: the rest is never read
      assertThat(lines).containsExactly("ok", "fine");
      assertThat(error).hasMessageStartingWith("test.txt:3: line too long (more than 10 bytes");
      assertThat(blocks.next(1, (bytes, from, to) -> to)).isNull();
      assertThat(blocks.bytesDelivered()).isEqualTo(8);
    }
  }

  @Test
  void should_carry_a_long_unfinished_line_into_the_next_block_whatever_buffers_were_recycled() throws IOException {
    // GIVEN lines of 300 kB and 200 kB between short ones, each block recycled once read
    byte[] input = utf8("a\n" + "y".repeat(300_000) + "\nc\n" + "z".repeat(200_000) + "\nd\n");
    List<String> lines = new ArrayList<>();
    try (LineBlocks blocks = LineBlocks.of("test.txt", new ByteArrayInputStream(input), InputLimits.DEFAULT)) {
      for (LineBlocks.Block b = blocks.next(1, (bytes, from, to) -> to); b != null; b = blocks.next(1, (bytes, from, to) -> to)) {
        lines.addAll(lines(b));
        blocks.recycle(b);
      }
    }
    assertThat(lines).extracting(String::length).containsExactly(1, 300_000, 1, 200_000, 1);
    assertThat(lines.get(1)).matches("y+");
    assertThat(lines.get(3)).matches("z+");
  }

  @Test
  void should_close_its_input() throws IOException {
    TestInputs.Pieces in = TestInputs.inPieces(utf8("a\n"), 1);
    LineBlocks.of("test.txt", in, InputLimits.DEFAULT).close();
    assertThat(in.closed).isTrue();
  }
}
