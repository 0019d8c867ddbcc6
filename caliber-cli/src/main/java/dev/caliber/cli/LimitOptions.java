package dev.caliber.cli;

import dev.caliber.io.InputLimits;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * What one input may cost (the library's {@link InputLimits}): the longest line, the most bytes of
 * one query in a streamed run, and the largest input after decompression. Past a limit, reading
 * stops with a located error that names the option raising it (through {@link OptionWords}).
 */
final class LimitOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = "--max-line-bytes", paramLabel = "SIZE", converter = Size.class,
      description = "The longest line accepted (default 1MiB; corpus lines, whole documents, may be 64 times longer). SIZE is bytes, or a number with KiB, MiB or GiB.")
  Long maxLineBytes;

  @Option(names = "--max-query-bytes", paramLabel = "SIZE", converter = Size.class,
      description = "The most bytes of one query's lines in a TREC run read while it is scored (default 8MiB), so that its memory does not grow with the file.")
  Long maxQueryBytes;

  @Option(names = "--max-input-bytes", paramLabel = "SIZE", converter = Size.class,
      description = "The largest input accepted, counted after decompression (default 64GiB).")
  Long maxInputBytes;

  /** The limits the options give: the library's defaults with what was given in their place. */
  InputLimits limits() {
    InputLimits limits = InputLimits.DEFAULT;
    if (maxLineBytes != null) {
      limits = limits.withMaxLineBytes((int) within("--max-line-bytes", maxLineBytes, 1, Integer.MAX_VALUE - (1 << 20)));
    }
    if (maxQueryBytes != null) {
      long least = Math.min(limits.maxLineBytes(), InputLimits.MAX_QUERY_BYTES);
      String why = " (the line limit)";
      limits = limits.withMaxQueryBytes((int) within("--max-query-bytes", maxQueryBytes, least, InputLimits.MAX_QUERY_BYTES, why));
    } else if (limits.maxQueryBytes() < limits.maxLineBytes()) {
      limits = limits.withMaxQueryBytes((int) Math.min(limits.maxLineBytes(), InputLimits.MAX_QUERY_BYTES));
    }
    if (maxInputBytes != null) {
      limits = limits.withMaxDecompressedBytes(within("--max-input-bytes", maxInputBytes, 1, Long.MAX_VALUE));
    }
    return limits;
  }

  private long within(String option, long value, long least, long most) {
    return within(option, value, least, most, "");
  }

  private long within(String option, long value, long least, long most, String why) {
    if (value < least || value > most) {
      throw new CommandLine.ParameterException(mixee.commandLine(),
          option + ": got " + value + "; expected from " + least + why + " to " + most + " bytes");
    }
    return value;
  }

  /** A size: bytes, or a number with a binary unit (KiB, MiB, GiB; K, M, G and KB, MB, GB mean the same). */
  static final class Size implements CommandLine.ITypeConverter<Long> {
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,19})\\s*([KMG]?)(?:I?B)?");

    @Override
    public Long convert(String text) {
      Matcher m = SIZE.matcher(text.trim().toUpperCase(Locale.ROOT));
      if (!m.matches()) {
        throw new CommandLine.TypeConversionException("got \"" + text + "\"; expected a size such as 4194304, 4MiB or 1GiB");
      }
      int shift = switch (m.group(2)) {
        case "K" -> 10;
        case "M" -> 20;
        case "G" -> 30;
        default -> 0;
      };
      try {
        long n = Long.parseLong(m.group(1));
        if (n > Long.MAX_VALUE >> shift) {
          throw new NumberFormatException();
        }
        return n << shift;
      } catch (NumberFormatException e) {
        throw new CommandLine.TypeConversionException("got \"" + text + "\"; expected a size of at most 8EiB");
      }
    }
  }
}
