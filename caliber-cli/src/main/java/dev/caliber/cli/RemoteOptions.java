package dev.caliber.cli;

import dev.caliber.remote.Auth;
import dev.caliber.remote.HttpOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options {@code caliber search} shares between the engines it reaches over HTTP ({@link
 * OpenSearchEngine}, {@link SolrEngine}): where the server is, how to authenticate (names of
 * environment variables, never secrets on the command line), and how hard to press it. One mixin
 * for both, since picocli gives an option one field; each engine refuses what another was given
 * through {@link SearchEngine#optionsGiven}.
 */
final class RemoteOptions {
  @Option(names = "--url", paramLabel = "URL",
      description = "With --engine opensearch or solr: the server's base address, such as http://127.0.0.1:9200 (OpenSearch"
          + " or Elasticsearch) or http://127.0.0.1:8983/solr (Solr), without credentials.")
  String url;

  @Option(names = "--auth", paramLabel = "SPEC",
      description = "With --engine opensearch or solr: none (default), basic:USER_VAR:PASSWORD_VAR, api-key:VAR or bearer:VAR,"
          + " the names of environment variables that hold the secrets (never the secrets themselves).")
  String auth;

  @Option(names = "--max-concurrent", paramLabel = "N",
      description = "With --engine opensearch or solr: the most requests in flight at once, 1 to 256 (default: 4).")
  Integer maxConcurrent;

  @Option(names = "--timeout", paramLabel = "SECONDS",
      description = "With --engine opensearch or solr: how long to wait for each answer, in seconds (default: 30); a"
          + " connection must be made within 5 seconds.")
  String timeout;

  @Option(names = "--retries", paramLabel = "N",
      description = "With --engine opensearch or solr: the most retries of a request answered 429 or 503, or whose"
          + " connection was lost, 0 to 20 (default: 3), waiting 0.25 s, 0.5 s, 1 s... (at most 5 s, or the server's"
          + " Retry-After).")
  Integer retries;

  /** The options given, by their names, which an engine without them refuses. */
  List<String> given() {
    List<String> out = new ArrayList<>();
    if (url != null) {
      out.add("--url");
    }
    if (auth != null) {
      out.add("--auth");
    }
    if (maxConcurrent != null) {
      out.add("--max-concurrent");
    }
    if (timeout != null) {
      out.add("--timeout");
    }
    if (retries != null) {
      out.add("--retries");
    }
    return out;
  }

  /**
   * Checks the options for {@code --engine name}, which needs {@code --url}.
   *
   * @throws IllegalArgumentException naming the option, the value and what is expected
   */
  void check(String engine) {
    if (url == null) {
      throw new IllegalArgumentException("--engine " + engine + " needs --url URL, the server's base address");
    }
    auth();
    http();
  }

  /** How to authenticate: none unless --auth says otherwise. */
  Auth auth() {
    try {
      return auth == null ? Auth.none() : Auth.parse(auth);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--auth " + auth + ": " + e.getMessage());
    }
  }

  /** The HTTP options: the library's defaults with what was given. */
  HttpOptions http() {
    HttpOptions o = HttpOptions.defaults();
    try {
      if (maxConcurrent != null) {
        o = o.withMaxConcurrent(maxConcurrent);
      }
      if (retries != null) {
        o = o.withRetries(retries, o.initialBackoff(), o.maxBackoff());
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException((maxConcurrent != null && (maxConcurrent < 1 || maxConcurrent > 256)
          ? "--max-concurrent " + maxConcurrent : "--retries " + retries) + ": " + e.getMessage());
    }
    if (timeout != null) {
      Double seconds = LuceneEngine.decimal(timeout);
      if (seconds == null || !(seconds > 0) || seconds > 86_400) {
        throw new IllegalArgumentException("--timeout " + timeout + ": expected a number of seconds above 0, at most 86400,"
            + " such as 30 or 2.5");
      }
      o = o.withTimeouts(o.connectTimeout(), Duration.ofNanos(Math.max(1, Math.round(seconds * 1e9))));
    }
    return o;
  }
}
