/**
 * caliber's entry points for Java code: {@link dev.caliber.api.Eval} evaluates in-memory judgments
 * and runs (maps shaped as the Python tools take them, or a {@link dev.caliber.api.RunBuilder}
 * filled from a retriever) under a {@link dev.caliber.api.Preset} or an explicit {@link
 * dev.caliber.policy.Policy}; {@link dev.caliber.api.ProtocolSource} and {@link
 * dev.caliber.api.RunFile} load TREC, BEIR and JSON files the way the command line does. A search
 * engine in the same JVM is a {@link dev.caliber.api.Retriever}: {@code Eval.evaluate(protocol,
 * name, retriever, topics, depth)} sends it every topic ({@code Eval.readTopics}) and scores its
 * hits.
 *
 * <p>The rule for where a type lives: this package makes things (the facade {@code Eval}, the
 * builder {@code RunBuilder}, the presets, the file loaders); the values it makes live with the other
 * protocol values in {@code dev.caliber.protocol} ({@code Qrels}, {@code ScoredRun}, {@code Queries}, {@code Topics}),
 * where the engine, the readers and the other modules take them without depending on the facade. So
 * {@code Eval.qrels} gives a {@code protocol.Qrels} and {@code RunBuilder.build()} a {@code
 * protocol.ScoredRun}.
 *
 * <p>Results are {@link dev.caliber.result.RunResult}s: each measure's mean over the query set
 * ({@code summaries()}) and each query's row ({@code row(query)}). Comparing two results lives in
 * caliber-compare ({@code dev.caliber.compare.Compare}), so that this library keeps one runtime
 * dependency.
 *
 * <p>The other types here: {@code SeedProtocol} (the seed's inputs, report and fingerprint),
 * {@code Lock} (a frozen protocol: fingerprint, settings, input hashes; {@code LockJson} its file
 * format), {@code SplitCheck} (split hygiene as data; the reading and the rules in the
 * package-private {@code SplitRules}), {@code ProtocolSourceException} (a bad combination of
 * files, with its {@code Problem}), and the package-private {@code MapInputs}, which checks the
 * maps {@code Eval} takes.
 *
 * <p>Rules held here once: which files make a protocol, a BEIR folder's one split included ({@code
 * ProtocolSource}; the command line's words: {@code OptionWords}); which preset a call evaluates
 * under, the one it names, else trec_eval's for TREC qrels and BEIR folders, else the seed's
 * strict rules, whether or not measures are named ({@code Preset.chosen}, for the command line and
 * the Spark job); which presets accept a set of remedies ({@code Preset.accepts}); what a lock
 * records, the split of a one-split BEIR folder included, and how a protocol differs from it
 * ({@code Lock.freeze}, {@code Lock.check}; settings in words: {@code LockJson.settings}); the
 * split check's rules, findings and verdict ({@code SplitCheck}: {@code SplitCheck.normalise},
 * {@code SplitCheck.failed}, {@code SplitCheck.Rule.defaultErrors}).
 */
package dev.caliber.api;
