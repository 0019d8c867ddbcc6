/**
 * Machinery shared by the other packages, exported to none: {@code Slots} (the one open-addressing
 * scheme every hash index uses), {@code StringIndex} (a string's position in an array), {@code
 * CompactMap} (the small immutable map behind each row) and {@code IdHash} (the one hash of a
 * document ID's UTF-8 bytes, which run blocks and judgments both keep).
 */
package dev.caliber.internal;
