package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.CaliberInputException;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.QueryBoundary;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A run cut into parts at query boundaries, each part scored alone and the parts merged in any order,
 * gives what one evaluation of the whole file gives: the same JSON report byte for byte, or the same
 * first error, word for word; a run not grouped by query is handed back to be read whole.
 */
class RunPartsTest {
  private static final Map<String, Map<String, Integer>> QRELS = Map.of(
      "q1", Map.of("d1", 1, "d2", 0, "d3", 2),
      "q2", Map.of("d1", 0, "d4", 1),
      "q3", Map.of("d5", 1));

  static EvalProtocol protocol() {
    return Protocols.protocol(QRELS, List.of("q1", "q2", "q3"), null, Policy.trecEval(), "AP", "P@2", "nDCG@10", "RR",
        "num_ret");
  }

  /** What one evaluation of the whole file makes of it: its JSON report, or its first error's message. */
  static String whole(EvalProtocol protocol, byte[] run) {
    try {
      StreamingEvaluation.Outcome o = StreamingEvaluation.evaluate(protocol, "run.txt", () -> new ByteArrayInputStream(run),
          true, StreamingEvaluation.Options.defaults().withThreads(1));
      return o.violation() != null ? "error: " + o.violation().getMessage() : ShardsTest.json(o.result());
    } catch (CaliberInputException e) {
      return "error: " + e.getMessage();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The run's parts of about {@code partBytes} each, scored and merged in shuffled order; "whole" when handed back. */
  static String inParts(EvalProtocol protocol, byte[] run, long partBytes, long seed) {
    long[] cuts = RunParts.canCut(java.util.Arrays.copyOf(run, Math.min(RunParts.HEAD_BYTES, run.length))) ? RunParts.cuts(run.length, partBytes)
        : new long[] {0};
    List<RunParts.Part> parts = new ArrayList<>();
    try {
      for (int k = 0; k < cuts.length; k++) {
        parts.add(RunParts.score(protocol, "run.txt", at -> new ByteArrayInputStream(run, (int) at, run.length - (int) at),
            k, cuts[k], k + 1 < cuts.length ? cuts[k + 1] : run.length, TrecRunOptions.DEFAULT));
      }
      Collections.shuffle(parts, new Random(seed));
      RunResult r = RunParts.merge(protocol, "run.txt", "run.txt", parts);
      return r == null ? "whole" : ShardsTest.json(r);
    } catch (CaliberInputException e) {
      return "error: " + e.getMessage();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static final String RUN = "q1 Q0 d1 1 3.5 t\nq1 Q0 d9 2 3.0 t\nq1 Q0 d3 3 2.0 t\n"
      + "q2 Q0 d4 1 9 t\nq2 Q0 d1 2 8 t\n"
      + "q9 Q0 d1 1 1 t\n"
      + "q3 Q0 d2 1 5 t\nq3 Q0 d5 2 4 t\nq3 Q0 d6 3 3 t\n";

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 7, 17, 18, 19, 40, 1000})
  void aGroupedRunInPartsOfAnySizeIsTheOneEvaluationByteForByte(long partBytes) {
    EvalProtocol p = protocol();
    String expected = whole(p, text(RUN));
    assertThat(expected).startsWith("{");
    for (long seed = 0; seed < 3; seed++) {
      assertThat(inParts(p, text(RUN), partBytes, seed)).isEqualTo(expected);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "q1 Q0 d1 1 3.5 t\nq1 Q0 d9 2 x t\nq2 Q0 d4 1 9 t\n",              // a bad score in the first part
      "q1 Q0 d1 1 3.5 t\nq2 Q0 d4 1 9 t\nq3 Q0 d5 1 1 t\nq3 Q0 d2 2 x t\n", // a bad score in the last part
      "q1 Q0 d1 1 3.5 t\nq2 Q0 d4 1 9 u\n",                              // another tag, after the first part
      "q1 Q0 d1 1 3.5 t\nq2 Q0 d4 1 9\n",                                // five columns in a later part
      "q1 Q0 d1 1 3.5 t\n\nq2 Q0 d4 1 9 t\n",                            // a blank line before a query
      "q1 Q0 d1 1 3.5 t\nq2 Q0 d4 1 9 t\n\n\n",                          // blank lines at the end: accepted
      "q1 Q0 d1 1 3.5 t\nq1 Q0 d1 2 3.0 t\nq2 Q0 d4 1 9 t\n",            // a repeated document
      "q1 d1 3\nq2 d4 2\nq2 d5 1\n",                                    // three columns
      "   q1 Q0 d1 1 3.5 t\n\tq2 Q0 d4 1 9 t\r\nq3 Q0 d5 1 1 t",          // leading blanks, CRLF, no last newline
      "q1 Q0 d1 1 3.5 t\nq4 Q0 d4 1 9 t\n",                              // a query outside the set
      "",                                                                  // an empty run
      "\n\n",                                                              // blank lines only
      "x\n",                                                               // one malformed line
  })
  void everyFirstErrorAndEveryEdgeIsTheOneEvaluations(String run) {
    EvalProtocol p = protocol();
    String expected = whole(p, text(run));
    for (long partBytes = 1; partBytes <= text(run).length + 1; partBytes++) {
      assertThat(inParts(p, text(run), partBytes, partBytes)).as("parts of %d bytes", partBytes).isEqualTo(expected);
    }
  }

  @Test
  void aRunNotGroupedIsHandedBackToBeReadWhole() {
    String run = "q1 Q0 d1 1 3.5 t\nq2 Q0 d4 1 9 t\nq1 Q0 d3 2 2.0 t\nq3 Q0 d5 1 1 t\n";
    // in one part: the part says so; in several: the merge finds q1 in two parts
    for (long partBytes = 1; partBytes <= run.length(); partBytes++) {
      assertThat(inParts(protocol(), text(run), partBytes, 1)).as("parts of %d bytes", partBytes).isEqualTo("whole");
    }
  }

  @Test
  void aMalformedLineBeforeTheRunComesBackIsStillTheFirstError() {
    String run = "q1 Q0 d1 1 3.5 t\nq2 Q0 d4 1 x t\nq1 Q0 d3 2 2.0 t\n";
    String expected = whole(protocol(), text(run));
    assertThat(expected).startsWith("error: run.txt:2: ");
    assertThat(inParts(protocol(), text(run), 1000, 1)).isEqualTo(expected);
    assertThat(inParts(protocol(), text(run), 20, 1)).isEqualTo(expected);
  }

  @Test
  void partsStartAtAChangeOfQueryNeverAtABlankLine() throws IOException {
    byte[] run = text("q1 a\nq1 b\nq2 c\n\nq3 d\nq3 e\n");
    // at 0: 0; inside q1's lines: q2's first line (10); inside q2's: none before the end, since a
    // blank line neither ends a part nor begins one (it would then end or begin the input)
    assertThat(start(run, 0)).isEqualTo(0);
    assertThat(start(run, 1)).isEqualTo(10);
    assertThat(start(run, 5)).isEqualTo(10);
    assertThat(start(run, 6)).isEqualTo(run.length);
    assertThat(start(run, 10)).isEqualTo(run.length);
    assertThat(start(run, 15)).isEqualTo(run.length);
    assertThat(start(run, run.length)).isEqualTo(run.length);
    byte[] three = text("q1 a\nq2 b\nq3 c\n");
    assertThat(start(three, 5)).isEqualTo(10);
    assertThat(start(three, 6)).isEqualTo(15);
    // IDs longer than the kept buffer are compared whole
    String longA = "a".repeat(300) + "1";
    String longB = "a".repeat(300) + "2";
    byte[] longRun = text(longA + " x\n" + longA + " y\n" + longB + " z\n");
    assertThat(start(longRun, 1)).isEqualTo(2L * (longA.length() + 3));
  }

  @Test
  void queryIdsOfOtherLengthsOrLongerThanTheBufferAreOtherQueries() throws IOException {
    assertThat(start(text("q1 a\nq1 b\nq10 c\nq10 d\n"), 1)).isEqualTo(10);
    assertThat(start(text("q10 a\nq10 b\nq1 c\n"), 1)).isEqualTo(12);
    assertThat(start(text("q1 a\nq2 b"), 2)).isEqualTo(9); // the line after the cut is the last
    assertThat(start(text("q1 a\nq1 b"), 2)).isEqualTo(9); // no last newline: the end
    assertThat(start(text("q1 a\n"), 5)).isEqualTo(5);
    assertThat(start(text(" q1 a\n q1 b\n\tq2 c\n"), 1)).isEqualTo(12); // blanks before an ID
    assertThat(start(text("q1 a\nq1\r\nq1 b\nq2 c\n"), 1)).isEqualTo(14); // a \r ends an ID
    assertThat(start(text("q1 a\nq1\tb\nq1x c\n"), 1)).isEqualTo(10); // a tab ends an ID
    assertThat(start(text("q1\ta\nq1\tb\nq1\tc\n"), 1)).isEqualTo(15);
    String a = "x".repeat(1000) + "a";
    String b = "x".repeat(1000) + "b";
    byte[] longRun = text(a + " 1\n" + a + " 2\n" + b + " 3\n" + b + " 4\n");
    assertThat(start(longRun, 1)).isEqualTo(2L * (a.length() + 3));
    byte[] same = text(a + " 1\n" + a + " 2\n" + a + " 3\n");
    assertThat(start(same, 1)).isEqualTo(same.length);
  }

  @Test
  void aRunBeyondTheLinesOfOneFileIsRefusedAsTheWholeFileIs() {
    String tooMany = "too many lines";
    RunParts.Part big = new RunParts.Part(0, Integer.MAX_VALUE - 1L, "t", null, false, List.of());
    RunParts.Part two = new RunParts.Part(1, 2, null, null, false, List.of());
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of(big, two)))
        .hasMessageContaining(tooMany).hasMessageStartingWith("run.txt:" + (Integer.MAX_VALUE + 1L) + ": ");
    RunParts.Part one = new RunParts.Part(1, 1, null, null, false, List.of());
    assertThat(RunParts.merge(protocol(), "r", "run.txt", List.of(big, one))).isNotNull();
    RunParts.Part bad = new RunParts.Part(1, 0, null,
        new dev.caliber.error.InputSyntaxException(dev.caliber.error.Location.ofLine("run.txt", 3), "bad", "worse"), false, List.of());
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of(big, bad))).hasMessageContaining(tooMany);
    RunParts.Part last = new RunParts.Part(1, 0, null,
        new dev.caliber.error.InputSyntaxException(dev.caliber.error.Location.ofLine("run.txt", 2), "bad", "worse"), false, List.of());
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of(big, last)))
        .hasMessageStartingWith("run.txt:" + (Integer.MAX_VALUE + 1L) + ": bad"); // the first line too many, as reading whole says
    RunParts.Part early = new RunParts.Part(1, 0, null,
        new dev.caliber.error.InputSyntaxException(dev.caliber.error.Location.ofLine("run.txt", 1), "bad", "worse"), false, List.of());
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of(big, early)))
        .hasMessageStartingWith("run.txt:" + Integer.MAX_VALUE + ": bad");
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aPartReadsItsBytesAndNoMore() throws IOException {
    InputStream in = RunParts.bounded(new ByteArrayInputStream(text("abcdef")), 4);
    assertThat(in.read()).isEqualTo('a');
    byte[] b = new byte[10];
    assertThat(in.read(b, 0, 0)).isZero();
    assertThat(in.read(b, 0, 10)).isEqualTo(3);
    assertThat(new String(b, 0, 3, StandardCharsets.UTF_8)).isEqualTo("bcd");
    assertThat(in.read()).isEqualTo(-1);
    assertThat(in.read(b, 0, 10)).isEqualTo(-1);
    assertThat(in.read(b, 0, 0)).isZero();
    InputStream highByte = RunParts.bounded(new ByteArrayInputStream(new byte[] {(byte) 0xe9}), 5);
    assertThat(highByte.read()).isEqualTo(0xe9);
    assertThat(highByte.read()).isEqualTo(-1);
    boolean[] closed = {false};
    RunParts.bounded(new ByteArrayInputStream(new byte[0]) {
      @Override
      public void close() {
        closed[0] = true;
      }
    }, 1).close();
    assertThat(closed[0]).isTrue();
  }

  private static long start(byte[] run, long at) throws IOException {
    if (at == 0) {
      return QueryBoundary.partStart(InputStream.nullInputStream(), 0);
    }
    return QueryBoundary.partStart(new ByteArrayInputStream(run, (int) at - 1, run.length), at);
  }

  @Test
  void cutsAreEvenAndOnlyPlainTextIsCut() {
    assertThat(RunParts.cuts(0, 10)).containsExactly(0);
    assertThat(RunParts.cuts(10, 10)).containsExactly(0);
    assertThat(RunParts.cuts(11, 10)).containsExactly(0, 10);
    assertThat(RunParts.cuts(25, 5)).containsExactly(0, 5, 10, 15, 20);
    assertThatThrownBy(() -> RunParts.cuts(10, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RunParts.cuts(-1, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(RunParts.canCut(text("q1 Q0"))).isTrue();
    assertThat(RunParts.canCut(new byte[] {0x1f, (byte) 0x8b})).isFalse();
    assertThat(RunParts.canCut(new byte[] {'B', 'Z', 'h', '9', 0x31, 0x41, 0x59, 0x26, 0x53, 0x59})).isFalse();
    assertThat(RunParts.canCut(text("BZh9 Q0 d1"))).isTrue(); // a query ID, not bzip2
    assertThat(RunParts.canCut(new byte[] {'P', 'K', 3, 4})).isFalse();
    assertThat(RunParts.canCut(text("PK Q0 d1 1"))).isTrue();
    assertThat(RunParts.canCut(new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0})).isFalse();
    assertThat(RunParts.canCut(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd})).isFalse();
    assertThat(RunParts.canCut(new byte[] {0x1f})).isTrue();
    assertThat(RunParts.canCut(new byte[0])).isTrue();
  }

  @Test
  void aGzipRunIsOnePartRead() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      gz.write(text(RUN));
    }
    byte[] run = bytes.toByteArray();
    RunParts.Part one = RunParts.score(protocol(), "run.txt", at -> new ByteArrayInputStream(run, (int) at, run.length),
        0, 0, run.length, TrecRunOptions.DEFAULT);
    assertThat(one.lines()).isEqualTo(9);
    assertThat(one.tag()).isEqualTo("t");
    assertThat(ShardsTest.json(RunParts.merge(protocol(), "run.txt", "run.txt", List.of(one)))).isEqualTo(whole(protocol(), text(RUN)));
  }

  @Test
  void partsMustBeEachPlaceOnce() {
    RunParts.Part empty = new RunParts.Part(0, 0, null, null, false, List.of());
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of(empty, empty)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("part 0 of 2");
    assertThatThrownBy(() -> RunParts.merge(protocol(), "r", "run.txt", List.of(new RunParts.Part(1, 0, null, null, false, List.of()))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RunParts.Part(-1, 0, null, null, false, List.of())).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new RunParts.Part(0, -1, null, null, false, List.of())).isInstanceOf(IllegalArgumentException.class);
  }
}
