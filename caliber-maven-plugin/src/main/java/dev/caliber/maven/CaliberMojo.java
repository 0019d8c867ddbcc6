package dev.caliber.maven;

import dev.caliber.cli.Caliber;
import dev.caliber.cli.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What both goals share: the protocol, the runs, the measures and the policy as POM parameters,
 * their translation into caliber's options, and one call of caliber's command line in this JVM
 * ({@link Caliber#execute}), whose exit code decides the build. Nothing here checks an option's
 * value: caliber does, and says what is wrong in its own words.
 */
abstract class CaliberMojo extends AbstractMojo {
  /** The project's folder, against which every relative path of the POM is read. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
  File basedir;

  /**
   * The judgments: TREC qrels ({@code qid iter docid label}), JSON or CSV, gzip read as it is
   * (caliber's {@code --qrels}). Give this or {@link #beir}.
   */
  @Parameter(property = "caliber.qrels")
  File qrels;

  /**
   * A BEIR dataset folder, {@code corpus.jsonl}, {@code queries.jsonl} and {@code qrels/SPLIT.tsv}
   * (caliber's {@code --beir}). Give this or {@link #qrels}.
   */
  @Parameter(property = "caliber.beir")
  File beir;

  /** The split whose queries count, such as {@code test} (caliber's {@code --split}). */
  @Parameter(property = "caliber.split")
  String split;

  /**
   * The runs, each a {@code <run>} with an optional {@code <name>} and a {@code <file>}, or the
   * file alone ({@code <run>runs/bm25.txt</run>}); caliber's {@code --run NAME=FILE}. For the gate
   * goal the first is the baseline unless {@link GateMojo#baseline} names another.
   */
  @Parameter
  List<Run> runs = new ArrayList<>();

  /**
   * The measures, such as {@code nDCG@10}, {@code AP}, {@code RR@10} or trec_eval's names (caliber's
   * {@code -m}). Default for evaluate: caliber's (trec_eval's measures for TREC qrels); for gate:
   * the measures the rules name.
   */
  @Parameter
  List<String> measures = new ArrayList<>();

  /** A named policy: {@code strict}, {@code trec_eval} or {@code pooled} (caliber's {@code --preset}). */
  @Parameter(property = "caliber.preset")
  String preset;

  /** {@code trec_eval}: the same as {@code preset} {@code trec_eval} (caliber's {@code --compat}). */
  @Parameter(property = "caliber.compat")
  String compat;

  /**
   * A lock file from {@code caliber protocol freeze} (caliber's {@code --lock}): the protocol, policy
   * and measures not given are the lock's, those given must agree with it, and the evaluations are
   * recorded in the lock's history unless {@link #history} names another.
   */
  @Parameter(property = "caliber.lock")
  File lock;

  /**
   * An evaluation history (SQLite, made if absent) in which each run's evaluation is recorded
   * (caliber's {@code --history}). The gate goal also reads a recorded baseline from it
   * ({@link GateMojo#baselineEntry}).
   */
  @Parameter(property = "caliber.history")
  File history;

  /**
   * Further options of caliber's command, passed as written after those above, one word each
   * ({@code <argument>--judgments</argument><argument>pooled</argument>}): any policy option,
   * {@code --seed}, {@code --permutations}, {@code --query-set}... A relative path among them is
   * read from Maven's working folder, not the project's: prefer absolute paths there
   * ({@code ${project.basedir}/...}).
   */
  @Parameter
  List<String> arguments = new ArrayList<>();

  /** Where the goal's reports are written; made if absent. */
  @Parameter(property = "caliber.outputDirectory", defaultValue = "${project.build.directory}/caliber")
  File outputDirectory;

  /**
   * Retrievers of the project's own, each a {@code <retriever>} with a {@code <name>} and a {@code
   * <className>} on the project's test class path: each is sent every topic of {@link #topics}
   * ({@code caliber search --engine java}), its run written to {@code OUTPUT/runs/NAME.txt} with
   * its sidecar, and evaluated after the {@code runs} as one more run of that name.
   */
  @Parameter
  List<RetrieverClass> retrievers = new ArrayList<>();

  /** The topics sent to the {@link #retrievers}: TREC topics, BEIR queries.jsonl or ID-tab-text lines. */
  @Parameter(property = "caliber.topics")
  File topics;

  /** The part of a TREC topic sent: {@code title} (caliber's default), {@code description}, {@code title+description} or {@code narrative}. */
  @Parameter(property = "caliber.topicField")
  String topicField;

  /** The most hits per query asked of the {@link #retrievers} (caliber's default: 1000). */
  @Parameter(property = "caliber.depth")
  Integer depth;

  /** The project's test class path, where the {@link #retrievers} are. */
  @Parameter(defaultValue = "${project.testClasspathElements}", readonly = true)
  List<String> testClasspath = new ArrayList<>();

  /** Skip the goal. */
  @Parameter(property = "caliber.skip", defaultValue = "false")
  boolean skip;

  /** Lines of standard error already logged by this goal (a note repeated by each call is logged once). */
  private final Set<String> logged = new LinkedHashSet<>();

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("caliber: skipped (caliber.skip)");
      return;
    }
    List<Run> searched = new ArrayList<>();
    for (List<String> args : searches()) {
      caliber(args);
      String name = args.get(args.indexOf("--config") + 1);
      searched.add(new Run(name, new File(new File(outputDirectory, "runs"), name + ".txt")));
    }
    runs = new ArrayList<>(runs);
    runs.addAll(searched);
    run();
  }

  /** The calls of {@code caliber search} that make the {@link #retrievers}' runs, one per retriever. */
  List<List<String>> searches() throws MojoExecutionException {
    List<List<String>> calls = new ArrayList<>();
    if (retrievers.isEmpty()) {
      return calls;
    }
    if (topics == null) {
      throw new MojoExecutionException("caliber: <retrievers> need <topics>, the texts sent to them");
    }
    // Maven lists target/classes even where a project has no main sources, and the JVM skips an
    // entry that does not exist; caliber's --class-path refuses one, so such entries are left out.
    String classPath = String.join(File.pathSeparator, testClasspath.stream().filter(e -> new File(e).exists()).toList());
    for (RetrieverClass r : retrievers) {
      if (r == null || r.getName() == null || r.getClassName() == null) {
        throw new MojoExecutionException("caliber: a <retriever> needs a <name> and a <className>, such as <retriever><name>mine"
            + "</name><className>com.example.MyRetriever</className></retriever>; got " + r);
      }
      List<String> a = new ArrayList<>(List.of("search", "--engine", "java", "--retriever-class", r.getClassName(),
          "--class-path", classPath));
      option(a, "--topics", topics);
      option(a, "--topic-field", topicField);
      option(a, "--depth", depth);
      option(a, "--config", r.getName());
      option(a, "-o", new File(outputDirectory, "runs"));
      a.add("--quiet");
      calls.add(a);
    }
    return calls;
  }

  /** Runs the goal's caliber commands. */
  abstract void run() throws MojoExecutionException, MojoFailureException;

  /**
   * The options of the protocol, the measures, the policy, the lock, the further arguments and the
   * runs, in that order, every file absolute.
   *
   * @param history whether this call records into {@link #history} (or the lock's); a goal that
   *     calls caliber several times over the same runs records once
   * @param these the runs of this call
   */
  List<String> inputOptions(boolean history, List<Run> these) throws MojoExecutionException {
    List<String> a = new ArrayList<>();
    option(a, "--qrels", qrels);
    option(a, "--beir", beir);
    option(a, "--split", split);
    for (String m : measures) {
      option(a, "-m", m);
    }
    option(a, "--preset", preset);
    option(a, "--compat", compat);
    option(a, "--lock", lock);
    if (history) {
      option(a, "--history", this.history);
    } else if (lock != null) {
      a.add("--no-history");
    }
    a.addAll(arguments);
    for (Run r : these) {
      a.add("--run");
      a.add(runArgument(r));
    }
    return a;
  }

  /** A run as caliber's {@code --run} takes it: {@code NAME=FILE}, or the absolute file alone. */
  String runArgument(Run r) throws MojoExecutionException {
    if (r == null || r.getFile() == null) {
      throw new MojoExecutionException("caliber: a <run> names no file; expected <run><file>PATH</file></run>, with an optional"
          + " <name>, or <run>PATH</run>");
    }
    String file = resolve(r.getFile()).getPath();
    if (r.getName() == null) {
      return file;
    }
    if (r.getName().isEmpty() || r.getName().indexOf('=') >= 0) {
      throw new MojoExecutionException("caliber: the run " + r + " is named \"" + r.getName() + "\"; a run's name is not empty"
          + " and holds no '=' (caliber reads --run NAME=FILE up to the first '=')");
    }
    return r.getName() + "=" + file;
  }

  /** The file itself when absolute, else the project's file of that relative path. */
  File resolve(File f) {
    return f.isAbsolute() ? f : new File(basedir, f.getPath());
  }

  /** Adds {@code name value} when the value is given; a file as its absolute path. */
  void option(List<String> a, String name, Object value) {
    if (value == null) {
      return;
    }
    a.add(name);
    a.add(value instanceof File f ? resolve(f).getPath() : value.toString());
  }

  /** Makes the folder (and its parents) unless it exists. */
  void makeFolder(File folder) throws MojoExecutionException {
    if (!folder.isDirectory() && !folder.mkdirs() && !folder.isDirectory()) {
      throw new MojoExecutionException("caliber: cannot make the folder " + folder + " for the reports");
    }
  }

  /** How one call of caliber ended: its exit code, and what it printed. */
  record Exit(int code, String out, String err) {}

  /**
   * Runs caliber with these arguments in this JVM: its standard output goes to the log as info, its
   * warnings as warnings. Exit 5 (a gate rule failed) is a {@link MojoFailureException} whose message
   * is what the gate printed but its passing checks: the failed checks and the verdict. Any other
   * non-zero exit (usage, invalid input, I/O, internal error) is a {@link MojoExecutionException}
   * whose message is what caliber printed on standard error.
   */
  Exit caliber(List<String> args) throws MojoExecutionException, MojoFailureException {
    if (getLog().isDebugEnabled()) {
      getLog().debug("caliber " + String.join(" ", args));
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Caliber.execute(args.toArray(String[]::new), InputStream.nullInputStream(), out, err);
    Exit o = new Exit(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    o.out().lines().forEach(getLog()::info);
    if (exit == ExitCodes.OK || exit == ExitCodes.GATE_FAILED) {
      for (String line : o.err().lines().toList()) {
        if (logged.add(line)) {
          if (line.startsWith("caliber: warning")) {
            getLog().warn(line);
          } else {
            getLog().info(line);
          }
        }
      }
    }
    if (exit == ExitCodes.GATE_FAILED) {
      throw new MojoFailureException(String.join("\n", o.out().lines().filter(l -> !l.startsWith("pass ")).toList()));
    }
    if (exit != ExitCodes.OK) {
      throw new MojoExecutionException(o.err().isBlank()
          ? "caliber " + args.get(0) + " stopped with exit code " + exit + " and said nothing"
          : o.err().strip());
    }
    return o;
  }
}
