package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adapter validates the mapping and the whole chunk run before producing anything; each
 * violation is exit 3 with the seed's reason and where it is.
 */
class AdaptViolationsTest {

  @TempDir Path dir;

  private CliResult adapt(Path mapping, Path chunkRun) {
    return Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", mapping, "--run", chunkRun);
  }

  @Test
  void should_reject_a_mapping_entry_pointing_outside_the_corpus_even_if_no_run_uses_it() {
    // GIVEN d7a maps to d7, which the corpus lacks; the chunk run never names d7a
    Path mapping = Cli.write(dir, "map.json", "{\n  \"d3a\": \"d3\",\n  \"d7a\": \"d7\"\n}\n");
    Path run = Cli.write(dir, "chunks.json", "{\"q2\": [\"d3a\"]}");
    // WHEN
    CliResult result = adapt(mapping, run);
    // THEN
    assertThatRun(result).rejectedInput(mapping + ":3:10: $.d7a: mapping points outside the corpus "
        + "(chunk \"d7a\" -> document \"d7\", which is not in the corpus)");
  }

  @Test
  void should_reject_a_duplicate_chunk() {
    Path run = Cli.write(dir, "chunks.json", "{\"q2\": [\"d3a\", \"d4a\", \"d3a\"]}");
    CliResult result = adapt(example("chunks/chunk_to_doc.json"), run);
    assertThatRun(result).rejectedInput(run + ":1:23: $.q2[2]: duplicate chunk ID "
        + "(query \"q2\": chunk \"d3a\" at rank 3 repeats rank 1)");
  }

  @Test
  void should_reject_an_unknown_chunk() {
    Path run = Cli.write(dir, "chunks.json", "{\"q2\": [\"d3a\", \"d3c\"]}");
    CliResult result = adapt(example("chunks/chunk_to_doc.json"), run);
    assertThatRun(result).rejectedInput(run + ":1:16: $.q2[1]: unknown or invalid chunk ID "
        + "(query \"q2\": chunk \"d3c\" at rank 2 is not in the mapping)");
  }

  @Test
  void should_not_guess_a_chunk_s_document_from_its_name() {
    // "d3" is a document ID, not a chunk ID of the mapping
    Path run = Cli.write(dir, "chunks.json", "{\"q2\": [\"d3\"]}");
    CliResult result = adapt(example("chunks/chunk_to_doc.json"), run);
    assertThatRun(result).rejectedInput(run + ":1:9: $.q2[0]: unknown or invalid chunk ID "
        + "(query \"q2\": chunk \"d3\" at rank 1 is not in the mapping)");
  }

  @Test
  void should_reject_a_chunk_run_query_of_another_split() {
    Path run = Cli.write(dir, "chunks.json", "{\"q1\": [\"d1a\"]}");
    CliResult result = adapt(example("chunks/chunk_to_doc.json"), run);
    assertThatRun(result).rejectedInput(run + ":1:8: $.q1: unknown or wrong-split query "
        + "(query \"q1\" is in split \"dev\", not \"test\")");
  }

  @Test
  void should_reject_a_mapping_that_is_not_an_object() {
    Path mapping = Cli.write(dir, "map.json", "[\"d3a\", \"d3\"]");
    CliResult result = adapt(mapping, example("chunks/chunk_run.json"));
    assertThatRun(result).rejectedInput(mapping + ":1:1: $: mapping and runs must be dictionaries "
        + "(got an array; expected an object mapping chunk ID to document ID)");
  }

  @Test
  void should_reject_a_chunk_ranking_that_is_not_a_list() {
    Path run = Cli.write(dir, "chunks.json", "{\"q2\": \"d3a\"}");
    CliResult result = adapt(example("chunks/chunk_to_doc.json"), run);
    assertThatRun(result).rejectedInput(run + ":1:8: $.q2: chunk ranking must be a list (query \"q2\": got the string \"d3a\")");
  }
}
