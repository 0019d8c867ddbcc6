/**
 * The seed's report, byte for byte the seed's: {@code Evaluator} (the seed's checks, in the seed's
 * order and wording, then a view of the engine's result), {@code EvaluationReport}, {@code
 * QueryRow}. The seed's own checks and wording are held here once ({@code Evaluator.validate}).
 */
package dev.caliber.eval.seed;
