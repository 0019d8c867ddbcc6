package dev.caliber.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The release archive unpacked as a user unpacks it, and its commands run as a user runs them:
 * what the archive's tests share.
 */
final class Archive {
  /** caliber's version, as the build passes it. */
  static final String VERSION = System.getProperty("caliber.version");
  /** The JDK's bin folder: the only Java on the commands' PATH. */
  static final Path JDK_BIN = Path.of(System.getProperty("java.home"), "bin");

  private Archive() {}

  /**
   * The .tar.gz unpacked into {@code into/unpacked}, an empty folder.
   *
   * @return the unpacked caliber-VERSION folder
   */
  static Path unpack(Path into) throws Exception {
    String archive = System.getProperty("caliber.dist"); // target/caliber-VERSION-bin, without the extension
    Path unpacked = Files.createDirectory(into.resolve("unpacked"));
    Process tar = new ProcessBuilder("tar", "-xzf", archive + ".tar.gz", "-C", unpacked.toString()).inheritIO().start();
    assertThat(tar.waitFor(2, TimeUnit.MINUTES) && tar.exitValue() == 0).as("tar -xzf " + archive + ".tar.gz").isTrue();
    return unpacked.resolve("caliber-" + VERSION);
  }

  /**
   * Runs a command in {@code dir} with nothing on PATH but the JDK's bin and /usr/bin:/bin (no
   * Maven, no repository) and only {@code env} besides, its output kept in files under {@code temp}.
   *
   * @return its exit code, standard output and standard error
   */
  static Result run(List<String> command, Path dir, Map<String, String> env, Path temp, int minutes) throws Exception {
    Path out = Files.createTempFile(temp, "out", ".txt");
    Path err = Files.createTempFile(temp, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    pb.environment().clear();
    pb.environment().put("PATH", JDK_BIN + ":/usr/bin:/bin");
    pb.environment().putAll(env);
    Process p = pb.start();
    assertThat(p.waitFor(minutes, TimeUnit.MINUTES)).as(String.join(" ", command) + " ends within " + minutes + " minutes")
        .isTrue();
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
  }

  /**
   * A command's outcome.
   *
   * @param exit its exit code
   * @param out its standard output
   * @param err its standard error
   */
  record Result(int exit, String out, String err) {}
}
