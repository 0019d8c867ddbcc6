/**
 * Split hygiene: {@link dev.caliber.api.split.SplitCheck} reads every split of a protocol source
 * and reports, as data, each rule's findings (a document or query in two splits, a judged query
 * with no relevant document...), each split's counts and the verdict; the reading and the rules
 * live in the package-private {@code SplitRules}.
 */
package dev.caliber.api.split;
