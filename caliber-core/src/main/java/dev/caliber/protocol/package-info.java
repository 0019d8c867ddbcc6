/**
 * The inputs of an evaluation as immutable values: {@code Corpus}, {@code Query} and {@code
 * Queries} (with their splits), {@code Qrels} (integer labels handed out as map views; held as
 * columns, {@code dev.caliber.internal.QrelsColumns}, which only caliber's engine and readers
 * reach, through {@code dev.caliber.qrels}), {@code Subtopics} (subtopic judgments, attached by
 * {@code Qrels.withSubtopics}), {@code Run} (query to ordered document IDs), {@code RankedList}
 * and {@code ScoredRun} (entries with their score and rank column), {@code Protocol}, {@code
 * Origin} (a value's path back to file, line and JSON path), {@code JudgmentGroups} (trec_eval's
 * qrels_jg), {@code Preferences} (trec_eval's prefs and qrels_prefs), {@code ZScores} (trec_eval's
 * -Z reference, and its conversion), {@code Fingerprint}, and {@code EvalProtocol}, what runs are
 * scored under (judgments, query set, corpus, policy, measures): a value, fingerprinted once, that
 * keeps nothing about the runs scored under it (with the subtopic judgments in its fingerprint only
 * when there are some, so that plain protocols keep their fingerprints).
 *
 * <p>The values that {@code dev.caliber.api} makes live here, with the other inputs, so that the
 * engine, the readers and the other modules take them without depending on the facade.
 *
 * <p>Rules held here once: a score map (a JSON run, {@code Eval.run}) and a fused list are ranked
 * by {@code RankedList.byScore}, under {@code dev.caliber.policy.RankingOrder}'s rule; every
 * protocol fingerprint is hashed by {@code Fingerprint} (the seed's protocol_sha256 by {@code
 * Fingerprint.sha256}, a general protocol's by {@code EvalProtocol.sha256}), as
 * SHA-256 of the canonical JSON that {@code dev.caliber.json.PyJson} writes.
 */
package dev.caliber.protocol;
