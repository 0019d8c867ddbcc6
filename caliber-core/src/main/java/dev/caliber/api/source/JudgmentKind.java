package dev.caliber.api.source;

import dev.caliber.io.read.InputFiles;

/**
 * What kind of judgments a protocol source holds, which decides the report and the rules a front
 * end evaluates under when the call does not say: the seed's JSON judgments keep the seed's report
 * and strict rules; the pooled judgments trec_eval users (and Quepid's) have take trec_eval's
 * ({@link dev.caliber.api.Preset#chosen}), and a note says so in {@link #words()}.
 *
 * <p>A caller may state the kind ({@link ProtocolSource#withJudgmentKind}); when it does not, it is
 * {@link #inferred} from the parts and the qrels file's name, in that one place. Which reader reads a
 * judgments file is a separate choice, by its name ({@link JudgmentFiles#read}).
 */
public enum JudgmentKind {
  /** The seed's JSON judgments: a protocol file, or qrels named {@code .json} or {@code .json.gz}, of either shape. */
  JSON,
  /** trec_eval's qrels (or subtopic qrels, or judgments with sources): a qrels file of any other name. */
  TREC,
  /** CSV judgments with a header, such as Quepid's export: a qrels file named {@code .csv} or {@code .csv.gz}. */
  CSV,
  /** A BEIR folder's qrels. */
  BEIR;

  /**
   * How the judgments came, in a note's words.
   *
   * @return {@code JSON judgments}, {@code TREC qrels}, {@code CSV judgments} or {@code BEIR qrels}
   */
  public String words() {
    return switch (this) {
      case JSON -> "JSON judgments";
      case TREC -> "TREC qrels";
      case CSV -> "CSV judgments";
      case BEIR -> "BEIR qrels";
    };
  }

  /**
   * Whether these are the pooled judgments trec_eval users have, which take trec_eval's rules
   * when the call names no preset; the seed's JSON judgments keep the seed's strict rules.
   *
   * @return true for TREC, CSV and BEIR qrels
   */
  public boolean pooled() {
    return this != JSON;
  }

  /**
   * The kind a source's parts imply when the caller does not state one: {@link #BEIR} for a BEIR
   * folder, {@link #CSV} or {@link #TREC} for a qrels file whose name is not JSON's ({@code .csv}
   * and {@code .csv.gz} being CSV), each without a protocol file; else {@link #JSON}. Reads
   * nothing.
   *
   * @param source the parts, not null
   * @return the kind, never null
   */
  public static JudgmentKind inferred(ProtocolSource source) {
    if (source.protocol() != null) {
      return JSON;
    }
    if (source.beir() != null) {
      return BEIR;
    }
    if (source.qrels() == null || InputFiles.isJsonName(source.qrels())) {
      return JSON;
    }
    return InputFiles.isCsvName(source.qrels()) ? CSV : TREC;
  }
}
