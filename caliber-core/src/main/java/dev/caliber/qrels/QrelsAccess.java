package dev.caliber.qrels;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.internal.QrelsSecrets;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;

/**
 * How caliber-core reaches the columns of a {@link Qrels} ({@link QrelsColumns}: each judgment's
 * document ID as bytes with its hash, its label, source and line, by index), which {@code Qrels}
 * keeps out of its public API: the door {@code Qrels} installs in {@link QrelsSecrets}, opened
 * once and typed here.
 *
 * <p>A scorer takes a qrels' columns once (a field load behind a monomorphic call, which the JIT
 * inlines) and then reads them directly: no indirection per judgment.
 */
public final class QrelsAccess {
  private static final QrelsSecrets.Access<Qrels, Origin> ACCESS = open();

  private QrelsAccess() {}

  /**
   * The columns of judgments.
   *
   * @param qrels the judgments, not null
   * @return their columns, shared (immutable)
   */
  public static QrelsColumns columns(Qrels qrels) {
    return ACCESS.columns(qrels);
  }

  /** Judgments of columns, for {@link QrelsBuilder}. */
  static Qrels qrels(QrelsColumns columns, Origin origin) {
    return ACCESS.value(columns, origin);
  }

  /** The door, once {@code Qrels}' static initializer has installed it (initialized here if need be). */
  @SuppressWarnings("unchecked") // Qrels installs an Access<Qrels, Origin>, the only one there is
  private static QrelsSecrets.Access<Qrels, Origin> open() {
    try {
      Class.forName(Qrels.class.getName(), true, Qrels.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new AssertionError(e);
    }
    return (QrelsSecrets.Access<Qrels, Origin>) QrelsSecrets.access();
  }
}
