/**
 * A relevance gate: declared rules ({@link dev.caliber.compare.gate.GateRules}) checked on a
 * comparison of candidates against a baseline ({@link dev.caliber.compare.gate.Gate#check}) into a
 * {@link dev.caliber.compare.gate.Verdict} of one {@link dev.caliber.compare.gate.Check} per rule,
 * candidate and measure. The decisions live here once; caliber-assertj's assertions take them from
 * {@link dev.caliber.compare.gate.Gate} too. docs/GATE.md defines each rule.
 *
 * <p>Rules held here once: each optional rule, parsed from the command line's words, and its data
 * for JSON and the history ({@code GateRules}); significance with the gate's own Holm family,
 * bounds compared exactly where values are exact fractions, and no rule passing on a measure that
 * no query has a value for in both runs ({@code Gate}, {@code Gate.comparesNothing}).
 */
package dev.caliber.compare.gate;
