package dev.caliber.cli;

import dev.caliber.api.Retriever;
import dev.caliber.json.PyJson;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --engine java}: a {@link Retriever} class of the user's own, loaded from {@code
 * --class-path} and searched in this process: how a build hands caliber a retriever from its test
 * class path (the Maven plugin's {@code retrievers}). The class is public, implements {@code
 * dev.caliber.api.Retriever}, and has a public constructor taking a {@code Map<String, String>} (a
 * configuration's settings, {@code --config NAME:KEY=VALUE,...}) or none (then a configuration has
 * no settings). {@code --index}, if given, is only recorded.
 */
final class JavaEngine implements SearchEngine {
  @Option(names = "--retriever-class", paramLabel = "CLASS",
      description = "With --engine java: the Retriever class to search with (public, implementing dev.caliber.api.Retriever,"
          + " with a public constructor taking a Map<String, String> of a configuration's settings, or none).")
  String className;

  @Option(names = "--class-path", paramLabel = "PATHS",
      description = "With --engine java: where the class and what it needs are, jars and folders separated by the"
          + " platform's path separator (':' on Linux and macOS, ';' on Windows).")
  String classPath;

  /** The class, loaded once. */
  private Class<? extends Retriever> loaded;

  @Override
  public String name() {
    return "java";
  }

  @Override
  public String defaultConfig() {
    return "retriever";
  }

  @Override
  public boolean needsIndex() {
    return false;
  }

  @Override
  public List<String> optionsGiven() {
    List<String> given = new ArrayList<>();
    if (className != null) {
      given.add("--retriever-class");
    }
    if (classPath != null) {
      given.add("--class-path");
    }
    return given;
  }

  @Override
  public List<String> options() {
    return List.of("--retriever-class", "--class-path");
  }

  @Override
  public void checkOptions(String index) {
    load();
  }

  @Override
  public void check(String index, Map<String, String> settings) {
    Class<? extends Retriever> c = load();
    if (!settings.isEmpty() && constructor(c, true) == null) {
      throw new IllegalArgumentException(c.getName() + " takes no settings (it has no public constructor taking a"
          + " Map<String, String>); expected a configuration without KEY=VALUE");
    }
  }

  /** The class named by --retriever-class, from --class-path; a usage error in one line when it cannot be one. */
  private Class<? extends Retriever> load() {
    if (loaded != null) {
      return loaded;
    }
    if (className == null) {
      throw new IllegalArgumentException("--engine java needs --retriever-class CLASS (and --class-path where it is)");
    }
    List<URL> urls = new ArrayList<>();
    if (classPath != null) {
      for (String entry : classPath.split(File.pathSeparator, -1)) {
        if (entry.isEmpty()) {
          continue;
        }
        Path p = Path.of(entry);
        if (!Files.exists(p)) {
          throw new IllegalArgumentException("--class-path: " + entry + " does not exist; expected jars and folders separated"
              + " by '" + File.pathSeparator + "'");
        }
        try {
          urls.add(p.toUri().toURL());
        } catch (MalformedURLException e) {
          throw new IllegalArgumentException("--class-path: " + entry + " is not a path a class can be loaded from", e);
        }
      }
    }
    // The user's classes see caliber's own through the parent, so that their Retriever is caliber's.
    ClassLoader loader = new URLClassLoader("caliber-retriever", urls.toArray(new URL[0]), JavaEngine.class.getClassLoader());
    Class<?> c;
    try {
      c = Class.forName(className, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException("--retriever-class " + className + ": no such class on the class path"
          + (classPath == null ? " (give --class-path)" : " " + classPath) + (e instanceof LinkageError ? " (" + e.getMessage() + ")" : ""));
    }
    if (!Retriever.class.isAssignableFrom(c)) {
      throw new IllegalArgumentException("--retriever-class " + className + " does not implement dev.caliber.api.Retriever");
    }
    if (!Modifier.isPublic(c.getModifiers()) || Modifier.isAbstract(c.getModifiers())) {
      throw new IllegalArgumentException("--retriever-class " + className + " is not a public concrete class");
    }
    @SuppressWarnings("unchecked")
    Class<? extends Retriever> r = (Class<? extends Retriever>) c;
    if (constructor(r, true) == null && constructor(r, false) == null) {
      throw new IllegalArgumentException("--retriever-class " + className + " has no public constructor taking a Map<String,"
          + " String> or nothing");
    }
    loaded = r;
    return r;
  }

  /** The public constructor taking the settings, or taking nothing; null when there is none. */
  private static Constructor<? extends Retriever> constructor(Class<? extends Retriever> c, boolean withSettings) {
    try {
      Constructor<? extends Retriever> k = withSettings ? c.getConstructor(Map.class) : c.getConstructor();
      return Modifier.isPublic(k.getModifiers()) ? k : null;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  @Override
  public Session open(String index) {
    Class<? extends Retriever> c = load();
    return new Session() {
      @Override
      public Configured configure(Map<String, String> settings) throws IOException {
        Constructor<? extends Retriever> withSettings = constructor(c, true);
        Retriever r;
        try {
          r = withSettings != null ? withSettings.newInstance(Map.copyOf(settings)) : constructor(c, false).newInstance();
        } catch (InvocationTargetException e) {
          Throwable cause = e.getCause();
          throw new IOException("cannot create " + c.getName() + ": it threw " + cause.getClass().getSimpleName()
              + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
        } catch (ReflectiveOperationException e) {
          throw new IOException("cannot create " + c.getName() + ": " + e.getMessage(), e);
        }
        return new Configured(r, new LinkedHashMap<>(settings));
      }

      @Override
      public Map<String, String> sidecar() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("engine", "java");
        m.put("engine.class", c.getName());
        if (index != null) {
          m.put("index", index);
        }
        return m;
      }

      @Override
      public Map<String, String> describe(Retriever r) {
        return Map.of("retriever", PyJson.canonical(r.describe()));
      }

      @Override
      public void close() throws IOException {
        if (c.getClassLoader() instanceof URLClassLoader u) {
          u.close();
        }
      }
    };
  }
}
