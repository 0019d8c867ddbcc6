package dev.caliber.compare.report;

import dev.caliber.compare.agreement.Coefficient;
import dev.caliber.compare.agreement.LabelAgreement;
import dev.caliber.compare.agreement.QrelsAgreement;
import dev.caliber.compare.agreement.QueryAgreement;
import dev.caliber.math.Fraction;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * A judgment agreement as a tab-separated table: one line per query both sets judge, then the line
 * {@code all} over every common pair. Columns: {@code row} ({@code query} or {@code all}), {@code
 * query}, {@code pairs}, {@code pairs_only_a}, {@code pairs_only_b}, {@code agreement}, {@code
 * binary_agreement}, {@code kappa}, {@code kappa_linear}, {@code kappa_quadratic}, {@code
 * alpha_nominal}, {@code alpha_ordinal}, {@code alpha_interval}, {@code undefined}. A coefficient
 * with no value has an empty cell, and {@code undefined} says which and why ({@code kappa: ...;
 * alpha_interval: ...}). Numbers in the one format of {@link Numbers}; IDs escaped as every TSV
 * caliber writes. The confusion matrices and the orderings are in the JSON and Markdown reports.
 * Computes nothing.
 */
public final class AgreementTable {
  private AgreementTable() {}

  /** The coefficients' column names, in column order. */
  static final List<String> COEFFICIENTS = List.of("kappa", "kappa_linear", "kappa_quadratic", "alpha_nominal", "alpha_ordinal",
      "alpha_interval");

  /** A label agreement's coefficients, in {@link #COEFFICIENTS} order. */
  static List<Coefficient> coefficients(LabelAgreement a) {
    return List.of(a.kappa(), a.linearKappa(), a.quadraticKappa(), a.alphaNominal(), a.alphaOrdinal(), a.alphaInterval());
  }

  /**
   * The TSV text.
   *
   * @param r the agreement, not null
   * @param numbers decimals, or exact fractions
   * @return the header, a line per query and the line of all pairs, each ending with LF
   */
  public static String tsv(QrelsAgreement r, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(List.of("row", "query", "pairs", "pairs_only_a", "pairs_only_b", "agreement",
        "binary_agreement"));
    header.addAll(COEFFICIENTS);
    header.add("undefined");
    line(out, header);
    for (QueryAgreement q : r.queries()) {
      line(out, row("query", q.query(), q.pairsOnlyA(), q.pairsOnlyB(), q.agreement(), numbers));
    }
    line(out, row("all", "", r.pairsOnlyA(), r.pairsOnlyB(), r.overall(), numbers));
    return out.toString();
  }

  private static List<String> row(String kind, String query, long onlyA, long onlyB, LabelAgreement a, Numbers numbers) {
    List<String> cells = new ArrayList<>(List.of(kind, query, Long.toString(a.pairs()), Long.toString(onlyA),
        Long.toString(onlyB), value(a.agreement(), numbers), value(a.binaryAgreement(), numbers)));
    for (Coefficient c : coefficients(a)) {
      cells.add(c.defined() ? numbers.value(c.value()) : "");
    }
    cells.add(undefined(a));
    return cells;
  }

  /**
   * Which coefficients have no value and why: {@code names: reason}, the coefficients of one reason
   * together, joined by {@code ; }; empty when every coefficient has a value.
   */
  static String undefined(LabelAgreement a) {
    java.util.Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
    List<Coefficient> cs = coefficients(a);
    for (int i = 0; i < cs.size(); i++) {
      if (!cs.get(i).defined()) {
        byReason.computeIfAbsent(cs.get(i).undefined(), w -> new ArrayList<>()).add(COEFFICIENTS.get(i));
      }
    }
    List<String> why = new ArrayList<>();
    byReason.forEach((reason, names) -> why.add(String.join(", ", names) + ": " + reason));
    return String.join("; ", why);
  }

  private static String value(Fraction f, Numbers numbers) {
    return DiffTable.value(f, numbers);
  }

  private static void line(StringBuilder out, List<String> cells) {
    CompareTable.line(out, cells, false);
  }
}
