package dev.caliber.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Evaluation;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import dev.caliber.treceval.TrecEvalText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The writers that hand their text out in pieces (so that 100,000 queries never make one string):
 * the pieces join to the text written whole, and each but the last is full.
 */
class ReportPiecesTest {
  /** 1,000 queries, each judging d0 relevant; the run ranks d1 then d0 for odd queries. */
  private static RunResult thousandQueries() {
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    Map<String, List<String>> run = new LinkedHashMap<>();
    for (int i = 0; i < 1000; i++) {
      qrels.put("q" + i, Map.of("d0", 1));
      run.put("q" + i, i % 2 == 0 ? List.of("d0") : List.of("d1", "d0"));
    }
    EvalProtocol protocol = new EvalProtocol(Qrels.of(qrels), List.copyOf(qrels.keySet()), "1,000 queries", null,
        Policy.trecEval(), SmallResults.measures(List.of("P@2", "num_ret", "RR@10", "AP")));
    return Evaluation.evaluate(protocol, ScoredRun.of(Run.of("big", run)));
  }

  /** Joins the pieces, checking that each but the last is full. */
  private static String joined(Consumer<Consumer<CharSequence>> writer) {
    List<String> pieces = new ArrayList<>();
    writer.accept(piece -> pieces.add(piece.toString()));
    for (int i = 0; i + 1 < pieces.size(); i++) {
      assertThat(pieces.get(i).length()).as("piece %d", i).isGreaterThanOrEqualTo(QueryTable.PIECE);
    }
    assertThat(pieces).as("pieces").hasSizeGreaterThan(2);
    return String.join("", pieces);
  }

  @Test
  void trec_eval_text_with_every_query_joins_to_the_whole() {
    RunResult r = thousandQueries();
    assertThat(joined(out -> TrecEvalText.render(r, true, out))).isEqualTo(TrecEvalText.render(r, true))
        .endsWith("map                   \tall\t0.7500\n");
  }

  @Test
  void the_query_table_joins_to_the_whole() {
    RunResult r = thousandQueries();
    assertThat(joined(out -> QueryTable.render(List.of(r, r), out))).isEqualTo(QueryTable.render(List.of(r, r)))
        .startsWith("run\tquery\tmissing\treturned\trelevant\tP@2\tNumRet\tRR@10\tAP\n")
        .endsWith("big\tq999\tfalse\t2\t1\t0.5000\t2\t0.5000\t0.5000\n");
  }
}
