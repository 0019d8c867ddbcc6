/**
 * caliber's library: offline retrieval evaluation under a fixed, fingerprinted protocol.
 *
 * <p>Start with {@link dev.caliber.api.Eval}: judgments and runs from maps, a retriever's output
 * or files, evaluated under a {@link dev.caliber.api.Preset} or an explicit {@link
 * dev.caliber.policy.Policy} into a {@link dev.caliber.result.RunResult} (each query's row and each
 * measure's mean). The other exported packages hold the protocol's values, the measures, the
 * policies, the results and their writers, what the engine hands out per query ({@code result}), and
 * the settings of the readers. The engine itself ({@code engine}) and its machinery (byte-level
 * parsing, hash indexes, compact maps, the judgments' columns and their builder, the readers'
 * internals) live in packages that are not exported; caliber's own modules reach the few they need
 * through qualified exports.
 */
@SuppressWarnings("module") // the qualified exports name modules built after this one
module dev.caliber.core {
  requires com.fasterxml.jackson.core;

  exports dev.caliber.api;
  exports dev.caliber.api.lock;
  exports dev.caliber.api.source;
  exports dev.caliber.api.split;
  exports dev.caliber.chunk;
  exports dev.caliber.error;
  exports dev.caliber.eval;
  exports dev.caliber.eval.seed;
  exports dev.caliber.fusion;
  exports dev.caliber.io;
  exports dev.caliber.math;
  exports dev.caliber.measure;
  exports dev.caliber.policy;
  exports dev.caliber.protocol;
  exports dev.caliber.report;
  exports dev.caliber.treceval;
  exports dev.caliber.result;
  exports dev.caliber.pool;

  // Internals: for caliber's own modules only.
  exports dev.caliber.io.read to dev.caliber.compare, dev.caliber.cli, dev.caliber.lucene;
  exports dev.caliber.io.text to dev.caliber.cli;
  exports dev.caliber.io.write to dev.caliber.cli, dev.caliber.assertj, dev.caliber.spark;
  exports dev.caliber.json to dev.caliber.compare, dev.caliber.cli;
  // caliber-spark builds qrels from a DataFrame on the driver, and again on each executor from the
  // rows it was shipped (in their label unit): the builder that readers use
  exports dev.caliber.qrels to dev.caliber.spark;
}
