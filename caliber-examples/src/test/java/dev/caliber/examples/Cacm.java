package dev.caliber.examples;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.analysis.Analyzer;

/** The CACM collection and a Lucene BM25 run of it, for the JUnit examples. */
final class Cacm {
  static final Path DIR = CacmFolder.cacm(new String[0]);

  private Cacm() {}

  /** trec_eval's protocol over CACM's 52 judged topics. */
  static EvalProtocol protocol(String... measures) {
    try {
      return Eval.protocol(Eval.readQrels(DIR.resolve("qrels.cacm.txt")), Preset.TREC_EVAL, measures);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Lucene BM25 with {@code analyzer}, every topic searched to depth 1000, evaluated. */
  static RunResult lucene(EvalProtocol protocol, Analyzer analyzer) {
    try (LuceneBm25 lucene = LuceneBm25.index(DIR.resolve("corpus/cacm.anserini-data.jsonl.gz"), analyzer)) {
      return Eval.evaluate(protocol, "lucene-bm25", lucene, Eval.readTopics(DIR.resolve("topics.cacm.txt"), null), 1000);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
