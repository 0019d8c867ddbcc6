package dev.caliber.cli;

import dev.caliber.io.text.EditDistance;
import dev.caliber.error.CaliberInputException;
import dev.caliber.io.write.AtomicFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The top-level {@code caliber} command; subcommands do the work. */
@Command(
    name = "caliber",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    description = "Offline retrieval evaluation under a fixed, fingerprinted protocol.",
    commandListHeading = "%nCommands:%n",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
        "0:success",
        "1:internal error (a bug in caliber)",
        "2:usage error",
        "3:invalid input (malformed file or protocol violation); nothing written",
        "4:I/O error (a file or a search engine failed); nothing written"})
public final class Caliber implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /**
   * The subcommands by name, in the order help lists them. Added to the root command at run time,
   * not through {@code @Command(subcommands = ...)}: when the first argument names one, only that
   * one is built, which spares picocli's reflection over the others at every start (bench/README.md).
   */
  private static final Map<String, Class<?>> SUBCOMMANDS = new LinkedHashMap<>();

  static {
    SUBCOMMANDS.put("evaluate", EvaluateCommand.class);
    SUBCOMMANDS.put("merge", MergeCommand.class);
    SUBCOMMANDS.put("compare", CompareCommand.class);
    SUBCOMMANDS.put("diff", DiffCommand.class);
    SUBCOMMANDS.put("pool", PoolCommand.class);
    SUBCOMMANDS.put("gate", GateCommand.class);
    SUBCOMMANDS.put("fuse", FuseCommand.class);
    SUBCOMMANDS.put("adapt", AdaptCommand.class);
    SUBCOMMANDS.put("index", IndexCommand.class);
    SUBCOMMANDS.put("search", SearchCommand.class);
    SUBCOMMANDS.put("fingerprint", FingerprintCommand.class);
    SUBCOMMANDS.put("measures", MeasuresCommand.class);
    SUBCOMMANDS.put("trec_eval", TrecEvalCommand.class);
    SUBCOMMANDS.put("protocol", ProtocolCommand.class);
    SUBCOMMANDS.put("history", HistoryCommand.class);
    SUBCOMMANDS.put("qrels", QrelsCommand.class);
    SUBCOMMANDS.put("help", CommandLine.HelpCommand.class);
  }

  /** Standard input, for file arguments given as {@code -}. */
  private final InputStream stdin;

  /** Whether standard error is a terminal, where progress may be shown. */
  private final boolean errIsTerminal;

  /**
   * The root command of one execution, with that execution's streams' state; subcommands reach it
   * as their {@link CommandLine.ParentCommand}.
   */
  Caliber(InputStream stdin, boolean errIsTerminal) {
    this.stdin = stdin;
    this.errIsTerminal = errIsTerminal;
  }

  /** Standard input of this execution, for file arguments given as {@code -}. */
  InputStream stdin() {
    return stdin;
  }

  /** Whether this execution's standard error is a terminal, where progress may be shown. */
  boolean errIsTerminal() {
    return errIsTerminal;
  }

  /** The root command with the subcommand the arguments start with, or with all of them. */
  static CommandLine commandLine(String[] args) {
    return commandLine(args, new Caliber(System.in, false));
  }

  /** {@link #commandLine(String[])} for the given root command. */
  static CommandLine commandLine(String[] args, Caliber root) {
    CommandLine cl = new CommandLine(root);
    Class<?> only = args.length > 0 && !"help".equals(args[0]) ? SUBCOMMANDS.get(args[0]) : null;
    // `caliber --version` needs no subcommand at all (help lists them, so it builds every one).
    boolean none = args.length == 1 && ("--version".equals(args[0]) || "-V".equals(args[0]));
    for (Map.Entry<String, Class<?>> c : SUBCOMMANDS.entrySet()) {
      if (!none && (only == null || c.getValue() == only)) {
        cl.addSubcommand(c.getKey(), c.getValue());
      }
    }
    // Whole numbers in caliber's words and in decimal only (picocli's own say "not an int" and read
    // 010 as octal); registered after the subcommands, as picocli passes converters down to those
    // already added.
    WholeNumbers.IntConverter integer = new WholeNumbers.IntConverter();
    WholeNumbers.LongConverter whole = new WholeNumbers.LongConverter();
    cl.registerConverter(Integer.class, integer).registerConverter(int.class, integer)
        .registerConverter(Long.class, whole).registerConverter(long.class, whole);
    HelpSections.install(cl);
    return cl;
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a command is required ("
        + String.join(", ", SUBCOMMANDS.keySet().stream().filter(c -> !c.equals("help")).toList()) + ")");
  }

  /**
   * Runs caliber with the given arguments and streams; returns the exit code. Output is UTF-8
   * whatever the platform's default charset.
   *
   * @param args the command line without the program name, such as {@code evaluate --qrels q.txt
   *     run.txt}
   * @param in what file arguments given as {@code -} read
   * @param out where results and help go; flushed, not closed
   * @param err where errors go; flushed, not closed. No progress is shown on it
   * @return the exit code: 0 success, 1 internal error, 2 usage error, 3 invalid input, 4 I/O
   *     error (the command's help lists them)
   */
  public static int execute(String[] args, InputStream in, OutputStream out, OutputStream err) {
    return execute(args, in, out, err, false);
  }

  /**
   * {@link #execute(String[], InputStream, OutputStream, OutputStream)}, saying whether {@code err}
   * is a terminal: then long inputs show their progress there (unless {@code --quiet}).
   *
   * @param args the command line without the program name
   * @param in what file arguments given as {@code -} read
   * @param out where results and help go; flushed, not closed
   * @param err where errors (and progress, on a terminal) go; flushed, not closed
   * @param errTerminal whether {@code err} is a terminal, so that progress may be drawn there
   * @return the exit code: 0 success, 1 internal error, 2 usage error, 3 invalid input, 4 I/O
   *     error
   */
  public static int execute(String[] args, InputStream in, OutputStream out, OutputStream err, boolean errTerminal) {
    StdoutErrors checked = new StdoutErrors(out);
    PrintWriter o = new StdoutWriter(checked);
    PrintWriter e = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
    int code;
    try {
      CommandLine cl = commandLine(args, new Caliber(in, errTerminal));
      cl.setOut(o);
      cl.setErr(e);
      cl.setCaseInsensitiveEnumValuesAllowed(true);
      cl.setExecutionExceptionHandler(new ExecutionHandler());
      cl.setParameterExceptionHandler(new UsageHandler());
      cl.setExecutionStrategy(new WholeNumbers.Checked(args));
      code = cl.execute(args);
    } catch (OutOfMemoryError oom) {
      // The last resort for inputs held whole (JSON files, qrels, runs not grouped by query, or
      // --no-streaming): what a streamed run holds is bounded by the limit options, but what a
      // whole file holds grows with it. Once the stack has unwound, its memory is free again.
      // The input being read when memory ran out, if one was: its stream, closed while the stack
      // unwound, said so (InputFiles.interruptedInput); else the one read last, whose content was
      // being held or scored.
      String reading = dev.caliber.io.read.InputFiles.interruptedInput();
      String read = dev.caliber.io.read.InputFiles.lastOpenedInput();
      e.print("caliber: out of memory" + (reading != null ? " while reading " + reading : read != null ? " after reading " + read : "")
          + ": the inputs need more than the " + (Runtime.getRuntime().maxMemory() >> 20)
          + " MiB the Java heap may use; give it more (CALIBER_JAVA_OPTS=-Xmx8g), or stream TREC runs grouped by query"
          + " (docs/FORMATS.md, 'Memory')\n");
      code = ExitCodes.IO;
    } finally {
      o.flush();
      e.flush();
    }
    // A PrintWriter swallows write errors: a full disk behind standard output would pass for success.
    // A reader that closed the pipe early (| head) has what it asked for, and stays unanswered.
    IOException failed = checked.failure();
    if (failed != null && !StdoutErrors.isClosedPipe(failed) && code != ExitCodes.INTERNAL) {
      e.print("caliber: I/O error: cannot write standard output: " + oneLine(failed.getMessage()) + "\n");
      code = ExitCodes.IO;
    }
    e.flush();
    return code;
  }

  /*
   * The handlers and converters given to picocli are named classes, not lambdas, and so are
   * HelpSections' renderers: picocli's class files predate Java 6, and a lambda implementing one of
   * its interfaces links that interface while the class-data archive is dumped, which keeps the
   * interface and every picocli class implementing it (its 25 built-in converters, its help
   * renderers) out of the archive: read, parsed and verified on every start (bench/README.md,
   * "Small runs").
   */

  /** {@link #handle} for picocli. */
  private static final class ExecutionHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
      return handle(ex, cl, parsed);
    }
  }

  /** {@link #handleUsage} for picocli. */
  private static final class UsageHandler implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
      return handleUsage(ex, args);
    }
  }

  private static int handleUsage(CommandLine.ParameterException ex, String[] args) {
    CommandLine cl = ex.getCommandLine();
    if (!(ex instanceof CommandLine.UnmatchedArgumentException) && !cl.getUnmatchedArguments().isEmpty()) {
      // picocli checks required options before it reports what it could not match, so a mistyped
      // option (--mesure) was hidden behind "Missing required option": the typo comes first
      return handleUsage(new CommandLine.UnmatchedArgumentException(cl, cl.getUnmatchedArguments()), args);
    }
    if (ex.getCause() instanceof WholeNumbers.OutOfRange && ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o) {
      ex = WholeNumbers.outOfRange(cl, o, typedName(o, args), ex.getValue());
    }
    PrintWriter err = cl.getErr();
    String message = oneLine(ex.getMessage());
    if (message.startsWith("Error: ")) {
      message = message.substring("Error: ".length());
    }
    if (ex.getArgSpec() instanceof CommandLine.Model.OptionSpec o && o.names().length > 1) {
      // picocli names an option by its longest name (--Max_retrieved_per_topic); say the one typed (-M)
      message = message.replace("'" + o.longestName() + "'", "'" + typedName(o, args) + "'");
    }
    if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      String typed = u.getUnmatched().get(0);
      if (typed.startsWith("-") && typed.length() > 1) {
        // the words after an unknown option are most likely its value (--mesure AP), not options
        message = "Unknown option: '" + typed + "'";
      }
      // every name the command knows, nearest first: picocli's own suggestions miss some near ones (--rnu)
      List<String> known = new java.util.ArrayList<>(typed.startsWith("-")
          ? cl.getCommandSpec().optionsMap().keySet() : cl.getSubcommands().keySet());
      known.sort(java.util.Comparator.comparingInt((String k) -> EditDistance.distance(typed, k)).thenComparing(k -> k));
      // (a one-letter option is one edit from every other: naming them would say nothing)
      List<String> near = typed.length() <= 2 ? List.of() : known.stream().filter(k -> EditDistance.nearMiss(typed, k)).limit(3).toList();
      if (!near.isEmpty()) {
        message = message + "; did you mean " + String.join(" or ", near) + "?";
      }
    }
    // One line, as every error: the hint to ask for help goes on the same line.
    err.print("caliber: usage: " + message + " (see '" + cl.getCommandSpec().qualifiedName() + " --help')\n");
    err.flush();
    return ExitCodes.USAGE;
  }

  /**
   * The first of the option's names on the command line, as a word, with its value after {@code =},
   * or (a one-letter name) with its value attached ({@code -M100}); its longest name if none is.
   */
  static String typedName(CommandLine.Model.OptionSpec option, String[] args) {
    for (String arg : args) {
      for (String name : option.names()) {
        if (arg.equals(name) || arg.startsWith(name + "=") || (name.length() == 2 && !arg.startsWith("--") && arg.startsWith(name))) {
          return name;
        }
      }
    }
    return option.longestName();
  }

  private static int handle(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
    PrintWriter err = cl.getErr();
    int code;
    String message;
    Throwable t = ex instanceof UncheckedIOException u ? u.getCause() : ex;
    if (t instanceof StdoutFailed) {
      return ExitCodes.IO; // execute says why, once, as for any other command's output
    }
    if (t instanceof CaliberInputException bad) {
      code = ExitCodes.INVALID_INPUT;
      message = "invalid input: " + OptionWords.message(bad);
    } else if (t instanceof dev.caliber.history.HistoryException bad) {
      code = ExitCodes.INVALID_INPUT;
      message = "invalid input: " + bad.getMessage();
    } else if (t instanceof SearchCommand.Failed f) {
      code = ExitCodes.IO;
      message = f.getMessage();
    } else if (t instanceof AtomicFile.WriteFailure wf) {
      code = ExitCodes.IO;
      message = wf.getMessage();
    } else if (t instanceof NoSuchFileException nf) {
      code = ExitCodes.IO;
      message = "cannot read " + nf.getFile() + ": no such file" + (nf.getReason() == null ? "" : " (" + nf.getReason() + ")");
    } else if (t instanceof AccessDeniedException ad) {
      code = ExitCodes.IO;
      message = "cannot access " + ad.getFile() + ": permission denied" + (ad.getReason() == null ? "" : " (" + ad.getReason() + ")");
    } else if (t instanceof FileSystemException fs && fs.getFile() != null && fs.getFile().isEmpty()) {
      code = ExitCodes.USAGE; // an option given '' (a shell variable left unset): no file to read or write
      message = "usage: a file option was given an empty path; expected a file name";
    } else if (t instanceof FileSystemException fs) {
      code = ExitCodes.IO;
      message = "cannot read " + fs.getFile() + ": " + (fs.getReason() == null ? "it cannot be read" : fs.getReason());
    } else if (t instanceof IOException io) {
      code = ExitCodes.IO;
      message = "I/O error: " + (io.getMessage() == null ? "an input or output failed" : io.getMessage());
    } else {
      code = ExitCodes.INTERNAL;
      message = "internal error (please report): " + t;
    }
    if (cl.getCommandSpec().userObject() instanceof TrecEvalCommand) {
      code = TrecEvalCommand.status(t, code);
    }
    err.print("caliber: " + oneLine(message) + "\n");
    err.flush();
    return code;
  }

  static String oneLine(String s) {
    return s == null ? "" : s.replace("\r\n", " ").replace('\n', ' ').replace('\r', ' ');
  }

  /** The build's version (resource version.properties, filtered by the build), or a development marker. */
  static String version() {
    try (java.io.InputStream in = Caliber.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        java.util.Properties p = new java.util.Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isEmpty() && !v.startsWith("${")) {
          return v;
        }
      }
    } catch (IOException e) {
      // no version to print is no reason to fail
    }
    return "(development build)";
  }

  /** Prints {@link #version()}, the build's version, which a paper cites beside the fingerprint. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"caliber " + version()};
    }
  }
}
