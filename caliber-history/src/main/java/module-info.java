/**
 * An evaluation history: every evaluation's time, protocol fingerprint, split, run (name, content
 * SHA-256, metadata), caliber's version, per-query rows and means, in one embedded SQLite database
 * that several processes may write at once. Start with {@link dev.caliber.history.History}.
 */
module dev.caliber.history {
  requires transitive dev.caliber.core;
  requires transitive java.sql;
  requires org.xerial.sqlitejdbc;

  exports dev.caliber.history;
}
