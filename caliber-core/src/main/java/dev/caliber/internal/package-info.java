/**
 * Machinery shared by the other packages, exported to none: {@code Slots} (the one open-addressing
 * scheme every hash index uses), {@code StringIndex} (a string's position in an array), {@code
 * CompactMap} (the small immutable map behind each row), {@code IdHash} (the one hash of a
 * document ID's UTF-8 bytes, which run blocks and judgments both keep), and {@code QrelsColumns}
 * (the judgments' columns behind the exported {@code dev.caliber.protocol.Qrels}, with their
 * byte-level accessors) with the door {@code Qrels} opens to them, {@code QrelsSecrets} (typed by
 * {@code dev.caliber.qrels.QrelsAccess}).
 */
package dev.caliber.internal;
