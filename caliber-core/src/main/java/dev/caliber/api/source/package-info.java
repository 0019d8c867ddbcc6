/**
 * Protocols from files: {@link dev.caliber.api.source.ProtocolSource} names the parts (a seed
 * protocol file, a BEIR folder, or qrels with optional corpus and queries; a split, a query list or
 * every judged query; the seed report's k) and loads them for the general evaluator ({@link
 * dev.caliber.api.source.GeneralInputs}), the seed's report ({@link
 * dev.caliber.api.source.SeedProtocol}) or the chunk adapter ({@link
 * dev.caliber.api.source.CorpusAndQueries}). A combination of parts that makes no protocol is a
 * {@link dev.caliber.api.source.ProtocolSourceException} naming the rule, so that a front end
 * words it in its own terms.
 *
 * <p>Rules held here once: which parts make a protocol, a BEIR folder's one split included, and in
 * which order they are checked (the package-private {@code SourceLoads}); how k's text is read
 * ({@code ProtocolSource.parseK}); which kind of judgments a source holds when the caller does not
 * state it ({@link dev.caliber.api.source.JudgmentKind#inferred}); which reader reads a judgments
 * file, by its name ({@link dev.caliber.api.source.JudgmentFiles}).
 */
package dev.caliber.api.source;
