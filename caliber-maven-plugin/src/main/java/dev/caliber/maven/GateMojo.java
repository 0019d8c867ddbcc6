package dev.caliber.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code caliber:gate}: holds the candidate runs against a baseline under the declared rules, as
 * {@code caliber gate} does (docs/GATE.md). Each check's line goes to the build log; the reports are
 * written whether the rules hold or not: JUnit XML where Surefire's report readers look
 * ({@code junitReport}), {@code gate.md} (a pull-request comment) and {@code gate.json} in
 * {@code outputDirectory}. A failed rule fails the build with the gate's own lines (the failed
 * checks and the verdict); a usage error, invalid input or an I/O error fails it with caliber's
 * message, and then nothing is written.
 */
@Mojo(name = "gate", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
    requiresDependencyResolution = ResolutionScope.TEST)
public class GateMojo extends CaliberMojo {
  /** The name of the run the others are held against (caliber's {@code --baseline}); default: the first run. */
  @Parameter(property = "caliber.baseline")
  String baseline;

  /**
   * Instead of a run, hold every run against this entry of {@code history}, an evaluation recorded
   * under the same protocol (caliber's {@code --baseline-entry}; {@code caliber history list} shows
   * the IDs).
   */
  @Parameter(property = "caliber.baselineEntry")
  String baselineEntry;

  /**
   * Instead of a run, hold every run against the per-query values of this baseline file, recorded
   * under the same protocol, as caliber-assertj's {@code Baseline} writes it (caliber's {@code
   * --baseline-file}; its format is in docs/GATE.md, "The baseline file").
   */
  @Parameter(property = "caliber.baselineFile")
  File baselineFile;

  /**
   * Measures on which no candidate may be significantly worse: a loss whose paired randomization
   * test, Holm-adjusted over these measures and the candidates, has p below {@code alpha}
   * (caliber's {@code --no-significant-loss}).
   */
  @Parameter
  List<String> noSignificantLoss = new ArrayList<>();

  /** The level of {@code noSignificantLoss} (caliber's {@code --alpha}); default 0.05. */
  @Parameter(property = "caliber.alpha")
  String alpha;

  /**
   * Tolerances, each {@code MEASURE=AMOUNT} (the mean may fall by at most AMOUNT, such as
   * {@code nDCG@10=0.01}) or {@code MEASURE=AMOUNT%} (by at most that share of the baseline's mean,
   * such as {@code nDCG@10=2%}): caliber's {@code --tolerance}.
   */
  @Parameter
  List<String> tolerances = new ArrayList<>();

  /**
   * Bounds on each query's loss, {@code MEASURE=AMOUNT}: no query of a candidate may lose more than
   * AMOUNT (caliber's {@code --max-query-loss}).
   */
  @Parameter
  List<String> maxQueryLoss = new ArrayList<>();

  /**
   * Least judged shares, {@code K=SHARE}: each candidate's judged share of its top K is at least
   * SHARE; K must be a cutoff of an evaluated measure (caliber's {@code --min-judged}).
   */
  @Parameter
  List<String> minJudged = new ArrayList<>();

  /**
   * The JUnit XML report (caliber's {@code --junit}): by default among Surefire's reports, where
   * Jenkins, GitLab and other readers of {@code TEST-*.xml} find it.
   */
  @Parameter(property = "caliber.junitReport", defaultValue = "${project.build.directory}/surefire-reports/TEST-caliber-gate.xml")
  File junitReport;

  /** Maven makes the goal and fills its parameters from the POM. */
  public GateMojo() {}

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    makeFolder(outputDirectory);
    makeFolder(resolve(junitReport).getParentFile());
    caliber(command());
  }

  /** The call of {@code caliber gate}. */
  List<String> command() throws MojoExecutionException {
    List<String> a = new ArrayList<>(List.of("gate"));
    a.addAll(inputOptions(true, runs));
    option(a, "--baseline", baseline);
    option(a, "--baseline-entry", baselineEntry);
    option(a, "--baseline-file", baselineFile);
    for (String m : noSignificantLoss) {
      option(a, "--no-significant-loss", m);
    }
    option(a, "--alpha", alpha);
    for (String t : tolerances) {
      option(a, "--tolerance", t);
    }
    for (String q : maxQueryLoss) {
      option(a, "--max-query-loss", q);
    }
    for (String j : minJudged) {
      option(a, "--min-judged", j);
    }
    option(a, "--junit", junitReport);
    option(a, "--markdown", new File(resolve(outputDirectory), "gate.md"));
    option(a, "--json", new File(resolve(outputDirectory), "gate.json"));
    return a;
  }
}
