/**
 * Rank fusion: two or more runs of the same queries merged into one run, per query, by a declared
 * method ({@link dev.caliber.fusion.FusionMethod}: RRF, CombSUM, CombMNZ, CombMAX, CombMIN,
 * CombMED, CombANZ, weighted sum, Borda, ISR, log-ISR) after a declared score normalisation
 * ({@link dev.caliber.fusion.Normalization}). {@link dev.caliber.fusion.Fusion} fuses runs held in
 * memory ({@link dev.caliber.protocol.ScoredRun}, {@link dev.caliber.protocol.RankedList});
 * {@link dev.caliber.fusion.RunsInStep} reads TREC run files query by query in step, so that
 * fusing two large runs holds one query of each at a time; {@link dev.caliber.fusion.Grid} is a
 * declared parameter grid for tuning.
 *
 * <p>Definitions follow ranx's fusion and normalisation modules (Bassani, ranx 0.3), which cite
 * Fox and Shaw (1994), Cormack, Clarke and Büttcher (2009) and Mourão, Martins and Magalhães
 * (2015); docs/FUSION.md gives every formula. Each input's ranking is its entries in {@link
 * dev.caliber.policy.RankingOrder}'s order (score descending, ties by document ID descending), and
 * the fused list is ranked by the same rule ({@link dev.caliber.protocol.RankedList#byScore}).
 * Arithmetic is in doubles: fused scores are written as a run's score column, a decimal. Sums are
 * taken over each document's terms in ascending order, so that a method whose definition is
 * symmetric in its inputs gives bit-identical scores whatever the order of the inputs, and equal
 * terms give equal sums (the tie rule then decides, not rounding).
 */
package dev.caliber.fusion;
