package dev.caliber.error;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Function;

/**
 * Well-formed input that breaks the evaluation protocol: an unjudged document under exhaustive
 * judgments, a run query outside the split, a duplicate document in a ranking. The whole input is
 * rejected; nothing is scored. A run that breaks several policies is rejected with all of them at
 * once ({@link #of(List)}).
 */
public final class ProtocolViolationException extends CaliberInputException {
  private static final long serialVersionUID = 1L;

  /** The violations this one stands for: itself alone, or the parts of {@link #of(List)}. */
  private final List<ProtocolViolationException> parts;

  /**
   * A violation that no declared leniency would accept.
   *
   * @param location where the offending value is; null or {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match (see {@link
   *     Violations})
   * @param detail the bad value and what was expected; null or empty for none
   */
  public ProtocolViolationException(Location location, String reason, String detail) {
    this(location, reason, detail, null);
  }

  /**
   * A violation that a declared leniency would accept: the detail ends with the remedy's {@link
   * Remedy#text()}.
   *
   * @param location where the offending value is; null or {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match (see {@link
   *     Violations})
   * @param detail the bad value and what was expected; null or empty for none
   * @param remedy the leniency, or null for none
   */
  public ProtocolViolationException(Location location, String reason, String detail, Remedy remedy) {
    super(location, reason, detail, remedy);
    this.parts = List.of(this);
  }

  private ProtocolViolationException(List<ProtocolViolationException> parts) {
    super(Location.NONE, Violations.SEVERAL_POLICIES, several(parts, remediesText(remedies(parts))), null);
    this.parts = parts;
  }

  /**
   * A violation with no known location and no detail.
   *
   * @param reason the rule that was broken, in stable wording tests may match (see {@link
   *     Violations})
   */
  public ProtocolViolationException(String reason) {
    this(Location.NONE, reason, "", null);
  }

  /**
   * One violation standing for several, each of a different rule: a run that breaks several
   * policies is rejected with all of them at once, and the remedies that together would accept it,
   * rather than one rule at a time. Its message lists each part's message (with its own location)
   * without the part's remedy, then the remedies together: {@code several policies of the
   * protocol are broken (1. LOCATION: REASON (DETAIL); 2. ...; to accept all of them, declare
   * RULE and RULE)}.
   *
   * @param parts the violations in the order they are reported, each with a remedy; not empty
   * @return the only part when there is one, else a violation with {@link Location#NONE}, reason
   *     {@link Violations#SEVERAL_POLICIES} and no single {@link #remedy()}
   * @throws IllegalArgumentException if {@code parts} is empty or a part has no remedy or is
   *     itself several
   */
  public static ProtocolViolationException of(List<ProtocolViolationException> parts) {
    List<ProtocolViolationException> copy = List.copyOf(parts);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("illegal parts: none given, at least one is required");
    }
    for (ProtocolViolationException p : copy) {
      if (p.remedy() == null || p.parts.size() != 1) {
        throw new IllegalArgumentException("illegal part: \"" + p.getMessage() + "\" has no remedy of its own");
      }
    }
    return copy.size() == 1 ? copy.get(0) : new ProtocolViolationException(copy);
  }

  /**
   * The violations this one stands for, each with its own location and remedy.
   *
   * @return this violation alone, or the parts of {@link #of(List)} in their order; unmodifiable
   */
  public List<ProtocolViolationException> violations() {
    return parts;
  }

  /**
   * Every remedy of {@link #violations()}: the leniencies that together would accept the input.
   *
   * @return the parts' remedies in the parts' order, without repeats; empty when this violation
   *     has no remedy
   */
  public List<Remedy> remedies() {
    return remedies(parts);
  }

  /**
   * The message with the remedies in other words: a front end's spelling of the leniencies that
   * would accept the input, such as the options that declare them.
   *
   * @param words the front end's wording of a list of remedies (one, or all those of a violation
   *     that stands for several), not null
   * @return for a single violation, {@link #messageWith(String)} with the words for its remedy;
   *     for several, the message of {@link #of(List)} with the words for all of them; {@link
   *     #getMessage()} when there is no remedy
   */
  public String messageWith(Function<List<Remedy>, String> words) {
    if (parts.size() == 1) {
      return remedy() == null ? getMessage() : messageWith(words.apply(List.of(remedy())));
    }
    return render(location(), reason(), several(parts, words.apply(remedies())));
  }

  private static List<Remedy> remedies(List<ProtocolViolationException> parts) {
    LinkedHashSet<Remedy> out = new LinkedHashSet<>();
    for (ProtocolViolationException p : parts) {
      if (p.remedy() != null) {
        out.add(p.remedy());
      }
    }
    return List.copyOf(out);
  }

  private static String remediesText(List<Remedy> remedies) {
    StringBuilder sb = new StringBuilder("to accept all of them, declare ");
    for (int i = 0; i < remedies.size(); i++) {
      sb.append(i == 0 ? "" : " and ").append(remedies.get(i).rule());
    }
    return sb.toString();
  }

  private static String several(List<ProtocolViolationException> parts, String remedyText) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      ProtocolViolationException p = parts.get(i);
      sb.append(i + 1).append(". ").append(render(p.location(), p.reason(), p.bareDetail)).append("; ");
    }
    return sb.append(remedyText).toString();
  }
}
