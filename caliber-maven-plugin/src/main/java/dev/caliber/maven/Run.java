package dev.caliber.maven;

import java.io.File;

/**
 * A run in the POM: a file in any format caliber reads, and the name it gets in results and
 * reports. Written either in full, {@code <run><name>bm25</name><file>runs/bm25.txt</file></run>},
 * or as the file alone, {@code <run>runs/bm25.txt</run>}, named after the file as caliber names it
 * (no directory, {@code .gz}, {@code .json} or {@code .csv}). A relative file is read from the
 * project's folder.
 */
public final class Run {
  /** The name in results and reports; null for the file's own. */
  private String name;

  /** The run's file. */
  private File file;

  /** An empty run, which Maven fills from the POM. */
  public Run() {}

  /**
   * A run of the given name and file.
   *
   * @param name the name in results, or null for the file's own
   * @param file the run's file
   */
  public Run(String name, File file) {
    this.name = name;
    this.file = file;
  }

  /**
   * The file alone, as {@code <run>runs/bm25.txt</run>} gives it.
   *
   * @param file the run's file
   */
  public void set(String file) {
    this.file = new File(file);
  }

  /**
   * The name in results and reports.
   *
   * @return the name given, or null for the file's own
   */
  public String getName() {
    return name;
  }

  /**
   * Names the run.
   *
   * @param name the name in results and reports, or null for the file's own
   */
  public void setName(String name) {
    this.name = name;
  }

  /**
   * The run's file.
   *
   * @return the file as configured, or null if none was
   */
  public File getFile() {
    return file;
  }

  /**
   * Sets the run's file.
   *
   * @param file the run's file
   */
  public void setFile(File file) {
    this.file = file;
  }

  @Override
  public String toString() {
    return name == null ? String.valueOf(file) : name + "=" + file;
  }
}
