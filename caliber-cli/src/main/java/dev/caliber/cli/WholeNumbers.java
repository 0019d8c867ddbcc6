package dev.caliber.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Field;
import picocli.CommandLine;

/**
 * Every whole-number option, read one way: decimal digits only (picocli's own converters say "not
 * an int" and read 010 as octal), and a value outside the option's range refused in one wording,
 * {@code --depth: 99999999999 is out of range; expected a whole number from 1 to 2147483647},
 * whether it does not fit the option's type or is below the least value the option declares with
 * {@link Range}. The converters are registered once for every command ({@link Caliber}); the range
 * is checked once the command line is parsed ({@link #check}) and, for a value too large for its
 * type, by the usage handler ({@link #outOfRange}).
 */
final class WholeNumbers {
  private WholeNumbers() {}

  /** The values an option accepts, within its type's: {@code @Range(from = 1)} for a count. */
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.FIELD)
  @interface Range {
    /** The least value accepted. */
    long from() default Long.MIN_VALUE;

    /** The largest value accepted. */
    long to() default Long.MAX_VALUE;
  }

  /** A value of digits that its type cannot hold, worded by the usage handler with its option. */
  static final class OutOfRange extends CommandLine.TypeConversionException {
    private static final long serialVersionUID = 1L;

    OutOfRange(String value, long min, long max) {
      super("'" + value + "' is out of range (from " + min + " to " + max + ")");
    }
  }

  /** A decimal whole number within {@code [min, max]}, or picocli's conversion error in caliber's words. */
  static long parse(String s, long min, long max) {
    if (!s.matches("[+-]?[0-9]+")) {
      throw new CommandLine.TypeConversionException("'" + s + "' is not a whole number (expected digits, such as 10)");
    }
    try {
      long v = Long.parseLong(s);
      if (v >= min && v <= max) {
        return v;
      }
    } catch (NumberFormatException tooLong) {
      // out of range, as below
    }
    throw new OutOfRange(s, min, max);
  }

  /** The usage error for {@code value} outside {@code option}'s range, the option named as typed. */
  static CommandLine.ParameterException outOfRange(CommandLine cl, CommandLine.Model.OptionSpec option, String typed,
      String value) {
    long[] range = range(option);
    return new CommandLine.ParameterException(cl, typed + ": " + value + " is out of range; expected a whole number from "
        + range[0] + " to " + range[1], option, value);
  }

  /**
   * Refuses, as a usage error, a whole-number option given a value outside its {@link Range}, in
   * the parsed command and its subcommands.
   */
  static void check(CommandLine.ParseResult parsed, String[] args) {
    for (CommandLine.ParseResult p = parsed; p != null; p = p.subcommand()) {
      for (CommandLine.Model.OptionSpec o : p.matchedOptions()) {
        // a repeatable option's values one by one (--k 5 --k 0)
        Object value = o.getValue();
        for (Object v : value instanceof java.util.Collection<?> values ? values : java.util.Collections.singletonList(value)) {
          if (v instanceof Number n && (n instanceof Integer || n instanceof Long)) {
            long[] range = range(o);
            if (n.longValue() < range[0] || n.longValue() > range[1]) {
              throw outOfRange(p.commandSpec().commandLine(), o, Caliber.typedName(o, args), n.toString());
            }
          }
        }
      }
    }
  }

  /** {@code option}'s accepted values: its {@link Range} within its type's. */
  private static long[] range(CommandLine.Model.OptionSpec option) {
    Class<?> type = option.isMultiValue() ? option.auxiliaryTypes()[0] : option.type();
    boolean isInt = type == int.class || type == Integer.class;
    long min = isInt ? Integer.MIN_VALUE : Long.MIN_VALUE;
    long max = isInt ? Integer.MAX_VALUE : Long.MAX_VALUE;
    Range r = option.userObject() instanceof Field f ? f.getAnnotation(Range.class) : null;
    if (r != null) {
      min = Math.max(min, r.from());
      max = Math.min(max, r.to());
    }
    return new long[] {min, max};
  }

  /** {@link #parse} for {@code int} options. */
  static final class IntConverter implements CommandLine.ITypeConverter<Integer> {
    @Override
    public Integer convert(String s) {
      return (int) parse(s, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
  }

  /** {@link #parse} for {@code long} options. */
  static final class LongConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String s) {
      return parse(s, Long.MIN_VALUE, Long.MAX_VALUE);
    }
  }

  /** Runs the parsed command once {@link #check} accepts its whole numbers. */
  static final class Checked implements CommandLine.IExecutionStrategy {
    private final String[] args;

    Checked(String[] args) {
      this.args = args;
    }

    @Override
    public int execute(CommandLine.ParseResult parsed) {
      check(parsed, args);
      return new CommandLine.RunLast().execute(parsed);
    }
  }
}
