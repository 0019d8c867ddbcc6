package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.Location;
import dev.caliber.protocol.Origin;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Where a value read from a line file came from (judgments: QrelsTest): a line for every path the readers name, the file
 * alone for any path that names nothing known (never an exception, never a wrong line).
 */
class LineOriginTest {
  private static final String F = "run.txt";

  private static Location line(long n) {
    return Location.ofLine(F, n);
  }

  private static final Location FILE = Location.ofFile(F);

  @Nested
  class Entries {
    private final Origin origin = LineOrigin.ofEntries(F, Map.of("q1", new int[] {3, 5, 9}, "q2", new int[] {12}));

    @Test
    void should_give_the_line_of_a_query_s_first_entry_and_of_each_entry_by_position() {
      assertThat(origin.locate("q1")).isEqualTo(line(3));
      assertThat(origin.locate("q1", 0)).isEqualTo(line(3));
      assertThat(origin.locate("q1", 2)).isEqualTo(line(9));
      assertThat(origin.locate("q2", 0)).isEqualTo(line(12));
    }

    @Test
    void should_give_the_file_for_paths_that_name_nothing_known() {
      assertThat(origin.locate()).isEqualTo(FILE);
      assertThat(origin.locate("q9")).isEqualTo(FILE);
      assertThat(origin.locate(1)).isEqualTo(FILE);
      assertThat(origin.locate("q1", -1)).isEqualTo(FILE);
      assertThat(origin.locate("q1", 3)).isEqualTo(FILE);
      assertThat(origin.locate("q1", "d1")).isEqualTo(FILE);
      assertThat(origin.locate("q1", 0, 0)).isEqualTo(FILE);
    }
  }

  @Nested
  class Consecutive_records {
    private final Origin origin = LineOrigin.ofConsecutiveRecords(F, new String[] {"a", "b", "c"});

    @Test
    void should_give_the_line_of_the_record_with_the_id_counting_from_one_every_time() {
      assertThat(origin.locate("a")).isEqualTo(line(1));
      assertThat(origin.locate("c")).isEqualTo(line(3));
      assertThat(origin.locate("c", "text")).isEqualTo(line(3));
      assertThat(origin.locate("b")).isEqualTo(line(2));
    }

    @Test
    void should_give_the_file_for_paths_that_name_nothing_known() {
      assertThat(origin.locate()).isEqualTo(FILE);
      assertThat(origin.locate("z")).isEqualTo(FILE);
      assertThat(origin.locate(0)).isEqualTo(FILE);
    }
  }
}
