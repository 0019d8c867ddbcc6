package dev.caliber.cli;

import dev.caliber.api.Preset;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.error.CaliberInputException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/**
 * The one table from the library's terms to this command line's words. Each {@link
 * ProtocolSourceException.Problem} becomes a usage error that names the options to give or leave
 * out, and each {@link Remedy} a violation names becomes the option that declares it. Both
 * switches are exhaustive, so a problem or remedy the library adds does not compile until it has
 * its line here.
 */
final class OptionWords {
  private OptionWords() {}

  /** An input error's message, its remedy (if any) spelt as the option that declares it. */
  static String message(CaliberInputException e) {
    if (e instanceof ProtocolViolationException v) {
      return v.messageWith(OptionWords::options);
    }
    if (e.remedy() != null) {
      return e.messageWith(option(e.remedy()));
    }
    return e.getMessage();
  }

  static String option(Remedy remedy) {
    return switch (remedy) {
      case POOLED_JUDGMENTS -> "to count unjudged documents as non-relevant, declare pooled judgments (--judgments pooled)";
      case LIST_UNKNOWN_QUERIES -> "to list such queries instead of rejecting the run, use --unknown-queries list";
      case IGNORE_EXTRA_COLUMNS -> "to ignore columns after the sixth, as trec_eval does, use --ignore-extra-columns";
      case RAISE_LINE_LIMIT -> "to accept longer lines, raise --max-line-bytes";
      case RAISE_QUERY_LIMIT -> "to accept larger queries, raise --max-query-bytes";
      case RAISE_INPUT_LIMIT -> "to accept larger inputs, raise --max-input-bytes";
      case READ_WHOLE -> "to fuse runs whose queries differ or come in other orders, read them whole with --no-streaming";
    };
  }

  /** The option that declares a remedy's leniency or raises its limit. */
  static String flag(Remedy remedy) {
    return switch (remedy) {
      case POOLED_JUDGMENTS -> "--judgments pooled";
      case LIST_UNKNOWN_QUERIES -> "--unknown-queries list";
      case IGNORE_EXTRA_COLUMNS -> "--ignore-extra-columns";
      case RAISE_LINE_LIMIT -> "a higher --max-line-bytes";
      case RAISE_QUERY_LIMIT -> "a higher --max-query-bytes";
      case RAISE_INPUT_LIMIT -> "a higher --max-input-bytes";
      case READ_WHOLE -> "--no-streaming";
    };
  }

  /**
   * The words for the remedies of one violation: one remedy as {@link #option}; several as the
   * options that together accept the input, and the first preset (in {@link Preset}'s order) that
   * declares all of them.
   */
  static String options(List<Remedy> remedies) {
    if (remedies.size() == 1) {
      return option(remedies.get(0));
    }
    StringBuilder sb = new StringBuilder("to accept all of them, use");
    remedies.forEach(r -> sb.append(' ').append(flag(r)));
    for (Preset p : Preset.values()) {
      if (remedies.stream().allMatch(p::accepts)) {
        sb.append(" (or --preset ").append(p.name().toLowerCase(Locale.ROOT)).append(" = ").append(p.description()).append(")");
        break;
      }
    }
    return sb.toString();
  }

  /** The usage error for a protocol-source problem. */
  static CommandLine.ParameterException of(CommandLine cl, ProtocolSourceException e) {
    return new CommandLine.ParameterException(cl, message(e));
  }

  static String message(ProtocolSourceException e) {
    return switch (e.problem()) {
      case NO_SOURCE -> "no protocol: give --protocol FILE, --beir DIR, or --qrels FILE (with optional --corpus and --queries)";
      case SEVERAL_SOURCES -> "give only one of --protocol, --beir, or --qrels/--corpus/--queries";
      case QRELS_REQUIRED -> "--qrels is required with --corpus and --queries";
      case NOT_SEED_SHAPED -> "the seed report needs the seed's JSON protocol (--protocol, or JSON --corpus, --queries and --qrels); "
          + "for other inputs give --measure or --compat trec_eval";
      case K_WITHOUT_SEED_REPORT -> "--k sets the seed report's cutoff (a seed protocol without --measure or --preset); "
          + "for caliber's report, put the cutoff in the measure name (R@10, nDCG@10)";
      case K_NOT_FOR_ADAPTER -> notForAdapter("--k");
      case QRELS_NOT_FOR_ADAPTER -> notForAdapter("--qrels");
      case QUERY_SET_NOT_FOR_ADAPTER -> notForAdapter("--query-set");
      case ADAPTER_NEEDS_CORPUS_AND_QUERIES -> "give --protocol FILE, --beir DIR, or both --corpus and --queries";
      case QUERY_SET_WITH_SPLITS -> "--query-set applies to bare qrels; with queries that have splits, use --split";
      case SPLIT_WITHOUT_SPLITS -> "--split needs queries with splits (--queries, --protocol or --beir); use --query-set FILE for a list";
      case SPLIT_CONTRADICTS -> "--split " + e.given() + " contradicts the protocol file, which fixes split " + e.fixed();
      case NO_SPLIT -> e.fixed() != null ? "no split: give --split; the BEIR folder has splits " + e.fixed()
          : "no split: give --split or fix \"split\" in the protocol file";
      case EMPTY_SPLIT -> "--split: split must be a nonempty string";
      case K_CONTRADICTS -> "--k " + e.given() + " contradicts the protocol file, which fixes k " + e.fixed();
      case NO_K -> "no k: give --k or fix \"k\" in the protocol file";
      case ILLEGAL_K -> "--k: got \"" + e.given() + "\"; expected a whole number from 1 to " + Integer.MAX_VALUE + ", such as 10";
      case STDIN_NOT_LOCKABLE -> "a lock records each input file's SHA-256 to check it later; standard input (-) cannot be "
          + "checked again: give --protocol, --corpus, --queries, --qrels and --query-set a file's name";
      case SUBTOPICS_NEED_QRELS_FILE -> "--qrels-format subtopic reads a --qrels file (qid subtopic docid label); not --protocol or --beir";
      case SUBTOPICS_NOT_LOCKABLE -> "--qrels-format subtopic cannot be locked yet: a lock does not record the qrels format; evaluate without --lock";
      case CHECK_NEEDS_SPLITS -> "protocol check needs queries with splits: give --protocol FILE, --beir DIR, or --queries FILE with --qrels FILE";
      case CHECK_READS_EVERY_SPLIT -> "protocol check reads every split of the protocol; leave out --" + e.given().replace(' ', '-');
    };
  }

  private static String notForAdapter(String option) {
    return option + " does not apply here: the adapter has no cutoff and needs no judgments";
  }
}
