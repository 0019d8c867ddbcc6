package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Runs caliber as a user would, through {@link Caliber#execute}, and finds the seed fixture
 * ({@code examples/helpcentre}), its expected outputs ({@code examples/helpcentre/expected}) and the
 * public evaluation data the repository carries ({@code data/}).
 */
final class Cli {
  private Cli() {}

  /** Runs caliber with empty standard input. */
  static CliResult run(Object... args) {
    return runWithInput(new byte[0], args);
  }

  /** Runs caliber with the given bytes as standard input; {@link Path} arguments become strings. */
  static CliResult runWithInput(byte[] stdin, Object... args) {
    String[] argv = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].toString();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Caliber.execute(argv, new ByteArrayInputStream(stdin), out, err);
    return new CliResult(code, out.toByteArray(), err.toByteArray());
  }

  /**
   * The command that runs {@code main} in a fresh JVM with this test's classes: caliber's modules
   * are on the test's module path, the rest on its class path, and the child gets both on its class
   * path. Arguments follow.
   */
  static java.util.List<String> childJvm(Class<?> main) {
    java.util.List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String modules = System.getProperty("jdk.module.path", "");
    command.add("-cp");
    command.add(System.getProperty("java.class.path") + (modules.isEmpty() ? "" : java.io.File.pathSeparator + modules));
    command.add(main.getName());
    return command;
  }

  /** The repository root (surefire passes caliber.root; an IDE run falls back to the parent). */
  static Path root() {
    String root = System.getProperty("caliber.root");
    return root != null ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
  }

  /**
   * The warning an evaluation of CACM's BEIR folder prints: 55 of its judgments name documents
   * outside its corpus (a quirk of the data, which the official qrels share).
   */
  static final String CACM_BEIR_WARNING = "caliber: warning: 55 judgments of the query set name documents outside the"
      + " corpus, which no run can rank (the first: query \"5\", document \"CACM-756\", "
      + data().resolve("cacm").resolve("beir-format").resolve("qrels").resolve("test.tsv") + ":28); caliber protocol"
      + " check lists them\n";

  /**
   * The line on standard error saying that judgments of this kind ({@code TREC qrels}, {@code BEIR
   * qrels}) take trec_eval's rules because no preset was named, when a measure was.
   */
  static String trecEvalNote(dev.caliber.api.source.JudgmentKind judgments) {
    return "caliber: " + dev.caliber.api.Preset.impliedNote(null, judgments, true) + "\n";
  }

  /** The repository's {@code data/} folder: CACM, TREC 2003 robust and trec_eval's tests (data/README.md). */
  static Path data() {
    return root().resolve("data");
  }

  /** A file of the seed's help-centre fixture, e.g. {@code runs/fixture_A.json}. */
  static Path example(String relative) {
    Path p = root().resolve("examples/helpcentre").resolve(relative);
    assertThat(p).as("fixture file").isRegularFile();
    return p;
  }

  /** The seed's expected output {@code examples/helpcentre/expected/<name>}, e.g. {@code report.fixture_A.json}. */
  static Path conformance(String name) {
    return root().resolve("examples/helpcentre/expected").resolve(name);
  }

  /** The bytes of the seed's expected output {@code name}, which must exist. */
  static byte[] expected(String name) {
    Path p = conformance(name);
    assertThat(p).as("expected output").isRegularFile();
    return bytes(p);
  }

  static String expectedText(String name) {
    return new String(expected(name), StandardCharsets.UTF_8);
  }

  static byte[] bytes(Path p) {
    try {
      return Files.readAllBytes(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file's bytes, gunzipped when its name ends in .gz (as the trec_eval reference outputs in data/ are). */
  static byte[] gunzipped(Path p) {
    if (!p.getFileName().toString().endsWith(".gz")) {
      return bytes(p);
    }
    try (InputStream in = new GZIPInputStream(Files.newInputStream(p))) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A file's text as UTF-8, gunzipped when its name ends in .gz. */
  static String text(Path p) {
    return new String(gunzipped(p), StandardCharsets.UTF_8);
  }

  /** Writes a UTF-8 file in {@code dir} and returns its path. */
  static Path write(Path dir, String name, String content) {
    try {
      Path p = dir.resolve(name);
      Files.createDirectories(p.getParent());
      Files.writeString(p, content, StandardCharsets.UTF_8);
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Replaces the one occurrence of {@code target} in {@code text}; fails if there is not exactly
   * one, so that a test never silently runs on an unmodified fixture.
   */
  static String replaceOnce(String text, String target, String replacement) {
    int at = text.indexOf(target);
    assertThat(at).as("occurrence of %s", target).isNotNegative();
    assertThat(text.indexOf(target, at + 1)).as("second occurrence of %s", target).isNegative();
    return text.substring(0, at) + replacement + text.substring(at + target.length());
  }

  /** A copy of the example protocol.json with one edit, written to {@code dir/name}. */
  static Path protocolWith(Path dir, String name, String target, String replacement) {
    return write(dir, name, replaceOnce(text(example("protocol.json")), target, replacement));
  }
}
