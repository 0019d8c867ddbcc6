/**
 * The caliber command line: it parses options, calls the library and renders. {@code Main} calls
 * {@code Caliber.execute} (the root command: exit codes from {@code ExitCodes}, one-line errors on
 * standard error), which runs one class per command: {@code EvaluateCommand}, {@code
 * CompareCommand}, {@code DiffCommand} (two runs, no judgments needed), {@code GateCommand} (exit status 5 when a rule fails), {@code FuseCommand}
 * (with {@code FuseTuning} for --tune), {@code AdaptCommand}, {@code FingerprintCommand}, {@code
 * MeasuresCommand}, {@code TrecEvalCommand} (trec_eval's flags, read by {@code
 * dev.caliber.treceval.TrecEvalArguments} and run by {@code dev.caliber.treceval.TrecEval}),
 * {@code ProtocolCommand} ({@code FreezeCommand}, and {@code CheckCommand}, whose split check
 * {@code CheckReport} renders), {@code HistoryCommand} ({@code HistoryListCommand}, {@code
 * HistoryShowCommand}, {@code HistoryCompareCommand}, {@code HistoryTrendCommand}). {@code
 * RunScoring} scores runs for evaluate and compare.
 *
 * <p>Shared options are mixins: {@code ProtocolOptions} (the protocol's files, handed to the
 * library's {@code ProtocolSource}; with {@code LimitOptions}), {@code RunOptions} (each run a
 * {@code RunFile}; how run files are read, {@code RunOptions.RunFiles}, also diff's), {@code PolicyOptions}, {@code LockOptions} (--lock, replayed through {@code
 * ProtocolOptions.replay} and {@code PolicyOptions.over}, the lock deciding), {@code
 * HistoryOptions} (--history and the options beside it), {@code HistoryFilterOptions}, {@code
 * ComparisonOptions} (the statistics' settings and the formats, shared by compare and history
 * compare) and {@code Output} (-o). Standard input and whether standard error is a terminal are
 * fields of the root {@code Caliber} instance, not static state; {@code Progress} draws the
 * progress line when {@code Terminal} says standard error is a terminal.
 *
 * <p>Rules held here once: errors to exit codes and one line ({@code Caliber}, {@code ExitCodes});
 * the library's terms as option words, each {@code ProtocolSourceException.Problem} a usage
 * message and each {@code Remedy} the option that declares it, in exhaustive switches ({@code
 * OptionWords}); the seed's report or a policy with measures, the defaults without --measure, a
 * preset and the options that override it ({@code PolicyOptions.choose}, for evaluate, compare and
 * fingerprint, through {@code Preset.chosen}); every command's help sections and option order
 * ({@code HelpSections}); every whole-number option's digits and range, and its out-of-range
 * message ({@code WholeNumbers}); what -o may not write over, inputs, the command's other outputs
 * and links ({@code Output.requireSafeTarget}, {@code Output.requireOtherThan}), and standard
 * output's write errors ({@code StdoutErrors}); unique run names ({@code
 * RunOptions.requireUniqueNames}); which history a command records into, by default the lock's
 * beside it ({@code HistoryOptions.choose}, {@code HistoryOptions.besideLock}); where a run's
 * metadata sidecar lives, which fuse writes and --history reads ({@code
 * HistoryOptions.sidecarOf}); the test-split looks on standard error for the text formats ({@code
 * HistoryOptions}); which queries tuning refuses, a split named test and the --lock's query set
 * ({@code FuseTuning}); the comparison's options and formats ({@code ComparisonOptions}).
 */
package dev.caliber.cli;
