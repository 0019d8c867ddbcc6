/**
 * Core's writers, which compute nothing: {@code ResultJson} (a result's JSON, rows made one at a
 * time as the writer asks), {@code QueryTable} (TSV), {@code ReportJson} (the seed's report and
 * the adapter's output), {@code TrecRunText} (a run as TREC lines: fuse's output), {@code
 * TrecTokens}, {@code UnsafeCharacters} and {@code Numbers}. The readable reports are
 * caliber-compare's {@code dev.caliber.compare.report}; trec_eval's text is {@code
 * dev.caliber.treceval}'s.
 *
 * <p>Rules held here once: how numbers print in every readable output, four decimals or fractions
 * with --exact ({@code Numbers}); how every TSV escapes, compare's and the history's too ({@code
 * QueryTable.escape}), and the piece size of every writer that hands out its text in pieces
 * ({@code QueryTable.PIECE}); which characters of an ID no report writes as they are, control and
 * bidi characters ({@code UnsafeCharacters}); what a blank-separated TREC column may hold, in run
 * lines and trec_eval's text ({@code TrecTokens}: no blank and no control character, refused,
 * never written raw).
 */
package dev.caliber.report;
