package dev.caliber.io.read;

import dev.caliber.io.InputLimits;
import dev.caliber.io.text.LineReader;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Opens the inputs users name on a command line: a path, or {@code -} for standard input. Every
 * input goes through {@link LineReader}: gzip detected by its magic bytes (never by file name),
 * strict UTF-8, CRLF accepted, and the bounds of {@link InputLimits}.
 */
public final class InputFiles {
  /** The name that stands for standard input. */
  public static final String STDIN = "-";

  private InputFiles() {}

  /**
   * Opens {@code pathOrDash}: the file at that path, or {@code stdin} when it is {@code -}.
   * Errors name the input exactly as given. Closing the reader does not close {@code stdin}.
   *
   * @param pathOrDash a file path, or {@code -}
   * @param stdin what {@code -} reads (the caller passes {@link System#in}, tests their own bytes)
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws IOException if the file cannot be opened or its first bytes cannot be read
   */
  public static LineReader open(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    Objects.requireNonNull(pathOrDash, "pathOrDash");
    if (STDIN.equals(pathOrDash)) {
      return LineReader.of(STDIN, new KeepOpen(Objects.requireNonNull(stdin, "stdin")), limits);
    }
    return open(Path.of(pathOrDash), pathOrDash, limits);
  }

  /**
   * The raw bytes of {@code pathOrDash} (not decompressed): the file, or {@code stdin} when it is
   * {@code -}. Closing the stream does not close {@code stdin}.
   *
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws IOException if the file cannot be opened
   */
  public static InputStream bytes(String pathOrDash, InputStream stdin) throws IOException {
    Objects.requireNonNull(pathOrDash, "pathOrDash");
    if (STDIN.equals(pathOrDash)) {
      return new KeepOpen(Objects.requireNonNull(stdin, "stdin"));
    }
    return openFile(Path.of(pathOrDash), pathOrDash);
  }

  /**
   * Whether {@code pathOrDash} gives the same bytes when opened a second time, so that a run a
   * stream found out of order (not grouped by query, or out of step with other runs) may be read
   * again whole: a regular file. Standard input, a named pipe or {@code /dev/fd/N} (a shell's
   * {@code <(...)}) is spent after one pass.
   *
   * @param pathOrDash a file path, or {@code -}
   * @return true for a regular file (links followed); false for {@code -}, anything else, or a
   *     path that is not one (reported when it is opened)
   */
  public static boolean canReadAgain(String pathOrDash) {
    try {
      return !STDIN.equals(pathOrDash) && Files.isRegularFile(Path.of(pathOrDash));
    } catch (java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  /** Opens a file; errors name it as {@code path.toString()}. */
  public static LineReader open(Path path, InputLimits limits) throws IOException {
    return open(path, path.toString(), limits);
  }

  private static LineReader open(Path path, String source, InputLimits limits) throws IOException {
    InputStream in = openFile(path, source);
    try {
      return LineReader.of(source, in, limits);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /**
   * The name a run read from {@code source} gets when its file does not carry one: the last path
   * element ({@code runs/bm25.tsv} gives {@code bm25.tsv}), or {@code -} for standard input.
   */
  public static String fileName(String source) {
    int slash = Math.max(source.lastIndexOf('/'), source.lastIndexOf(java.io.File.separatorChar));
    String name = source.substring(slash + 1);
    return name.isEmpty() ? source : name;
  }

  /** The name a run read from standard input gets when it is not named. */
  public static final String STDIN_RUN_NAME = "stdin";

  /**
   * The one rule that names a run not named by its caller, whatever its format: the file's name
   * without its directory, then without a trailing {@code .gz}, then without a trailing {@code
   * .json} or {@code .csv} (all in any case, since caliber tells compression and format itself):
   * {@code runs/bm25.json.gz} gives {@code bm25}, {@code runs/bm25.csv} gives {@code bm25}, {@code
   * runs/MU03rob01} gives {@code MU03rob01}. Standard input ({@code -}) gives {@value
   * #STDIN_RUN_NAME}. A name that the suffixes would leave empty ({@code .json}) is kept whole. A TREC run's tag column never names it: runs of one toolkit
   * often share a tag.
   *
   * @param pathOrDash the run's path, or {@code -}; not null
   * @return the run's name, never empty
   */
  public static String runName(String pathOrDash) {
    if (STDIN.equals(pathOrDash)) {
      return STDIN_RUN_NAME;
    }
    String name = fileName(pathOrDash);
    String unzipped = stripSuffix(name, ".gz");
    String stripped = isJsonName(unzipped) ? stripSuffix(unzipped, ".json") : stripSuffix(unzipped, ".csv");
    return stripped.isEmpty() ? name : stripped;
  }

  private static String stripSuffix(String name, String suffix) {
    return name.regionMatches(true, name.length() - suffix.length(), suffix, 0, suffix.length())
        ? name.substring(0, name.length() - suffix.length()) : name;
  }

  /**
   * Whether a file's name says JSON: it ends in {@code .json} or {@code .json.gz}, in any case. How
   * qrels and runs given by name alone are told from TREC files (which have no usual extension).
   */
  public static boolean isJsonName(String pathOrDash) {
    return hasFormatSuffix(pathOrDash, ".json");
  }

  /**
   * Whether a file's name says CSV: it ends in {@code .csv} or {@code .csv.gz}, in any case. CSV has
   * no shape to tell it by (a header line of one word is also a TREC line), so its name tells it, as
   * JSON's does.
   */
  public static boolean isCsvName(String pathOrDash) {
    return hasFormatSuffix(pathOrDash, ".csv");
  }

  /**
   * Whether a name says JSON Lines: it ends in {@code .jsonl} or {@code .jsonl.gz}, in any case.
   *
   * @param pathOrDash a path, or {@code -}
   * @return true for a JSON Lines name
   */
  public static boolean isJsonLinesName(String pathOrDash) {
    return hasFormatSuffix(pathOrDash, ".jsonl");
  }

  private static boolean hasFormatSuffix(String pathOrDash, String suffix) {
    String p = pathOrDash.toLowerCase(java.util.Locale.ROOT);
    return p.endsWith(suffix) || p.endsWith(suffix + ".gz");
  }

  /**
   * Opens a file so that every failure names it: a directory is refused before it is read, and a
   * read that fails (a device error, a special file that cannot be read) becomes a {@link
   * FileSystemException} naming {@code source} with the system's reason.
   */
  private static InputStream openFile(Path path, String source) throws IOException {
    if (Files.isDirectory(path)) {
      throw new FileSystemException(source, null, "is a directory");
    }
    return new Named(Files.newInputStream(path), source);
  }

  /**
   * The input last closed before its end was read, while no input has been opened since: the one
   * whose reading was cut short by what stopped the command. The command line names it when the
   * Java heap runs out ("out of memory while reading FILE"): the stack has unwound by then, so the
   * input cannot be asked, but its stream, closed on the way, has said so here.
   *
   * @return the input as it was named ({@code -} for standard input), or null
   */
  public static String interruptedInput() {
    return interrupted;
  }

  /**
   * The input opened last, whether or not it was read to its end: after a failure with no input cut
   * short ({@link #interruptedInput}), the one read just before it.
   *
   * @return the input as it was named ({@code -} for standard input), or null before any
   */
  public static String lastOpenedInput() {
    return lastOpened;
  }

  private static volatile String interrupted;
  private static volatile String lastOpened;

  /** A file's bytes whose read errors name the file, and which says when it is closed before its end. */
  private static final class Named extends FilterInputStream {
    private final String source;
    private boolean ended;

    Named(InputStream in, String source) {
      super(in);
      this.source = source;
      interrupted = null;
      lastOpened = source;
    }

    @Override
    public int read() throws IOException {
      try {
        int b = in.read();
        ended |= b < 0;
        return b;
      } catch (FileSystemException e) {
        throw e;
      } catch (IOException e) {
        throw named(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        int n = in.read(b, off, len);
        ended |= n < 0;
        return n;
      } catch (FileSystemException e) {
        throw e;
      } catch (IOException e) {
        throw named(e);
      }
    }

    @Override
    public void close() throws IOException {
      if (!ended) {
        interrupted = source;
      }
      super.close();
    }

    private FileSystemException named(IOException e) {
      String reason = e.getMessage() == null ? "cannot be read" : e.getMessage().toLowerCase(java.util.Locale.ROOT);
      FileSystemException f = new FileSystemException(source, null, reason);
      f.initCause(e);
      return f;
    }
  }

  /** Standard input stays open for whoever owns it; it says when it is let go before its end. */
  private static final class KeepOpen extends FilterInputStream {
    private boolean ended;

    KeepOpen(InputStream in) {
      super(in);
      interrupted = null;
      lastOpened = STDIN;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      ended |= b < 0;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      ended |= n < 0;
      return n;
    }

    @Override
    public void close() {
      if (!ended) {
        interrupted = STDIN;
      }
      // standard input itself is not ours to close
    }
  }
}
