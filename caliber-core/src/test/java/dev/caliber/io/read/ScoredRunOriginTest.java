package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.Origin;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The origin of a score-shaped JSON run: entry i of query q is the i-th member of q's object; any
 * other path is looked up as a JSON path, and what is not there is the file.
 */
class ScoredRunOriginTest {
  private static Origin origin(String json) throws IOException {
    return ProtocolFiles.scoredRun("run",
        JsonReader.parse("run.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)))).origin();
  }

  @Test
  void should_locate_entries_by_position_and_other_paths_by_json_path() throws IOException {
    // GIVEN
    Origin origin = origin("{\"q1\": {\"d1\": 1.0,\n  \"d9\": 0.5}}");
    // THEN entries by position
    assertThat(origin.locate("q1", 0).toString()).isEqualTo("run.json:1:15: $.q1.d1");
    assertThat(origin.locate("q1", 1).toString()).isEqualTo("run.json:2:9: $.q1.d9");
    // and other paths as JSON paths
    assertThat(origin.locate("q1").toString()).isEqualTo("run.json:1:8: $.q1");
    assertThat(origin.locate("q1", "d9").toString()).isEqualTo("run.json:2:9: $.q1.d9");
  }

  @Test
  void should_give_the_file_for_entries_and_paths_that_are_not_there() throws IOException {
    Origin origin = origin("{\"q1\": {\"d1\": 1.0, \"d2\": 0.5}}");
    assertThat(origin.locate("q1", 2).toString()).isEqualTo("run.json");
    assertThat(origin.locate("q1", -1).toString()).isEqualTo("run.json");
    assertThat(origin.locate("q9", 0).toString()).isEqualTo("run.json");
    assertThat(origin.locate(0, 0).toString()).isEqualTo("run.json");
    assertThat(origin.locate("q1", 0, 0).toString()).isEqualTo("run.json");
  }
}
