package dev.caliber.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.report.TrecRunText;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CACM collection indexed and searched with Anserini's settings (English analysis, BM25 k1 =
 * 0.9, b = 0.4, bag of words) reproduces, hit for hit and score for score, the Lucene retriever
 * the examples used before this module (caliber-examples' {@code LuceneBm25}): the SHA-256 of its
 * 64 topics' hits to depth 1000 as TREC lines, and its means under trec_eval's rules (README,
 * "Examples, and a Lucene retriever end to end": AP 0.3115, P@10 0.3115, nDCG@10 0.4520, RR@10
 * 0.7022).
 */
class CacmReproductionTest {
  /** The former retriever's run of CACM's 64 topics, every hit as a TREC line tagged "t": its SHA-256. */
  static final String FORMER_RUN_SHA256 = "144e92dfcd7e8a6873146b0d8572a57b627c19f268ded634f37d8053e73a3b9c";

  @TempDir Path dir;

  private static String runSha256(ScoredRun run) {
    StringBuilder sb = new StringBuilder();
    run.asMap().forEach((q, list) -> TrecRunText.render(q, list, "t", sb::append));
    return Fingerprint.sha256Hex(sb.toString());
  }

  @Test
  void cacm_on_disk_and_in_memory_gives_the_former_retrievers_run_and_numbers() throws IOException {
    // GIVEN CACM's corpus, topics and judgments
    Path cacm = Corpora.cacm();
    Topics topics = EvalFiles.readTopics(cacm.resolve("topics.cacm.txt"), null);
    EvalProtocol protocol = Eval.protocol(EvalFiles.readQrels(cacm.resolve("qrels.cacm.txt")), Preset.TREC_EVAL, "AP", "P@10", "nDCG@10",
        "RR@10");
    Path corpus = cacm.resolve("corpus/cacm.anserini-data.jsonl.gz");
    // WHEN it is indexed on disk with the default settings, and searched to depth 1000
    ScoredRun disk;
    try (LuceneIndex idx = LuceneIndex.build(corpus, dir.resolve("cacm-index"), IndexSettings.DEFAULT)) {
      assertThat(idx.documents()).isEqualTo(3204);
      disk = Eval.retrieve("lucene-bm25", idx.retriever(), topics, 1000);
    }
    ScoredRun memory;
    try (LuceneIndex idx = LuceneIndex.inMemory(corpus, IndexSettings.DEFAULT)) {
      memory = Eval.retrieve("lucene-bm25", idx.retriever(), topics, 1000);
    }
    // THEN both runs are the former retriever's, byte for byte
    assertThat(runSha256(disk)).isEqualTo(FORMER_RUN_SHA256);
    assertThat(runSha256(memory)).isEqualTo(FORMER_RUN_SHA256);
    // and so are the numbers, exactly
    RunResult r = Eval.evaluate(protocol, disk);
    Map<String, String> means = new LinkedHashMap<>();
    for (MeasureSummary s : r.summaries()) {
      means.put(s.measure().toString(), String.format(Locale.ROOT, "%.4f", s.decimalMean()));
    }
    assertThat(means).containsExactly(Map.entry("AP", "0.3115"), Map.entry("P@10", "0.3115"), Map.entry("nDCG@10", "0.4520"),
        Map.entry("RR@10", "0.7022"));
    assertThat(r.summaries().get(1).value().toString()).isEqualTo("81/260");
    assertThat(r.summaries().get(2).decimalMean()).isEqualTo(0.4520360875578527);
    assertThat(r.summaries().get(3).value().toString()).isEqualTo("2191/3120");
  }
}
