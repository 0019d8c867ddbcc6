package dev.caliber.examples;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.lucene.IndexSettings;
import dev.caliber.lucene.LuceneAnalyzer;
import dev.caliber.lucene.LuceneIndex;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** The CACM collection and a Lucene BM25 run of it, for the JUnit examples. */
final class Cacm {
  static final Path DIR = CacmFolder.cacm(new String[0]);

  private Cacm() {}

  /** trec_eval's protocol over CACM's 52 judged topics. */
  static EvalProtocol protocol(String... measures) {
    try {
      return Eval.protocol(EvalFiles.readQrels(DIR.resolve("qrels.cacm.txt")), Preset.TREC_EVAL, measures);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lucene BM25 with {@code analyzer}, every topic searched to depth 1000, evaluated. */
  static RunResult lucene(EvalProtocol protocol, LuceneAnalyzer analyzer) {
    IndexSettings settings = IndexSettings.DEFAULT.withAnalyzer(analyzer);
    try (LuceneIndex lucene = LuceneIndex.inMemory(DIR.resolve("corpus/cacm.anserini-data.jsonl.gz"), settings)) {
      return Eval.evaluate(protocol, "lucene-bm25", lucene.retriever(), EvalFiles.readTopics(DIR.resolve("topics.cacm.txt"), null), 1000);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
