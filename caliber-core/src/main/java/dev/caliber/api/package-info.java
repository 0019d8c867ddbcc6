/**
 * caliber's entry points for Java code: {@link dev.caliber.api.Eval} evaluates in-memory judgments
 * and runs (maps shaped as the Python tools take them, or a {@link dev.caliber.api.RunBuilder}
 * filled from a retriever) under a {@link dev.caliber.api.Preset} or an explicit {@link
 * dev.caliber.policy.Policy}; {@link dev.caliber.api.ProtocolSource} and {@link
 * dev.caliber.api.RunFile} load TREC, BEIR and JSON files the way the command line does.
 *
 * <p>The rule for where a type lives: this package makes things (the facade {@code Eval}, the
 * builder {@code RunBuilder}, the presets, the file loaders); the values it makes live with the other
 * protocol values in {@code dev.caliber.protocol} ({@code Qrels}, {@code ScoredRun}, {@code Queries}),
 * where the engine, the readers and the other modules take them without depending on the facade. So
 * {@code Eval.qrels} gives a {@code protocol.Qrels} and {@code RunBuilder.build()} a {@code
 * protocol.ScoredRun}.
 *
 * <p>Results are {@link dev.caliber.eval.RunResult}s: each measure's mean over the query set
 * ({@code summaries()}) and each query's row ({@code row(query)}). Comparing two results lives in
 * caliber-compare ({@code dev.caliber.compare.Compare}), so that this library keeps one runtime
 * dependency.
 */
package dev.caliber.api;
