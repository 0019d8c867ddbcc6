package dev.caliber.cli;

import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import java.io.IOException;
import java.io.InputStream;

/** Reads input files for commands; {@code -} is standard input. */
final class Inputs {
  private Inputs() {}

  /** A JSON file, or {@code stdin} when {@code path} is {@code -}, read within {@code limits}. */
  static JsonValue json(String path, InputStream stdin, dev.caliber.io.InputLimits limits) throws IOException {
    return ProtocolFiles.readJson(path, stdin, limits);
  }

  /** Standard input can feed one input only; a second '-' would silently read nothing. */
  static void requireAtMostOneStdin(picocli.CommandLine cl, java.util.List<String> a, java.util.List<String> b) {
    long dashes = java.util.stream.Stream.concat(a.stream(), b.stream()).filter("-"::equals).count();
    if (dashes > 1) {
      throw new picocli.CommandLine.ParameterException(cl, "only one input can be standard input ('-'), got " + dashes);
    }
  }

  /** Every path of {@code a} then {@code b}. */
  static java.util.List<String> all(java.util.List<String> a, java.util.List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }

  /**
   * A run's name: the NAME of NAME=FILE, else the file's own name, by the library's rules
   * ({@link dev.caliber.api.RunFile#givenName}: an existing file whose name holds '=' is a file; {@link dev.caliber.io.read.InputFiles#runName}: no directory, {@code .gz} or {@code
   * .json}; {@code stdin} for {@code -}).
   */
  static String runName(String spec) {
    String given = dev.caliber.api.RunFile.givenName(spec);
    return given != null ? given : dev.caliber.io.read.InputFiles.runName(spec);
  }

  /** The file part of NAME=FILE, or FILE ({@link dev.caliber.api.RunFile#fileOf}). */
  static String runFile(String spec) {
    return dev.caliber.api.RunFile.fileOf(spec);
  }

  /**
   * Judgments alone (diff's --qrels, qrels compare's two sets), read as evaluate reads bare qrels:
   * TREC, JSON or CSV; a problem with the file's options is a usage error naming them.
   */
  static dev.caliber.protocol.Qrels judgments(picocli.CommandLine cl, String file, java.io.InputStream stdin,
      dev.caliber.io.InputLimits limits) throws java.io.IOException {
    return judgments(cl, file, stdin, limits, java.util.List.of());
  }

  /**
   * {@link #judgments(picocli.CommandLine, String, java.io.InputStream, dev.caliber.io.InputLimits)}
   * with a source precedence for judgments with sources (evaluate's --label-sources: the sources
   * that count, highest first; empty for every source).
   */
  static dev.caliber.protocol.Qrels judgments(picocli.CommandLine cl, String file, java.io.InputStream stdin,
      dev.caliber.io.InputLimits limits, java.util.List<String> sources) throws java.io.IOException {
    try {
      return dev.caliber.api.source.ProtocolSource.none().withQrels(file).withLimits(limits).withLabelSources(sources)
          .general(stdin).qrels();
    } catch (dev.caliber.api.source.ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
  }

  /**
   * A source precedence checked before anything is read: distinct, non-empty names, as the
   * library requires of one.
   *
   * @param option the option that gave it, named in the message
   * @return the names
   */
  static java.util.List<String> precedence(picocli.CommandLine cl, String option, java.util.List<String> names) {
    if (names.contains("") || new java.util.HashSet<>(names).size() != names.size()) {
      throw new picocli.CommandLine.ParameterException(cl, option + ": got " + String.join(",", names)
          + "; expected distinct, non-empty source names, highest first (nist,llm:gpt-4o)");
    }
    return names;
  }
}
