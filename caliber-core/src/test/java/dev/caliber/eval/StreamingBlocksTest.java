package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.engine.RunMerge;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.policy.Policy;
import dev.caliber.result.ScoredQuery;
import org.junit.jupiter.api.Test;

/**
 * The line count across the blocks of a streamed run, up to the most lines a run may have: blocks are given
 * as counts, so no test needs two billion lines.
 */
class StreamingBlocksTest {
  private static final ScoredQuery[] NONE = new ScoredQuery[0];

  private static BlockMerge merge() {
    return new BlockMerge(new RunMerge(Evaluation.newContext(StreamingEvaluationExamplesTest.protocol(Policy.trecEval())),
        (q, entry, line) -> Location.ofLine("run.txt", line)), "run.txt", true);
  }

  private static BlockMerge.BlockResult lines(int n) {
    return new BlockMerge.BlockResult(n, null, NONE);
  }

  /** A block of {@code n} lines whose line {@code at} (counted in the block) is malformed. */
  private static BlockMerge.BlockResult malformed(int n, int at) {
    return new BlockMerge.BlockResult(n,
        new InputSyntaxException(Location.ofLine("run.txt", at), "bad line", "for the test"), null);
  }

  @Test
  void accepts_a_run_of_exactly_the_most_lines_a_run_may_have() {
    BlockMerge m = merge();
    assertThat(m.add(lines(Integer.MAX_VALUE - 1))).isTrue();
    assertThat(m.add(lines(1))).isTrue();
    assertThat(m.firstLine).isEqualTo(Integer.MAX_VALUE + 1L);
  }

  @Test
  void rejects_a_run_of_more_lines_at_the_first_line_too_many() {
    BlockMerge m = merge();
    m.add(lines(Integer.MAX_VALUE));
    assertThatThrownBy(() -> m.add(lines(1))).isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("run.txt:2147483648: too many lines");
  }

  @Test
  void reports_a_malformed_line_at_its_line_in_the_run() {
    BlockMerge m = merge();
    m.add(lines(10));
    assertThatThrownBy(() -> m.add(malformed(3, 3))).isInstanceOf(InputSyntaxException.class)
        .hasMessage("run.txt:13: bad line (for the test)");
  }

  @Test
  void reports_a_malformed_line_on_the_last_line_a_run_may_have_but_too_many_lines_after_it() {
    BlockMerge last = merge();
    last.add(lines(Integer.MAX_VALUE - 1));
    assertThatThrownBy(() -> last.add(malformed(2, 1))).hasMessageStartingWith("run.txt:2147483647: bad line");
    BlockMerge first = merge();
    first.add(lines(Integer.MAX_VALUE));
    assertThatThrownBy(() -> first.add(malformed(1, 1))).hasMessageStartingWith("run.txt:2147483648: bad line");
    BlockMerge past = merge();
    past.add(lines(Integer.MAX_VALUE));
    assertThatThrownBy(() -> past.add(malformed(2, 2))).hasMessageStartingWith("run.txt:2147483648: too many lines");
  }
}
