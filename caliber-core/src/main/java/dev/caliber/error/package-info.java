/**
 * Bad input, the user's fault: {@code CaliberInputException} with its two kinds, {@code
 * InputSyntaxException} (a file that is not its format) and {@code ProtocolViolationException}
 * (well-formed input that breaks the protocol), each located by a {@code Location} and naming the
 * {@code Remedy} that would accept it in library terms; {@code Violations}, the seed's rejection
 * wording. Messages read {@code file:line:col: $.path: reason (bad value; expected ...)}.
 *
 * <p>Rules held here once: several broken policies in one error ({@code
 * ProtocolViolationException.of}); which check comes first is the engine's {@code RunChecks}; the
 * command line spells each remedy as its option in {@code OptionWords}, and a preset that accepts
 * them all is found by {@code Preset.accepts}.
 */
package dev.caliber.error;
