package dev.caliber.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.EvalFiles;
import dev.caliber.api.Preset;
import dev.caliber.eval.FacetMeans;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Facets;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Means per facet value as a TSV table and as JSON data: what each line and member holds. */
class FacetTableTest {
  @TempDir Path dir;

  /** Three queries: q1 and q2 "head" (AP 1 and 1/2), q3 "tail" (AP 0); q9 in the file only. */
  private FacetMeans means(String run) throws IOException {
    RunResult r = Eval.evaluate(Eval.protocol(Eval.qrels(Map.of("q1", Map.of("d1", 1), "q2", Map.of("d1", 1),
        "q3", Map.of("d1", 1))), Preset.TREC_EVAL, "AP", "nDCG@10"),
        Eval.run(run, Map.of("q1", Map.of("d1", 2.0), "q2", Map.of("d2", 2.0, "d1", 1.0), "q3", Map.of("d2", 1.0))));
    Path file = Files.writeString(dir.resolve("facets.tsv"), "q1\tkind\thead\nq2\tkind\thead\nq3\tkind\ttail\n"
        + "q9\tkind\thead\nq1\tlang\tde\nq2\tlang\tde\nq3\tlang\tde\n");
    Facets f = EvalFiles.readFacets(file);
    return FacetMeans.of(r, f);
  }

  @Test
  void should_write_a_line_per_run_facet_and_value_in_decimals_or_fractions() throws IOException {
    List<FacetMeans> m = List.of(means("a\tb"), means("c"));
    assertThat(FacetTable.render(m, Numbers.DECIMAL)).isEqualTo("run\tfacet\tvalue\tqueries\tAP\tnDCG@10\n"
        + "a\\tb\tkind\thead\t2\t0.7500\t0.8155\n"
        + "a\\tb\tkind\ttail\t1\t0.0000\t0.0000\n"
        + "a\\tb\tlang\tde\t3\t0.5000\t0.5436\n"
        + "c\tkind\thead\t2\t0.7500\t0.8155\n"
        + "c\tkind\ttail\t1\t0.0000\t0.0000\n"
        + "c\tlang\tde\t3\t0.5000\t0.5436\n");
    assertThat(FacetTable.render(m.subList(1, 2), Numbers.EXACT)).contains("c\tkind\thead\t2\t3/4\t0.8155\n", "c\tlang\tde\t3\t1/2\t");
  }

  @Test
  void should_give_each_value_its_summary_as_the_run_summary_is_written_and_count_the_queries_outside() throws IOException {
    FacetMeans m = means("a");
    assertThat(m.outside()).isEqualTo(1);
    Map<String, Object> data = FacetTable.toData(m);
    assertThat(PyJson.canonical(data)).isEqualTo("{\"facets\":{\"kind\":[{\"queries\":2,\"summary\":{\"AP\":{\"decimal\":0.75,"
        + "\"exact\":true,\"mean\":\"3/4\",\"queries\":2},\"nDCG@10\":{\"decimal\":0.8154648767857288,\"exact\":false,"
        + "\"mean\":0.8154648767857288,\"queries\":2}},\"value\":\"head\"},{\"queries\":1,\"summary\":{\"AP\":{\"decimal\":0.0,"
        + "\"exact\":true,\"mean\":\"0\",\"queries\":1},\"nDCG@10\":{\"decimal\":0.0,\"exact\":false,\"mean\":0.0,\"queries\":1}},"
        + "\"value\":\"tail\"}],\"lang\":[{\"queries\":3,\"summary\":{\"AP\":{\"decimal\":0.5,\"exact\":true,\"mean\":\"1/2\","
        + "\"queries\":3},\"nDCG@10\":{\"decimal\":0.5436432511904858,\"exact\":false,\"mean\":0.5436432511904858,\"queries\":3}},"
        + "\"value\":\"de\"}]},\"outside_query_set\":1}");
    assertThat(new LinkedHashMap<>(data).keySet()).containsExactly("facets", "outside_query_set");
  }
}
