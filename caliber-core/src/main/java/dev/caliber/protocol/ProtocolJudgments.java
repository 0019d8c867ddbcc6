package dev.caliber.protocol;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.internal.QrelsColumns;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Gain;
import java.util.List;

/**
 * What an {@link EvalProtocol} reads from its judgments one by one, off their columns (no row
 * map, no string but for a message): the checks of the labels against the measures when a
 * protocol is made, trec_eval's {@code num_rel} summary ({@link EvalProtocol#judgmentsAboveZero()})
 * and the judgments outside the corpus ({@link EvalProtocol#judgedOutsideCorpus()}).
 */
final class ProtocolJudgments {
  private ProtocolJudgments() {}

  /**
   * Refuses labels the measures cannot read: above the gain's range, in every group's judgments
   * (or the judgments, without groups), and fractional for a whole-label measure.
   */
  static void check(Qrels qrels, List<Qrels> groups, List<Measure> measures, Gain gain) {
    int largest = Measures.largestLabel(measures, gain);
    for (Qrels q : groups.isEmpty() ? List.of(qrels) : groups) {
      requireLabelsAtMost(q, largest);
    }
    requireWholeLabelsFor(qrels, measures);
  }

  /**
   * Refuses a measure that reads labels as whole grades ({@link Measure#readsFractionalLabels()}
   * false) with judgments that have a fractional label, naming the measure and the first such
   * label's line: the measure would otherwise see a rounded label.
   */
  private static void requireWholeLabelsFor(Qrels qrels, List<Measure> measures) {
    List<String> whole = measures.stream().filter(m -> !m.readsFractionalLabels()).map(Measure::name).toList();
    if (whole.isEmpty()) {
      return;
    }
    QrelsColumns c = qrels.columns();
    for (int p = 0; p < c.queryCount(); p++) {
      for (int j = c.judgmentsFrom(p); j < c.judgmentsTo(p); j++) {
        if (c.label(j) % c.labelScale() != 0) {
          String query = c.queryIds().get(p);
          String doc = c.docId(j);
          throw new ProtocolViolationException(qrels.origin().locate(query, doc), "fractional label for a whole-label measure",
              "query " + PyJson.canonical(query) + ", document " + PyJson.canonical(doc) + ": label "
                  + c.exactLabel(j).toPlainString() + ", and " + String.join(", ", whole)
                  + (whole.size() == 1 ? " reads" : " read") + " labels as whole grades; expected whole labels, or only"
                  + " measures that read fractional labels exactly (binary measures such as P, R, AP, RR, R-prec, bpref;"
                  + " nDCG, DCG and CG without given gains)");
        }
      }
    }
  }

  /**
   * Refuses a judgment whose gain would leave a double's range (a label above 992 under
   * exponential gain, {@link dev.caliber.policy.Gain#largestLabel}), naming its line: its nDCG
   * would be NaN.
   */
  private static void requireLabelsAtMost(Qrels qrels, int largest) {
    if (largest == Integer.MAX_VALUE) {
      return;
    }
    QrelsColumns c = qrels.columns();
    for (int p = 0; p < c.queryCount(); p++) {
      for (int j = c.judgmentsFrom(p); j < c.judgmentsTo(p); j++) {
        int label = c.label(j);
        if ((long) label > (long) largest * c.labelScale()) {
          String query = c.queryIds().get(p);
          String doc = c.docId(j);
          throw new ProtocolViolationException(qrels.origin().locate(query, doc), "label too large for exponential gain",
              "query " + PyJson.canonical(query) + ", document " + PyJson.canonical(doc) + ": label "
                  + c.exactLabel(j).toPlainString() + ", whose gain 2^" + c.exactLabel(j).toPlainString() + " - 1 no sum of gains can hold; expected labels of at most " + largest
                  + " under exponential gain (--gain exponential, or a measure's dcg='exp-log2')");
        }
      }
    }
  }

  /** The number of judgments with a label above 0 in the query set's queries, over every group's judgments when there are groups. */
  static long aboveZero(Qrels qrels, List<Qrels> groups, List<String> querySet) {
    long n = 0;
    // with judgment groups (qrels_jg), every group's judgments, as m_num_rel.c counts them
    for (Qrels g : groups.isEmpty() ? List.of(qrels) : groups) {
      QrelsColumns q = g.columns();
      for (String query : querySet) {
        int position = q.queryPosition(query);
        if (position < 0) {
          continue; // a query these judgments do not judge
        }
        for (int j = q.judgmentsFrom(position); j < q.judgmentsTo(position); j++) {
          if (q.label(j) > 0) {
            n++;
          }
        }
      }
    }
    return n;
  }

  /** The judgments of the query set outside the corpus, or null when there is none. */
  static EvalProtocol.OutsideCorpus outsideCorpus(Qrels qrels, List<String> querySet, Corpus corpus) {
    int count = 0;
    String firstQuery = null;
    String firstDoc = null;
    QrelsColumns c = qrels.columns();
    for (String query : querySet) {
      int p = c.queryPosition(query);
      if (p < 0) {
        continue;
      }
      for (int j = c.judgmentsFrom(p); j < c.judgmentsTo(p); j++) {
        String doc = c.docId(j);
        if (!corpus.contains(doc) && count++ == 0) {
          firstQuery = query;
          firstDoc = doc;
        }
      }
    }
    return count == 0 ? null : new EvalProtocol.OutsideCorpus(count, firstQuery, firstDoc, qrels.origin().locate(firstQuery, firstDoc));
  }
}
