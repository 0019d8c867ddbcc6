package dev.caliber.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/ARCHITECTURE.md's "Package edges" block is the map of which caliber package depends on
 * which, across modules: every dependency of one package's main classes on another's must be a
 * line of it, and every edge it lists must still be made by some class. A new edge fails the build
 * until the map says it; an edge that is gone fails until the map drops it. Names are relative to
 * {@code dev.caliber}; each line is {@code from -> to1, to2}, its targets in the order of the lines.
 */
class PackageEdgesTest {
  private static final String PREFIX = "dev.caliber.";
  private static final String HEADING = "## Package edges";
  private static final Pattern LINE = Pattern.compile("([a-z][a-z0-9.]*) ->(?: (.+))?");

  @Test
  void the_map_lists_every_package_edge_of_the_code_and_no_other() throws IOException {
    // GIVEN the map and the edges the compiled classes make
    Path doc = ModuleClasses.root().resolve("docs/ARCHITECTURE.md");
    List<String> problems = new ArrayList<>();
    Map<String, List<String>> listed = listed(Files.readAllLines(doc), problems);
    Map<String, Map<String, Dependency>> code = edges();
    // packages of a module this build did not compile are neither required nor refused
    Set<String> unread = ModuleClasses.sparkBuilt() ? Set.of() : Set.of("spark");
    List<String> order = new ArrayList<>(listed.keySet());
    // WHEN each package's line is compared with its classes' dependencies
    for (Map.Entry<String, Map<String, Dependency>> from : code.entrySet()) {
      String pkg = from.getKey();
      List<String> targets = listed.get(pkg);
      if (targets == null) {
        problems.add("package " + pkg + " has no line; its edges: " + line(pkg, from.getValue().keySet(), order));
        continue;
      }
      for (Map.Entry<String, Dependency> to : from.getValue().entrySet()) {
        if (!targets.contains(to.getKey())) {
          problems.add("edge " + pkg + " -> " + to.getKey() + " is not in the map: " + to.getValue().getDescription());
        }
      }
      for (String to : targets) {
        if (!unread.contains(to) && !from.getValue().containsKey(to)) {
          problems.add("edge " + pkg + " -> " + to + " is in the map, but no class of " + PREFIX + pkg
              + " depends on " + PREFIX + to);
        }
      }
      if (!targets.equals(inOrder(targets, order))) {
        problems.add("line " + pkg + ": targets out of the lines' order; write " + line(pkg, targets, order));
      }
    }
    for (String pkg : listed.keySet()) {
      if (!code.containsKey(pkg) && !unread.contains(pkg)) {
        problems.add("package " + pkg + " is in the map but has no main class");
      }
    }
    // THEN the map is the code's
    assertThat(problems).as("docs/ARCHITECTURE.md, \"%s\", against the main classes of %s", HEADING, ModuleClasses.read())
        .isEmpty();
  }

  /** Package (relative name) to the packages its main classes depend on, each with one dependency that makes the edge. */
  private static Map<String, Map<String, Dependency>> edges() {
    Map<String, Map<String, Dependency>> edges = new TreeMap<>();
    for (JavaClass c : ModuleClasses.all()) {
      if (!c.getPackageName().startsWith(PREFIX)) {
        continue;
      }
      String from = c.getPackageName().substring(PREFIX.length());
      Map<String, Dependency> targets = edges.computeIfAbsent(from, p -> new TreeMap<>());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String to = d.getTargetClass().getBaseComponentType().getPackageName();
        if (to.startsWith(PREFIX) && !to.equals(c.getPackageName())) {
          // the same example each time, whatever order the classes are read in
          targets.merge(to.substring(PREFIX.length()), d,
              (a, b) -> a.getDescription().compareTo(b.getDescription()) <= 0 ? a : b);
        }
      }
    }
    return edges;
  }

  /** The block's lines, package to targets in the block's order; what cannot be read goes to {@code problems}. */
  private static Map<String, List<String>> listed(List<String> doc, List<String> problems) {
    int heading = doc.indexOf(HEADING);
    int open = heading < 0 ? -1 : fence(doc, heading);
    int close = open < 0 ? -1 : fence(doc, open + 1);
    assertThat(close).as("a fenced block under \"%s\" in docs/ARCHITECTURE.md", HEADING).isPositive();
    Map<String, List<String>> listed = new LinkedHashMap<>();
    for (String line : doc.subList(open + 1, close)) {
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        problems.add("line \"" + line + "\" is not \"package -> package, package\"");
        continue;
      }
      List<String> targets = m.group(2) == null ? List.of() : List.of(m.group(2).split(", "));
      if (listed.put(m.group(1), targets) != null) {
        problems.add("package " + m.group(1) + " has two lines");
      }
      if (new TreeSet<>(targets).size() != targets.size()) {
        problems.add("line " + m.group(1) + " names a target twice");
      }
    }
    return listed;
  }

  /** The index of the first line from {@code from} on that opens or closes a fenced block, or -1. */
  private static int fence(List<String> lines, int from) {
    for (int i = from; i < lines.size(); i++) {
      if (lines.get(i).startsWith("```")) {
        return i;
      }
    }
    return -1;
  }

  /** Targets in the order of the block's lines; packages without a line last, by name. */
  private static List<String> inOrder(Iterable<String> targets, List<String> order) {
    List<String> sorted = new ArrayList<>();
    targets.forEach(sorted::add);
    sorted.sort(Comparator.comparingInt((String t) -> order.contains(t) ? order.indexOf(t) : order.size())
        .thenComparing(Comparator.naturalOrder()));
    return sorted;
  }

  private static String line(String pkg, Iterable<String> targets, List<String> order) {
    return (pkg + " -> " + String.join(", ", inOrder(targets, order))).strip();
  }
}
