/**
 * A relevance gate: declared rules ({@link dev.caliber.compare.gate.GateRules}) checked on a
 * comparison of candidates against a baseline ({@link dev.caliber.compare.gate.Gate#check}) into a
 * {@link dev.caliber.compare.gate.Verdict} of one {@link dev.caliber.compare.gate.Check} per rule,
 * candidate and measure. The decisions live here once; caliber-assertj's assertions take them from
 * {@link dev.caliber.compare.gate.Gate} too. docs/GATE.md defines each rule.
 */
package dev.caliber.compare.gate;
