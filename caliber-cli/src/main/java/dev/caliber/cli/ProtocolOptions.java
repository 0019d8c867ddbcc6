package dev.caliber.cli;

import dev.caliber.api.source.CorpusAndQueries;
import dev.caliber.api.source.GeneralInputs;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.api.source.SeedProtocol;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Where the protocol comes from: one seed protocol file, a BEIR folder, or separate files (TREC or
 * JSON qrels, with optional JSON corpus and queries); and which queries count: a split, an explicit
 * query list, or (for bare qrels) every judged query. The options only name the parts: the library's
 * {@link ProtocolSource} reads them and decides which combinations make a protocol, and {@link
 * OptionWords} words its problems in terms of these options.
 */
final class ProtocolOptions {
  @Option(names = "--protocol", paramLabel = "FILE",
      description = "Seed protocol file: {corpus, queries, qrels, split?, k?} (see docs/FORMATS.md).")
  String protocol;

  @Option(names = "--beir", paramLabel = "DIR", description = "BEIR dataset folder: corpus.jsonl, queries.jsonl, qrels/<split>.tsv.")
  String beir;

  @Option(names = "--corpus", paramLabel = "FILE", description = "Corpus file: {doc ID: text}.")
  String corpus;

  @Option(names = "--queries", paramLabel = "FILE", description = "Queries file: {query ID: {text, split}}.")
  String queries;

  @Option(names = "--qrels", paramLabel = "FILE",
      description = "Judgments: TREC qrels (qid iter docid label); JSON {query ID: {doc ID: label}} or records [{\"query_id\": ..., \"doc_id\": ..., \"relevance\": ...}] when the name ends in .json(.gz); CSV with a header (query,docid,rating: Quepid's export) when it ends in .csv(.gz); judgments with sources: a tab-separated table whose header names query, doc, label, source (judge, time, confidence optional), or JSON Lines (.jsonl(.gz)) with those keys; labels may be decimals (0.7), read exactly. Gzip is read transparently.")
  String qrels;

  @Option(names = "--label-sources", paramLabel = "SOURCE[,SOURCE...]", split = ",",
      description = "For judgments with sources: the sources that count, highest first (nist,llm:gpt-4o). Where several label one pair the first listed wins; labels of sources not listed do not count. Default: every source counts, and a pair labelled by two sources is an error.")
  List<String> labelSources = List.of();

  /** How --qrels is read: trec_eval's (or JSON, by name) or subtopic judgments. */
  enum QrelsFormat { trec, subtopic }

  @Option(names = "--qrels-format", paramLabel = "trec|subtopic",
      description = "How to read --qrels: trec (qid iter docid label, or JSON by name; the default) or subtopic "
          + "(qid subtopic docid label, the TREC Web track's diversity qrels) for the intent-aware measures alpha_nDCG@k, "
          + "ERR_IA@k, StRecall@k...; the other measures then read each document's largest label (docs/FORMATS.md).")
  QrelsFormat qrelsFormat = QrelsFormat.trec;

  @Option(names = "--split", paramLabel = "NAME", description = "The split whose queries count (unless the protocol file fixes it; a BEIR folder with one split uses it).")
  String split;

  @Option(names = "--k", paramLabel = "N", description = "The seed report's cutoff k (unless the protocol file fixes it).")
  String k;

  @Option(names = "--query-set", paramLabel = "FILE",
      description = "The queries that count, one ID per line, when there is no queries file. Default with bare qrels: every judged query.")
  String querySet;

  @CommandLine.Mixin
  LimitOptions limitOptions;

  @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
  CommandLine.Model.CommandSpec mixee;

  /**
   * Takes from a lock's source ({@link LockOptions}) every part not given: the files when none of
   * them is given (files given replace the lock's set), and the split, k and query set when not
   * given.
   */
  void replay(ProtocolSource locked) {
    if (protocol == null && beir == null && corpus == null && queries == null && qrels == null) {
      protocol = locked.protocol();
      beir = locked.beir();
      corpus = locked.corpus();
      queries = locked.queries();
      qrels = locked.qrels();
    }
    split = split != null ? split : locked.split();
    k = k != null || locked.k() == null ? k : locked.k().toString();
    querySet = querySet != null ? querySet : locked.querySet();
    labelSources = labelSources.isEmpty() ? locked.labelSources() : labelSources;
  }

  /**
   * Refuses, as a usage error, an intent-aware measure without --qrels-format subtopic: only
   * subtopic judgments have what it reads.
   */
  void requireSubtopicsFor(CommandLine cl, List<dev.caliber.measure.Measure> measures) {
    for (dev.caliber.measure.Measure m : measures == null ? List.<dev.caliber.measure.Measure>of() : measures) {
      if (m.needsIntents() && qrelsFormat != QrelsFormat.subtopic) {
        throw new CommandLine.ParameterException(cl, "--measure " + m.name()
            + " needs subtopic judgments: read --qrels with --qrels-format subtopic (lines qid subtopic docid label)");
      }
    }
  }

  /** The options as the library's protocol source. */
  ProtocolSource source() {
    return new ProtocolSource(protocol, beir, corpus, queries, qrels, split, k(), querySet, limits(),
        qrelsFormat == QrelsFormat.subtopic, labelSources, null);
  }

  /** --k's text as the library reads it ({@link ProtocolSource#parseK}); a malformed one is a usage error naming --k. */
  private Integer k() {
    try {
      return k == null ? null : ProtocolSource.parseK(k);
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(mixee.commandLine(), e);
    }
  }

  /** What each input may cost, as the limit options say. */
  dev.caliber.io.InputLimits limits() {
    return limitOptions.limits();
  }

  /** Every input file named, for the one-stdin check. */
  List<String> inputs() {
    return source().files();
  }

  /**
   * Every file the protocol is read from, for {@code -o}'s check ({@link Output#requireSafeTarget}):
   * the files named, and those read through a BEIR folder (its corpus, queries and every split's
   * qrels), which an output must not replace either.
   */
  List<String> filesRead() {
    List<String> files = new java.util.ArrayList<>(inputs());
    String beir = source().beir();
    if (beir != null && !beir.isEmpty()) {
      try {
        dev.caliber.io.read.BeirReader.files(java.nio.file.Path.of(beir)).forEach(f -> files.add(f.getValue().toString()));
      } catch (IOException | RuntimeException e) {
        // a folder that cannot be listed is reported, in caliber's words, when the protocol is read
      }
    }
    return files;
  }

  /** The seed's inputs; a problem with the options is a usage error naming them. */
  SeedProtocol seed(CommandLine cl, InputStream stdin) throws IOException {
    try {
      return source().seed(stdin);
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
  }

  /** Corpus and queries for the adapter; a problem with the options is a usage error naming them. */
  CorpusAndQueries corpusAndQueries(CommandLine cl, InputStream stdin) throws IOException {
    try {
      return source().corpusAndQueries(stdin);
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
  }

  /** What the general evaluator needs; a problem with the options is a usage error naming them. */
  GeneralInputs general(CommandLine cl, InputStream stdin) throws IOException {
    try {
      return source().general(stdin);
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
  }
}
