package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.protocol.RankedList;
import dev.caliber.result.RunResult;
import dev.caliber.treceval.TrecEvalText;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a Java caller gets from dev.caliber.api is what 'caliber evaluate' prints, on real data. */
class LibraryParityTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path RUN = CACM.resolve("runs-anserini-0.13.3/run.cacm.ql+rm3.txt.gz");

  @Test
  void should_print_the_same_trec_eval_text_for_maps_as_the_command_line_for_the_files() throws IOException {
    // GIVEN the files as the maps a Python tool would take
    Map<String, Map<String, Integer>> labels = new HashMap<>();
    TrecQrelsReader.read(QRELS).asMap().forEach((q, row) -> labels.put(q, new HashMap<>(row)));
    Map<String, Map<String, Double>> scores = new HashMap<>();
    TrecRunReader.read(RUN).asMap().forEach((q, list) -> scores.put(q, scoresOf(list)));
    // WHEN
    RunResult viaLibrary = Eval.evaluate(Eval.qrels(labels), Eval.run("Anserini", scores), Preset.TREC_EVAL,
        "nDCG@10", "AP", "P@10", "RR", "bpref");
    CliResult viaCli = Cli.run("evaluate", "--qrels", QRELS, "--run", RUN, "--compat", "trec_eval", "--format", "trec", "-q",
        "-m", "nDCG@10", "-m", "AP", "-m", "P@10", "-m", "RR", "-m", "bpref");
    // THEN
    assertThat(viaCli.stdout()).isEqualTo(TrecEvalText.render(viaLibrary, true));
  }

  private static Map<String, Double> scoresOf(RankedList list) {
    Map<String, Double> row = new HashMap<>();
    for (int i = 0; i < list.size(); i++) {
      row.put(list.doc(i), list.score(i));
    }
    return row;
  }
}
