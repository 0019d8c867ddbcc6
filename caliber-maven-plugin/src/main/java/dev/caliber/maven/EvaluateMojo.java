package dev.caliber.maven;

import dev.caliber.api.RunFile;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code caliber:evaluate}: scores the runs under the protocol and writes caliber evaluate's reports
 * into {@code outputDirectory}, one {@code caliber evaluate} per report: {@code report.json} (every
 * run), and for the readable formats, which report one run each, {@code report.md} and
 * {@code report.html} (one run) or {@code report-NAME.md} and {@code report-NAME.html} (each run).
 * A usage error, invalid input or an I/O error fails the build with caliber's message.
 */
@Mojo(name = "evaluate", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true,
    requiresDependencyResolution = ResolutionScope.TEST)
public class EvaluateMojo extends CaliberMojo {
  /** Readable formats: caliber writes one run per report. */
  private static final List<String> ONE_RUN = List.of("md", "html");

  /**
   * The reports to write, each a format of {@code caliber evaluate --format}: {@code json},
   * {@code tsv} and {@code trec} as {@code report.json}, {@code report.tsv} and
   * {@code report.trec.txt}, all runs in one; {@code md} and {@code html} one run each. Default:
   * {@code json}, {@code md}, {@code html}. The history, if any, records the first.
   */
  @Parameter
  List<String> formats = new ArrayList<>(List.of("json", "md", "html"));

  /** Maven makes the goal and fills its parameters from the POM. */
  public EvaluateMojo() {}

  @Override
  void run() throws MojoExecutionException, MojoFailureException {
    makeFolder(outputDirectory);
    for (List<String> args : commands()) {
      caliber(args);
    }
  }

  /** The calls of {@code caliber evaluate} that write the reports, in the order of {@link #formats}. */
  List<List<String>> commands() throws MojoExecutionException {
    List<List<String>> calls = new ArrayList<>();
    for (String format : formats) {
      if (ONE_RUN.contains(format) && runs.size() > 1) {
        Map<String, Run> files = new HashMap<>();
        for (Run r : runs) {
          String name = fileName(r);
          Run same = files.put(name, r);
          if (same != null) {
            throw new MojoExecutionException("caliber: the runs " + same + " and " + r + " would both be reported in report-"
                + name + "." + format + "; name them apart (<name>)");
          }
          calls.add(call(calls.isEmpty(), format, List.of(r), "report-" + name + "." + format));
        }
      } else {
        calls.add(call(calls.isEmpty(), format, runs, "report." + ("trec".equals(format) ? "trec.txt" : format)));
      }
    }
    if (calls.isEmpty()) {
      throw new MojoExecutionException("caliber: <formats> names no report; expected json, tsv, trec, md or html");
    }
    return calls;
  }

  /** One call: the first records into the history, the others not (the same runs, evaluated again). */
  private List<String> call(boolean first, String format, List<Run> these, String file) throws MojoExecutionException {
    List<String> a = new ArrayList<>(List.of("evaluate"));
    a.addAll(inputOptions(first, these));
    a.addAll(List.of("--format", format, "-o", new File(resolve(outputDirectory), file).getPath()));
    return a;
  }

  /** The run's name as caliber gives it, with every character but letters, digits, '.', '_', '-' and '@' as '_'. */
  private String fileName(Run r) throws MojoExecutionException {
    runArgument(r); // a run without a file, or with a name caliber cannot take, is refused first
    String name = r.getName() != null ? r.getName() : RunFile.of(resolve(r.getFile()).toPath()).runName();
    return name.replaceAll("[^A-Za-z0-9._@-]", "_");
  }
}
