package dev.caliber.cli;

import dev.caliber.lucene.Bm25;
import dev.caliber.lucene.IndexSettings;
import dev.caliber.lucene.LuceneAnalyzer;
import dev.caliber.lucene.LuceneIndex;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code caliber index}: a corpus file indexed by Apache Lucene, in this process, into a directory
 * that {@code caliber search --engine lucene} reads, with a declared analyzer and BM25 parameters
 * recorded beside Lucene's files ({@link LuceneIndex}). The directory is written whole or not at all.
 */
@Command(
    name = "index",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Index a corpus with Apache Lucene (embedded) into a directory for caliber search: BEIR corpus.jsonl "
            + "({\"_id\", \"title\", \"text\"}: title and text indexed together) or JSON Lines {\"id\", \"contents\"}, told by "
            + "the first record; gzip read as is.",
        "The analyzer and the BM25 parameters are recorded in DIR/caliber-index.json, which every search reads. The "
            + "index is built beside DIR and moved into place: a failure leaves nothing. A DIR that exists and is not "
            + "empty is refused, unless --force and it holds an earlier caliber index."})
final class IndexCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Option(names = "--corpus", required = true, paramLabel = "FILE",
      description = "The corpus: BEIR corpus.jsonl or JSON Lines {\"id\", \"contents\"} (Anserini's), gzip or not.")
  Path corpus;

  @Option(names = "--index", required = true, paramLabel = "DIR", description = "The index directory to make (new or empty).")
  Path index;

  @Option(names = "--analyzer", paramLabel = "NAME", defaultValue = "english",
      description = "How text is cut into terms: english (default: standard tokens, lower case, English stop words, Porter "
          + "stems), standard (Unicode words, lower case) or whitespace (nothing but white space).")
  String analyzer;

  @Option(names = "--k1", paramLabel = "K1", defaultValue = "0.9",
      description = "BM25's k1, searches' default (default: ${DEFAULT-VALUE}, Anserini's).")
  String k1;

  @Option(names = "--b", paramLabel = "B", defaultValue = "0.4", description = "BM25's b, searches' default (default: ${DEFAULT-VALUE}, Anserini's).")
  String b;

  @Option(names = "--force", description = "Replace the caliber index already in DIR (never anything else).")
  boolean force;

  @Option(names = "--quiet", description = "Show no progress on standard error (shown only on a terminal, for long corpora).")
  boolean quiet;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    LuceneEngine.quiet();
    IndexSettings settings = settings(cl);
    CountProgress progress = null;
    if (Files.isRegularFile(corpus)) {
      progress = CountProgress.of(cl.getErr(), root.errIsTerminal(), quiet, "index " + corpus.getFileName(), "documents",
          Files.size(corpus));
    }
    CountProgress shown = progress;
    try (LuceneIndex idx = LuceneIndex.build(corpus, index, settings, force,
        shown == null ? null : (docs, read, total) -> shown.update(docs, read))) {
      if (shown != null) {
        shown.done(); // before the line on standard output, which a terminal shows beside it
      }
      cl.getOut().print(index + ": " + idx.documents() + " documents from " + idx.corpus() + ", analyzer "
          + idx.settings().analyzer().word() + ", BM25 k1=" + number(idx.settings().bm25().k1()) + " b="
          + number(idx.settings().bm25().b()) + ", sha256 " + idx.sha256() + "\n");
    } catch (FileAlreadyExistsException e) {
      throw new CommandLine.ParameterException(cl, "--index " + e.getFile() + " " + e.getReason()
          + (!force && Files.isDirectory(index) ? "; give --force to replace the caliber index there" : ""));
    } finally {
      if (shown != null) {
        shown.done(); // erased once: done() after done() draws nothing
      }
    }
    cl.getOut().flush();
    return ExitCodes.OK;
  }

  private IndexSettings settings(CommandLine cl) {
    LuceneAnalyzer a;
    try {
      a = LuceneAnalyzer.of(analyzer);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--analyzer " + analyzer + ": " + e.getMessage());
    }
    double k = decimal(cl, "--k1", k1);
    double bb = decimal(cl, "--b", b);
    try {
      return new IndexSettings(a, new Bm25(k, bb));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, (e.getMessage().contains(" k1 ") ? "--k1 " + k1 : "--b " + b) + ": "
          + e.getMessage());
    }
  }

  private static double decimal(CommandLine cl, String option, String value) {
    Double d = LuceneEngine.decimal(value);
    if (d == null) {
      throw new CommandLine.ParameterException(cl, option + " " + value + " is not a number; expected a decimal such as 0.9");
    }
    return d;
  }

  private static String number(double d) {
    return dev.caliber.json.PyJson.canonical(d);
  }
}
