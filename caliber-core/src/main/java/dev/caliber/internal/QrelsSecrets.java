package dev.caliber.internal;

import java.util.Objects;

/**
 * The door between the exported {@code dev.caliber.protocol.Qrels} and its {@link QrelsColumns},
 * without a public method on {@code Qrels}: the JDK's "shared secrets" ({@code
 * jdk.internal.access.SharedSecrets}). {@code Qrels} installs its {@link Access} in its static
 * initializer; {@code dev.caliber.qrels.QrelsAccess} opens it for the engine, the readers and the
 * rest of caliber-core.
 *
 * <p>Generic in the class that holds the columns and in its origin type only because this package
 * sits below {@code dev.caliber.protocol} (docs/ARCHITECTURE.md, "Package edges": the packages form
 * a DAG) and so cannot name them; {@code QrelsAccess}, above both, names them, once.
 */
public final class QrelsSecrets {
  private static volatile Access<?, ?> access;

  private QrelsSecrets() {}

  /**
   * What the holder of the columns lets caliber's own packages do.
   *
   * @param <Q> the class that holds the columns ({@code Qrels})
   * @param <O> the type of its origin ({@code Origin})
   */
  public interface Access<Q, O> {
    /**
     * The columns of a value.
     *
     * @param value a value, not null
     * @return its columns, shared (they are immutable)
     */
    QrelsColumns columns(Q value);

    /**
     * A value of columns.
     *
     * @param columns the columns, not null
     * @param origin where the judgments came from, not null
     * @return the value, sharing the columns
     */
    Q value(QrelsColumns columns, O origin);
  }

  /**
   * Installs the door; called once, by the holder's static initializer.
   *
   * @param door the door, not null
   * @throws IllegalStateException if a door is installed already
   */
  public static synchronized void install(Access<?, ?> door) {
    if (access != null) {
      throw new IllegalStateException("illegal second door: Qrels installs it once");
    }
    access = Objects.requireNonNull(door, "door");
  }

  /**
   * The door the holder installed.
   *
   * @return the door, or null before the holder's class is initialized
   */
  public static Access<?, ?> access() {
    return access;
  }
}
