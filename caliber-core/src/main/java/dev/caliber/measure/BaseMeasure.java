package dev.caliber.measure;

import java.util.Objects;

/** Shared parameters (family, rel, cutoff) and the canonical name built from them. */
abstract class BaseMeasure implements Measure {
  private final Integer rel;
  private final int cutoff;
  /** Built once: equals and hashCode compare names, once per row and measure at scale. */
  private final String name;

  BaseMeasure(String family, Integer rel, int cutoff) {
    this(family, rel, cutoff, "", null);
  }

  /**
   * With named parameters and a written level: the name is {@code family(rel=N,params)@at}, each
   * part left out when empty (at null: the cutoff, when there is one).
   */
  BaseMeasure(String family, Integer rel, int cutoff, String params, String at) {
    this.rel = rel;
    this.cutoff = cutoff;
    if (rel != null && rel < 0) {
      throw new IllegalArgumentException("illegal rel value: " + rel + ", must be a non-negative integer");
    }
    if (cutoff < 0) {
      throw new IllegalArgumentException("illegal cutoff value: " + cutoff + ", must be a positive integer");
    }
    String inside = (rel == null ? "" : "rel=" + rel) + (rel != null && !params.isEmpty() ? "," : "") + params;
    this.name = family + (inside.isEmpty() ? "" : "(" + inside + ")")
        + (at != null ? "@" + at : cutoff == 0 ? "" : "@" + cutoff);
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final int cutoff() {
    return cutoff;
  }

  @Override
  public final int relevanceLevel(int protocolThreshold) {
    return rel == null ? protocolThreshold : rel;
  }

  @Override
  public boolean rational() {
    return true;
  }

  @Override
  public boolean needsRelevant() {
    return true;
  }

  /** The number of ranked positions looked at: min(cutoff, size), or size without a cutoff. */
  final int depth(JudgedRanking r) {
    return cutoff == 0 ? r.size() : Math.min(cutoff, r.size());
  }

  /** The relevance level for this ranking. */
  final int level(JudgedRanking r) {
    return relevanceLevel(r.threshold());
  }

  @Override
  public final boolean equals(Object o) {
    return o == this || o instanceof Measure m && m.getClass() == getClass() && m.name().equals(name);
  }

  @Override
  public final int hashCode() {
    return Objects.hash(getClass(), name);
  }

  @Override
  public final String toString() {
    return name();
  }
}
