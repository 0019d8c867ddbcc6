package dev.caliber.maven;

/**
 * A retriever of the project's own in the POM: a class on the project's test class path that
 * implements {@code dev.caliber.api.Retriever}, searched on the goal's {@code topics} and evaluated
 * as a run of this name: {@code <retriever><name>mine</name><className>com.example.MyRetriever</className></retriever>}.
 * The class is public, with a public constructor taking a {@code Map<String, String>} (given no
 * settings here) or none.
 */
public final class RetrieverClass {
  /** The run's name in results and reports, and the name of its run file. */
  private String name;

  /** The class's binary name. */
  private String className;

  /** An empty entry, which Maven fills from the POM. */
  public RetrieverClass() {}

  /**
   * A retriever of the given name and class.
   *
   * @param name the run's name
   * @param className the class's binary name
   */
  public RetrieverClass(String name, String className) {
    this.name = name;
    this.className = className;
  }

  /**
   * The run's name.
   *
   * @return the name given, or null
   */
  public String getName() {
    return name;
  }

  /**
   * Names the run.
   *
   * @param name the run's name in results and reports
   */
  public void setName(String name) {
    this.name = name;
  }

  /**
   * The class.
   *
   * @return the class's binary name, or null
   */
  public String getClassName() {
    return className;
  }

  /**
   * Sets the class.
   *
   * @param className the class's binary name, such as {@code com.example.MyRetriever}
   */
  public void setClassName(String className) {
    this.className = className;
  }

  @Override
  public String toString() {
    return name + " (" + className + ")";
  }
}
