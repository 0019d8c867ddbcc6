package dev.caliber.fusion;

import java.util.Map;

/** What the methods without parameters share: a name, no parameters, equality by class. */
abstract class Unparameterised implements FusionMethod {
  private final String name;
  private final boolean readsScores;

  Unparameterised(String name, boolean readsScores) {
    this.name = name;
    this.readsScores = readsScores;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final Map<String, Object> parameters() {
    return Map.of();
  }

  @Override
  public final boolean readsScores() {
    return readsScores;
  }

  @Override
  public final boolean equals(Object o) {
    return o != null && o.getClass() == getClass();
  }

  @Override
  public final int hashCode() {
    return name.hashCode();
  }

  @Override
  public final String toString() {
    return name;
  }
}
