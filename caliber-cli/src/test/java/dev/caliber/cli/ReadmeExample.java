package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * A README example that tests run as written: a shell block (its first line a variable, then the
 * command, lines joined at their backslashes), a blank line, and a block of what it prints.
 *
 * @param words the command's words, after the variable line
 * @param shown the lines of the output block
 */
record ReadmeExample(List<String> words, List<String> shown) {
  static final Path ROOT = Path.of(System.getProperty("caliber.root", ".."));

  /** The last example whose variable line {@code at} accepts, given README.md's lines and the line's index. */
  static ReadmeExample find(BiPredicate<List<String>, Integer> at) throws IOException {
    List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
    int start = -1;
    for (int k = 0; k < readme.size() - 2; k++) {
      if (at.test(readme, k)) {
        start = k;
      }
    }
    assertThat(start).as("the README's example").isPositive();
    StringBuilder command = new StringBuilder();
    int i = start + 1;
    for (; !readme.get(i).equals("```"); i++) {
      command.append(readme.get(i).replace("\\", "").trim()).append(' ');
    }
    List<String> shown = new ArrayList<>();
    for (i = i + 3; !readme.get(i).equals("```"); i++) { // past the block's end, a blank line and the output's opening
      shown.add(readme.get(i));
    }
    return new ReadmeExample(List.of(command.toString().trim().split(" +")), shown);
  }
}
