package dev.caliber.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's POM example is the one the build runs: its {@code <build>} is, line for line (the
 * plugin's version aside), that of the sample project src/it/readme, which maven-invoker-plugin
 * builds with a real Maven on CACM.
 */
class ReadmeSnippetTest {
  private static final String HEADING = "## Maven plugin: `caliber-maven-plugin`";

  @Test
  void the_readme_s_pom_example_is_the_sample_project_the_build_runs() throws IOException {
    List<String> readme = Files.readAllLines(Cacm.root().resolve("README.md"));
    int heading = readme.indexOf(HEADING);
    assertThat(heading).as("the README's heading %s", HEADING).isNotNegative();
    int open = readme.subList(heading, readme.size()).indexOf("```xml") + heading;
    int close = readme.subList(open, readme.size()).indexOf("```") + open;
    List<String> example = trimmed(readme.subList(open + 1, close));

    List<String> pom = Files.readAllLines(Cacm.root().resolve("caliber-maven-plugin/src/it/readme/pom.xml"));
    List<String> build = trimmed(pom.subList(pom.indexOf("  <build>"), pom.indexOf("  </build>") + 1)).stream()
        .map(l -> l.replace("@project.version@", System.getProperty("caliber.version", "0.1.0-SNAPSHOT"))).toList();

    assertThat(example).as("README.md's example under %s against src/it/readme/pom.xml", HEADING).first().isEqualTo("<build>");
    assertThat(example).isEqualTo(build);
  }

  private static List<String> trimmed(List<String> lines) {
    return lines.stream().map(String::strip).toList();
  }
}
