package dev.caliber.io.read;

import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL_SHA256;
import static dev.caliber.testkit.HelpCentre.TEST;
import static dev.caliber.testkit.SeedFiles.conformance;
import static dev.caliber.testkit.SeedFiles.example;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.chunk.AdaptedRun;
import dev.caliber.chunk.ChunkAdapter;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.io.read.ProtocolFiles.ProtocolFile;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Run;
import dev.caliber.report.ReportJson;
import dev.caliber.testkit.HelpCentre;
import dev.caliber.testkit.SeedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Golden cases: the files of examples/helpcentre, read through {@link ProtocolFiles}, evaluated and
 * rendered by {@link ReportJson}, give byte for byte the seed's expected outputs in
 * {@code <shared>/conformance/seed}.
 */
class SeedConformanceTest {

  private static ProtocolFile protocolFile() throws IOException {
    return ProtocolFiles.protocol(ProtocolFiles.readJson(example("protocol.json").toString()));
  }

  private static Run runFile(String name) throws IOException {
    return ProtocolFiles.run(name, ProtocolFiles.readJson(example("runs/" + name + ".json").toString()));
  }

  @ParameterizedTest
  @ValueSource(strings = {"fixture_A", "fixture_B", "all_empty"})
  void each_report_is_byte_identical_to_the_seed(String name) throws IOException {
    // GIVEN the protocol and the run as files
    ProtocolFile file = protocolFile();
    Run run = runFile(name);
    // WHEN
    EvaluationReport report = Evaluator.evaluate(file.protocol(), run, TEST, K);
    byte[] rendered = ReportJson.render(ReportJson.toData(report)).getBytes(StandardCharsets.UTF_8);
    // THEN
    Path expected = conformance("report." + name + ".json");
    assertThat(new String(rendered, StandardCharsets.UTF_8)).isEqualTo(SeedFiles.text(expected));
    assertThat(rendered).isEqualTo(SeedFiles.bytes(expected));
  }

  @ParameterizedTest
  @ValueSource(strings = {"fixture_A", "fixture_B", "all_empty"})
  void each_report_equals_its_part_of_expected_json(String name) throws IOException {
    // expected.json holds the three reports inside one document, indented two levels deeper
    Object expected = SeedFiles.plain(SeedFiles.json(conformance("expected.json")));
    Object fromReportFile = SeedFiles.plain(SeedFiles.json(conformance("report." + name + ".json")));
    @SuppressWarnings("unchecked")
    Map<String, Object> results = (Map<String, Object>) ((Map<String, Object>) expected).get("results");
    assertThat(results.get(name)).isEqualTo(fromReportFile);
    // and the in-code fixture scores the same as the files
    EvaluationReport report = Evaluator.evaluate(HelpCentre.PROTOCOL, HelpCentre.RUNS.get(name), TEST, K);
    assertThat(ReportJson.render(ReportJson.toData(report))).isEqualTo(SeedFiles.text(conformance("report." + name + ".json")));
  }

  @Test
  void the_protocol_file_fixes_split_test_and_k_2() throws IOException {
    ProtocolFile file = protocolFile();
    assertThat(file.split()).isEqualTo(TEST);
    assertThat(file.k()).isEqualTo(K);
  }

  @Test
  void the_seed_protocol_fingerprint_is_9dd1a576() throws IOException {
    // from the protocol file, from the three separate files, and from the fixture built in code
    Protocol fromFile = protocolFile().protocol();
    Protocol fromParts = new Protocol(
        ProtocolFiles.corpus(ProtocolFiles.readJson(example("corpus.json").toString())),
        ProtocolFiles.queries(ProtocolFiles.readJson(example("queries.json").toString())),
        ProtocolFiles.qrels(ProtocolFiles.readJson(example("qrels.json").toString())));
    assertThat(Fingerprint.sha256(fromFile, TEST, K)).isEqualTo(PROTOCOL_SHA256);
    assertThat(Fingerprint.sha256(fromParts, TEST, K)).isEqualTo(PROTOCOL_SHA256);
    assertThat(Fingerprint.sha256(HelpCentre.PROTOCOL, TEST, K)).isEqualTo(PROTOCOL_SHA256);
    assertThat(PROTOCOL_SHA256).isEqualTo("9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb");
    // and it is what every report carries
    assertThat(Evaluator.evaluate(fromFile, runFile("fixture_A"), TEST, K).protocolSha256()).isEqualTo(PROTOCOL_SHA256);
  }

  @Test
  void the_in_code_fixture_equals_the_example_files() throws IOException {
    Protocol fromFile = protocolFile().protocol();
    assertThat(fromFile.corpus().asMap()).containsExactlyEntriesOf(HelpCentre.CORPUS.asMap());
    assertThat(fromFile.queries().asMap()).containsExactlyEntriesOf(HelpCentre.QUERIES.asMap());
    assertThat(fromFile.qrels().asMap()).containsExactlyEntriesOf(HelpCentre.QRELS.asMap());
    for (String name : HelpCentre.RUNS.keySet()) {
      assertThat(runFile(name).asMap()).containsExactlyEntriesOf(HelpCentre.RUNS.get(name).asMap());
    }
    assertThat(chunkMappingFile().asMap()).containsExactlyEntriesOf(HelpCentre.CHUNK_TO_DOC.asMap());
    assertThat(chunkRunFile().asMap()).containsExactlyEntriesOf(HelpCentre.CHUNK_RUN.asMap());
  }

  private static dev.caliber.chunk.ChunkMapping chunkMappingFile() throws IOException {
    return ProtocolFiles.chunkMapping(ProtocolFiles.readJson(example("chunks/chunk_to_doc.json").toString()));
  }

  private static Run chunkRunFile() throws IOException {
    return ProtocolFiles.chunkRun("chunk_run", ProtocolFiles.readJson(example("chunks/chunk_run.json").toString()));
  }

  @Test
  void the_adapted_chunk_run_is_byte_identical_to_the_seed() throws IOException {
    // GIVEN the protocol, mapping and chunk run as files
    Protocol protocol = protocolFile().protocol();
    // WHEN
    AdaptedRun adapted = ChunkAdapter.adapt(protocol.corpus(), protocol.queries(), chunkMappingFile(), chunkRunFile(), TEST);
    byte[] rendered = ReportJson.render(ReportJson.toData(adapted)).getBytes(StandardCharsets.UTF_8);
    // THEN
    Path expected = conformance("adapt.chunk_run.json");
    assertThat(new String(rendered, StandardCharsets.UTF_8)).isEqualTo(SeedFiles.text(expected));
    assertThat(rendered).isEqualTo(SeedFiles.bytes(expected));
    assertThat(adapted.adapterSha256()).isEqualTo("d6706e72c8476072541a9ff6ec1ea1c86c4b7c58057b587db56acac24102cd12");
  }
}
