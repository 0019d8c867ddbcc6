package dev.caliber.spark;

import dev.caliber.eval.QueryScoring;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.qrels.QrelsBuilder;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The protocol as executors need it, sent to them in a task or a broadcast: the policy's rules, the
 * measures' names, the query set and each query's judgments, from which an executor makes the
 * protocol again ({@link #protocol()}) or the policy and measures a query is scored under.
 */
final class ExecutorProtocol implements Serializable {
  private static final long serialVersionUID = 1L;
  private final Judgments judgments;
  private final int threshold;
  private final Gain gain;
  private final Ordering ordering;
  private final NoRelevant noRelevant;
  private final UnknownQueries unknownQueries;
  private final int depth;
  private final List<String> measures;
  /** The unit of the labels below: each counts 1/labelScale (1 for whole labels). */
  private final int labelScale;
  /** The query set, and each query's judgments (its documents and labels, in the judgments' order); null when unjudged. */
  private final String[] querySet;
  private final String[][] judgedDocs;
  private final int[][] judgedLabels;
  /** The protocol made again from the above, once per executor (a broadcast value is one object there). */
  private transient volatile EvalProtocol remade;

  ExecutorProtocol(EvalProtocol protocol) {
    Policy p = protocol.policy();
    judgments = p.judgments();
    threshold = p.relevanceThreshold();
    gain = p.gain();
    ordering = p.ordering();
    noRelevant = p.noRelevant();
    unknownQueries = p.unknownQueries();
    depth = p.depth();
    measures = new ArrayList<>(QueryScoring.measureNames(protocol));
    labelScale = protocol.qrels().labelScale();
    querySet = protocol.querySet().toArray(String[]::new);
    judgedDocs = new String[querySet.length][];
    judgedLabels = new int[querySet.length][];
    for (int q = 0; q < querySet.length; q++) {
      Map<String, Integer> row = protocol.qrels().row(querySet[q]);
      if (row != null) {
        judgedDocs[q] = row.keySet().toArray(String[]::new);
        judgedLabels[q] = row.values().stream().mapToInt(Integer::intValue).toArray();
      }
    }
  }

  /**
   * The protocol as an executor scores by: the same query set, judgments, policy and measures
   * (no fingerprint is taken from it: the driver's is the report's).
   */
  EvalProtocol protocol() {
    EvalProtocol p = remade;
    if (p == null) {
      synchronized (this) {
        p = remade;
        if (p == null) {
          QrelsBuilder b = new QrelsBuilder();
          if (labelScale > 1) {
            b.rescale(labelScale); // before any label: labels are added in the unit of 1/labelScale
          }
          for (int q = 0; q < querySet.length; q++) {
            if (judgedDocs[q] != null) {
              int at = b.query(querySet[q]);
              for (int j = 0; j < judgedDocs[q].length; j++) {
                b.add(at, judgedDocs[q][j], judgedLabels[q][j], 0);
              }
            }
          }
          p = new EvalProtocol(b.build(""), List.of(querySet), "", null, policy(), measures());
          remade = p;
        }
      }
    }
    return p;
  }

  /** The policy, made again. */
  Policy policy() {
    return new Policy(judgments, threshold, gain, ordering, noRelevant, unknownQueries, depth);
  }

  /** The measures, parsed again from their names. */
  List<Measure> measures() {
    List<Measure> parsed = measures.stream().map(Measures::parse).toList();
    if (!parsed.stream().map(Measure::name).toList().equals(measures)) {
      throw new IllegalStateException("measure names do not round-trip: " + measures);
    }
    return parsed;
  }
}
