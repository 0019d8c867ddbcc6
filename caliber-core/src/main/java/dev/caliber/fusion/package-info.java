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
 *
 * <p>Classes: {@code Fusion} (a {@code FusionMethod} and a {@code Normalization}), one class per
 * method ({@code Rrf}, {@code CombSum}, {@code CombMnz}, {@code CombMax}, {@code CombMin}, {@code
 * CombMed}, {@code CombAnz}, {@code WeightedSum}, {@code Borda}, {@code Isr}, {@code LogIsr})
 * reading a query's {@code Pool} (the candidates, each input's rank and normalised score), {@code
 * Methods} (the names, the one table), {@code RunsInStep}, {@code Grid} and {@code Tuning} (a
 * declared grid searched on dev queries by one measure's mean, through {@code Evaluation}), and
 * {@code FusionParams} (the chosen parameters' file).
 *
 * <p>Rules held here once: each method's formula and what it gives a document some inputs lack
 * ({@code FusionMethod.score}); a normalisation's scores near a double's range, scaled by a power
 * of two ({@code Normalization}), and a fused score that is not finite, refused ({@code
 * Fusion.fuse}, {@code NonFiniteScoreException}); which grid point is chosen, the best mean and
 * the first among equals ({@code Tuning.search}). Which queries tuning refuses is the command
 * line's {@code FuseTuning}.
 */
package dev.caliber.fusion;
