package dev.caliber.remote;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * How a remote retriever authenticates: by the names of environment variables that hold the
 * secrets, never the secrets themselves, so that nothing caliber is given or writes (a command
 * line, a sidecar, a description, a fingerprint) holds a password. The variables are read when the
 * retriever is opened. {@link Object#toString()} shows the variables' names only.
 */
public sealed interface Auth {
  /** Variable names as shells spell them. */
  Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /**
   * No authentication.
   *
   * @return the value
   */
  static Auth none() {
    return new None();
  }

  /**
   * HTTP basic authentication ({@code Authorization: Basic}).
   *
   * @param userVariable the environment variable holding the user name
   * @param passwordVariable the environment variable holding the password
   * @return the value
   */
  static Auth basic(String userVariable, String passwordVariable) {
    return new Basic(userVariable, passwordVariable);
  }

  /**
   * An Elasticsearch API key ({@code Authorization: ApiKey}, the key's encoded form as
   * Elasticsearch hands it out).
   *
   * @param variable the environment variable holding the encoded key
   * @return the value
   */
  static Auth apiKey(String variable) {
    return new ApiKey(variable);
  }

  /**
   * A bearer token ({@code Authorization: Bearer}), as OpenSearch's and Solr's JWT support take it.
   *
   * @param variable the environment variable holding the token
   * @return the value
   */
  static Auth bearer(String variable) {
    return new Bearer(variable);
  }

  /**
   * Parses the form a command line gives: {@code none}, {@code basic:USER_VAR:PASSWORD_VAR},
   * {@code api-key:VAR} or {@code bearer:VAR}.
   *
   * @param spec the text
   * @return the value
   * @throws IllegalArgumentException if it is none of these forms
   */
  static Auth parse(String spec) {
    Objects.requireNonNull(spec, "auth");
    String[] p = spec.split(":", -1);
    switch (p[0]) {
      case "none":
        if (p.length == 1) {
          return none();
        }
        break;
      case "basic":
        if (p.length == 3) {
          return basic(p[1], p[2]);
        }
        break;
      case "api-key":
        if (p.length == 2) {
          return apiKey(p[1]);
        }
        break;
      case "bearer":
        if (p.length == 2) {
          return bearer(p[1]);
        }
        break;
      default:
        break;
    }
    throw new IllegalArgumentException("illegal auth: \"" + spec
        + "\", must be none, basic:USER_VAR:PASSWORD_VAR, api-key:VAR or bearer:VAR (names of environment variables)");
  }

  /**
   * The headers to send, the variables read from {@code environment}.
   *
   * @param environment variable name to value ({@code System::getenv})
   * @return header name to value; empty for {@link #none()}
   * @throws IllegalArgumentException if a variable is unset or empty, naming it
   */
  Map<String, String> headers(Function<String, String> environment);

  /** No authentication. */
  record None() implements Auth {
    @Override
    public Map<String, String> headers(Function<String, String> environment) {
      return Map.of();
    }
  }

  /**
   * Basic authentication.
   *
   * @param userVariable the variable holding the user name
   * @param passwordVariable the variable holding the password
   */
  record Basic(String userVariable, String passwordVariable) implements Auth {
    /**
     * Checks the names.
     *
     * @param userVariable the variable holding the user name
     * @param passwordVariable the variable holding the password
     * @throws IllegalArgumentException if a name is not a variable name
     */
    public Basic {
      requireName(userVariable, "basic auth's user");
      requireName(passwordVariable, "basic auth's password");
    }

    @Override
    public Map<String, String> headers(Function<String, String> environment) {
      String pair = read(environment, userVariable, "basic auth's user") + ":" + read(environment, passwordVariable, "basic auth's password");
      return Map.of("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
    }
  }

  /**
   * An API key.
   *
   * @param variable the variable holding the encoded key
   */
  record ApiKey(String variable) implements Auth {
    /**
     * Checks the name.
     *
     * @param variable the variable holding the encoded key
     * @throws IllegalArgumentException if it is not a variable name
     */
    public ApiKey {
      requireName(variable, "the API key");
    }

    @Override
    public Map<String, String> headers(Function<String, String> environment) {
      return Map.of("Authorization", "ApiKey " + read(environment, variable, "the API key"));
    }
  }

  /**
   * A bearer token.
   *
   * @param variable the variable holding the token
   */
  record Bearer(String variable) implements Auth {
    /**
     * Checks the name.
     *
     * @param variable the variable holding the token
     * @throws IllegalArgumentException if it is not a variable name
     */
    public Bearer {
      requireName(variable, "the bearer token");
    }

    @Override
    public Map<String, String> headers(Function<String, String> environment) {
      return Map.of("Authorization", "Bearer " + read(environment, variable, "the bearer token"));
    }
  }

  private static void requireName(String name, String what) {
    if (name == null || !VARIABLE.matcher(name).matches()) {
      throw new IllegalArgumentException("illegal environment variable name for " + what + ": "
          + (name == null ? "null" : "\"" + name + "\"") + ", must be letters, digits and underscores, not starting with a digit");
    }
  }

  private static String read(Function<String, String> environment, String variable, String what) {
    String value = environment.apply(variable);
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("environment variable " + variable + " (" + what + ") is "
          + (value == null ? "not set" : "empty") + "; set it, or choose another auth");
    }
    return value;
  }
}
