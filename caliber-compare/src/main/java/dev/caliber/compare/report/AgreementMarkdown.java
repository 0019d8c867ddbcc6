package dev.caliber.compare.report;

import static dev.caliber.compare.report.CompareMarkdown.esc;

import dev.caliber.compare.agreement.Coefficient;
import dev.caliber.compare.agreement.LabelAgreement;
import dev.caliber.compare.agreement.QrelsAgreement;
import dev.caliber.compare.agreement.QueryAgreement;
import dev.caliber.compare.agreement.SystemOrderings;
import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A judgment agreement as Markdown: what only one set judges, the overall coefficients and
 * confusion matrix, a row per query (a coefficient with no value reads "undefined", its reason
 * listed below the table), and the systems' orderings when runs were given. Every ID from the
 * inputs (files, queries, runs) is escaped ({@link CompareMarkdown#esc}). Computes nothing.
 */
public final class AgreementMarkdown {
  private AgreementMarkdown() {}

  /** The most queries a list of queries only one set judges names before "and n more". */
  private static final int LISTED = 20;

  private static final List<String> NAMES = List.of("Cohen's kappa (binary)", "weighted kappa, linear",
      "weighted kappa, quadratic", "Krippendorff's alpha, nominal", "Krippendorff's alpha, ordinal",
      "Krippendorff's alpha, interval");

  /**
   * The Markdown text.
   *
   * @param r the agreement, not null
   * @param a how judgment set A is named (its file), not null
   * @param b how judgment set B is named, not null
   * @param numbers decimals, or exact fractions
   * @return the report
   */
  public static String render(QrelsAgreement r, String a, String b, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    out.append("## caliber qrels compare: ").append(esc(b)).append(" against ").append(esc(a)).append("\n\n");
    out.append("- queries judged in both: ").append(r.queries().size()).append("; only in A: ")
        .append(queries(r.queriesOnlyA())).append("; only in B: ").append(queries(r.queriesOnlyB())).append('\n');
    out.append("- pairs judged in both: ").append(r.overall().pairs()).append("; only in A: ").append(r.pairsOnlyA())
        .append("; only in B: ").append(r.pairsOnlyB()).append('\n');
    sources(out, "A", r.sourcesA());
    sources(out, "B", r.sourcesB());
    out.append("- relevant: a label of at least ").append(r.threshold()).append(" (binary kappa and agreement)\n");
    out.append("\n**Over every pair judged in both**\n\n");
    MarkdownTable overall = new MarkdownTable(List.of("statistic", "value"), List.of(Align.LEFT, Align.RIGHT));
    overall.row(List.of("agreement (same label)", value(r.overall().agreement(), numbers)));
    overall.row(List.of("agreement (same side of the threshold)", value(r.overall().binaryAgreement(), numbers)));
    List<Coefficient> cs = AgreementTable.coefficients(r.overall());
    for (int i = 0; i < cs.size(); i++) {
      overall.row(List.of(NAMES.get(i), cell(cs.get(i), numbers)));
    }
    overall.render(out);
    notes(out, "all pairs", r.overall());
    confusion(out, r.overall());
    out.append("\n**Per query**\n\n");
    List<String> header = new ArrayList<>(List.of("query", "pairs", "only A", "only B", "agreement"));
    header.addAll(AgreementTable.COEFFICIENTS);
    List<Align> aligns = new ArrayList<>(Collections.nCopies(header.size(), Align.RIGHT));
    aligns.set(0, Align.LEFT);
    MarkdownTable rows = new MarkdownTable(header, aligns);
    for (QueryAgreement q : r.queries()) {
      List<String> cells = new ArrayList<>(List.of(esc(q.query()), Long.toString(q.agreement().pairs()),
          Long.toString(q.pairsOnlyA()), Long.toString(q.pairsOnlyB()), value(q.agreement().agreement(), numbers)));
      AgreementTable.coefficients(q.agreement()).forEach(c -> cells.add(cell(c, numbers)));
      rows.row(cells);
    }
    rows.render(out);
    for (QueryAgreement q : r.queries()) {
      notes(out, "query " + esc(q.query()), q.agreement());
    }
    if (r.orderings() != null) {
      orderings(out, r.orderings(), numbers);
    }
    return out.toString();
  }

  /** A line of a set's label sources, for judgments that name them only: other reports keep their bytes. */
  private static void sources(StringBuilder out, String set, java.util.Map<String, Integer> sources) {
    if (!sources.isEmpty()) {
      List<String> each = new ArrayList<>();
      sources.forEach((source, n) -> each.add(esc(source) + " " + Fmt.count(n, "label", "labels")));
      out.append("- label sources of ").append(set).append(": ").append(String.join(", ", each)).append('\n');
    }
  }

  private static String queries(List<String> ids) {
    if (ids.isEmpty()) {
      return "none";
    }
    List<String> shown = ids.subList(0, Math.min(LISTED, ids.size())).stream().map(CompareMarkdown::esc).toList();
    return ids.size() + " (" + String.join(", ", shown) + (ids.size() > LISTED ? ", and " + (ids.size() - LISTED) + " more" : "")
        + ")";
  }

  private static void notes(StringBuilder out, String where, LabelAgreement a) {
    String why = AgreementTable.undefined(a);
    if (!why.isEmpty()) {
      out.append("\nUndefined for ").append(where).append(": ").append(why).append('\n'); // the library's words, no ID
    }
  }

  private static void confusion(StringBuilder out, LabelAgreement a) {
    out.append("\n**Confusion matrix** (rows: A's label, columns: B's)\n\n");
    List<String> header = new ArrayList<>(List.of("A \\\\ B"));
    a.labels().forEach(l -> header.add(l.toPlainString()));
    MarkdownTable t = new MarkdownTable(header, Collections.nCopies(header.size(), Align.RIGHT));
    for (int i = 0; i < a.labels().size(); i++) {
      List<String> cells = new ArrayList<>(List.of(a.labels().get(i).toPlainString()));
      a.confusion().get(i).forEach(n -> cells.add(Long.toString(n)));
      t.row(cells);
    }
    t.render(out);
  }

  private static void orderings(StringBuilder out, SystemOrderings o, Numbers numbers) {
    out.append("\n### Would the conclusion change?\n\n");
    out.append("- ").append(esc(o.measure().toString())).append(" over the ").append(o.queries())
        .append(" queries judged in both; systems ordered by their mean under each set\n");
    out.append("- Kendall's tau-b: ").append(cell(o.tauB(), numbers)).append("; tau_AP (A the reference): ")
        .append(cell(o.tauApA(), numbers)).append("; tau_AP (B the reference): ").append(cell(o.tauApB(), numbers))
        .append('\n');
    for (Coefficient c : List.of(o.tauB(), o.tauApA(), o.tauApB())) {
      if (!c.defined()) {
        out.append("- undefined: ").append(c.undefined()).append('\n');
      }
    }
    out.append('\n');
    MarkdownTable t = new MarkdownTable(List.of("run", "mean under A", "place", "mean under B", "place"),
        List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT));
    for (SystemOrderings.SystemMean s : o.systems()) {
      t.row(List.of(esc(s.run()), numbers.value(s.meanA()), Integer.toString(s.placeA()), numbers.value(s.meanB()),
          Integer.toString(s.placeB())));
    }
    t.render(out);
    out.append("\n**Pairs ordered oppositely**: ").append(o.swaps().isEmpty() ? "none" : String.join(", ", o.swaps().stream()
        .map(s -> esc(s.aboveUnderA()) + " > " + esc(s.aboveUnderB()) + " under A, reversed under B").toList()))
        .append('\n');
    out.append("\n**Pairs whose significance differs** (paired randomization test, Holm over all ")
        .append(o.comparisons()).append(" pairs under each set, alpha ").append(Numbers.decimal(o.alpha())).append("): ");
    if (o.significance().isEmpty()) {
      out.append("none\n");
      return;
    }
    out.append("\n\n");
    MarkdownTable s = new MarkdownTable(List.of("pair", "delta under A", "Holm p under A", "delta under B", "Holm p under B",
        "significant under"), List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.LEFT));
    for (SystemOrderings.SignificanceChange c : o.significance()) {
      s.row(List.of(esc(c.system()) + " − " + esc(c.baseline()), numbers.signed(c.deltaA()), Fmt.p(c.holmA()),
          numbers.signed(c.deltaB()), Fmt.p(c.holmB()), c.significantUnderA() ? "A only" : "B only"));
    }
    s.render(out);
  }

  private static String cell(Coefficient c, Numbers numbers) {
    return c.defined() ? numbers.value(c.value()) : "undefined";
  }

  private static String value(dev.caliber.math.Fraction f, Numbers numbers) {
    return DiffTable.value(f, numbers);
  }
}
