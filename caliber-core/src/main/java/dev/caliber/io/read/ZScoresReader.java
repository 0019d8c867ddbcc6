package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.ZScores;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads trec_eval's z-score file ({@code -Z}, get_zscores.c) into {@link ZScores}, strictly: one
 * line per query and measure, {@code qid measure mean stddev}, exactly four columns separated by
 * runs of spaces or tabs, the measure named as trec_eval prints it ({@code P_5}), mean and
 * standard deviation finite decimals. trec_eval reads the numbers with C's {@code atof}, which
 * takes {@code 1.5x} as 1.5 and {@code x} as 0; caliber refuses them. A query and measure given
 * twice is an error naming both lines (trec_eval would use one of them). Blank lines are errors,
 * as in trec_eval; an input without a line is an error.
 */
public final class ZScoresReader {
  private static final String FORMAT = "qid measure mean stddev";

  private ZScoresReader() {}

  /**
   * Reads a file.
   *
   * @param file the file, not null
   * @param limits the input limits, not null
   * @return the reference means and standard deviations
   * @throws InputSyntaxException on a malformed line, or a file without lines
   * @throws ProtocolViolationException on a query and measure given twice
   * @throws IOException if reading fails
   */
  public static ZScores read(Path file, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(file, limits)) {
      Fields fields = new Fields();
      ZScores.Builder builder = new ZScores.Builder();
      java.util.Map<String, Long> seen = new java.util.HashMap<>();
      while (lines.next()) {
        int found = fields.splitOnBlanks(lines);
        if (found == 0) {
          throw lines.error("blank line", "expected \"" + FORMAT + "\"; only the line end after the last line may be empty");
        }
        if (found != 4) {
          throw lines.error("wrong number of columns", "found " + found + "; expected 4 (" + FORMAT + ")");
        }
        String query = fields.string(0);
        String measure = fields.string(1);
        double mean = fields.decimal(2, "mean");
        double stddev = fields.decimal(3, "standard deviation");
        if (!builder.add(query, measure, mean, stddev)) {
          Long earlier = seen.get(query + '\t' + measure);
          throw new ProtocolViolationException(lines.location(), "duplicate z-score entry",
              "query " + Fields.quote(query) + ", measure " + Fields.quote(measure) + ": line " + lines.lineNumber()
                  + " repeats line " + earlier + "; expected one line per query and measure");
        }
        seen.put(query + '\t' + measure, lines.lineNumber());
      }
      if (seen.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(lines.source()), "no z-scores", "expected lines \"" + FORMAT + "\"");
      }
      return builder.build();
    }
  }
}
