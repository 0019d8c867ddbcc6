package dev.caliber.compare.report;

import dev.caliber.compare.diff.DiffSettings;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.json.PyJson;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A diff's settings and definitions in words, one (label, text) line each, for its Markdown and HTML
 * reports; what comes from the inputs (run names, the query set's source, query IDs) through {@code
 * esc}, caliber's own words with no character that Markdown or HTML would take for markup.
 */
final class DiffWords {
  private DiffWords() {}

  static List<String[]> lines(RunDiff d, UnaryOperator<String> esc) {
    DiffSettings s = d.settings();
    List<String[]> out = new ArrayList<>();
    out.add(new String[] {"A", esc.apply(d.runA()) + (s.ann() ? ", the exact nearest neighbours" : ", the reference")});
    out.add(new String[] {"B", esc.apply(d.runB()) + (s.ann() ? ", the approximate search" : "")});
    out.add(new String[] {"query set", esc.apply(d.querySetSource()) + ", " + Fmt.count(d.queries().size(), "query", "queries")
        + " (every mean's denominator); a query one run lacks is an empty ranking there"});
    out.add(new String[] {"missing from A", ReportBlocks.ids(d.missingFromA(), esc)});
    out.add(new String[] {"missing from B", ReportBlocks.ids(d.missingFromB(), esc)});
    if (!d.ignored().isEmpty()) {
      out.add(new String[] {"ignored", ReportBlocks.ids(d.ignored(), esc) + " run queries outside the query set"});
    }
    out.add(new String[] {"ordering", ReportBlocks.ordering(s.ordering())});
    out.add(new String[] {"depth", ReportBlocks.depth(s.depth())});
    out.add(new String[] {"RBO", "rank-biased overlap, p = " + PyJson.repr(s.p())
        + " (Webber, Moffat and Zobel 2010): RBO_min, the lower bound (eq. 11); RBO_res, the upper bound less it;"
        + " RBO_ext, the extrapolated estimate (eq. 32, rankings of different lengths)"});
    out.add(new String[] {"top k", "k = " + String.join(", ", s.cutoffs().stream().map(String::valueOf).toList())
        + ": overlap@k = |top-k(A) ∩ top-k(B)|, also divided by k; Jaccard@k = |∩| / |∪|, 1 for two empty lists"});
    if (s.ann()) {
      out.add(new String[] {"recall@k", "|top-k(B) ∩ top-k(A)| / min(k, |A|): A's top k as the true neighbours, compared by"
          + " document ID (ties at A's k-th cut by the ordering); none where A ranks nothing, and the mean is over the others"});
    }
    out.add(new String[] {"judgments", d.judged() ? "given: each document new to B's top k says whether they name it"
        : "none given"});
    return out;
  }
}
