/**
 * What a caller may set on the readers: {@code InputLimits} (the bytes of a line, of one streamed
 * query's lines, and of an input after decompression; a corpus line gets {@code
 * InputLimits.forDocuments()}) and {@code TrecRunOptions} (a TREC run's name, extra columns,
 * limits). The readers themselves are in {@code dev.caliber.io.read} and {@code
 * dev.caliber.io.text}, exported only to caliber's own modules.
 */
package dev.caliber.io;
