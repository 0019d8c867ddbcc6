package dev.caliber.api.source;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.CsvReader;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.LabelsReader;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.io.read.SubtopicQrelsReader;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Qrels;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The readers of judgments files: the one choice of a file's reader by its name, a source's qrels
 * file as the source reads it, and bare qrels' query set.
 */
public final class JudgmentFiles {
  private JudgmentFiles() {}

  /**
   * Reads a judgments file by its name: JSON ({@code .json}, {@code .json.gz}: the object {@code
   * {query: {doc: label}}} or pandas' records array, told by shape), CSV with a header ({@code
   * .csv}, {@code .csv.gz}), JSON Lines with sources ({@code .jsonl}, {@code .jsonl.gz}), else
   * trec_eval's qrels (or a table of judgments with sources, told by its header).
   *
   * @param path the file, or {@code -} for {@code stdin}
   * @param stdin standard input
   * @param limits what reading may cost, not null
   * @return the judgments; where they name sources, every source counts
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public static Qrels read(String path, InputStream stdin, InputLimits limits) throws IOException {
    return read(path, stdin, limits, List.of());
  }

  /**
   * {@link #read(String, InputStream, InputLimits)} with a source precedence for judgments with sources.
   *
   * @param path the file, or {@code -} for {@code stdin}
   * @param stdin standard input
   * @param limits what reading may cost, not null
   * @param precedence the sources that count, highest first; empty for every source
   * @return the judgments
   * @throws dev.caliber.error.CaliberInputException if the file is malformed
   * @throws IOException if it cannot be read
   */
  public static Qrels read(String path, InputStream stdin, InputLimits limits, List<String> precedence) throws IOException {
    if (InputFiles.isJsonName(path)) {
      return ProtocolFiles.gradedQrels(ProtocolFiles.readJson(path, stdin, limits));
    }
    if (InputFiles.isCsvName(path)) {
      return CsvReader.readQrels(path, stdin, limits);
    }
    if (InputFiles.isJsonLinesName(path)) {
      return LabelsReader.readJsonLines(path, stdin, limits, precedence);
    }
    return TrecQrelsReader.read(path, stdin, limits, precedence);
  }

  /**
   * Reads judgments as a file holds them, every source's labels kept apart, before any source
   * precedence: what {@code caliber pool merge} merges and writes back.
   *
   * @param path the judgments file (any form {@code --qrels} reads), or {@code -} for {@code stdin}
   * @param stdin standard input
   * @param limits what reading may cost, not null
   * @return for judgments with sources, one judgments per source in order of first appearance, each
   *     naming its one source, each in its own label unit; for others, one judgments that name no source
   * @throws dev.caliber.error.CaliberInputException if the file is malformed (file, line, column)
   * @throws IOException if it cannot be read
   */
  public static List<Qrels> readBySource(String path, InputStream stdin, InputLimits limits) throws IOException {
    if (InputFiles.isJsonLinesName(path)) {
      return LabelsReader.readJsonLinesBySource(path, stdin, limits);
    }
    if (InputFiles.isJsonName(path) || InputFiles.isCsvName(path)) {
      return List.of(read(path, stdin, limits));
    }
    return TrecQrelsReader.readBySource(path, stdin, limits);
  }

  /**
   * A source's qrels file as the source reads it: subtopic judgments when it says so, else {@link
   * #read(String, InputStream, InputLimits, List)} under its source precedence. For the protocol and
   * for the split check.
   *
   * @param source the source, whose {@link ProtocolSource#qrels()} is not null
   * @param stdin what {@code -} reads
   * @return the judgments
   * @throws dev.caliber.error.CaliberInputException if the file is malformed, or a source precedence
   *     is given for judgments that name no source
   * @throws IOException if it cannot be read
   */
  public static Qrels readQrels(ProtocolSource source, InputStream stdin) throws IOException {
    if (source.subtopicQrels()) {
      return SubtopicQrelsReader.read(source.qrels(), stdin, source.limits());
    }
    List<String> precedence = source.labelSources();
    Qrels q = read(source.qrels(), stdin, source.limits(), precedence);
    if (!precedence.isEmpty() && q.sources().isEmpty()) {
      throw new InputSyntaxException(Location.ofFile(source.qrels()), "no sources to choose from",
          "a source precedence " + precedence + " was given, and the judgments name no source; expected judgments"
              + " with sources (a table whose header names query, doc, label and source, or JSON Lines), or no precedence");
    }
    return q;
  }

  /**
   * Every judged query, in code point order: the query set of bare qrels.
   *
   * @param qrels the judgments, not null
   * @return a new list of the judged query IDs
   */
  public static List<String> judgedQueries(Qrels qrels) {
    List<String> ids = new ArrayList<>(qrels.queryIds());
    ids.sort(PyJson.CODE_POINT_ORDER);
    return ids;
  }
}
