/**
 * caliber's entry points for Java code: {@link dev.caliber.api.Eval} evaluates in-memory judgments
 * and runs (maps shaped as the Python tools take them, or a {@link dev.caliber.api.RunBuilder}
 * filled from a retriever) under a {@link dev.caliber.api.Preset} or an explicit {@link
 * dev.caliber.policy.Policy}; {@link dev.caliber.api.source.ProtocolSource} and {@link
 * dev.caliber.api.RunFile} load TREC, BEIR and JSON files the way the command line does. A search
 * engine in the same JVM is a {@link dev.caliber.api.Retriever}: {@code Eval.evaluate(protocol,
 * name, retriever, topics, depth)} sends it every topic ({@code EvalFiles.readTopics}) and scores its
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
 * <p>The other types here: {@code QueryFailure} (a retriever's failure on one query), {@code
 * Retrieval} (the package-private work of {@code Eval.retrieve}) and {@code MapInputs}, which
 * checks the maps {@code Eval} takes. The facade sits on three packages that do not depend on it:
 * {@code api.source} (protocols from files, the seed's inputs), {@code api.lock} (frozen protocols)
 * and {@code api.split} (split hygiene).
 *
 * <p>Rules held here once: which preset a call evaluates under, the one it names, else trec_eval's
 * for pooled judgments (TREC, CSV or BEIR qrels: {@code api.source.JudgmentKind}), else the seed's
 * strict rules, whether or not measures are named ({@code Preset.chosen}, for the command line and
 * the Spark job); which presets accept a set of remedies ({@code Preset.accepts}).
 */
package dev.caliber.api;
