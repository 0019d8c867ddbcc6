package dev.caliber.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.Log;

/** A Maven log that keeps each line with its level ("info: ..."), debug left out. */
final class RecordingLog implements Log {
  final List<String> lines = new ArrayList<>();

  /** The lines logged at this level, without the level. */
  List<String> at(String level) {
    return lines.stream().filter(l -> l.startsWith(level + ": ")).map(l -> l.substring(level.length() + 2)).toList();
  }

  private void add(String level, CharSequence content, Throwable error) {
    lines.add(level + ": " + (content != null ? content : "") + (error != null ? " " + error : ""));
  }

  @Override public boolean isDebugEnabled() { return false; }
  @Override public void debug(CharSequence content) {}
  @Override public void debug(CharSequence content, Throwable error) {}
  @Override public void debug(Throwable error) {}
  @Override public boolean isInfoEnabled() { return true; }
  @Override public void info(CharSequence content) { add("info", content, null); }
  @Override public void info(CharSequence content, Throwable error) { add("info", content, error); }
  @Override public void info(Throwable error) { add("info", null, error); }
  @Override public boolean isWarnEnabled() { return true; }
  @Override public void warn(CharSequence content) { add("warn", content, null); }
  @Override public void warn(CharSequence content, Throwable error) { add("warn", content, error); }
  @Override public void warn(Throwable error) { add("warn", null, error); }
  @Override public boolean isErrorEnabled() { return true; }
  @Override public void error(CharSequence content) { add("error", content, null); }
  @Override public void error(CharSequence content, Throwable error) { add("error", content, error); }
  @Override public void error(Throwable error) { add("error", null, error); }
}
