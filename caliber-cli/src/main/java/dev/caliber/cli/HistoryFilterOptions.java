package dev.caliber.cli;

import dev.caliber.history.Filter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Which history entries a command reads: by protocol, run, split and time (history list and trend). */
final class HistoryFilterOptions {
  @Option(names = "--fingerprint", paramLabel = "SHA256", description = "Only entries whose protocol_sha256 starts with this.")
  String fingerprint;

  @Option(names = "--run-name", paramLabel = "NAME", description = "Only entries of the run of this name.")
  String runName;

  @Option(names = "--split", paramLabel = "NAME", description = "Only entries on this split.")
  String split;

  @Option(names = "--since", paramLabel = "TIME", description = "Only entries recorded at or after TIME (2026-12-01 or 2026-12-01T10:00:00Z, UTC).")
  String since;

  @Option(names = "--until", paramLabel = "TIME", description = "Only entries recorded before TIME (a date means its start, UTC).")
  String until;

  /** The library's filter; a time that is not one is a usage error naming its option. */
  Filter filter(CommandLine cl) {
    return new Filter(fingerprint, runName, split, time(cl, "--since", since), time(cl, "--until", until));
  }

  private static Instant time(CommandLine cl, String option, String text) {
    if (text == null) {
      return null;
    }
    try {
      return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new CommandLine.ParameterException(cl, option + " " + text + ": expected a date (2026-12-01) or a UTC time "
          + "(2026-12-01T10:00:00Z)");
    }
  }
}
