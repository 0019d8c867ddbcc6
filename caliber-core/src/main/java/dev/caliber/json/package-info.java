/**
 * {@code PyJson} (exported to caliber-compare and caliber-cli): JSON written as Python's
 * json.dumps writes it, the canonical form that fingerprints hash and the indent-2 form of
 * reports, both also in pieces; and repr(double), the shortest decimal that reads back
 * (Schubfach's digits from jackson-core, the same on every JDK; {@code PyJson.plain} writes it
 * without an exponent, for run lines).
 */
package dev.caliber.json;
