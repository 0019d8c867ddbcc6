package dev.caliber.cli;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import java.util.EnumMap;
import java.util.Map;

/**
 * The one table from the library's remedies (a leniency named in library terms) to the options
 * that declare them on the command line, so that an error says which flag accepts the input.
 */
final class Remedies {
  private static final Map<Remedy, String> OPTIONS = new EnumMap<>(Remedy.class);

  static {
    OPTIONS.put(Remedy.POOLED_JUDGMENTS,
        "to count unjudged documents as non-relevant, declare pooled judgments (--judgments pooled)");
    OPTIONS.put(Remedy.LIST_UNKNOWN_QUERIES,
        "to list such queries instead of rejecting the run, use --unknown-queries list");
  }

  private Remedies() {}

  /** The error's message, its remedy (if any) spelt as the option that declares it. */
  static String message(CaliberInputException e) {
    if (e instanceof ProtocolViolationException v && v.remedy() != null) {
      return v.messageWith(OPTIONS.get(v.remedy()));
    }
    return e.getMessage();
  }
}
