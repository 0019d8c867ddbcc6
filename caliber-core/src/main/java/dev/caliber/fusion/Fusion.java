package dev.caliber.fusion;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A declared fusion: a method and the normalisation of the inputs' scores before it. Fusing
 * ranks each input's list by {@link dev.caliber.policy.RankingOrder}, pools the candidates
 * ({@link Pool}), scores each with the method, and ranks the fused list with {@link
 * RankedList#byScore}: score descending, ties by document ID descending, the one ranking rule.
 * Every candidate is in the fused list, whatever the method gives it.
 *
 * @param method the method, not null
 * @param normalization applied to each input's scores per query; {@link Normalization#NONE} for a
 *     method that reads ranks only
 */
public record Fusion(FusionMethod method, Normalization normalization) {
  /**
   * Validates.
   *
   * @param method the method, not null
   * @param normalization the normalisation, not null
   * @throws IllegalArgumentException if a rank-based method is given a normalisation other than
   *     {@link Normalization#NONE} (it would change nothing it reads)
   * @throws NullPointerException if an argument is null
   */
  public Fusion {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(normalization, "normalization");
    if (!method.readsScores() && normalization != Normalization.NONE) {
      throw new IllegalArgumentException("illegal normalisation " + normalization.label() + " for " + method.name()
          + ", which reads ranks only: must be none");
    }
  }

  /**
   * A method with the normalisation ranx's {@code fuse} defaults to: {@link Normalization#MIN_MAX}
   * for a method that reads scores, {@link Normalization#NONE} for one that reads ranks.
   *
   * @param method the method
   * @return the fusion
   */
  public static Fusion of(FusionMethod method) {
    return new Fusion(method, method.readsScores() ? Normalization.MIN_MAX : Normalization.NONE);
  }

  /**
   * One query's lists fused.
   *
   * @param lists each input's list for the query, in input order (an empty list where an input
   *     lacks the query)
   * @return the fused list in ranking order, ranks 1..n, one entry per candidate
   * @throws IllegalArgumentException if the method does not take that many inputs, or a list ranks
   *     a document twice ({@link RepeatedDocumentException})
   * @throws NonFiniteScoreException if a document's fused score is beyond a double's range (inputs
   *     of 1e308 summed, say)
   */
  public RankedList fuse(List<RankedList> lists) {
    method.requireInputs(lists.size());
    Pool pool = Pool.of(lists, normalization);
    String[] docs = new String[pool.docs()];
    double[] scores = new double[pool.docs()];
    for (int d = 0; d < docs.length; d++) {
      docs[d] = pool.doc(d);
      scores[d] = method.score(pool, d);
      if (!Double.isFinite(scores[d])) {
        throw new NonFiniteScoreException(docs[d], scores[d]);
      }
    }
    return RankedList.byScore(docs, scores);
  }

  /**
   * Runs fused query by query. The fused run has every query that any input has, in the first
   * input's query order and then, for queries it lacks, in the order of the first input that has
   * them; an input that lacks a query counts as an empty list for it (so its documents are
   * missing from that input, as each method defines).
   *
   * @param name the fused run's name
   * @param runs the inputs, in input order
   * @return the fused run, with {@link #tag()} as its tag and no origin
   * @throws dev.caliber.error.InputSyntaxException if an input ranks a document twice for a query,
   *     located by the input's origin
   * @throws dev.caliber.error.ProtocolViolationException if a document's fused score is beyond a
   *     double's range ({@link #nonFinite})
   * @throws IllegalArgumentException if the method does not take that many inputs
   */
  public ScoredRun fuse(String name, List<ScoredRun> runs) {
    method.requireInputs(runs.size());
    Set<String> queries = new LinkedHashSet<>();
    for (ScoredRun r : runs) {
      queries.addAll(r.asMap().keySet());
    }
    Map<String, RankedList> out = new LinkedHashMap<>();
    List<RankedList> lists = new ArrayList<>(runs.size());
    for (String q : queries) {
      lists.clear();
      for (ScoredRun r : runs) {
        RankedList l = r.list(q);
        lists.add(l == null ? RankedList.ofOrder(List.of()) : l);
      }
      try {
        out.put(q, fuse(lists));
      } catch (RepeatedDocumentException e) {
        throw repeated(runs.get(e.input()).origin().locate(q, e.entry()), runs.get(e.input()).name(), q, e);
      } catch (NonFiniteScoreException e) {
        List<String> names = new ArrayList<>(runs.size());
        for (ScoredRun r : runs) {
          names.add(r.name());
        }
        throw nonFinite(names, q, lists, e);
      }
    }
    return ScoredRun.of(name, tag(), out, Origin.NONE);
  }

  /**
   * The error for a fused score beyond a double's range: the query, the document, the fusion and
   * the document's score in each input that ranks it, so that the user sees which scores are too
   * large for the declared method.
   *
   * @param runs the inputs' names, in input order
   * @param query the query
   * @param lists the query's lists, in input order, as fused
   * @param e what the fusion found
   * @return the error
   */
  public ProtocolViolationException nonFinite(List<String> runs, String query, List<RankedList> lists,
      NonFiniteScoreException e) {
    StringBuilder scores = new StringBuilder();
    for (int i = 0; i < lists.size(); i++) {
      RankedList l = lists.get(i);
      for (int j = 0; j < l.size(); j++) {
        if (l.doc(j).equals(e.doc())) {
          scores.append(scores.length() == 0 ? "" : ", ").append("run ").append(PyJson.canonical(runs.get(i)))
              .append(' ').append(PyJson.repr(l.score(j)));
          break;
        }
      }
    }
    return new ProtocolViolationException(Location.NONE, "fused score out of range",
        "query " + PyJson.canonical(query) + ", document " + PyJson.canonical(e.doc()) + ": " + tag() + " of "
            + scores + " gives " + e.score() + "; expected input scores whose fusion is finite (at most about 1.8e308"
            + " in magnitude): scale the inputs' scores down, or choose a normalisation");
  }

  /**
   * The error for an input that ranks a document twice.
   *
   * @param at where the repetition was read ({@link dev.caliber.error.Location#NONE} when unknown)
   * @param run the input run's name
   * @param query the query
   * @param e what the pool found
   * @return the error, naming the run, the query and the document
   */
  public static dev.caliber.error.InputSyntaxException repeated(dev.caliber.error.Location at, String run, String query,
      RepeatedDocumentException e) {
    return new dev.caliber.error.InputSyntaxException(at, "document ranked twice",
        "run " + dev.caliber.json.PyJson.canonical(run) + ", query " + dev.caliber.json.PyJson.canonical(query) + ": document "
            + dev.caliber.json.PyJson.canonical(e.doc()) + " again; expected each document once per query, to be fused");
  }

  /**
   * The fusion as a TREC tag (no blanks): {@code fuse:METHOD:PARAMETERS:norm=NORM}.
   *
   * @return such as {@code fuse:rrf:k=60:norm=none} or {@code fuse:wsum:weights=0.3,0.7:norm=min-max}
   */
  public String tag() {
    StringBuilder b = new StringBuilder("fuse:").append(method.name());
    method.parameters().forEach((k, v) -> b.append(':').append(k).append('=').append(text(v)));
    return b.append(":norm=").append(normalization.label()).toString();
  }

  /**
   * The fusion as flat metadata, for a run's sidecar: {@code fusion.method}, one {@code
   * fusion.PARAMETER} per parameter, {@code fusion.norm}.
   *
   * @return key to text, in that order
   */
  public Map<String, String> metadata() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("fusion.method", method.name());
    method.parameters().forEach((k, v) -> m.put("fusion." + k, text(v)));
    m.put("fusion.norm", normalization.label());
    return m;
  }

  /**
   * A parameter's value as the tag and the metadata write it.
   *
   * @param v a value of {@link FusionMethod#parameters()}
   * @return an integer as Java prints it, a double as {@link Methods#number}, a list comma-separated
   */
  public static String text(Object v) {
    if (v instanceof List<?> l) {
      StringBuilder b = new StringBuilder();
      for (Object x : l) {
        b.append(b.length() == 0 ? "" : ",").append(text(x));
      }
      return b.toString();
    }
    if (v instanceof Double d) {
      return dev.caliber.fusion.Methods.number(d);
    }
    return String.valueOf(v);
  }
}
