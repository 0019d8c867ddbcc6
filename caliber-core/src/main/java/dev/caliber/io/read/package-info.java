/**
 * The readers, all strict and located (exported to caliber-compare and caliber-cli only): {@code
 * JsonReader} and {@code JsonValue}, {@code ProtocolFiles} (the seed's JSON shapes, JSON runs),
 * {@code TrecRunReader}, {@code TrecQrelsReader} (also trec_eval's qrels_jg), {@code
 * SubtopicQrelsReader}, {@code ZScoresReader}, {@code TrecPrefsReader}, {@code BeirReader} with
 * {@code BeirDataset} (one split) and {@code BeirSplits} (every split, for the split check),
 * {@code QueryGroupReader}, {@code QueryListReader}, {@code TopicsReader} (the texts sent a retriever), {@code CsvReader} (CSV with a header, RFC
 * 4180, split by {@code CsvFields}) and {@code JsonRecords} (pandas' records), sharing {@code
 * TableColumns}, {@code TableValues} and {@code TableRun}; {@code InputFiles} (a path or -, gzip
 * by its magic bytes, a format by a name's suffix); {@code TrecRunStream} cuts a TREC run into
 * blocks of whole queries and parses a block into an {@code EntryBlock}; {@code TrecRunLine} holds
 * the run-line rules both run readers share, and reads the common six-column line in one pass
 * ({@code TrecRunLine.readPlain}), declining anything unusual to the general way so that errors
 * keep their words.
 *
 * <p>Rules held here once: which format a file is read as ({@code InputFiles.isJsonName}, {@code
 * InputFiles.isCsvName}; the seed's JSON shapes: {@code ProtocolFiles.gradedQrels}, {@code
 * ProtocolFiles.scoredRun}); a run's name, NAME= else its file's ({@code InputFiles.runName});
 * which runs found out of order are read again whole, a regular file ({@code
 * InputFiles.canReadAgain}, for {@code StreamingEvaluation} and fuse); what a table's column names
 * mean, and a label's integer rule, 3.0 is 3 and 2.5 is refused ({@code TableColumns}, {@code
 * TableValues}); a judgment given twice ({@code TrecQrelsReader.repeated}, for TREC, CSV and JSON
 * records); subtopic judgments give each document its largest label ({@code SubtopicQrelsReader}).
 */
package dev.caliber.io.read;
