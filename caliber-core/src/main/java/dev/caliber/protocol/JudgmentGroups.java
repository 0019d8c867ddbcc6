package dev.caliber.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Judgments in trec_eval's judgment groups (its {@code qrels_jg} format, {@code qid jg docid rel}):
 * several judges' sets of judgments of one query, each group one set, so that a measure can be
 * computed once per group and averaged ({@link dev.caliber.measure.JudgmentGroupMean}).
 *
 * @param names the groups' IDs, in code point order (trec_eval's strcmp order, in which it sums)
 * @param groups each group's judgments, in the order of {@code names}; a group need not judge
 *     every query
 * @param union every judged document of every group, with its highest label: which documents
 *     are judged, and which queries
 */
public record JudgmentGroups(List<String> names, List<Qrels> groups, Qrels union) {
  /**
   * Copies the lists.
   *
   * @param names as above, not null, as many as {@code groups}
   * @param groups as above, not null, not empty
   * @param union as above, not null
   * @throws IllegalArgumentException if there is no group, or names and groups differ in number
   */
  public JudgmentGroups {
    names = List.copyOf(names);
    groups = List.copyOf(groups);
    Objects.requireNonNull(union, "union");
    if (groups.isEmpty() || names.size() != groups.size()) {
      throw new IllegalArgumentException("judgment groups need at least one group and one name per group");
    }
  }

  /**
   * The groups with their union, each document's label the highest any group gives it.
   *
   * @param names the groups' IDs, not null
   * @param groups each group's judgments in the order of {@code names}, not null, not empty
   * @return the judgment groups
   */
  public static JudgmentGroups of(List<String> names, List<Qrels> groups) {
    Map<String, Map<String, Integer>> union = new LinkedHashMap<>();
    for (Qrels g : groups) {
      g.asMap().forEach((q, row) -> {
        Map<String, Integer> u = union.computeIfAbsent(q, k -> new LinkedHashMap<>());
        row.forEach((doc, label) -> u.merge(doc, label, Math::max));
      });
    }
    // no single line locates a judgment of the union: errors about it name the groups' files
    return new JudgmentGroups(names, groups, Qrels.of(union, groups.get(0).origin()));
  }
}
