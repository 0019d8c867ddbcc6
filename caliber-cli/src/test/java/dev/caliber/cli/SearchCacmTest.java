package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.lucene.LuceneIndex;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CACM end to end on the command line, Lucene embedded: {@code caliber index}, {@code caliber
 * search} (twice: the same bytes), {@code caliber evaluate}; the numbers are those of the same
 * index searched in this process, and those README gives (AP 0.3115, nDCG@10 0.4520).
 */
class SearchCacmTest {
  @TempDir Path dir;

  @Test
  void index_search_and_evaluate_cacm_as_the_readme_does() throws Exception {
    // GIVEN CACM's corpus indexed
    Path cacm = Cli.data().resolve("cacm");
    Path index = dir.resolve("cacm-index");
    assertThatRun(Cli.run("index", "--corpus", cacm.resolve("corpus/cacm.anserini-data.jsonl.gz"), "--index", index)).succeeded();
    // WHEN its 64 topics are searched twice
    Path topics = cacm.resolve("topics.cacm.txt");
    assertThatRun(Cli.run("search", "--index", index, "--topics", topics, "-o", dir.resolve("a"))).succeeded();
    assertThatRun(Cli.run("search", "--index", index, "--topics", topics, "-o", dir.resolve("b"))).succeeded();
    // THEN the two runs are the same bytes, and so are their sidecars
    assertThat(Files.readAllBytes(dir.resolve("b/bm25.txt"))).isEqualTo(Files.readAllBytes(dir.resolve("a/bm25.txt")));
    assertThat(Files.readString(dir.resolve("b/bm25.txt.meta.json"))).isEqualTo(Files.readString(dir.resolve("a/bm25.txt.meta.json")));
    // and evaluated from the file they give the README's numbers
    Path qrels = cacm.resolve("qrels.cacm.txt");
    CliResult trec = Cli.run("evaluate", "--qrels", qrels, "--run", dir.resolve("a/bm25.txt"), "--compat", "trec_eval", "-m", "AP",
        "-m", "nDCG@10", "-m", "P@10", "-m", "RR@10", "--format", "trec");
    assertThatRun(trec).succeeded().printed("runid                 \tall\tbm25\nnum_q                 \tall\t52\n"
        + "map                   \tall\t0.3115\nndcg_cut_10           \tall\t0.4520\nP_10                  \tall\t0.3115\n"
        + "RR@10                 \tall\t0.7022\n");
    // which are exactly the numbers of the same index searched in this process
    EvalProtocol protocol = Eval.protocol(EvalFiles.readQrels(qrels), Preset.TREC_EVAL, "AP", "nDCG@10", "P@10", "RR@10");
    RunResult fromFile = Eval.evaluate(protocol, EvalFiles.readRun(dir.resolve("a/bm25.txt")));
    RunResult inProcess;
    try (LuceneIndex idx = LuceneIndex.open(index)) {
      inProcess = Eval.evaluate(protocol, "bm25", idx.retriever(), EvalFiles.readTopics(topics, null), 1000);
    }
    for (int i = 0; i < 4; i++) {
      assertThat(fromFile.summaries().get(i).value()).as("%s", fromFile.summaries().get(i).measure())
          .isEqualTo(inProcess.summaries().get(i).value());
    }
  }
}
